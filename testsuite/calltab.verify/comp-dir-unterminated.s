# comp-dir-unterminated.s: a compile unit built "with the plugin" whose
# DW_AT_comp_dir (DW_FORM_string) runs to the end of its unit without
# its terminating NUL.  libdw reads a unit's DW_AT_comp_dir for every
# line function (dwarf_getsrclines, dwarf_getsrcfiles, dwarf_decl_file)
# with dwarf_formstring, which does not look for the end; at the end of
# a section it reads past it.  verify must give no such unit to libdw
# and report its line table unread (no-line-table), never crash.

	.include "calltab.inc"
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

	# The unit built "with the plugin": producer, name, stmt_list and
	# a DW_AT_comp_dir cut off by the end of the unit.
	.section	.debug_abbrev,"",@progbits
.Lgabbrev:
	ct_abbrev 1, 0x11, 0, 0x25, 0x08, 0x03, 0x08, 0x10, 0x17, 0x1b, 0x08
	ct_abbrevs_end
	.section	.debug_info,"",@progbits
	ct_unit_header gcu, .Lgabbrev
	.uleb128 1
	.asciz	"GNU C17 12.2.0 -mtune=generic -march=x86-64 -g -O2 -fplugin=calltab.so"
	.asciz	"comp-dir.c"
	.long	.Lline
	.ascii	"/tmp"
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
	.asciz	"comp-dir.c"	# file 1, directory 0 (DW_AT_comp_dir)
	.uleb128 0, 0, 0
	.byte	0		# end of file_names
.Lline_prog:
	.byte	0		# DW_LNE_set_address
	.uleb128 9
	.byte	2
	.quad	g
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
