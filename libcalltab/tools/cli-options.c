/* cli-options.c: the one option parser of the calltab subcommands
   (docs/cli.md, "Options common to every command").

   getopt_long over the command's own table joined to the common set:
   -h/--help, --json (CLI_JSON), --debuginfo-path=PATH and
   --debuginfo-path PATH (CLI_DEBUGINFO_PATH).  Options may follow the
   operands (GNU permutation), `--` ends them.  Every usage error is
   written in one form,

     calltab CMD: unrecognized option '--x'
     Try 'calltab CMD --help' for more information.

   and makes the command exit with status 2.  getopt's own messages are
   off (opterr = 0): the wording is this file's, in glibc's words, and
   does not change with the C library's version or the locale.  */

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "calltab-cli.h"

/* The common options' values: above every command's own.  */
enum
{
  OPT_JSON = CLI_OPT_COMMON,
  OPT_DEBUGINFO_PATH
};

/* The line that ends every usage error; returns the exit status.  */
static int
try_help (const char *cmd)
{
  fprintf (stderr, "\nTry 'calltab %s --help' for more information.\n",
	   cmd);
  return CLI_EXIT_TROUBLE;
}

int
cli_usage_error (const char *cmd, const char *fmt, ...)
{
  va_list ap;
  fprintf (stderr, "calltab %s: ", cmd);
  va_start (ap, fmt);
  vfprintf (stderr, fmt, ap);
  va_end (ap);
  return try_help (cmd);
}

/* The table and short options of P: the command's, then the common set.
   Returns -1 when they do not fit (a programming error).  */
static int
build (struct cli_parser *p)
{
  size_t n = p->nlongopts;
  if (n + 4 > CLI_MAX_OPTIONS)
    return -1;
  if (n > 0)
    memcpy (p->all, p->longopts, n * sizeof *p->all);
  p->all[n++] = (struct option) { "help", no_argument, NULL, 'h' };
  if (p->common & CLI_JSON)
    p->all[n++] = (struct option) { "json", no_argument, NULL, OPT_JSON };
  if (p->common & CLI_DEBUGINFO_PATH)
    p->all[n++] = (struct option) { "debuginfo-path", required_argument,
				    NULL, OPT_DEBUGINFO_PATH };
  p->all[n] = (struct option) { NULL, 0, NULL, 0 };
  /* ':' first: a missing argument returns ':', not '?'.  */
  const char *own = p->shortopts ? p->shortopts : "";
  if (strlen (own) + 3 > sizeof p->shorts)
    return -1;
  strcpy (p->shorts, ":h");
  strcat (p->shorts, own);
  optind = 0;			/* glibc: start afresh */
  opterr = 0;
  p->built = 1;
  return 0;
}

/* The name of P's long option with value VAL (getopt_long reports a
   long option's error by its value, in optopt).  */
static const char *
name_of (const struct cli_parser *p, int val)
{
  for (const struct option *o = p->all; o->name; o++)
    if (o->val == val)
      return o->name;
  return "?";
}

/* Whether C is one of P's short options.  */
static int
is_short (const struct cli_parser *p, int c)
{
  return c > 0 && c < 256 && c != ':' && strchr (p->shorts + 1, c) != NULL;
}

/* The message for ARG (an element "--NAME[=VALUE]" that getopt_long did
   not take): ambiguous, or unrecognized.  */
static int
bad_long (const struct cli_parser *p, const char *arg)
{
  const char *name = arg + 2;
  size_t len = strcspn (name, "=");
  size_t matches = 0;
  for (const struct option *o = p->all; o->name; o++)
    matches += strncmp (o->name, name, len) == 0;
  if (matches < 2)
    return cli_usage_error (p->cmd, "unrecognized option '%s'", arg);
  fprintf (stderr, "calltab %s: option '--%.*s' is ambiguous; "
	   "possibilities:", p->cmd, (int) len, name);
  for (const struct option *o = p->all; o->name; o++)
    if (strncmp (o->name, name, len) == 0)
      fprintf (stderr, " '--%s'", o->name);
  return try_help (p->cmd);
}

int
cli_getopt (struct cli_parser *p, int argc, char **argv)
{
  if (!p->built && build (p) != 0)
    {
      fprintf (stderr, "calltab %s: too many options\n", p->cmd);
      p->status = CLI_EXIT_TROUBLE;
      return CLI_OPT_EXIT;
    }
  for (;;)
    {
      int c = getopt_long (argc, argv, p->shorts, p->all, NULL);
      /* The element just read, for the messages: getopt_long has gone
	 past a long option (and a short one at the end of its element,
	 the case of a missing argument).  */
      const char *arg = optind > 0 && optind <= argc ? argv[optind - 1] : "";
      switch (c)
	{
	case -1:
	  return CLI_OPT_END;
	case 'h':
	  p->help (stdout);
	  p->status = CLI_EXIT_OK;
	  return CLI_OPT_EXIT;
	case OPT_JSON:
	  p->json = 1;
	  continue;
	case OPT_DEBUGINFO_PATH:
	  p->debuginfo_path = optarg;
	  continue;
	case ':':
	  if (strncmp (arg, "--", 2) == 0)
	    p->status = cli_usage_error (p->cmd, "option '--%s' requires an "
					 "argument", name_of (p, optopt));
	  else
	    p->status = cli_usage_error (p->cmd, "option requires an "
					 "argument -- '%c'", optopt);
	  return CLI_OPT_EXIT;
	case '?':
	  if (optopt == 0)
	    p->status = bad_long (p, arg);
	  else if (optopt >= 256 || is_short (p, optopt))
	    /* --NAME=VALUE for an option without an argument.  */
	    p->status = cli_usage_error (p->cmd, "option '--%s' doesn't "
					 "allow an argument",
					 name_of (p, optopt));
	  else
	    p->status = cli_usage_error (p->cmd, "invalid option -- '%c'",
					 optopt);
	  return CLI_OPT_EXIT;
	default:
	  return c;
	}
    }
}

int
cli_parse_addr (const char *s, uint64_t *v)
{
  char *end;
  errno = 0;
  *v = strtoull (s, &end, 0);
  return errno == 0 && end != s && *end == '\0' && s[0] != '-';
}
