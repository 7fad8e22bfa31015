# unsafe-line-table.s: a compile unit built "with the plugin" whose line
# table libdw cannot read safely, before a calltab declaration unit; one
# of two ways, chosen with `as --defsym V_NAME=1' (unchecked.exp):
#
# V_DEFINE_FILE: the unit has no DW_AT_comp_dir, and its line table
#   (version 4) defines a file with DW_LNE_define_file in directory 0.
#   Directory 0 of a table before DWARF 5 is the unit's DW_AT_comp_dir:
#   here none, and elfutils 0.192's dwarf_getsrclines takes strlen of it
#   and crashes (a fuzzed input of calltab verify, reduced; libdw 0.188
#   reads it).
# V_COMP_DIR: the unit's DW_AT_comp_dir (DW_FORM_string) runs to the end
#   of the unit without its terminating NUL.  libdw reads a unit's
#   DW_AT_comp_dir for every line function (dwarf_getsrclines,
#   dwarf_getsrcfiles, dwarf_decl_file) with dwarf_formstring, which does
#   not look for the end; at the end of a section it reads past it.
#
# verify must give no such unit to libdw and report its line table
# unread (no-line-table), never crash.

	.include "calltab.inc"
.ifndef V_DEFINE_FILE
.ifndef V_COMP_DIR
	.error	"assemble with --defsym V_DEFINE_FILE=1 or V_COMP_DIR=1"
.endif
.endif
	.text
	.globl	g
	.type	g, @function
g:
	ret
	.size	g, .-g
	.globl	main
	.type	main, @function
main:
	subq	$8, %rsp
	call	g
.Lr1:
	xorl	%eax, %eax
	addq	$8, %rsp
	ret
.Lmain_end:
	.size	main, .-main
	.section	.note.GNU-stack,"",@progbits

	# The unit built "with the plugin": producer, name, stmt_list, and
	# no DW_AT_comp_dir or one cut off by the end of the unit.
	.section	.debug_abbrev,"",@progbits
.Lgabbrev:
.ifdef V_COMP_DIR
	ct_abbrev 1, 0x11, 0, 0x25, 0x08, 0x03, 0x08, 0x10, 0x17, 0x1b, 0x08
.else
	ct_abbrev 1, 0x11, 0, 0x25, 0x08, 0x03, 0x08, 0x10, 0x17
.endif
	ct_abbrevs_end
	.section	.debug_info,"",@progbits
	ct_unit_header gcu, .Lgabbrev
	.uleb128 1
	.asciz	"GNU C17 12.2.0 -mtune=generic -march=x86-64 -g -O2 -fplugin=calltab.so"
.ifdef V_COMP_DIR
	.asciz	"comp-dir.c"
	.long	.Lline
	.ascii	"/tmp"
.else
	.asciz	"define-file.c"
	.long	.Lline
	.byte	0
.endif
.Lgcu_end:

	.section	.debug_line,"",@progbits
.Lline:
	.long	.Lline_end - .Lline_version
.Lline_version:
	.value	4
	.long	.Lline_prog - .Lline_hdr
.Lline_hdr:
	.byte	1		# minimum_instruction_length
	.byte	1		# maximum_operations_per_instruction
	.byte	1		# default_is_stmt
	.byte	-5		# line_base
	.byte	14		# line_range
	.byte	13		# opcode_base
	.byte	0, 1, 1, 1, 1, 0, 0, 0, 1, 0, 0, 1
	.byte	0		# include_directories: none
.ifdef V_COMP_DIR
	.asciz	"comp-dir.c"	# file 1, directory 0 (DW_AT_comp_dir)
.else
	.asciz	"define-file.c"	# file 1, directory 0 (DW_AT_comp_dir)
.endif
	.uleb128 0, 0, 0
	.byte	0		# end of file_names
.Lline_prog:
	.byte	0		# DW_LNE_set_address
	.uleb128 9
	.byte	2
	.quad	g
.ifdef V_DEFINE_FILE
	.byte	0		# DW_LNE_define_file "other.c", directory 0
	.uleb128 1 + 8 + 3
	.byte	3
	.asciz	"other.c"
	.uleb128 0, 0, 0
.endif
	.byte	1		# DW_LNS_copy
	.byte	2		# DW_LNS_advance_pc
	.uleb128 .Lmain_end - g
	.byte	0		# DW_LNE_end_sequence
	.uleb128 1
	.byte	1
.Lline_end:

	ct_decl_unit_begin cu, .Labbrev, test
.Ldie_g:
	ct_decl_subprogram 2, g
	ct_caller 3, main, main, .Lmain_dcall
	ct_decl_unit_end cu

	.section	.debug_abbrev,"",@progbits
.Labbrev:
	ct_abbrev_cu 1, lang=0
	ct_abbrev_subprogram 2, .Lct_has_external
	ct_abbrev_subprogram 3, .Lct_has_external|.Lct_has_low_pc|.Lct_has_dcall, unit_form=0x17
	ct_abbrevs_end

	.section	.debug_dcall,"",@progbits
.Lmain_dcall:
	ct_dcall_unit md, .Lcu
	ct_entry .Lr1, .Ldie_g-.Lcu
	ct_unit_end md
