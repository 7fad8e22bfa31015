/* cmd-verify.c: `calltab verify FILE...`.

   Checks the call tables of each file against the format (docs/format.md),
   the code they describe, GCC's own call-site DIEs and the line table's
   discriminator rules, and prints one line per problem in the manner of
   llvm-dwarfdump --verify and eu-elflint:

     FILE: error: .debug_dcall[0x0000001c] entry[3]: TEXT [check]

   then the count per check and a summary line.  Exit status: 0 no error,
   1 errors (or warnings under --werror), 2 a file could not be read.  */

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <dwarf.h>
#include "calltab-cli.h"
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

static const char *const severity_names[] = { "error", "warning", "note" };

/* JSON string literal of S to OUT.  */
static void
json_string (FILE *out, const char *s)
{
  putc ('"', out);
  for (const unsigned char *p = (const unsigned char *) s; *p; p++)
    {
      if (*p == '"' || *p == '\\')
	fprintf (out, "\\%c", *p);
      else if (*p < 0x20 || *p == 0x7f)
	fprintf (out, "\\u%04x", *p);
      else
	putc (*p, out);
    }
  putc ('"', out);
}

static void
vreport (struct verify *v, enum verify_check check,
	 enum verify_severity severity, const struct verify_place *place,
	 const char *fmt, va_list ap)
{
  v->counts[check]++;
  v->nseverity[severity]++;
  if (v->quiet)
    return;
  char *text;
  if (vasprintf (&text, fmt, ap) < 0)
    return;
  if (!v->json)
    {
      printf ("%s: %s: ", v->path, severity_names[severity]);
      if (place != NULL)
	{
	  printf ("%s[0x%08" PRIx64 "]", place->section, place->offset);
	  if (place->item != NULL)
	    printf (" %s[%zu]", place->item, place->index);
	  fputs (": ", stdout);
	}
      printf ("%s [%s]\n", text, verify_checks[check].id);
    }
  else if (v->json_messages != NULL)
    {
      FILE *out = v->json_messages;
      fprintf (out, "%s\n      {\"severity\": \"%s\", \"check\": \"%s\"",
	       v->json_count++ ? "," : "", severity_names[severity],
	       verify_checks[check].id);
      if (place != NULL)
	{
	  fputs (", \"section\": ", out);
	  json_string (out, place->section);
	  fprintf (out, ", \"offset\": %" PRIu64, place->offset);
	  if (place->item != NULL)
	    fprintf (out, ", \"%s\": %zu", place->item, place->index);
	}
      fputs (", \"text\": ", out);
      json_string (out, text);
      putc ('}', out);
    }
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
  static const char *const tables[2] = { ".debug_dcall", ".debug_vcall" };
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

static void
usage (FILE *out)
{
  fputs ("Usage: calltab verify [OPTION]... FILE...\n"
	 "Check the call tables of each FILE: format, the call instruction at\n"
	 "every return address and its target, GCC's own call-site DIEs, and\n"
	 "the line table's discriminator rules.\n\n"
	 "  --json       print a JSON report instead of text\n"
	 "  -q, --quiet  print nothing; the exit status tells\n"
	 "  --werror     treat warnings as errors for the exit status\n"
	 "  --checks     list the checks and exit\n"
	 "  --debuginfo-path=PATH\n"
	 "               where to look for separate debug files (build-id,\n"
	 "               .gnu_debuglink): colon-separated directories\n"
	 "  -h, --help   print this help and exit\n\n"
	 "Exit status: 0 no error, 1 errors found, 2 a file could not be read.\n",
	 out);
}

static void
list_checks (void)
{
  for (int i = 0; i < VC_NUM; i++)
    printf ("%-27s %-7s %s\n", verify_checks[i].id,
	    severity_names[verify_checks[i].severity], verify_checks[i].what);
}

/* Open our own views of PATH: libelf for the code, libdwfl for DWARF.  */
static bool
open_views (struct verify *v, const char *debuginfo_path, char **why)
{
  /* Where the reader looks for separate debug files, we look too.  */
  v->debuginfo_path = debuginfo_path != NULL
		      ? strdup (debuginfo_path) : NULL;
  v->callbacks = (Dwfl_Callbacks) {
    .find_elf = dwfl_build_id_find_elf,
    .find_debuginfo = dwfl_standard_find_debuginfo,
    .section_address = dwfl_offline_section_address,
    .debuginfo_path = v->debuginfo_path != NULL ? &v->debuginfo_path : NULL,
  };
  v->fd = open (v->path, O_RDONLY | O_CLOEXEC);
  if (v->fd < 0)
    {
      if (asprintf (why, "%s: %s", v->path, strerror (errno)) < 0)
	*why = NULL;
      return false;
    }
  v->elf = elf_begin (v->fd, ELF_C_READ_MMAP, NULL);
  v->code = __calltab_code_begin (v->elf);
  if (v->code == NULL)
    {
      if (asprintf (why, "%s: %s", v->path, elf_errmsg (-1)) < 0)
	*why = NULL;
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
}

static const char *
plural (size_t n, const char *one, const char *many)
{
  return n == 1 ? one : many;
}

/* Verify one file.  Returns its exit status.  */
static int
verify_file (const char *path, const char *debuginfo_path, bool json,
	     bool quiet, bool werror, bool first)
{
  struct verify v = { .path = path, .fd = -1, .json = json, .quiet = quiet,
		      .werror = werror };
  char *why = NULL;
  v.ct = calltab_begin_debuginfo (path, debuginfo_path);
  if (v.ct == NULL)
    why = strdup (calltab_errmsg (-1));
  else if (!open_views (&v, debuginfo_path, &why) && why == NULL)
    why = strdup (path);
  if (why != NULL)
    {
      if (json)
	{
	  printf ("%s\n    {\"file\": ", first ? "" : ",");
	  json_string (stdout, path);
	  fputs (", \"status\": \"unreadable\", \"error\": ", stdout);
	  json_string (stdout, why);
	  putchar ('}');
	}
      else
	fprintf (stderr, "calltab verify: %s\n", why);
      free (why);
      close_views (&v);
      calltab_end (v.ct);
      return CLI_EXIT_TROUBLE;
    }

  if (json)
    v.json_messages = open_memstream (&v.json_buf, &v.json_size);
  verify_tables (&v);
  verify_calls (&v);
  verify_gcc_call_sites (&v);
  verify_lines (&v);
  if (v.json_messages != NULL)
    fclose (v.json_messages);

  size_t errors = v.nseverity[V_ERROR], warnings = v.nseverity[V_WARNING];
  size_t notes = v.nseverity[V_NOTE];
  bool failed = errors > 0 || (werror && warnings > 0);
  size_t entries = v.direct + v.virtual;

  if (json)
    {
      printf ("%s\n    {\"file\": ", first ? "" : ",");
      json_string (stdout, path);
      printf (", \"status\": \"%s\", \"units\": %zu, \"entries\": %zu,"
	      " \"direct\": %zu, \"virtual\": %zu, \"tombstoned\": %zu,"
	      " \"calls_checked\": %zu, \"gcc_call_sites\": %zu,"
	      " \"line_rows\": %zu,\n     \"errors\": %zu, \"warnings\": %zu,"
	      " \"notes\": %zu, \"checks\": {",
	      failed ? "problems" : "clean", v.units, entries, v.direct,
	      v.virtual, v.tombstoned, v.calls_checked, v.gcc_call_sites,
	      v.rows, errors, warnings, notes);
      bool any = false;
      for (int i = 0; i < VC_NUM; i++)
	if (v.counts[i] > 0)
	  {
	    printf ("%s\"%s\": %zu", any ? ", " : "", verify_checks[i].id,
		    v.counts[i]);
	    any = true;
	  }
      putchar ('}');
      if (!quiet)
	printf (",\n     \"messages\": [%s%s]", v.json_buf ? v.json_buf : "",
		v.json_count ? "\n     " : "");
      putchar ('}');
    }
  else if (!quiet)
    {
      if (errors + warnings + notes > 0)
	{
	  printf ("%s: by check:", path);
	  const char *sep = " ";
	  for (int i = 0; i < VC_NUM; i++)
	    if (v.counts[i] > 0)
	      {
		printf ("%s%s %zu", sep, verify_checks[i].id, v.counts[i]);
		sep = ", ";
	      }
	  putchar ('\n');
	}
      printf ("%s: %zu %s, %zu %s (%zu direct, %zu virtual, %zu tombstoned),"
	      " %zu %s checked, %zu GCC call %s compared, %zu line %s: "
	      "%zu %s, %zu %s, %zu %s\n",
	      path, v.units, plural (v.units, "unit", "units"),
	      entries, plural (entries, "entry", "entries"), v.direct,
	      v.virtual, v.tombstoned, v.calls_checked,
	      plural (v.calls_checked, "call", "calls"), v.gcc_call_sites,
	      plural (v.gcc_call_sites, "site", "sites"), v.rows,
	      plural (v.rows, "row", "rows"), errors,
	      plural (errors, "error", "errors"), warnings,
	      plural (warnings, "warning", "warnings"), notes,
	      plural (notes, "note", "notes"));
    }
  free (v.json_buf);
  free (v.bad_callee);
  close_views (&v);
  calltab_end (v.ct);
  return failed ? CLI_EXIT_PROBLEMS : CLI_EXIT_OK;
}

int
cmd_verify (int argc, char **argv)
{
  enum { OPT_JSON = 256, OPT_WERROR, OPT_CHECKS, OPT_DEBUGINFO_PATH };
  static const struct option options[] = {
    { "json", no_argument, NULL, OPT_JSON },
    { "quiet", no_argument, NULL, 'q' },
    { "werror", no_argument, NULL, OPT_WERROR },
    { "checks", no_argument, NULL, OPT_CHECKS },
    { "debuginfo-path", required_argument, NULL, OPT_DEBUGINFO_PATH },
    { "help", no_argument, NULL, 'h' },
    { NULL, 0, NULL, 0 }
  };
  bool json = false, quiet = false, werror = false;
  const char *debuginfo_path = NULL;
  int c;
  opterr = 0;
  optind = 1;
  while ((c = getopt_long (argc, argv, "+qh", options, NULL)) != -1)
    switch (c)
      {
      case OPT_JSON:
	json = true;
	break;
      case 'q':
	quiet = true;
	break;
      case OPT_WERROR:
	werror = true;
	break;
      case OPT_DEBUGINFO_PATH:
	debuginfo_path = optarg;
	break;
      case OPT_CHECKS:
	list_checks ();
	return CLI_EXIT_OK;
      case 'h':
	usage (stdout);
	return CLI_EXIT_OK;
      default:
	fprintf (stderr, "calltab verify: unknown option '%s'\n",
		 argv[optind - 1]);
	usage (stderr);
	return CLI_EXIT_TROUBLE;
      }
  if (optind >= argc)
    {
      fprintf (stderr, "calltab verify: no FILE given\n");
      usage (stderr);
      return CLI_EXIT_TROUBLE;
    }

  int status = CLI_EXIT_OK;
  if (json)
    fputs ("{\"files\": [", stdout);
  for (int i = optind; i < argc; i++)
    {
      int s = verify_file (argv[i], debuginfo_path, json, quiet, werror,
			   i == optind);
      if (s > status)
	status = s;
    }
  if (json)
    printf ("\n  ],\n  \"status\": %d}\n", status);
  return status;
}
