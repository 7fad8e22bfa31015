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

	.section .debug_info,"G",@progbits,inl,comdat
.Lgcu:
	.long	.Lgcu_end - .Lgcu_start
.Lgcu_start:
	.value	4
	.long	.Labbrev
	.byte	8
	.uleb128 1
	.string	"calltab test group"
.Lg_leaf:
	.uleb128 2
	.string	"leaf"
	.uleb128 3
	.string	"inl"
	.quad	inl
	.long	.Linl_unit
	.byte	0
.Lgcu_end:

	.section .debug_dcall,"G",@progbits,inl,comdat
.Linl_unit:
	ct_dcall_unit inl, .Lgcu
	ct_entry .Linl_r, .Lg_leaf-.Lgcu
	ct_unit_end inl

	.section	.debug_info,"",@progbits
.Lcu:
	.long	.Lcu_end - .Lcu_start
.Lcu_start:
	.value	4
	.long	.Labbrev
	.byte	8
	.uleb128 1
	.string	"calltab test"
.Ldie_inl:
	.uleb128 2
	.string	"inl"
	.uleb128 3
	.string	"main"
	.quad	main
	.long	.Lmain_unit
	.byte	0
.Lcu_end:

	.section .debug_dcall,"",@progbits
.Lmain_unit:
	ct_dcall_unit main, .Lcu
	ct_entry .Lmain_r, .Ldie_inl-.Lcu
	ct_unit_end main

	.section	.debug_abbrev,"",@progbits
.Labbrev:
	.uleb128 1, 0x11, 1, 0x25, 0x08
	.byte	0, 0
	.uleb128 2, 0x2e, 0, 0x03, 0x08, 0x3c, 0x19
	.byte	0, 0
	.uleb128 3, 0x2e, 0, 0x03, 0x08, 0x11, 0x01, 0x3c70, 0x17
	.byte	0, 0
	.byte	0
