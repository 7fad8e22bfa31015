# json-escape.s: a callee DIE whose name holds the characters JSON must
# escape ('"', '\', control characters) and DEL (0x7f): f calls g, and
# the DIE the entry names is called "q\"b\\s<SOH><US>d<DEL>e".  calltab
# verify reports the name in a call-target finding (the symbol at the
# target is g).  json-escape.exp parses dump --json and verify --json.

	.include "calltab.inc"
	.text
	.globl	g, f
	.type	g, @function
g:	ret
	.size	g, .-g
	.type	f, @function
f:	subq	$8, %rsp
	call	g
.Lr:	addq	$8, %rsp
	ret
	.size	f, .-f
	.section .note.GNU-stack,"",@progbits

	.pushsection .debug_abbrev,"",@progbits
.Labbrev:
	ct_abbrevs .Lct_has_external, .Lct_has_external|.Lct_has_low_pc|.Lct_has_dcall
	.popsection
	ct_decl_unit_begin cu, .Labbrev, test, lang=1
.Ldie_g:
	# by hand: a name with quotes and octal escapes, not a macro argument
	.uleb128 2			# ct_abbrevs: the first shape
	.string	"q\"b\\s\001\037d\177e"
	ct_caller 3, f, f, .Lf_dcall
	ct_decl_unit_end cu

	ct_dcall_section
.Lf_dcall:
	ct_dcall_unit f, .Lcu
	ct_entry .Lr, .Ldie_g-.Lcu
	ct_unit_end f
	.popsection
