/* cmd-dump.c: calltab dump [--json] FILE...: the decoded tables.  */

#include <inttypes.h>
#include <string.h>
#include "calltab-cli.h"

static void
help (FILE *out)
{
  fputs ("Usage: calltab dump [--json] [--debuginfo-path=PATH] FILE...\n"
	 "Print the units and entries of .debug_dcall, .debug_vcall and\n"
	 ".debug_tcall, with the callee of every direct call and tail call\n"
	 "(name, linkage name, declaration) and the caller that owns each\n"
	 "unit.\n\n"
	 "  --json      one JSON object per file instead of text\n"
	 "  --debuginfo-path=PATH\n"
	 "              where to look for separate debug files (build-id,\n"
	 "              .gnu_debuglink): colon-separated directories\n"
	 "  -h, --help  print this help and exit\n\n"
	 "Problems in the tables go to stderr. Exit status: 0 success,\n"
	 "2 usage error, unreadable file or malformed table.\n", out);
}

static void
dump_text (const Calltab *ct)
{
  printf ("file %s\n", calltab_path (ct));
  if (strcmp (calltab_path (ct), calltab_tables_path (ct)) != 0)
    printf ("tables %s\n", calltab_tables_path (ct));
  if (calltab_nunits (ct, CALLTAB_DCALL) == 0
      && calltab_nunits (ct, CALLTAB_VCALL) == 0
      && calltab_nunits (ct, CALLTAB_TCALL) == 0
      && calltab_nunits (ct, CALLTAB_PCALL) == 0 && calltab_nproblems (ct) == 0)
    puts ("no call tables");
  for (int t = CALLTAB_DCALL; t <= CALLTAB_PCALL; t++)
    {
      Calltab_Unit u;
      for (size_t i = 0; calltab_unit (ct, t, i, &u) == 0; i++)
	{
	  cli_print_unit (stdout, ct, &u);
	  Calltab_Entry e;
	  for (size_t j = 0; calltab_unit_entry (ct, &u, j, &e) == 0; j++)
	    {
	      fputs ("entry ", stdout);
	      cli_print_entry (stdout, ct, &e);
	    }
	}
    }
  for (int t = CALLTAB_DCALL; t <= CALLTAB_PCALL; t++)
    printf ("summary %s units=%zu entries=%zu tombstoned=%zu\n",
	    cli_table_name (t), calltab_nunits (ct, t),
	    calltab_nentries (ct, t), calltab_ntombstoned (ct, t));
}

static void
dump_json (const Calltab *ct)
{
  fputs ("{\"file\":", stdout);
  cli_json_string (stdout, calltab_path (ct));
  fputs (",\"tables\":", stdout);
  cli_json_string (stdout, calltab_tables_path (ct));
  for (int t = CALLTAB_DCALL; t <= CALLTAB_PCALL; t++)
    {
      printf (",\"%s\":{\"tombstoned\":%zu,\"units\":[", cli_table_name (t),
	      calltab_ntombstoned (ct, t));
      Calltab_Unit u;
      for (size_t i = 0; calltab_unit (ct, t, i, &u) == 0; i++)
	{
	  printf ("%s{\"scn\":%zu,\"offset\":%" PRIu64 ",\"length\":%" PRIu64
		  ",\"offset_size\":%u,\"version\":%u,\"address_size\":%u",
		  i ? "," : "", u.scn, u.offset, u.length, u.offset_size,
		  u.version, u.address_size);
	  if (t == CALLTAB_DCALL || t == CALLTAB_TCALL)
	    printf (",\"debug_info\":%" PRIu64 ",\"debug_info_scn\":%zu",
		    u.debug_info, u.debug_info_scn);
	  Calltab_Caller c;
	  if (calltab_unit_caller (ct, &u, &c) == 0)
	    {
	      printf (",\"caller\":{\"die\":%" PRIu64 ",\"low_pc\":%" PRIu64
		      ",\"discarded\":%s,\"name\":", c.func.die, c.low_pc,
		      c.discarded ? "true" : "false");
	      cli_json_string (stdout, c.func.name);
	      putchar ('}');
	    }
	  fputs (",\"entries\":[", stdout);
	  Calltab_Entry e;
	  for (size_t j = 0; calltab_unit_entry (ct, &u, j, &e) == 0; j++)
	    {
	      if (j)
		putchar (',');
	      cli_json_entry (stdout, ct, &e);
	    }
	  fputs ("]}", stdout);
	}
      fputs ("]}", stdout);
    }
  fputs (",\"problems\":[", stdout);
  Calltab_Problem p;
  for (size_t i = 0; calltab_problem (ct, i, &p) == 0; i++)
    {
      printf ("%s{\"severity\":\"%s\",\"section\":", i ? "," : "",
	      p.severity == CALLTAB_ERROR ? "error" : "warning");
      cli_json_string (stdout, p.section);
      printf (",\"offset\":%" PRIu64 ",\"message\":", p.offset);
      cli_json_string (stdout, p.message);
      putchar ('}');
    }
  fputs ("]}\n", stdout);
}

int
cmd_dump (int argc, char **argv)
{
  struct cli_parser p = { .cmd = "dump", .help = help,
			  .common = CLI_JSON | CLI_DEBUGINFO_PATH };
  if (cli_getopt (&p, argc, argv) != CLI_OPT_END)
    return p.status;
  int i = optind;
  if (i == argc)
    return cli_usage_error (p.cmd, "missing FILE");
  int status = CLI_EXIT_OK;
  for (; i < argc; i++)
    {
      Calltab *ct = calltab_begin_debuginfo (argv[i], p.debuginfo_path);
      if (ct == NULL)
	{
	  fprintf (stderr, "calltab: %s\n", calltab_errmsg (-1));
	  status = CLI_EXIT_TROUBLE;
	  continue;
	}
      if (p.json)
	dump_json (ct);
      else
	dump_text (ct);
      fflush (stdout);
      if (cli_print_problems (ct) > 0)
	status = CLI_EXIT_TROUBLE;
      calltab_end (ct);
    }
  return status;
}
