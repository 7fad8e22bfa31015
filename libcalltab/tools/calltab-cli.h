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

/* The subcommands.  */
int cmd_verify (int argc, char **argv);	/* cmd-verify.c */

#endif /* calltab-cli.h */
