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

	.section	.debug_info,"",@progbits
.Lcu:
	.long	.Lcu_end - .Lcu_start
.Lcu_start:
	.value	4
	.long	.Labbrev
	.byte	8
	.uleb128 1
	.string	"calltab test"
.Ldie_leaf:
	.uleb128 2
	.string	"leaf"
.Ldie_inl1:
	.uleb128 3
	.string	"inl1"
	.quad	inl1
	.long	.Linl1_unit
.Ldie_inl2:
	.uleb128 3
	.string	"inl2"
	.quad	inl2
	.long	.Linl2_unit
	.ifdef	MAIN
	.uleb128 3
	.string	"main"
	.quad	main
	.long	.Lmain_unit
	.endif
	.byte	0
.Lcu_end:

	.section	.debug_abbrev,"",@progbits
.Labbrev:
	.uleb128 1, 0x11, 1, 0x25, 0x08
	.byte	0, 0
	.uleb128 2, 0x2e, 0, 0x03, 0x08, 0x3c, 0x19
	.byte	0, 0
	.uleb128 3, 0x2e, 0, 0x03, 0x08, 0x11, 0x01, 0x3c70, 0x17
	.byte	0, 0
	.byte	0
