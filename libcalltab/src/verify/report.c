/* report.c: what the checks share: handing a finding to the caller's
   callback with its place, naming places, sections and tags, and which
   units and code the checks judge (filled by units.c).  */

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dwarf.h>
#include "verify.h"

static void
vreport (struct verify *v, enum verify_check check,
	 enum verify_severity severity, const struct verify_place *place,
	 const char *fmt, va_list ap)
{
  v->counts[check]++;
  v->nseverity[severity]++;
  if (v->cb == NULL)
    return;
  char *text, *where = NULL;
  if (vasprintf (&text, fmt, ap) < 0)
    {
      v->nomem = true;
      return;
    }
  if (place != NULL
      && ((place->item != NULL
	   ? asprintf (&where, "%s[0x%08" PRIx64 "] %s[%zu]", place->section,
		       place->offset, place->item, place->index)
	   : asprintf (&where, "%s[0x%08" PRIx64 "]", place->section,
		       place->offset)) < 0))
    {
      v->nomem = true;
      free (text);
      return;
    }
  Calltab_Verify_Finding f = {
    .severity = severity,
    .check = check,
    .check_id = verify_checks[check].id,
    .section = place != NULL ? place->section : NULL,
    .offset = place != NULL ? place->offset : 0,
    .item = place != NULL ? place->item : NULL,
    .index = place != NULL ? place->index : 0,
    .place = where,
    .text = text,
  };
  v->cb (&f, v->cb_arg);
  free (where);
  free (text);
}



void
verify_report (struct verify *v, enum verify_check check,
	       const struct verify_place *place, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  vreport (v, check, verify_checks[check].severity, place, fmt, ap);
  va_end (ap);
}

void
verify_report_as (struct verify *v, enum verify_check check,
		  enum verify_severity severity,
		  const struct verify_place *place, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  vreport (v, check, severity, place, fmt, ap);
  va_end (ap);
}

const char *
verify_section_label (struct verify *v, const char *name, size_t scn)
{
  return __calltab_section_label (v->ct, name, scn);
}

bool
verify_dwarf_place (struct verify *v, Dwarf_Addr addr, bool return_address,
		    struct ct_place *place)
{
  if (!__calltab_code_relocatable (v->code))
    {
      if (return_address)
	return __calltab_code_locate (v->code, addr, place);
      if (!__calltab_code_locate (v->code, addr + 1, place))
	return false;
      place->offset--;
      return true;
    }
  if (v->mod == NULL)
    return false;
  /* libdwfl laid the object's sections out at addresses of its own:
     which section is an address in (addrmap.c).  */
  Dwarf_Addr a = addr + v->bias - (return_address ? 1 : 0);
  size_t scn;
  int rc = __calltab_dwfl_place (v->mod, &a, &scn, false);
  if (rc < 0)
    v->nomem = true;
  if (rc <= 0)
    return false;
  place->scnidx = scn;
  place->offset = a + (return_address ? 1 : 0);
  return true;
}

const char *
verify_describe_place (const struct verify *v, const struct ct_place *place,
		       char *buf, size_t size)
{
  if (__calltab_code_relocatable (v->code))
    snprintf (buf, size, "%s+0x%" PRIx64,
	      __calltab_code_scn_name (v->code, place->scnidx), place->offset);
  else
    snprintf (buf, size, "0x%" PRIx64,
	      __calltab_code_scn_addr (v->code, place->scnidx)
	      + place->offset);
  return buf;
}

const char *
verify_tag_name (int tag, char buf[32])
{
  switch (tag)
    {
    case DW_TAG_subprogram: return "DW_TAG_subprogram";
    case DW_TAG_entry_point: return "DW_TAG_entry_point";
    case DW_TAG_compile_unit: return "DW_TAG_compile_unit";
    case DW_TAG_partial_unit: return "DW_TAG_partial_unit";
    case DW_TAG_type_unit: return "DW_TAG_type_unit";
    case DW_TAG_variable: return "DW_TAG_variable";
    case DW_TAG_formal_parameter: return "DW_TAG_formal_parameter";
    case DW_TAG_base_type: return "DW_TAG_base_type";
    case DW_TAG_inlined_subroutine: return "DW_TAG_inlined_subroutine";
    case DW_TAG_lexical_block: return "DW_TAG_lexical_block";
    case DW_TAG_call_site: return "DW_TAG_call_site";
    default:
      snprintf (buf, 32, "DW_TAG_<0x%x>", (unsigned) tag);
      return buf;
    }
}

static bool
offset_before (const void *elt, const void *key)
{
  return *(const uint64_t *) elt < *(const uint64_t *) key;
}

bool
verify_unit_checked (const struct verify *v, uint64_t offset)
{
  size_t lo = __calltab_partition (v->plugin_units, v->nplugin_units,
				   sizeof v->plugin_units[0], offset_before,
				   &offset);
  return lo < v->nplugin_units && v->plugin_units[lo] == offset;
}

static bool
range_at_or_before (const void *elt, const void *key)
{
  return ((const uint64_t *) elt)[0] <= *(const uint64_t *) key;
}

bool
verify_foreign_code (const struct verify *v, uint64_t addr)
{
  /* Sorted by start; MAXHI is the largest end so far.  */
  size_t i = __calltab_partition (v->foreign, v->nforeign,
				  sizeof v->foreign[0], range_at_or_before,
				  &addr);
  for (; i > 0 && v->foreign[i - 1].maxhi > addr; i--)
    if (v->foreign[i - 1].hi > addr)
      return true;
  return false;
}
