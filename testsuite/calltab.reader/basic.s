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

	ct_decl_unit_begin cu, .Labbrev, test	# producer "calltab test"
	.string	"basic.c"		# DW_AT_name
	.long	.Lline			# DW_AT_stmt_list
.Ldie_g:
	ct_decl_subprogram 2, g, file=1, line=3
.Ldie_h:
	ct_decl_subprogram 3, h, _Z1hv, file=1, line=4
.Ldie_f:
	ct_caller 4, f, f, .Lf_dcall, .Lf_vcall, file=1, line=6
.Ldie_main:
	ct_caller 5, main, main, .Lmain_dcall, file=1, line=10
	ct_decl_unit_end cu

	# The testsuite's own shapes, with DW_AT_name and DW_AT_stmt_list in
	# the unit and DW_AT_decl_file/line in the subprograms.
	.section	.debug_abbrev,"",@progbits
.Labbrev:
	ct_abbrev 1, 0x11, 1, 0x25, 0x08, 0x03, 0x08, 0x10, 0x17
	ct_abbrev 2, 0x2e, 0, 0x03, 0x08, 0x3a, 0x0b, 0x3b, 0x0b, 0x3f, 0x19, 0x3c, 0x19
	ct_abbrev 3, 0x2e, 0, 0x03, 0x08, 0x6e, 0x08, 0x3a, 0x0b, 0x3b, 0x0b, 0x3f, 0x19, 0x3c, 0x19
	ct_abbrev 4, 0x2e, 0, 0x03, 0x08, 0x3a, 0x0b, 0x3b, 0x0b, 0x11, 0x01, .Lct_at_dcall_unit, 0x17, .Lct_at_vcall_unit, 0x17
	ct_abbrev 5, 0x2e, 0, 0x03, 0x08, 0x3a, 0x0b, 0x3b, 0x0b, 0x11, 0x01, .Lct_at_dcall_unit, 0x17
	ct_abbrevs_end

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
	ct_decl_unit_begin cu2, .Labbrev, other	# "calltab other"
	.string	"other.c"
	.long	.Lline
.Ldie_other:
	ct_decl_subprogram 2, other, file=1, line=1
	ct_decl_unit_end cu2
	.endif

	.section	.debug_vcall,"",@progbits
.Lf_vcall:
	ct_vcall_unit fv
	ct_entry .Lr3, 2
	ct_unit_end fv
