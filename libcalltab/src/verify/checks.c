/* checks.c: the registry of the checks of calltab_verify: each one's
   name, default severity and description (calltab verify --list).  */

#include "verify.h"

const struct verify_check_info verify_checks[VC_NUM] = {
  [VC_TRUNCATED_FILE] = { "truncated-file", V_ERROR,
    "the file is truncated: headers or sections lie past its end" },
  [VC_NO_TABLES] = { "no-tables", V_ERROR,
    "the file has no call tables (a note under --allow-no-tables, unless"
    " units built with the plugin lack theirs)" },
  [VC_NOT_PLUGIN_BUILT] = { "not-plugin-built", V_NOTE,
    "a unit built without the plugin: not judged by its rules" },
  [VC_NO_LINE_TABLE] = { "no-line-table", V_ERROR,
    "a unit built with the plugin has no line table: its lines not checked" },
  [VC_MISSING_RELOCATION] = { "missing-relocation", V_ERROR,
    "an object's table entry whose call_site has no relocation" },
  [VC_UNIT_LENGTH] = { "unit-length", V_ERROR,
    "unit_length reserved or past the end of the section" },
  [VC_TRUNCATED] = { "truncated", V_ERROR,
    "a header or entry field runs past the end of its unit" },
  [VC_VERSION] = { "version", V_ERROR, "unit version is not 4" },
  [VC_ADDRESS_SIZE] = { "address-size", V_ERROR,
    "address_size is not the ELF file's address size" },
  [VC_ULEB128] = { "uleb128", V_ERROR,
    "ULEB128 overflows 64 bits (error) or is overlong (warning)" },
  [VC_OFFSET] = { "offset", V_ERROR, "an offset points outside its section" },
  [VC_RELOCATION] = { "relocation", V_ERROR,
    "a relocation of the table cannot be applied or targets the wrong section" },
  [VC_FORMAT] = { "format", V_ERROR, "other malformed table data" },
  [VC_DEBUG_INFO] = { "debug-info", V_ERROR,
    "debug_info is not the offset of a .debug_info unit header" },
  [VC_OFFSET_SIZE] = { "offset-size", V_WARNING,
    "32/64-bit DWARF differs between the table unit and its .debug_info unit" },
  [VC_CALLEE_DIE] = { "callee-die", V_ERROR,
    "callee_die is not a DW_TAG_subprogram/DW_TAG_entry_point DIE of its unit" },
  [VC_CALL_SITE_SECTION] = { "call-site-section", V_ERROR,
    "call_site is not inside an executable section" },
  [VC_DUPLICATE] = { "duplicate", V_ERROR,
    "two entries of one unit have the same call_site" },
  [VC_UNIT_CALLER] = { "unit-caller", V_WARNING,
    "no caller DIE names the unit (DW_AT_calltab_dcall_unit/_vcall_unit)" },
  [VC_CALLER_RANGE] = { "caller-range", V_ERROR,
    "linked files: a call_site outside the function its unit's caller DIE names" },
  [VC_NOT_A_CALL] = { "not-a-call", V_ERROR,
    "no call instruction ends at call_site" },
  [VC_CALL_KIND] = { "call-kind", V_ERROR,
    "a virtual-call entry at a direct call" },
  [VC_VTABLE_SLOT] = { "vtable-slot", V_WARNING,
    "a virtual call through [reg + disp] whose disp is not vtable_slot times"
    " the address size" },
  [VC_CALL_TARGET] = { "call-target", V_ERROR,
    "a direct call's target is not the function callee_die names" },
  [VC_CALL_FOLDED] = { "call-folded", V_NOTE,
    "a direct call reaches the function callee_die names through folded"
    " code: an alias of another function, its DW_AT_low_pc, or a thunk" },
  [VC_TARGET_UNKNOWN] = { "target-unknown", V_WARNING,
    "a direct-call entry whose call's target cannot be determined" },
  [VC_NO_CODE] = { "no-code", V_NOTE,
    "the code is not in the file (a separate debug file): calls not checked" },
  [VC_NO_DECODER] = { "no-decoder", V_WARNING,
    "no instruction decoder for the file's machine: calls and basic blocks"
    " not checked" },
  [VC_GCC_CALL_SITE] = { "gcc-call-site", V_ERROR,
    "GCC's DW_TAG_call_site names another callee for the same return address" },
  [VC_GCC_CALL_SITE_MISSING] = { "gcc-call-site-missing", V_NOTE,
    "GCC's DW_TAG_call_site of a direct call has no .debug_dcall entry" },
  [VC_DISCRIMINATOR_IS_STMT] = { "discriminator-is-stmt", V_WARNING,
    "a line-table row with a non-zero discriminator is a statement start" },
  [VC_DISCRIMINATOR_DENSITY] = { "discriminator-density", V_WARNING,
    "the discriminators of a line in a function are not 0..n-1" },
  [VC_DISCRIMINATOR_SINGLE_BLOCK] = { "discriminator-single-block", V_WARNING,
    "a line in one basic block of a function has a non-zero discriminator" },
  [VC_DISCRIMINATOR_SHARED] = { "discriminator-shared", V_WARNING,
    "a basic block that a conditional jump of a line leads to shares its"
    " discriminator with another block of the line" },
  [VC_DISCRIMINATOR_UNCHECKED] = { "discriminator-unchecked", V_WARNING,
    "code that does not decode, rows several functions hold, or code the"
    " linker discarded: their discriminator rules not checked" },
  [VC_VTABLE_LOCATION] = { "vtable-location", V_ERROR,
    "a vtable or pointer-table DIE's DW_AT_location is not the address of"
    " its symbol (_ZTV..., the variable's)" },
  [VC_VTABLE_ENTRY] = { "vtable-entry", V_ERROR,
    "a vtable or pointer-table DIE's entry does not name the function the"
    " object holds at its offset, or a function the object holds has no"
    " entry" },
  [VC_IMPLICIT_CALLERS] = { "implicit-callers", V_ERROR,
    "a declaration unit's caller DIEs marked DW_AT_calltab_dcall_implicit"
    " and the .debug_dcall units naming it that no caller DIE names differ"
    " in number" },
  [VC_CALLEE_UNTOLD] = { "callee-untold", V_NOTE,
    "a direct call's target holds code of a function named as callee_die's"
    " that its DWARF cannot tell from it (no linkage name, no symbol,"
    " folded): not judged" },
};

CALLTAB_EXPORT size_t
calltab_verify_ncheck (void)
{
  return VC_NUM;
}

CALLTAB_EXPORT int
calltab_verify_check_info (size_t n, Calltab_Verify_Check *info)
{
  if (info == NULL)
    {
      __calltab_seterr (CALLTAB_E_INVALID_ARG, NULL);
      return -1;
    }
  if (n >= VC_NUM)
    return 1;
  *info = (Calltab_Verify_Check) {
    .id = verify_checks[n].id,
    .severity = verify_checks[n].severity,
    .description = verify_checks[n].what,
  };
  return 0;
}
