/* cmd-verify.c: `calltab verify FILE...`.

   A front end over calltab_verify (libcalltab/src/verify/verify.c), which checks
   the call tables of each file against the format (docs/format.md), the
   code they describe, GCC's own call-site DIEs and the line table's
   discriminator rules.  Here only the options and the output: one line
   per finding in the manner of llvm-dwarfdump --verify and eu-elflint,

     FILE: error: .debug_dcall[0x0000001c] entry[3]: TEXT [check]

   then the count per check and a summary line, or the same as JSON.
   Exit status: 0 no error, 1 errors (or warnings under --werror), 2 a
   file could not be read.  */

#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include "calltab-cli.h"

static const char *const severity_names[] = { "error", "warning", "note" };

/* Where the findings of one file go.  */
struct output
{
  const char *path;
  bool json;
  FILE *json_messages;		/* --json: the "messages" array body */
  char *json_buf;
  size_t json_size;
  size_t json_count;
};

/* One finding, as text on stdout or as a JSON object.  */
static void
print_finding (const Calltab_Verify_Finding *f, void *arg)
{
  struct output *o = arg;
  if (!o->json)
    {
      printf ("%s: %s: ", o->path, severity_names[f->severity]);
      if (f->place != NULL)
	printf ("%s: ", f->place);
      printf ("%s [%s]\n", f->text, f->check_id);
    }
  else if (o->json_messages != NULL)
    {
      FILE *out = o->json_messages;
      fprintf (out, "%s\n      {\"severity\": \"%s\", \"check\": \"%s\"",
	       o->json_count++ ? "," : "", severity_names[f->severity],
	       f->check_id);
      if (f->section != NULL)
	{
	  fputs (", \"section\": ", out);
	  cli_json_string (out, f->section);
	  fprintf (out, ", \"offset\": %" PRIu64, f->offset);
	  if (f->item != NULL)
	    fprintf (out, ", \"%s\": %zu", f->item, f->index);
	}
      fputs (", \"text\": ", out);
      cli_json_string (out, f->text);
      putc ('}', out);
    }
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
	 "  --allow-no-tables\n"
	 "               a file without call tables passes (mixed builds)\n"
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
  Calltab_Verify_Check c;
  for (size_t i = 0; calltab_verify_check_info (i, &c) == 0; i++)
    printf ("%-27s %-7s %s\n", c.id, severity_names[c.severity],
	    c.description);
}

static const char *
plural (size_t n, const char *one, const char *many)
{
  return n == 1 ? one : many;
}

/* Verify one file.  Returns its exit status.  */
static int
verify_file (const char *path, const char *debuginfo_path, bool json,
	     bool quiet, bool werror, bool allow_no_tables, bool first)
{
  struct output o = { .path = path, .json = json };
  size_t nchecks = calltab_verify_ncheck ();
  size_t *by_check = calloc (nchecks, sizeof *by_check);
  Calltab_Verify_Counts counts = { .by_check = by_check };
  Calltab_Verify_Options opts = { .werror = werror,
				  .allow_no_tables = allow_no_tables };
  int result = -1;
  Calltab *ct = calltab_begin_debuginfo (path, debuginfo_path);
  if (ct != NULL && by_check != NULL)
    {
      if (json && !quiet)
	o.json_messages = open_memstream (&o.json_buf, &o.json_size);
      result = calltab_verify (ct, &opts, quiet ? NULL : print_finding, &o,
			       &counts);
      if (o.json_messages != NULL)
	fclose (o.json_messages);
    }
  if (result < 0)
    {
      const char *why = by_check == NULL ? "out of memory"
			: calltab_errmsg (-1);
      if (json)
	{
	  printf ("%s\n    {\"file\": ", first ? "" : ",");
	  cli_json_string (stdout, path);
	  fputs (", \"status\": \"unreadable\", \"error\": ", stdout);
	  cli_json_string (stdout, why);
	  putchar ('}');
	}
      else
	fprintf (stderr, "calltab verify: %s\n", why);
      free (o.json_buf);
      free (by_check);
      calltab_end (ct);
      return CLI_EXIT_TROUBLE;
    }

  size_t errors = counts.errors, warnings = counts.warnings;
  size_t notes = counts.notes;
  bool failed = result > 0;
  size_t entries = counts.dcall_entries + counts.vcall_entries
		   + counts.tcall_entries + counts.pcall_entries;
  Calltab_Verify_Check c;

  if (json)
    {
      printf ("%s\n    {\"file\": ", first ? "" : ",");
      cli_json_string (stdout, path);
      printf (", \"status\": \"%s\", \"units\": %zu, \"entries\": %zu,"
	      " \"direct\": %zu, \"virtual\": %zu, \"tail\": %zu,"
	      " \"member_pointer\": %zu, \"tombstoned\": %zu,"
	      " \"calls_checked\": %zu, \"gcc_call_sites\": %zu,"
	      " \"line_rows\": %zu,\n     \"errors\": %zu, \"warnings\": %zu,"
	      " \"notes\": %zu",
	      failed ? "problems" : "clean", counts.units, entries,
	      counts.dcall_entries, counts.vcall_entries, counts.tcall_entries,
	      counts.pcall_entries, counts.tombstoned, counts.calls_checked,
	      counts.gcc_call_sites,
	      counts.line_rows, errors, warnings, notes);
      if (counts.units_without_plugin > 0)
	printf (", \"units_without_plugin\": %zu",
		counts.units_without_plugin);
      fputs (", \"checks\": {", stdout);
      bool any = false;
      for (size_t i = 0; i < nchecks; i++)
	if (by_check[i] > 0 && calltab_verify_check_info (i, &c) == 0)
	  {
	    printf ("%s\"%s\": %zu", any ? ", " : "", c.id, by_check[i]);
	    any = true;
	  }
      putchar ('}');
      if (!quiet)
	printf (",\n     \"messages\": [%s%s]", o.json_buf ? o.json_buf : "",
		o.json_count ? "\n     " : "");
      putchar ('}');
    }
  else if (!quiet)
    {
      if (errors + warnings + notes > 0)
	{
	  printf ("%s: by check:", path);
	  const char *sep = " ";
	  for (size_t i = 0; i < nchecks; i++)
	    if (by_check[i] > 0 && calltab_verify_check_info (i, &c) == 0)
	      {
		printf ("%s%s %zu", sep, c.id, by_check[i]);
		sep = ", ";
	      }
	  putchar ('\n');
	}
      char without[64] = "";
      if (counts.units_without_plugin > 0)
	snprintf (without, sizeof without, ", %zu %s without the plugin",
		  counts.units_without_plugin,
		  plural (counts.units_without_plugin, "unit", "units"));
      /* ", N tail" and ", N member-pointer" only where there are such
	 entries: the line of a file without them reads as before
	 .debug_tcall and .debug_pcall existed.  */
      char tail[80] = "";
      if (counts.tcall_entries > 0)
	snprintf (tail, sizeof tail, ", %zu tail", counts.tcall_entries);
      if (counts.pcall_entries > 0)
	snprintf (tail + strlen (tail), sizeof tail - strlen (tail),
		  ", %zu member-pointer", counts.pcall_entries);
      printf ("%s: %zu %s, %zu %s (%zu direct, %zu virtual%s, %zu tombstoned),"
	      " %zu %s checked, %zu GCC call %s compared, %zu line %s%s: "
	      "%zu %s, %zu %s, %zu %s\n",
	      path, counts.units, plural (counts.units, "unit", "units"),
	      entries, plural (entries, "entry", "entries"),
	      counts.dcall_entries, counts.vcall_entries, tail,
	      counts.tombstoned, counts.calls_checked,
	      plural (counts.calls_checked, "call", "calls"),
	      counts.gcc_call_sites,
	      plural (counts.gcc_call_sites, "site", "sites"),
	      counts.line_rows, plural (counts.line_rows, "row", "rows"),
	      without, errors, plural (errors, "error", "errors"), warnings,
	      plural (warnings, "warning", "warnings"), notes,
	      plural (notes, "note", "notes"));
    }
  free (o.json_buf);
  free (by_check);
  calltab_end (ct);
  return failed ? CLI_EXIT_PROBLEMS : CLI_EXIT_OK;
}

int
cmd_verify (int argc, char **argv)
{
  enum { OPT_WERROR = 256, OPT_CHECKS, OPT_ALLOW_NO_TABLES };
  static const struct option options[] = {
    { "quiet", no_argument, NULL, 'q' },
    { "werror", no_argument, NULL, OPT_WERROR },
    { "allow-no-tables", no_argument, NULL, OPT_ALLOW_NO_TABLES },
    { "checks", no_argument, NULL, OPT_CHECKS },
  };
  struct cli_parser p = { .cmd = "verify", .help = usage, .shortopts = "q",
			  CLI_OPTIONS (options),
			  .common = CLI_JSON | CLI_DEBUGINFO_PATH };
  bool quiet = false, werror = false, allow_no_tables = false;
  int c;
  while ((c = cli_getopt (&p, argc, argv)) != CLI_OPT_END)
    switch (c)
      {
      case 'q':
	quiet = true;
	break;
      case OPT_WERROR:
	werror = true;
	break;
      case OPT_ALLOW_NO_TABLES:
	allow_no_tables = true;
	break;
      case OPT_CHECKS:
	list_checks ();
	return CLI_EXIT_OK;
      default:
	return p.status;
      }
  if (optind >= argc)
    return cli_usage_error (p.cmd, "missing FILE");
  bool json = p.json;
  const char *debuginfo_path = p.debuginfo_path;

  int status = CLI_EXIT_OK;
  if (json)
    fputs ("{\"files\": [", stdout);
  for (int i = optind; i < argc; i++)
    {
      int s = verify_file (argv[i], debuginfo_path, json, quiet, werror,
			   allow_no_tables, i == optind);
      if (s > status)
	status = s;
    }
  if (json)
    printf ("\n  ],\n  \"status\": %d}\n", status);
  return status;
}
