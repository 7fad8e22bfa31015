# i386.s: a 32-bit ELF object (as --32): address_size 4 and REL
# relocations (R_386_32, addend in place) against .text and .debug_info.

	.include "calltab.inc"
	.text
g:	ret
f:	call g
.Lr1:	ret
	.section .debug_info,"",@progbits
.Lcu:	.long .Lcu_end-.Lcu_start
.Lcu_start:
	.value 4
	.long .Labbrev
	.byte 4
	.uleb128 1
	.string "calltab test"
.Lg:	.uleb128 2
	.string "g"
	.byte 0
.Lcu_end:
	.section .debug_abbrev,"",@progbits
.Labbrev:
	.uleb128 1, 0x11, 1, 0x25, 0x08
	.byte 0, 0
	.uleb128 2, 0x2e, 0, 0x03, 0x08, 0x3c, 0x19
	.byte 0, 0, 0
	.section .debug_dcall,"",@progbits
	ct_dcall_unit u, .Lcu, 32, 4
	ct_entry .Lr1, .Lg-.Lcu, 4
	ct_unit_end u
