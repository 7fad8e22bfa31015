/* verify.c: calltab_verify, the check registry and what the checks
   share.

   calltab_verify opens its own views of the file (libelf for the code,
   libdwfl for the DWARF, relocated in objects and mapping DWARF addresses
   to sections), runs the checks of verify-tables.c, verify-calls.c,
   verify-call-sites.c and verify-lines.c in that order, and hands each
   finding to the caller's callback with its exact place.  */

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <dwarf.h>
#include "verify.h"

const struct verify_check_info verify_checks[VC_NUM] = {
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
  [VC_TARGET_UNKNOWN] = { "target-unknown", V_WARNING,
    "a direct-call entry whose call's target cannot be determined" },
  [VC_NO_CODE] = { "no-code", V_NOTE,
    "the code is not in the file (a separate debug file): calls not checked" },
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
    "two basic blocks of a line share a discriminator" },
};

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
    return;
  if (place != NULL
      && ((place->item != NULL
	   ? asprintf (&where, "%s[0x%08" PRIx64 "] %s[%zu]", place->section,
		       place->offset, place->item, place->index)
	   : asprintf (&where, "%s[0x%08" PRIx64 "]", place->section,
		       place->offset)) < 0))
    {
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
  /* As the reader labels them: "name(SCN)" when several sections of the
     file have the name (one per COMDAT group in an object).  */
  Elf *elf = calltab_elf (v->ct);
  size_t shstrndx;
  if (name == NULL)
    return "?";
  if (elf == NULL || elf_getshdrstrndx (elf, &shstrndx) != 0)
    return name;
  /* Count the sections of each table's name once per file.  */
  static const char *const tables[2] = { CALLTAB_DCALL_SECTION,
					  CALLTAB_VCALL_SECTION };
  int t = strcmp (name, tables[0]) == 0 ? 0
	  : strcmp (name, tables[1]) == 0 ? 1 : -1;
  if (t < 0)
    return name;
  if (!v->label_counted)
    {
      for (Elf_Scn *s = NULL; (s = elf_nextscn (elf, s)) != NULL;)
	{
	  GElf_Shdr sh;
	  const char *n;
	  if (gelf_getshdr (s, &sh) != NULL && sh.sh_type != SHT_NOBITS
	      && (n = elf_strptr (elf, shstrndx, sh.sh_name)) != NULL)
	    for (int i = 0; i < 2; i++)
	      v->label_count[i] += strcmp (n, tables[i]) == 0;
	}
      v->label_counted = true;
    }
  if (v->label_count[t] <= 1)
    return name;
  static _Thread_local char buf[8][80];
  static _Thread_local unsigned next;
  char *b = buf[next++ % 8];
  snprintf (b, sizeof buf[0], "%s(%zu)", name, scn);
  return b;
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
  /* libdwfl laid the object's sections out at addresses of its own; ask
     it which section an address is in.  */
  Dwarf_Addr a = addr + v->bias - (return_address ? 1 : 0);
  Dwarf_Addr bias;
  Elf_Scn *scn = dwfl_module_address_section (v->mod, &a, &bias);
  if (scn == NULL)
    return false;
  place->scnidx = elf_ndxscn (scn);
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

/* Length of the GCC clone or version suffix that starts SUFFIX, or 0.  */
static bool
ignorable_suffix (const char *suffix)
{
  if (suffix[0] == '@')		/* symbol version */
    return true;
  static const char *const clones[] = {
    ".constprop.", ".isra.", ".part.", ".cold", ".localalias", ".lto_priv.",
  };
  for (size_t i = 0; i < sizeof clones / sizeof clones[0]; i++)
    if (strncmp (suffix, clones[i], strlen (clones[i])) == 0)
      return true;
  return false;
}

static bool
name_matches (const char *sym, const char *name)
{
  if (name == NULL || name[0] == '\0')
    return false;
  size_t n = strlen (name);
  return strncmp (sym, name, n) == 0
	 && (sym[n] == '\0' || ignorable_suffix (sym + n));
}

bool
verify_symbol_matches (const char *sym, const char *name, const char *linkage)
{
  /* A C++ function is named by its linkage name; "foo" would also match
     every overload.  */
  if (linkage != NULL && linkage[0] != '\0')
    return name_matches (sym, linkage);
  return name_matches (sym, name);
}

/* Open our own views of the file: libelf for the code, libdwfl for
   DWARF.  Not the handle's: libelf and libdw fill caches on first use
   (section data, line tables, abbreviations), and a handle may be used
   from several threads at once, so verify must not touch its Elf or
   Dwarf.  Returns false with the error set.  */
static bool
open_views (struct verify *v)
{
  /* Where the reader looks for separate debug files, we look too.  */
  if (v->ct->debuginfo_path != NULL
      && (v->debuginfo_path = strdup (v->ct->debuginfo_path)) == NULL)
    {
      __calltab_seterr (CALLTAB_E_NOMEM, NULL);
      return false;
    }
  v->callbacks = (Dwfl_Callbacks) {
    .find_elf = dwfl_build_id_find_elf,
    .find_debuginfo = dwfl_standard_find_debuginfo,
    .section_address = dwfl_offline_section_address,
    .debuginfo_path = v->debuginfo_path != NULL ? &v->debuginfo_path : NULL,
  };
  char why[400];
  v->fd = open (v->path, O_RDONLY | O_CLOEXEC);
  if (v->fd < 0)
    {
      snprintf (why, sizeof why, "%s: %s", v->path, strerror (errno));
      __calltab_seterr_msg (CALLTAB_E_IO, why);
      return false;
    }
  v->elf = elf_begin (v->fd, ELF_C_READ_MMAP, NULL);
  v->code = __calltab_code_begin (v->elf);
  if (v->code == NULL)
    {
      snprintf (why, sizeof why, "%s: %s", v->path, elf_errmsg (-1));
      __calltab_seterr_msg (CALLTAB_E_LIBELF, why);
      return false;
    }
  /* Only where the reader found DWARF: it does not give libdwfl a file
     whose headers lie past its end (libdwfl would trust their sizes).  */
  if (calltab_dwarf (v->ct) != NULL)
    v->dwfl = dwfl_begin (&v->callbacks);
  if (v->dwfl != NULL)
    {
      dwfl_report_begin (v->dwfl);
      v->mod = dwfl_report_offline (v->dwfl, v->path, v->path, -1);
      dwfl_report_end (v->dwfl, NULL, NULL);
      if (v->mod != NULL)
	v->dwarf = dwfl_module_getdwarf (v->mod, &v->bias);
    }
  return true;
}

static void
close_views (struct verify *v)
{
  if (v->dwfl != NULL)
    dwfl_end (v->dwfl);
  __calltab_code_end (v->code);
  free (v->debuginfo_path);
  elf_end (v->elf);
  if (v->fd >= 0)
    close (v->fd);
  free (v->bad_callee);
}

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

CALLTAB_EXPORT int
calltab_verify (const Calltab *ct, const Calltab_Verify_Options *opts,
		Calltab_Verify_Callback *cb, void *arg,
		Calltab_Verify_Counts *counts)
{
  size_t *by_check = counts != NULL ? counts->by_check : NULL;
  if (counts != NULL)
    *counts = (Calltab_Verify_Counts) { .by_check = by_check };
  if (by_check != NULL)
    memset (by_check, 0, VC_NUM * sizeof by_check[0]);
  if (ct == NULL)
    {
      __calltab_seterr (CALLTAB_E_INVALID_ARG, NULL);
      return -1;
    }
  struct verify v = { .path = ct->path, .ct = ct, .fd = -1, .cb = cb,
		      .cb_arg = arg };
  if (!open_views (&v))
    {
      close_views (&v);
      return -1;
    }
  verify_tables (&v);
  verify_calls (&v);
  verify_gcc_call_sites (&v);
  verify_lines (&v);
  close_views (&v);

  if (counts != NULL)
    {
      counts->units = v.units;
      counts->dcall_entries = v.direct;
      counts->vcall_entries = v.virtual;
      counts->tombstoned = v.tombstoned;
      counts->calls_checked = v.calls_checked;
      counts->gcc_call_sites = v.gcc_call_sites;
      counts->line_rows = v.rows;
      counts->errors = v.nseverity[V_ERROR];
      counts->warnings = v.nseverity[V_WARNING];
      counts->notes = v.nseverity[V_NOTE];
      if (by_check != NULL)
	memcpy (by_check, v.counts, VC_NUM * sizeof by_check[0]);
    }
  bool werror = opts != NULL && opts->werror;
  return (v.nseverity[V_ERROR] > 0
	  || (werror && v.nseverity[V_WARNING] > 0)) ? 1 : 0;
}
