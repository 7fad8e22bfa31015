# icf.s: identical code folding.  g1 and g2 have identical code in
# sections of their own, so ld.gold and ld.lld --icf=all fold them into
# one copy that both symbols name; caller calls g1 (.Lr1) and g2 (.Lr2),
# and the table names each callee.  After folding both calls reach the
# same address; verify accepts the callee when any symbol there names it.
# Under --defsym V_WRONG=1 the .Lr1 entry names g3 (not folded), and
# the message lists every symbol at the target.

	.include "calltab.inc"
	.section	.text.g1,"ax",@progbits
	.globl	g1
	.type	g1, @function
g1:
	movl	$1, %eax
	ret
	.size	g1, .-g1
	.section	.text.g2,"ax",@progbits
	.globl	g2
	.type	g2, @function
g2:
	movl	$1, %eax
	ret
	.size	g2, .-g2
	.section	.text.g3,"ax",@progbits
	.globl	g3
	.type	g3, @function
g3:
	movl	$3, %eax
	ret
	.size	g3, .-g3
	.section	.text.main,"ax",@progbits
	.globl	main
	.type	main, @function
main:
	subq	$8, %rsp
	call	g1
.Lr1:
	call	g2
.Lr2:
	call	g3
.Lr3:
	addq	$8, %rsp
	ret
	.size	main, .-main
	.section	.note.GNU-stack,"",@progbits

	ct_decl_unit_begin cu, .Labbrev, test
.Ldie_g1:
	ct_decl_subprogram 2, g1
.Ldie_g2:
	ct_decl_subprogram 2, g2
.Ldie_g3:
	ct_decl_subprogram 2, g3
.Ldie_main:
	ct_caller 3, main, main, .Lmain_dcall
	ct_decl_unit_end cu

	# the plugin's shapes, with the unit attribute as DW_FORM_sec_offset
	.section	.debug_abbrev,"",@progbits
.Labbrev:
	ct_abbrev_cu 1, lang=0
	ct_abbrev_subprogram 2, .Lct_has_external
	ct_abbrev_subprogram 3, .Lct_has_external|.Lct_has_low_pc|.Lct_has_dcall, unit_form=0x17
	ct_abbrevs_end

	.section	.debug_dcall,"",@progbits
.Lmain_dcall:
	ct_dcall_unit md, .Lcu
.ifdef V_WRONG
	ct_entry .Lr1, .Ldie_g3-.Lcu
.else
	ct_entry .Lr1, .Ldie_g1-.Lcu
.endif
	ct_entry .Lr2, .Ldie_g2-.Lcu
	ct_entry .Lr3, .Ldie_g3-.Lcu
	ct_unit_end md
