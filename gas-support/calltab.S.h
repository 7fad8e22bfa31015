/* calltab.S.h: calltab's macros for assembler sources run through the
   C preprocessor (gcc -c file.S):

     #include <calltab.S.h>

   and then, in the assembly,

     CT_FUNCTION name [, group] [, bind=global|weak|local]
     CT_CALL target                 call target, with its .debug_dcall entry
     CT_VCALL slot, operand         call *operand, with its .debug_vcall entry
     CT_END_FUNCTION name

   (gas-support/README.md).  The macros are gas macros, those of
   calltab.inc (the same file serves `.include "calltab.inc"' in plain
   assembler sources): this header includes it, and where
   calltab-format.h is on the include path (installed beside this header;
   in the source tree -I libcalltab/include) it makes assembly fail if
   calltab.inc's constants differ from the header's.

   Included by C or C++, it gives calltab-format.h's constants only.  */

#ifndef CALLTAB_S_H
#define CALLTAB_S_H 1

#ifdef __ASSEMBLER__

#include "calltab.inc"

/* The line unit's DW_AT_name: the file being assembled (gas has no
   name for it); DW_AT_comp_dir where the build defines CALLTAB_COMP_DIR
   (a string: -DCALLTAB_COMP_DIR="\"$PWD\"").  */
	.macro ct_l_source_name
	.string	__BASE_FILE__
	.endm
	.equ	.Lct_l_have_name, 1
#ifdef CALLTAB_COMP_DIR
	.macro ct_l_comp_dir
	.string	CALLTAB_COMP_DIR
	.endm
	.equ	.Lct_l_have_comp_dir, 1
#endif

#if defined __has_include
#if __has_include (<calltab-format.h>)
#include <calltab-format.h>
#define CALLTAB_S_CHECK(sym, macro) ct_check_constant sym, (macro), #macro
	CALLTAB_S_CHECK (.Lct_table_version, CALLTAB_TABLE_VERSION)
	CALLTAB_S_CHECK (.Lct_at_dcall_unit, DW_AT_calltab_dcall_unit)
	CALLTAB_S_CHECK (.Lct_at_vcall_unit, DW_AT_calltab_vcall_unit)
	CALLTAB_S_CHECK (.Lct_at_dcall_implicit, DW_AT_calltab_dcall_implicit)
	CALLTAB_S_CHECK (.Lct_at_tcall_unit, DW_AT_calltab_tcall_unit)
	CALLTAB_S_CHECK (.Lct_at_tail_calls, DW_AT_calltab_tail_calls)
	CALLTAB_S_CHECK (.Lct_at_pcall_unit, DW_AT_calltab_pcall_unit)
#undef CALLTAB_S_CHECK
#endif
#endif

#else /* C, C++ */

#if defined __has_include
#if __has_include (<calltab-format.h>)
#include <calltab-format.h>
#endif
#endif

#endif /* __ASSEMBLER__ */

#endif /* calltab.S.h */
