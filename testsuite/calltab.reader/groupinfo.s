# groupinfo.s: a declaration unit inside a COMDAT group.  The caller inl
# is in group "inl"; its .debug_dcall unit and a declaration unit of its
# own are in sections of that group (.debug_info with "G"), the
# abbreviations in the shared .debug_abbrev.  main's declaration unit is
# in the ordinary .debug_info.  libdw ignores grouped sections of an
# object; the reader must still resolve both units' DIEs.

	.include "calltab.inc"
	.section .text.inl,"axG",@progbits,inl,comdat
	.weak	inl
	.type	inl, @function
inl:
	subq	$8, %rsp
	call	leaf
.Linl_r:
	addq	$8, %rsp
	ret
	.size	inl, .-inl

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
	call	inl
.Lmain_r:
	xorl	%eax, %eax
	addq	$8, %rsp
	ret
	.size	main, .-main

	ct_decl_unit_begin gcu, .Labbrev, "test group", group=inl
.Lg_leaf:
	ct_decl_subprogram 2, leaf
	ct_caller 3, inl, inl, .Linl_unit
	ct_decl_unit_end gcu

	.section .debug_dcall,"G",@progbits,inl,comdat
.Linl_unit:
	ct_dcall_unit inl, .Lgcu
	ct_entry .Linl_r, .Lg_leaf-.Lgcu
	ct_unit_end inl

	ct_decl_unit_begin cu, .Labbrev, test
.Ldie_inl:
	ct_decl_subprogram 2, inl
	ct_caller 3, main, main, .Lmain_unit
	ct_decl_unit_end cu

	.section .debug_dcall,"",@progbits
.Lmain_unit:
	ct_dcall_unit main, .Lcu
	ct_entry .Lmain_r, .Ldie_inl-.Lcu
	ct_unit_end main

	.section	.debug_abbrev,"",@progbits
.Labbrev:
	ct_abbrev_cu 1, lang=0
	ct_abbrev_subprogram 2, 0
	# a caller without DW_AT_declaration (an older shape)
	ct_abbrev 3, 0x2e, 0, 0x03, 0x08, 0x11, 0x01, .Lct_at_dcall_unit, 0x17
	ct_abbrevs_end
