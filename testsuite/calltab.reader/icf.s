# icf.s: identical code folding and garbage collection.
#
# f1 calls g1 and f2 calls g2; f1/f2 and g1/g2 have identical code and
# each sits in its own section, so ld.gold and ld.lld --icf=all fold
# them: the entries .Lr1 (callee g1) and .Lr2 (callee g2) then share one
# call_site.  `unused' is not referenced: --gc-sections removes it and
# its entry .Lr3 gets the linker's tombstone value.  main calls f1, f2.

	.include "calltab.inc"
	.macro	leaf name
	.section .text.\name,"ax",@progbits
	.globl	\name
	.type	\name, @function
\name:
	ret
	.size	\name, .-\name
	.endm
	.macro	caller name, callee, ret
	.section .text.\name,"ax",@progbits
	.globl	\name
	.type	\name, @function
\name:
	subq	$8, %rsp
	call	\callee
\ret:
	addq	$8, %rsp
	ret
	.size	\name, .-\name
	.endm

	leaf	g1
	leaf	g2
	caller	f1, g1, .Lr1
	caller	f2, g2, .Lr2
	caller	unused, g1, .Lr3
	.section .text.main,"ax",@progbits
	.globl	main
	.type	main, @function
main:
	subq	$8, %rsp
	call	f1
.Lr4:
	call	f2
.Lr5:
	xorl	%eax, %eax
	addq	$8, %rsp
	ret
	.size	main, .-main

	ct_decl_unit_begin cu, .Labbrev, test
.Ldie_g1:
	ct_decl_subprogram 2, g1
.Ldie_g2:
	ct_decl_subprogram 2, g2
.Ldie_f1:
	ct_decl_subprogram 2, f1
.Ldie_f2:
	ct_decl_subprogram 2, f2
	ct_decl_unit_end cu

	.section	.debug_abbrev,"",@progbits
.Labbrev:
	ct_abbrev_cu 1, lang=0
	ct_abbrev_subprogram 2, 0
	ct_abbrevs_end

	.section	.debug_dcall,"",@progbits
	ct_dcall_unit calls, .Lcu
	ct_entry .Lr1, .Ldie_g1-.Lcu
	ct_entry .Lr2, .Ldie_g2-.Lcu
	ct_entry .Lr3, .Ldie_g1-.Lcu
	ct_entry .Lr4, .Ldie_f1-.Lcu
	ct_entry .Lr5, .Ldie_f2-.Lcu
	ct_unit_end calls
