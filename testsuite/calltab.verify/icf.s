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

	.section	.debug_info,"",@progbits
.Lcu:
	.long	.Lcu_end - .Lcu_start
.Lcu_start:
	.value	4
	.long	.Labbrev
	.byte	8
	.uleb128 1			# DW_TAG_compile_unit
	.string	"calltab test"
.Ldie_g1:
	.uleb128 2			# DW_TAG_subprogram (declaration)
	.string	"g1"
.Ldie_g2:
	.uleb128 2
	.string	"g2"
.Ldie_g3:
	.uleb128 2
	.string	"g3"
.Ldie_main:
	.uleb128 3			# caller main
	.string	"main"
	.quad	main
	.long	.Lmain_dcall
	.byte	0
.Lcu_end:

	.section	.debug_abbrev,"",@progbits
.Labbrev:
	.uleb128 1, 0x11, 1		# compile_unit: producer
	.uleb128 0x25, 0x08
	.byte	0, 0
	.uleb128 2, 0x2e, 0		# subprogram declaration
	.uleb128 0x03, 0x08, 0x3f, 0x19, 0x3c, 0x19
	.byte	0, 0
	.uleb128 3, 0x2e, 0		# caller: low_pc, dcall unit
	.uleb128 0x03, 0x08, 0x3f, 0x19, 0x3c, 0x19, 0x11, 0x01, 0x3c70, 0x17
	.byte	0, 0
	.byte	0

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
