/* cmd-lookup.c: calltab lookup FILE ADDR...: the entries of both tables
   whose return address is ADDR.  */

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "calltab-cli.h"

static void
help (FILE *out)
{
  fputs ("Usage: calltab lookup FILE ADDR...\n"
	 "Print the .debug_dcall and .debug_vcall entries whose call_site\n"
	 "(return address) is ADDR (hexadecimal with 0x, or decimal).\n"
	 "After identical code folding one address may have several.\n\n"
	 "  -h, --help  print this help and exit\n\n"
	 "Exit status: 0 every address found, 1 some address has no entry,\n"
	 "2 usage error or unreadable file.\n", out);
}

int
cmd_lookup (int argc, char **argv)
{
  if (argc > 1 && (strcmp (argv[1], "-h") == 0
		   || strcmp (argv[1], "--help") == 0))
    {
      help (stdout);
      return CLI_EXIT_OK;
    }
  if (argc < 3)
    {
      help (stderr);
      return CLI_EXIT_TROUBLE;
    }
  uint64_t *addrs = calloc ((size_t) argc, sizeof *addrs);
  if (addrs == NULL)
    return CLI_EXIT_TROUBLE;
  for (int i = 2; i < argc; i++)
    {
      char *end;
      errno = 0;
      addrs[i] = strtoull (argv[i], &end, 0);
      if (errno != 0 || end == argv[i] || *end != '\0' || argv[i][0] == '-')
	{
	  fprintf (stderr, "calltab lookup: invalid address '%s'\n", argv[i]);
	  free (addrs);
	  return CLI_EXIT_TROUBLE;
	}
    }
  Calltab *ct = calltab_begin (argv[1]);
  if (ct == NULL)
    {
      fprintf (stderr, "calltab: %s\n", calltab_errmsg (-1));
      free (addrs);
      return CLI_EXIT_TROUBLE;
    }
  int status = CLI_EXIT_OK;
  for (int i = 2; i < argc; i++)
    {
      int found = 0;
      for (int t = CALLTAB_DCALL; t <= CALLTAB_VCALL; t++)
	{
	  size_t cookie = 0;
	  Calltab_Entry e;
	  while (calltab_lookup (ct, t, addrs[i], &cookie, &e) == 0)
	    {
	      printf ("0x%" PRIx64 " ", addrs[i]);
	      cli_print_entry (stdout, ct, &e);
	      found++;
	    }
	}
      if (found == 0)
	{
	  printf ("0x%" PRIx64 " not found\n", addrs[i]);
	  status = CLI_EXIT_PROBLEMS;
	}
    }
  calltab_end (ct);
  free (addrs);
  return status;
}
