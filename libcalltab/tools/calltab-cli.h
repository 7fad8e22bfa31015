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

#include <getopt.h>
#include <stdio.h>
#include "calltab.h"

/* cli-options.c: the option parser every subcommand uses (getopt_long,
   GNU permutation, `--`).  A command fills NAME, HELP, its own options
   (SHORTOPTS in getopt's syntax, LONGOPTS with CLI_OPTIONS (TABLE);
   values of long-only options from 256 up to CLI_OPT_COMMON) and COMMON, then
   calls cli_getopt until it returns CLI_OPT_END (the operands are then
   ARGV[optind..ARGC)) or CLI_OPT_EXIT (return STATUS: 0 after --help,
   2 after a usage error, already reported).  The common options are
   handled there: -h/--help prints HELP on stdout, --json sets JSON,
   --debuginfo-path=PATH (or --debuginfo-path PATH) sets DEBUGINFO_PATH.
   */
enum
{
  CLI_JSON = 1,			/* the command has --json */
  CLI_DEBUGINFO_PATH = 2,	/* the command has --debuginfo-path */
  CLI_OPT_COMMON = 0x7000,	/* the common options' values from here */
  CLI_OPT_END = -1,
  CLI_OPT_EXIT = -2,
  CLI_MAX_OPTIONS = 24
};

struct cli_parser
{
  const char *cmd;		/* "dump": the messages' prefix */
  void (*help) (FILE *out);
  const char *shortopts;
  const struct option *longopts;
  size_t nlongopts;
  unsigned common;		/* CLI_JSON | CLI_DEBUGINFO_PATH */
  /* Set by cli_getopt.  */
  int json;
  const char *debuginfo_path;
  int status;
  /* Private.  */
  int built;
  struct option all[CLI_MAX_OPTIONS];
  char shorts[32];
};

#define CLI_OPTIONS(table) \
  .longopts = (table), .nlongopts = sizeof (table) / sizeof *(table)

int cli_getopt (struct cli_parser *p, int argc, char **argv);

/* A usage error: "calltab CMD: MESSAGE" and "Try 'calltab CMD --help'
   for more information." on stderr.  Returns CLI_EXIT_TROUBLE.  */
int cli_usage_error (const char *cmd, const char *fmt, ...)
  __attribute__ ((format (printf, 2, 3)));

/* An address as the commands take it: hexadecimal with 0x, octal with
   0, or decimal, no sign.  Returns nonzero when S is one (*V set).  */
int cli_parse_addr (const char *s, uint64_t *v);

/* The subcommands (one file each: cmd-NAME.c).  */
int cmd_dump (int argc, char **argv);
int cmd_lookup (int argc, char **argv);
int cmd_verify (int argc, char **argv);
int cmd_disambiguate (int argc, char **argv);
int cmd_backtrace (int argc, char **argv);
int cmd_perf_script (int argc, char **argv);
int cmd_prune (int argc, char **argv);
int cmd_afdo (int argc, char **argv);
int cmd_inlines (int argc, char **argv);
int cmd_where (int argc, char **argv);

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

/* frames-decide.c (calltab backtrace, calltab perf-script): one Calltab
   handle per module file, opened once (NULL when the file has no usable
   tables: a note on stderr unless QUIET).  */
struct cli_modules;
struct cli_modules *cli_modules_new (const char *debuginfo_path, int quiet);
Calltab *cli_modules_get (struct cli_modules *m, const char *path);
void cli_modules_free (struct cli_modules *m);

/* One frame of a call chain: CT the handle of its module (NULL if none),
   ADDR the file address of its PC (a return address unless ACTIVATION:
   the innermost frame, or one interrupted by a signal).  */
struct cli_frame
{
  Calltab *ct;
  uint64_t addr;		/* file address */
  uint64_t bias;		/* its module's load bias */
  int activation;
  Calltab_Registers regs;	/* as the unwinder restores them */
};

/* The question for frame K of FRAMES[0..N): its PC (ADDR - 1 when not
   an activation), the return addresses of the frames above it in the
   same module, and their registers.  Returns 0 (D filled; release with calltab_decision_free),
   1 no handle (D cleared), -1 error.  */
int cli_frame_decide (const struct cli_frame *frames, size_t n, size_t k,
		      Calltab_Decision *d);
/* The name to print for D: the function, "undecidable", or FALLBACK (the
   symbol table's name, when no function holds the address).  */
const char *cli_decision_name (const Calltab_Decision *d,
			       const char *fallback);
/* Whether D is about merged code (several candidates, or undecidable).  */
int cli_decision_merged (const Calltab_Decision *d);
/* The candidates' names, ", " separated.  */
void cli_print_candidates (FILE *out, const Calltab_Decision *d);
/* The members "verdict", "function", "evidence", ... of a frame's JSON
   object (DECIDED: 0 when there was no handle).  */
void cli_json_decision (FILE *out, int decided, const Calltab_Decision *d,
			const char *fallback);

#endif /* calltab-cli.h */
