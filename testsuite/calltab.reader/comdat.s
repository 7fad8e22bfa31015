# comdat.s: callers in COMDAT groups (C++ inline functions), as
# docs/format.md places them: each caller's .debug_dcall unit is in a
# section of the caller's own group, and the declaration unit (outside
# the groups) names each unit with DW_AT_calltab_dcall_unit.  Both units
# are at offset 0 of their sections, so only the relocation's section
# tells them apart in the object.  Assembled twice: with --defsym MAIN=1
# (adds main and leaf) and without, and linked together: the second
# copies of the groups are discarded.

	.include "calltab.inc"
	.macro	inline name
	.section .text.\name,"axG",@progbits,\name,comdat
	.weak	\name
	.type	\name, @function
\name:
	subq	$8, %rsp
	call	leaf
.L\name\()_r:
	addq	$8, %rsp
	ret
	.size	\name, .-\name
	.section .debug_dcall,"G",@progbits,\name,comdat
.L\name\()_unit:
	ct_dcall_unit \name, .Lcu
	ct_entry .L\name\()_r, .Ldie_leaf-.Lcu
	ct_unit_end \name
	.endm

	inline	inl1
	inline	inl2

	.ifdef	MAIN
	.text
	.globl	leaf
	.type	leaf, @function
leaf:
	ret
	.size	leaf, .-leaf
	.globl	main
	.type	main, @function
main:
	subq	$8, %rsp
	call	inl1
.Lmain_r1:
	call	inl2
.Lmain_r2:
	xorl	%eax, %eax
	addq	$8, %rsp
	ret
	.size	main, .-main
	.section .debug_dcall,"",@progbits
.Lmain_unit:
	ct_dcall_unit main, .Lcu
	ct_entry .Lmain_r1, .Ldie_inl1-.Lcu
	ct_entry .Lmain_r2, .Ldie_inl2-.Lcu
	ct_unit_end main
	.endif

	ct_decl_unit_begin cu, .Labbrev, test
.Ldie_leaf:
	ct_decl_subprogram 2, leaf
.Ldie_inl1:
	ct_caller 3, inl1, inl1, .Linl1_unit
.Ldie_inl2:
	ct_caller 3, inl2, inl2, .Linl2_unit
	.ifdef	MAIN
	ct_caller 3, main, main, .Lmain_unit
	.endif
	ct_decl_unit_end cu

	# The callers' DIEs here have no DW_AT_declaration (an older shape).
	.section	.debug_abbrev,"",@progbits
.Labbrev:
	ct_abbrev_cu 1, lang=0
	ct_abbrev_subprogram 2, 0
	ct_abbrev 3, 0x2e, 0, 0x03, 0x08, 0x11, 0x01, .Lct_at_dcall_unit, 0x17
	ct_abbrevs_end
