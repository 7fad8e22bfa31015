# i386.s: a 32-bit ELF object (as --32): address_size 4 and REL
# relocations (R_386_32, addend in place) against .text and .debug_info.

	.include "calltab.inc"
	.text
g:	ret
f:	call g
.Lr1:	ret
	ct_decl_unit_begin cu, .Labbrev, test, asz=4
.Lg:	ct_decl_subprogram 2, g
	ct_decl_unit_end cu
	.section .debug_abbrev,"",@progbits
.Labbrev:
	ct_abbrev_cu 1, lang=0
	ct_abbrev_subprogram 2, 0
	ct_abbrevs_end
	.section .debug_dcall,"",@progbits
	ct_dcall_unit u, .Lcu, 32, 4
	ct_entry .Lr1, .Lg-.Lcu, 4
	ct_unit_end u
