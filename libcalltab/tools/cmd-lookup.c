/* cmd-lookup.c: calltab lookup FILE ADDR...: the entries of both tables
   whose return address is ADDR.  */

#include <inttypes.h>
#include <stdlib.h>
#include "calltab-cli.h"

static void
help (FILE *out)
{
  fputs ("Usage: calltab lookup [--json] [--debuginfo-path=PATH] FILE ADDR...\n"
	 "Print the .debug_dcall, .debug_vcall and .debug_tcall entries\n"
	 "whose call_site is ADDR (a return address, or the end of a tail\n"
	 "call's jump; hexadecimal with 0x, or decimal).\n"
	 "After identical code folding one address may have several.\n\n"
	 "  --json      one JSON object instead of text\n"
	 "  --debuginfo-path=PATH\n"
	 "              where to look for separate debug files\n"
	 "  -h, --help  print this help and exit\n\n"
	 "Exit status: 0 every address found, 1 some address has no entry,\n"
	 "2 usage error or unreadable file.\n", out);
}

int
cmd_lookup (int argc, char **argv)
{
  struct cli_parser p = { .cmd = "lookup", .help = help,
			  .common = CLI_JSON | CLI_DEBUGINFO_PATH };
  if (cli_getopt (&p, argc, argv) != CLI_OPT_END)
    return p.status;
  /* FILE then the addresses, as argv[1..argc).  */
  argc -= optind - 1;
  argv += optind - 1;
  if (argc < 3)
    return cli_usage_error (p.cmd, argc < 2 ? "missing FILE"
			    : "missing ADDR");
  uint64_t *addrs = calloc ((size_t) argc, sizeof *addrs);
  if (addrs == NULL)
    return CLI_EXIT_TROUBLE;
  for (int i = 2; i < argc; i++)
    if (!cli_parse_addr (argv[i], &addrs[i]))
      {
	free (addrs);
	return cli_usage_error (p.cmd, "invalid address '%s'", argv[i]);
      }
  Calltab *ct = calltab_begin_debuginfo (argv[1], p.debuginfo_path);
  if (ct == NULL)
    {
      fprintf (stderr, "calltab: %s\n", calltab_errmsg (-1));
      free (addrs);
      return CLI_EXIT_TROUBLE;
    }
  int status = CLI_EXIT_OK;
  if (p.json)
    {
      fputs ("{\"file\":", stdout);
      cli_json_string (stdout, calltab_path (ct));
      fputs (",\"lookups\":[", stdout);
    }
  for (int i = 2; i < argc; i++)
    {
      int found = 0;
      if (p.json)
	printf ("%s{\"address\":%" PRIu64 ",\"entries\":[", i > 2 ? "," : "",
		addrs[i]);
      for (int t = CALLTAB_DCALL; t <= CALLTAB_PCALL; t++)
	{
	  size_t cookie = 0;
	  Calltab_Entry e;
	  while (calltab_lookup (ct, t, addrs[i], &cookie, &e) == 0)
	    {
	      if (p.json)
		{
		  if (found)
		    putchar (',');
		  cli_json_entry (stdout, ct, &e);
		}
	      else
		{
		  printf ("0x%" PRIx64 " ", addrs[i]);
		  cli_print_entry (stdout, ct, &e);
		}
	      found++;
	    }
	}
      if (p.json)
	fputs ("]}", stdout);
      else if (found == 0)
	printf ("0x%" PRIx64 " not found\n", addrs[i]);
      if (found == 0)
	status = CLI_EXIT_PROBLEMS;
    }
  if (p.json)
    fputs ("]}\n", stdout);
  calltab_end (ct);
  free (addrs);
  return status;
}
