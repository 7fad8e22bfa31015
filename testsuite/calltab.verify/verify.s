# verify.s: a translation unit with call tables that `calltab verify`
# finds clean, and, under `as --defsym V_NAME=1`, one deliberate break
# per check (verify.exp lists them with the exact message each gives).
#
# f calls g directly, h (linkage name _Z1hv) through the PLT and
# makes one virtual call through slot 2; main calls f.  Two DWARF 4
# units: the declaration unit .Lcu (producer "calltab test") that the
# tables point into, and .Lcu2, standing for GCC's own unit, with the
# function ranges, DW_AT_stmt_list and DW_TAG_GNU_call_site DIEs.
# Offsets in the object: g 0x0, h 0x1, f 0x2 (.Lnocall 0x6, .Lr1 0xb,
# .Lr2 0x10, .Lr3 0x16; size 0x19), main 0x1b (.Lr4 0x24).

	.include "calltab.inc"
	.file	1 "verify.c"
	.text
	.globl	g
	.type	g, @function
g:
	.loc	1 3 0
	ret
.Lend_g:
	.size	g, .-g
	.globl	_Z1hv
	.type	_Z1hv, @function
_Z1hv:
	.loc	1 4 0
	ret
.Lend_h:
	.size	_Z1hv, .-_Z1hv
	.globl	f
	.type	f, @function
f:
	.loc	1 6 0
	subq	$8, %rsp
.Lnocall:
	.loc	1 7 0
	call	g
.Lr1:
	call	_Z1hv@PLT
.Lr2:
	.loc	1 8 0
	movq	(%rdi), %rax
	call	*16(%rax)
.Lr3:
.ifdef V_SHARED
	.loc	1 10 0			# jne splits line 10, both parts discriminator 0
	testl	%eax, %eax
	jne	1f
	.loc	1 10 0 is_stmt 0
	incl	%eax
1:
.endif
.ifdef V_SINGLE_BLOCK
	.loc	1 9 0
	addq	$8, %rsp
	.loc	1 9 0 is_stmt 0 discriminator 1	# same block as the row before
.else
.ifdef V_IS_STMT
	.loc	1 9 0 is_stmt 1 discriminator 1
	addq	$8, %rsp
	.loc	1 9 0 is_stmt 1
.else
.ifdef V_DENSITY
	.loc	1 9 0 is_stmt 1
	addq	$8, %rsp
	.loc	1 9 0 is_stmt 0 discriminator 2
.else
	.loc	1 9 0
	addq	$8, %rsp
.endif
.endif
.endif
	ret
.Lend_f:
	.size	f, .-f
	.globl	main
	.type	main, @function
main:
	.loc	1 11 0 is_stmt 1
	subq	$8, %rsp
	call	f
.Lr4:
	xorl	%eax, %eax
	addq	$8, %rsp
	ret
.Lend_main:
	.size	main, .-main

	.section	.note.GNU-stack,"",@progbits

	.data
	.quad	0
.Ldata:					# offset 8: offset 0 would read as a tombstone
	.quad	0

# ---- the declaration unit ----------------------------------------------
	ct_decl_unit_begin cu, .Labbrev, test	# producer "calltab test"
	.string	"verify.c"		# DW_AT_name
.Ldie_g:
	ct_decl_subprogram 2, g
.Ldie_h:
	ct_decl_subprogram 3, h, _Z1hv
.Ldie_f:
	ct_caller 4, f, f, .Lf_dcall, .Lf_vcall
.Ldie_main:
.ifdef V_NO_CALLER
	ct_decl_subprogram 2, main	# main, naming no unit
.else
.ifdef V_CALLER_RANGE
	ct_caller 5, main, f, .Lmain_dcall	# the wrong function (checked when linked)
.else
.ifdef V_IMPLICIT
	.uleb128 13			# main, marked DW_AT_calltab_dcall_implicit:
	.string	"main"			# the one unit no DIE names is its own
.else
.ifdef V_IMPLICIT_COUNT
	.uleb128 13			# two marked DIEs for the one unit
	.string	"main"
	.uleb128 13
	.string	"g"
.else
	ct_caller 5, main, main, .Lmain_dcall
.endif
.endif
.endif
.endif
.Ldie_var:
	.uleb128 6			# DW_TAG_variable
	.string	"v"
	ct_decl_unit_end cu

# ---- GCC's unit --------------------------------------------------------
	.section	.debug_info,"",@progbits
	ct_unit_header cu2, .Labbrev
	.uleb128 7			# DW_TAG_compile_unit
	.string	"GNU C17 12.2.0 -O2 -g"
	.string	"ver.c"			# DW_AT_name (short: DW_AT_comp_dir
	.long	.Lline			# DW_AT_stmt_list   takes no offset)
	.string	"/t"			# DW_AT_comp_dir, as GCC writes one
.Lc_g:
	.uleb128 8			# DW_TAG_subprogram g, no children
	.string	"g"
	.quad	g
	.quad	.Lend_g - g
.Lc_h:
	.uleb128 9			# DW_TAG_subprogram h, linkage name
	.string	"h"
	.string	"_Z1hv"
	.quad	_Z1hv
	.quad	.Lend_h - _Z1hv
.Lc_f:
	.uleb128 10			# DW_TAG_subprogram f, children
	.string	"f"
	.quad	f
	.quad	.Lend_f - f
	.uleb128 11			# DW_TAG_GNU_call_site
	.quad	.Lr1			# DW_AT_low_pc: the return address
.ifdef V_GCC_CALL_SITE
	.long	.Lc_h - .Lcu2		# DW_AT_abstract_origin: the wrong one
.else
	.long	.Lc_g - .Lcu2		# DW_AT_abstract_origin
.endif
	.uleb128 11
	.quad	.Lr2
	.long	.Lc_h - .Lcu2
	.uleb128 12			# an indirect call: no origin
	.quad	.Lr3
	.byte	0
.Lc_main:
	.uleb128 10
	.string	"main"
	.quad	main
	.quad	.Lend_main - main
	.uleb128 11
	.quad	.Lr4
	.long	.Lc_f - .Lcu2
	.byte	0
	ct_unit_end_children cu2

	.section	.debug_abbrev,"",@progbits
.Labbrev:
	ct_abbrev 1, 0x11, 1, 0x25, 0x08, 0x03, 0x08	# compile_unit: producer, name
	# the plugin's subprogram shapes, unit attributes as DW_FORM_sec_offset
	ct_abbrev_subprogram 2, .Lct_has_external
	ct_abbrev_subprogram 3, .Lct_has_external|.Lct_has_linkage
	ct_abbrev_subprogram 4, .Lct_has_external|.Lct_has_low_pc|.Lct_has_dcall|.Lct_has_vcall, unit_form=0x17
	ct_abbrev_subprogram 5, .Lct_has_external|.Lct_has_low_pc|.Lct_has_dcall, unit_form=0x17
	.uleb128 6, 0x34, 0		# variable
	.uleb128 0x03, 0x08
	.byte	0, 0
	.uleb128 7, 0x11, 1		# compile_unit with a line table
	.uleb128 0x25, 0x08, 0x03, 0x08, 0x10, 0x17, 0x1b, 0x08
	.byte	0, 0
	.uleb128 8, 0x2e, 0		# subprogram definition
	.uleb128 0x03, 0x08, 0x3f, 0x19, 0x11, 0x01, 0x12, 0x07
	.byte	0, 0
	.uleb128 9, 0x2e, 0		# ... with DW_AT_linkage_name
	.uleb128 0x03, 0x08, 0x6e, 0x08, 0x3f, 0x19, 0x11, 0x01, 0x12, 0x07
	.byte	0, 0
	.uleb128 10, 0x2e, 1		# ... with call sites, all of them
	.uleb128 0x03, 0x08, 0x3f, 0x19, 0x11, 0x01, 0x12, 0x07, 0x2117, 0x19
	.byte	0, 0
	.uleb128 11, 0x4109, 0		# GNU_call_site: low_pc, abstract_origin
	.uleb128 0x11, 0x01, 0x31, 0x13
	.byte	0, 0
	.uleb128 12, 0x4109, 0		# GNU_call_site: low_pc only
	.uleb128 0x11, 0x01
	.byte	0, 0
	.uleb128 13, 0x2e, 0		# the plugin's caller, implicit dcall unit
	.uleb128 0x03, 0x08, 0x3f, 0x19, 0x3c, 0x19, 0x3c72, 0x19
	.byte	0, 0
	.byte	0

	.section	.debug_line,"",@progbits
.Lline:

# ---- the call tables -----------------------------------------------------
	.section	.debug_dcall,"",@progbits
.Lf_dcall:
.ifdef V_OFFSET_SIZE
	ct_dcall_unit fd, .Lcu, 64
.else
.ifdef V_DEBUG_INFO
	ct_dcall_unit fd, .Lcu+1
.else
.ifdef V_VERSION
	ct_dcall_unit fd, .Lcu, 32, 8, 5
.else
	ct_dcall_unit fd, .Lcu
.endif
.endif
.endif
.ifdef V_TARGET
	ct_entry .Lr1, .Ldie_h-.Lcu
.else
.ifdef V_CALLEE_NOT_DIE
	ct_entry .Lr1, .Ldie_g-.Lcu+1
.else
.ifdef V_CALLEE_TAG
	ct_entry .Lr1, .Ldie_var-.Lcu
.else
.ifdef V_CALLEE_PAST
	ct_entry .Lr1, 0x1000
.else
	ct_entry .Lr1, .Ldie_g-.Lcu
.endif
.endif
.endif
.endif
	ct_entry .Lr2, .Ldie_h-.Lcu
.ifdef V_DUPLICATE
	ct_entry .Lr1, .Ldie_g-.Lcu
.endif
.ifdef V_NOT_A_CALL
	ct_entry .Lnocall, .Ldie_g-.Lcu
.endif
.ifdef V_SECTION
	ct_entry .Ldata, .Ldie_g-.Lcu
.endif
.ifdef V_UNKNOWN
	ct_entry .Lr3, .Ldie_g-.Lcu
.endif
.ifdef V_TOMBSTONE
	ct_entry 0, .Ldie_g-.Lcu
	ct_entry -1, .Ldie_h-.Lcu
.endif
	ct_unit_end fd
.Lmain_dcall:
.ifdef V_LENGTH
	.long	0x100			# unit_length past the end of the section
	.byte	4
	.long	.Lcu
	.byte	8
.else
	ct_dcall_unit md, .Lcu
.ifdef V_ULEB128
	.quad	.Lr4
	.byte	0x80 + .Ldie_f-.Lcu, 0x80, 0x00	# overlong: 3 bytes, 1 needed
.else
.ifndef V_GCC_MISSING
	ct_entry .Lr4, .Ldie_f-.Lcu
.endif
.endif
	ct_unit_end md
.endif

	.section	.debug_vcall,"",@progbits
.Lf_vcall:
.ifdef V_ADDRESS_SIZE
	ct_vcall_unit fv, 32, 4
	ct_entry .Lr3, 2, 4
.else
	ct_vcall_unit fv
.ifdef V_KIND
	ct_entry .Lr1, 2
.else
.ifdef V_SLOT
	ct_entry .Lr3, 3		# the call reads slot 2 (16(%rax))
.else
	ct_entry .Lr3, 2
.endif
.endif
.endif
	ct_unit_end fv
