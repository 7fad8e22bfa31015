# basic.s: a hand-written translation unit with call tables.
#
# f calls g and h directly and makes one virtual call through slot 2;
# main calls f.  The declaration unit (.Lcu, producer "calltab test")
# declares g, h (with a linkage name), and the callers f and main with
# DW_AT_low_pc and DW_AT_calltab_dcall_unit / DW_AT_calltab_vcall_unit.
# main's .debug_dcall unit is 64-bit DWARF.  Addresses in the object:
# g 0x0, h 0x1, f 0x2, main 0x1b; return addresses .Lr1 0xb, .Lr2 0x10,
# .Lr3 0x16 (virtual), .Lr4 0x24.

	.include "calltab.inc"
	.file	1 "basic.c"
	.text
	.globl	g
	.type	g, @function
g:
	.loc	1 3 0
	ret
	.size	g, .-g
	.globl	h
	.type	h, @function
h:
	.loc	1 4 0
	ret
	.size	h, .-h
	.globl	f
	.type	f, @function
f:
	.loc	1 6 0
	subq	$8, %rsp
	call	g
.Lr1:
	call	h
.Lr2:
	movq	(%rdi), %rax
	call	*16(%rax)
.Lr3:
	addq	$8, %rsp
	ret
	.size	f, .-f
	.globl	main
	.type	main, @function
main:
	.loc	1 10 0
	subq	$8, %rsp
	call	f
.Lr4:
	xorl	%eax, %eax
	addq	$8, %rsp
	ret
	.size	main, .-main

	.section	.debug_info,"",@progbits
.Lcu:
	.long	.Lcu_end - .Lcu_start
.Lcu_start:
	.value	4			# version
	.long	.Labbrev		# debug_abbrev_offset
	.byte	8			# address_size
	.uleb128 1			# DW_TAG_compile_unit
	.string	"calltab test"		# DW_AT_producer
	.string	"basic.c"		# DW_AT_name
	.long	.Lline			# DW_AT_stmt_list
.Ldie_g:
	.uleb128 2			# DW_TAG_subprogram (declaration)
	.string	"g"
	.byte	1, 3			# decl_file, decl_line
.Ldie_h:
	.uleb128 3			# DW_TAG_subprogram (declaration, linkage name)
	.string	"h"
	.string	"_Z1hv"
	.byte	1, 4
.Ldie_f:
	.uleb128 4			# caller with both units
	.string	"f"
	.byte	1, 6
	.quad	f			# DW_AT_low_pc
	.long	.Lf_dcall		# DW_AT_calltab_dcall_unit
	.long	.Lf_vcall		# DW_AT_calltab_vcall_unit
.Ldie_main:
	.uleb128 5			# caller with a dcall unit only
	.string	"main"
	.byte	1, 10
	.quad	main
	.long	.Lmain_dcall
	.byte	0			# end of children
.Lcu_end:

	.section	.debug_abbrev,"",@progbits
.Labbrev:
	.uleb128 1, 0x11, 1		# compile_unit, children
	.uleb128 0x25, 0x08, 0x03, 0x08, 0x10, 0x17
	.byte	0, 0
	.uleb128 2, 0x2e, 0		# subprogram
	.uleb128 0x03, 0x08, 0x3a, 0x0b, 0x3b, 0x0b, 0x3f, 0x19, 0x3c, 0x19
	.byte	0, 0
	.uleb128 3, 0x2e, 0
	.uleb128 0x03, 0x08, 0x6e, 0x08, 0x3a, 0x0b, 0x3b, 0x0b, 0x3f, 0x19, 0x3c, 0x19
	.byte	0, 0
	.uleb128 4, 0x2e, 0
	.uleb128 0x03, 0x08, 0x3a, 0x0b, 0x3b, 0x0b, 0x11, 0x01, 0x3c70, 0x17, 0x3c71, 0x17
	.byte	0, 0
	.uleb128 5, 0x2e, 0
	.uleb128 0x03, 0x08, 0x3a, 0x0b, 0x3b, 0x0b, 0x11, 0x01, 0x3c70, 0x17
	.byte	0, 0
	.byte	0

	.section	.debug_line,"",@progbits
.Lline:

	.section	.debug_dcall,"",@progbits
.Lf_dcall:
	ct_dcall_unit f, .Lcu
	ct_entry .Lr1, .Ldie_g-.Lcu
	ct_entry .Lr2, .Ldie_h-.Lcu
	ct_unit_end f
.Lmain_dcall:
	ct_dcall_unit main, .Lcu, 64
	ct_entry .Lr4, .Ldie_f-.Lcu
	ct_unit_end main

	.ifdef	BADDIE
	# callee_die values that name no DIE of the unit debug_info names:
	# past the end of .debug_info, and a DIE of the next unit.
	ct_dcall_unit bad, .Lcu
	ct_entry .Lr1, 0x1000
	ct_entry .Lr2, .Ldie_other-.Lcu
	ct_unit_end bad
	.section	.debug_info,"",@progbits
.Lcu2:
	.long	.Lcu2_end - .Lcu2_start
.Lcu2_start:
	.value	4
	.long	.Labbrev
	.byte	8
	.uleb128 1
	.string	"calltab other"
	.string	"other.c"
	.long	.Lline
.Ldie_other:
	.uleb128 2
	.string	"other"
	.byte	1, 1
	.byte	0
.Lcu2_end:
	.endif

	.section	.debug_vcall,"",@progbits
.Lf_vcall:
	ct_vcall_unit fv
	ct_entry .Lr3, 2
	ct_unit_end fv
