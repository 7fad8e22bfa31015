/* calltab-cli.h: what the calltab command's subcommands share.  */

#ifndef CALLTAB_CLI_H
#define CALLTAB_CLI_H 1

/* Exit status, as calltab(1) documents it.  */
enum
{
  CLI_EXIT_OK = 0,		/* success; verify: no problem found */
  CLI_EXIT_PROBLEMS = 1,	/* verify: problems found */
  CLI_EXIT_TROUBLE = 2		/* usage error, or a file could not be read */
};

/* One subcommand: ARGV[0] is its name.  */
struct cli_command
{
  const char *name;
  int (*run) (int argc, char **argv);
  const char *summary;
};

#include <stdio.h>
#include "calltab.h"

/* The subcommands (one file each: cmd-NAME.c).  */
int cmd_dump (int argc, char **argv);
int cmd_lookup (int argc, char **argv);
int cmd_verify (int argc, char **argv);
int cmd_disambiguate (int argc, char **argv);
int cmd_backtrace (int argc, char **argv);
int cmd_perf_script (int argc, char **argv);
int cmd_prune (int argc, char **argv);

/* Text output (docs/cli.md): the "entry" line of ENTRY, without the
   leading keyword, and the "unit"/"caller" lines.  */
void cli_print_entry (FILE *out, const Calltab *ct, const Calltab_Entry *e);
void cli_print_unit (FILE *out, const Calltab *ct, const Calltab_Unit *u);

/* JSON output: a string with escapes, an entry object, a unit object
   (with its entries).  */
void cli_json_string (FILE *out, const char *s);
void cli_json_entry (FILE *out, const Calltab *ct, const Calltab_Entry *e);

/* The name of TABLE as the output writes it: "dcall" or "vcall".  */
const char *cli_table_name (int table);

/* Print every problem of CT on stderr ("calltab: error: MESSAGE").
   Returns the number of errors (warnings not counted).  */
size_t cli_print_problems (const Calltab *ct);

#endif /* calltab-cli.h */
