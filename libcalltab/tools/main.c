/* main.c: the calltab command, a thin front end over libcalltab.

   calltab COMMAND [OPTION]... FILE...
   Exit status: 0 success, 1 problems found (verify), 2 usage error or a
   file that could not be read.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "calltab.h"
#include "calltab-cli.h"

static const struct cli_command commands[] = {
  { "dump", cmd_dump, "print the decoded call tables of a file" },
  { "lookup", cmd_lookup, "find the table entries of return addresses" },
  { "verify", cmd_verify, "check the tables against the format, code and DWARF" },
  { "disambiguate", cmd_disambiguate,
    "say which of several merged functions ran at a PC" },
  { "backtrace", cmd_backtrace,
    "unwind a process or core, naming merged functions right" },
  { "perf-script", cmd_perf_script,
    "rewrite perf script output with the functions that ran" },
  { "prune", cmd_prune,
    "drop the entries no disambiguation needs" },
  { "afdo", cmd_afdo, "build a GCC AutoFDO profile from perf samples" },
  { "inlines", cmd_inlines,
    "list every inlined and out-of-line copy of a function" },
  { "where", cmd_where,
    "the inline chain at addresses (a symbolizer)" },
  { NULL, NULL, NULL }
};

static void
usage (FILE *out)
{
  fputs ("Usage: calltab COMMAND [OPTION]... FILE...\n"
	 "Read, verify and use the DWARF call tables (.debug_dcall,\n"
	 ".debug_vcall) emitted by the calltab GCC plugin.\n\n"
	 "Commands:\n", out);
  for (const struct cli_command *c = commands; c->name != NULL; c++)
    fprintf (out, "  %-13s %s\n", c->name, c->summary);
  fputs ("\nOptions:\n"
	 "  -h, --help     print this help and exit\n"
	 "  -V, --version  print the version and exit\n\n"
	 "'calltab COMMAND --help' describes a command; see calltab(1).\n",
	 out);
}

int
main (int argc, char **argv)
{
  if (argc < 2)
    {
      usage (stderr);
      return CLI_EXIT_TROUBLE;
    }
  const char *cmd = argv[1];
  if (strcmp (cmd, "-h") == 0 || strcmp (cmd, "--help") == 0)
    {
      usage (stdout);
      return CLI_EXIT_OK;
    }
  if (strcmp (cmd, "-V") == 0 || strcmp (cmd, "--version") == 0)
    {
      printf ("calltab %s\n", calltab_version ());
      return CLI_EXIT_OK;
    }
  for (const struct cli_command *c = commands; c->name != NULL; c++)
    if (strcmp (c->name, cmd) == 0)
      return c->run (argc - 1, argv + 1);

  fprintf (stderr, "calltab: unknown command '%s'; "
	   "'calltab --help' lists the commands\n", cmd);
  return CLI_EXIT_TROUBLE;
}
