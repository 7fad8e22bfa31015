/* format-header.S: gas-support/calltab.inc against
   libcalltab/include/calltab-format.h (format-header.exp).  Run through
   cpp: gcc -c -I libcalltab/include -I gas-support format-header.S.
   Every numeric constant of calltab.inc is compared with the header's
   by .if/.error (assembly fails on a difference); the sections the
   macros write and the producer prefix are left in the object for the
   .exp to compare with the header's strings.

   CALLTAB_UNIT_ATTR_FORM is a C conditional expression, which gas
   cannot evaluate: the .exp evaluates it for offset sizes 4 and 8 and
   passes the values as -DHEADER_UNIT_FORM4=... -DHEADER_UNIT_FORM8=....

   -DWRONG_TABLE_VERSION=N stands in a wrong header value, so that the
   test can show that a difference fails.  */

#include "calltab-format.h"
#if !defined HEADER_UNIT_FORM4 || !defined HEADER_UNIT_FORM8
#error "define HEADER_UNIT_FORM4 and HEADER_UNIT_FORM8"
#endif
#ifdef WRONG_TABLE_VERSION
#undef CALLTAB_TABLE_VERSION
#define CALLTAB_TABLE_VERSION WRONG_TABLE_VERSION
#endif

	.include "calltab.inc"

/* The error names the check (its calltab.inc symbol), not a line: gas
   versions count lines differently in a preprocessed file (2.40 and
   2.44 report the same check at lines 33 and 365).  */
	.macro format_header_check gas, header
	.if (\gas) != (\header)
	.error "calltab.inc differs from calltab-format.h: \gas"
	.endif
	.endm
#define CHECK(gas, header) format_header_check gas, (header)

	.print "checking .Lct_table_version = CALLTAB_TABLE_VERSION"
	CHECK (.Lct_table_version, CALLTAB_TABLE_VERSION)
	.print "checking .Lct_at_dcall_unit = DW_AT_calltab_dcall_unit"
	CHECK (.Lct_at_dcall_unit, DW_AT_calltab_dcall_unit)
	.print "checking .Lct_at_vcall_unit = DW_AT_calltab_vcall_unit"
	CHECK (.Lct_at_vcall_unit, DW_AT_calltab_vcall_unit)
	.print "checking .Lct_at_dcall_implicit = DW_AT_calltab_dcall_implicit"
	CHECK (.Lct_at_dcall_implicit, DW_AT_calltab_dcall_implicit)
	.print "checking .Lct_at_tcall_unit = DW_AT_calltab_tcall_unit"
	CHECK (.Lct_at_tcall_unit, DW_AT_calltab_tcall_unit)
	.print "checking .Lct_at_tail_calls = DW_AT_calltab_tail_calls"
	CHECK (.Lct_at_tail_calls, DW_AT_calltab_tail_calls)
	.print "checking .Lct_at_pcall_unit = DW_AT_calltab_pcall_unit"
	CHECK (.Lct_at_pcall_unit, DW_AT_calltab_pcall_unit)
	.print "checking CT_TAILCALL_INDIRECT's 0 = CALLTAB_TCALL_INDIRECT"
	CHECK (0, CALLTAB_TCALL_INDIRECT)
	.print "checking .Lct_unit_attr_form32 = CALLTAB_UNIT_ATTR_FORM (4)"
	CHECK (.Lct_unit_attr_form32, HEADER_UNIT_FORM4)
	.print "checking .Lct_unit_attr_form64 = CALLTAB_UNIT_ATTR_FORM (8)"
	CHECK (.Lct_unit_attr_form64, HEADER_UNIT_FORM8)

	/* The sections of the table macros (the .exp compares the names).  */
	ct_dcall_section
	ct_dcall_unit d, 0
	ct_unit_end d
	.popsection
	ct_vcall_section
	ct_vcall_unit v
	ct_unit_end v
	.popsection
	ct_tcall_section
	ct_dcall_unit t, 0
	ct_unit_end t
	.popsection
	ct_pcall_section
	ct_vcall_unit pc
	ct_unit_end pc
	.popsection

	/* The producer prefix and its length.  */
	.pushsection .ct_producer,"a",@progbits
.Lp:	ct_producer_prefix
.Lp_end:
	CHECK (.Lp_end-.Lp, CALLTAB_PRODUCER_PREFIX_LEN)
	.popsection

	/* A declaration unit's caller attributes: the forms by format.
	   Two loose abbreviations (codes 2 and 3, no code 1, no
	   terminator) that no unit refers to: only their bytes are
	   checked, so they need not be a dense table.  */
	.pushsection .debug_abbrev,"",@progbits
	ct_abbrev_subprogram 2, .Lct_has_dcall|.Lct_has_vcall
	ct_abbrev_subprogram 3, .Lct_has_dcall|.Lct_has_vcall, format=64
	.popsection
