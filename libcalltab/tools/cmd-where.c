/* cmd-where.c: calltab where FILE [ADDR...] [--ra ADDR]...: the inline
   chain at each address, innermost first, then the out-of-line function;
   in merged code the function the call tables decide (docs/cli.md).
   Without ADDR, one address per line of stdin (a symbolizer in a
   pipeline: one output line per input line, flushed).  */

#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include "calltab-cli.h"

static void
help (FILE *out)
{
  fputs ("Usage: calltab where [--json] [--debuginfo-path=PATH] [--bias ADDR]\n"
	 "         FILE [ADDR]... [--ra ADDR]...\n"
	 "For each file address ADDR (hexadecimal with 0x, or decimal), the\n"
	 "chain of inlined functions at it, innermost first, each with its\n"
	 "file:line:column and discriminator (the line table's row at ADDR\n"
	 "for the innermost, the call site for the others), then the\n"
	 "out-of-line function.  Inside merged code (identical code folding)\n"
	 "the function the call tables decide with the return addresses\n"
	 "given (--ra, innermost first, as calltab disambiguate), else\n"
	 "'undecidable'.  Without ADDR, reads lines 'ADDR [RA]...' from stdin\n"
	 "and answers each with one line, flushed.\n\n"
	 "  --ra ADDR   a return address of the frames above (repeat)\n"
	 "  --bias ADDR load bias subtracted from every address\n"
	 "  --json      one JSON object per line instead of text\n"
	 "  --debuginfo-path=PATH\n"
	 "              where to look for separate debug files\n"
	 "  -h, --help  print this help and exit\n\n"
	 "Output, one line per address: 'ADDR NAME at FILE:LINE:COLUMN\n"
	 "[discriminator N]', then '; NAME at ...' for each caller up to\n"
	 "the out-of-line function; in merged code '; merged: ran NAME' or\n"
	 "'; merged: undecidable (CANDIDATES)'; ADDR then ?? without DWARF.\n"
	 "Exit status: 0 every address found (and decided), 1 some address\n"
	 "not found, undecidable or invalid, 2 usage error or unreadable file.\n",
	 out);
}

struct where
{
  Calltab *ct;
  Calltab_Inlines *ix;
  bool json;
  uint64_t bias;
};

static void
print_pos (const Calltab_Inline_Frame *f)
{
  printf ("%s at %s:%d", f->name, f->file ? f->file : "??", f->line);
  if (f->column > 0)
    printf (":%d", f->column);
  if (f->discriminator != 0)
    printf (" discriminator %u", f->discriminator);
}

static void
json_frame (const Calltab_Inline_Frame *f)
{
  fputs ("{\"function\":", stdout);
  cli_json_string (stdout, f->name);
  fputs (",\"linkage_name\":", stdout);
  cli_json_string (stdout, f->linkage_name);
  printf (",\"inlined\":%s,\"die\":%" PRIu64 ",\"origin\":%" PRIu64
	  ",\"low\":%" PRIu64 ",\"high\":%" PRIu64 ",\"file\":",
	  f->inlined ? "true" : "false", f->die, f->origin, f->low, f->high);
  cli_json_string (stdout, f->file);
  printf (",\"line\":%d,\"column\":%d,\"discriminator\":%u}", f->line,
	  f->column, f->discriminator);
}

/* Answer for ADDR (as given) with the return addresses RA[0..NRA).
   Returns the exit status it contributes, -1 on error.  */
static int
answer (struct where *w, uint64_t given, uint64_t *ra, size_t nra)
{
  uint64_t addr = given - w->bias;
  for (size_t i = 0; i < nra; i++)
    ra[i] -= w->bias;
  Calltab_Inline_Frame *f;
  size_t n;
  if (calltab_where (w->ix, addr, 0, &f, &n) != 0)
    return -1;
  /* Merged code: the function the tables decide, and its chain.  */
  bool merged = n > 0 && f[n - 1].nfunctions > 1;
  Calltab_Decision d = { .table = -1 };
  if (merged)
    {
      Calltab_Query q = { .pc = addr, .ra = ra, .nra = nra };
      if (calltab_disambiguate (w->ct, &q, &d) != 0)
	{
	  free (f);
	  return -1;
	}
      if (d.verdict == CALLTAB_DECIDED && d.function.die != 0)
	{
	  free (f);
	  if (calltab_where (w->ix, addr, d.function.die, &f, &n) != 0)
	    {
	      calltab_decision_free (&d);
	      return -1;
	    }
	}
    }
  int status = n == 0 || (merged && d.verdict != CALLTAB_DECIDED)
    ? CLI_EXIT_PROBLEMS : CLI_EXIT_OK;
  if (w->json)
    {
      printf ("{\"address\":%" PRIu64 ",\"found\":%s,\"frames\":[", given,
	      n ? "true" : "false");
      for (size_t i = 0; i < n; i++)
	{
	  if (i)
	    putchar (',');
	  json_frame (&f[i]);
	}
      printf ("],\"merged\":%s", merged ? "true" : "false");
      if (merged)
	{
	  putchar (',');
	  cli_json_decision (stdout, 1, &d, NULL);
	}
      fputs ("}\n", stdout);
    }
  else
    {
      printf ("0x%" PRIx64, given);
      if (n == 0)
	fputs (" ??", stdout);
      for (size_t i = 0; i < n; i++)
	{
	  fputs (i ? "; " : " ", stdout);
	  print_pos (&f[i]);
	}
      if (merged)
	{
	  if (d.verdict == CALLTAB_DECIDED)
	    printf ("; merged: ran %s", d.function.name);
	  else
	    {
	      fputs ("; merged: undecidable (", stdout);
	      cli_print_candidates (stdout, &d);
	      putchar (')');
	    }
	}
      putchar ('\n');
    }
  free (f);
  if (merged)
    calltab_decision_free (&d);
  return status;
}

/* One line of stdin: "ADDR [RA]...".  */
static int
answer_line (struct where *w, char *line)
{
  uint64_t ra[64];
  size_t nra = 0;
  uint64_t addr = 0;
  bool have = false;
  for (char *tok = strtok (line, " \t\r\n"); tok != NULL;
       tok = strtok (NULL, " \t\r\n"))
    {
      uint64_t v;
      if (!cli_parse_addr (tok, &v))
	{
	  if (w->json)
	    {
	      fputs ("{\"error\":", stdout);
	      cli_json_string (stdout, "invalid address");
	      fputs (",\"input\":", stdout);
	      cli_json_string (stdout, tok);
	      fputs ("}\n", stdout);
	    }
	  else
	    printf ("?? invalid address '%s'\n", tok);
	  return CLI_EXIT_PROBLEMS;
	}
      if (!have)
	{
	  addr = v;
	  have = true;
	}
      else if (nra < sizeof ra / sizeof ra[0])
	ra[nra++] = v;
    }
  if (!have)
    {
      putchar ('\n');
      return CLI_EXIT_OK;
    }
  return answer (w, addr, ra, nra);
}

int
cmd_where (int argc, char **argv)
{
  enum { OPT_RA = 256, OPT_BIAS };
  static const struct option options[] = {
    { "ra", required_argument, NULL, OPT_RA },
    { "bias", required_argument, NULL, OPT_BIAS },
  };
  struct cli_parser p = { .cmd = "where", .help = help,
			  CLI_OPTIONS (options),
			  .common = CLI_JSON | CLI_DEBUGINFO_PATH };
  const char *file = NULL;
  struct where w = { 0 };
  uint64_t *addrs = calloc ((size_t) argc + 1, sizeof *addrs);
  uint64_t *ra = calloc ((size_t) argc + 1, sizeof *ra);
  size_t naddrs = 0, nra = 0;
  int status = CLI_EXIT_TROUBLE;
  if (addrs == NULL || ra == NULL)
    goto done;
  int c;
  while ((c = cli_getopt (&p, argc, argv)) != CLI_OPT_END)
    {
      uint64_t v;
      if (c == CLI_OPT_EXIT)
	{
	  status = p.status;
	  goto done;
	}
      if (!cli_parse_addr (optarg, &v))
	{
	  status = cli_usage_error (p.cmd, "invalid address '%s' for '--%s'",
				    optarg, c == OPT_RA ? "ra" : "bias");
	  goto done;
	}
      if (c == OPT_RA)
	ra[nra++] = v;
      else
	w.bias = v;
    }
  if (optind == argc)
    {
      status = cli_usage_error (p.cmd, "missing FILE");
      goto done;
    }
  file = argv[optind];
  for (int i = optind + 1; i < argc; i++)
    if (!cli_parse_addr (argv[i], &addrs[naddrs++]))
      {
	status = cli_usage_error (p.cmd, "invalid address '%s'", argv[i]);
	goto done;
      }
  w.json = p.json;
  w.ct = calltab_begin_debuginfo (file, p.debuginfo_path);
  if (w.ct == NULL || (w.ix = calltab_inlines_begin (w.ct)) == NULL)
    {
      fprintf (stderr, "calltab: %s\n", calltab_errmsg (-1));
      goto done;
    }
  status = CLI_EXIT_OK;
  if (naddrs > 0)
    for (size_t i = 0; i < naddrs; i++)
      {
	uint64_t copy[nra + 1];
	memcpy (copy, ra, nra * sizeof *ra);
	int s = answer (&w, addrs[i], copy, nra);
	if (s < 0)
	  goto error;
	if (s > status)
	  status = s;
      }
  else
    {
      char *line = NULL;
      size_t cap = 0;
      while (getline (&line, &cap, stdin) != -1)
	{
	  int s = answer_line (&w, line);
	  fflush (stdout);
	  if (s < 0)
	    {
	      free (line);
	      goto error;
	    }
	  if (s > status)
	    status = s;
	}
      free (line);
    }
  goto done;

error:
  fprintf (stderr, "calltab: %s\n", calltab_errmsg (-1));
  status = CLI_EXIT_TROUBLE;
  goto done;
done:
  calltab_inlines_end (w.ix);
  calltab_end (w.ct);
  free (addrs);
  free (ra);
  return status;
}
