/* cmd-disambiguate.c: calltab disambiguate FILE --pc ADDR --ra ADDR...:
   which function ran with its PC in merged code (docs/disambiguate.md,
   docs/cli.md).  */

#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include "calltab-cli.h"

static void
help (FILE *out)
{
  fputs ("Usage: calltab disambiguate [--json] [--debuginfo-path=PATH] FILE\n"
	 "         --pc ADDR [--ra ADDR]... [--this-vtable ADDR] [--bias ADDR]\n"
	 "         [--reg [FRAME:]REG=VALUE]...\n"
	 "  or:  calltab disambiguate [--json] --list[=merged|all] FILE\n"
	 "Say which function ran with its program counter at ADDR when the\n"
	 "linker or GCC merged identical functions there, from the call\n"
	 "tables: the first --ra is the return address of the frame at the\n"
	 "PC, the next its caller's, and so on.  Addresses are file addresses\n"
	 "(hexadecimal with 0x, or decimal).\n\n"
	 "  --pc ADDR           the program counter\n"
	 "  --ra ADDR           a return address, innermost first (repeat)\n"
	 "  --this-vtable ADDR  the vtable pointer of the object of the\n"
	 "                      innermost call, when it was virtual\n"
	 "  --reg [FRAME:]REG=VALUE\n"
	 "                      the value of DWARF register REG (x86-64: 0 rax,\n"
	 "                      1 rdx, 2 rcx, 3 rbx, 4 rsi, 5 rdi, 6 rbp, 7 rsp,\n"
	 "                      8-15 r8-r15) in frame FRAME (0, the default:\n"
	 "                      the one at the PC; N: the one at the Nth --ra),\n"
	 "                      as a debugger shows it (repeat)\n"
	 "  --bias ADDR         load bias subtracted from every address\n"
	 "  --list[=merged|all] list the addresses where two or more functions\n"
	 "                      start (merged, the default) or where any does\n"
	 "                      (all), with their functions\n"
	 "  --json              one JSON object instead of text\n"
	 "  --debuginfo-path=PATH\n"
	 "                      where to look for separate debug files\n"
	 "  -h, --help          print this help and exit\n\n"
	 "Output: the function (name as written, linkage name, DIE) and the\n"
	 "evidence; or 'undecidable', the reason and every candidate.\n"
	 "With --list: per address a line 'address ADDR functions=N', then\n"
	 "a line per function.\n"
	 "Exit status: 0 decided (or listed), 1 undecidable, 2 usage error or\n"
	 "unreadable file.\n", out);
}

static void
print_function (const char *keyword, const Calltab_Function *f,
		const char *note)
{
  if (keyword != NULL)
    printf ("%s ", keyword);
  else
    printf ("%s  ", f->name);
  printf ("linkage=%s die=0x%08" PRIx64 " low_pc=0x%" PRIx64 " size=%"
	  PRIu64, f->symbol ? f->symbol : "?", f->die, f->low_pc, f->size);
  if (keyword != NULL)
    printf (" name=%s", f->name);
  if (note != NULL)
    printf (" %s", note);
  putchar ('\n');
}

static void
json_function (const Calltab_Function *f)
{
  fputs ("{\"name\":", stdout);
  cli_json_string (stdout, f->name);
  fputs (",\"linkage_name\":", stdout);
  if (f->symbol != NULL)
    cli_json_string (stdout, f->symbol);
  else
    fputs ("null", stdout);
  printf (",\"die\":%" PRIu64 ",\"low_pc\":%" PRIu64 ",\"size\":%" PRIu64
	  "}", f->die, f->low_pc, f->size);
}

static void
print_json (const Calltab *ct, const Calltab_Query *q,
	    const Calltab_Decision *d)
{
  fputs ("{\"file\":", stdout);
  cli_json_string (stdout, calltab_path (ct));
  printf (",\"pc\":%" PRIu64 ",\"ra\":[", q->pc);
  for (size_t i = 0; i < q->nra; i++)
    printf ("%s%" PRIu64, i ? "," : "", q->ra[i]);
  fputs ("]", stdout);
  if (q->has_this_vtable)
    printf (",\"this_vtable\":%" PRIu64, q->this_vtable);
  printf (",\"verdict\":\"%s\"", d->verdict == CALLTAB_DECIDED
	  ? "decided" : "undecidable");
  if (d->verdict == CALLTAB_DECIDED)
    {
      fputs (",\"function\":", stdout);
      json_function (&d->function);
      fputs (",\"evidence\":", stdout);
    }
  else
    fputs (",\"reason\":", stdout);
  cli_json_string (stdout, d->evidence);
  if (d->table >= 0)
    {
      fputs (",\"entry\":", stdout);
      cli_json_entry (stdout, ct, &d->entry);
    }
  printf (",\"depth\":%zu,\"remaining\":%zu,\"candidates\":[", d->depth,
	  d->nremaining);
  for (size_t i = 0; i < d->ncandidates; i++)
    {
      if (i)
	putchar (',');
      json_function (&d->candidates[i]);
    }
  fputs ("]}\n", stdout);
}

static void
print_text (const Calltab *ct, const Calltab_Decision *d)
{
  if (d->verdict == CALLTAB_DECIDED)
    {
      print_function (NULL, &d->function, NULL);
      printf ("evidence %s\n", d->evidence);
    }
  else
    {
      puts ("undecidable");
      printf ("reason %s\n", d->evidence);
      for (size_t i = 0; i < d->ncandidates; i++)
	print_function ("candidate", &d->candidates[i],
			i < d->nremaining ? NULL : "excluded=slot");
    }
  if (d->table >= 0)
    {
      fputs ("entry ", stdout);
      cli_print_entry (stdout, ct, &d->entry);
    }
}

/* --list: the functions at every start address (ALL) or at the merged
   ones.  */
static int
list_functions (Calltab *ct, bool all, bool json)
{
  uint64_t *addrs;
  size_t n;
  if (calltab_function_starts (ct, !all, &addrs, &n) != 0)
    return -1;
  for (size_t i = 0; i < n; i++)
    {
      Calltab_Function *f;
      size_t nf;
      if (calltab_functions_at (ct, addrs[i], &f, &nf) != 0)
	{
	  free (addrs);
	  return -1;
	}
      if (json)
	{
	  printf ("{\"address\":%" PRIu64 ",\"functions\":[", addrs[i]);
	  for (size_t k = 0; k < nf; k++)
	    {
	      if (k)
		putchar (',');
	      json_function (&f[k]);
	    }
	  fputs ("]}\n", stdout);
	}
      else
	{
	  printf ("address 0x%" PRIx64 " functions=%zu\n", addrs[i], nf);
	  for (size_t k = 0; k < nf; k++)
	    print_function ("function", &f[k], NULL);
	}
      free (f);
    }
  free (addrs);
  return 0;
}

/* "[FRAME:]REG=VALUE": FRAME below NFRAMES, REG below CALLTAB_MAX_REGS.  */
static bool
parse_reg (const char *arg, size_t nframes, size_t *frame, unsigned *reg,
	   uint64_t *value)
{
  const char *eq = strchr (arg, '=');
  if (eq == NULL)
    return false;
  char *end;
  unsigned long n = strtoul (arg, &end, 10);
  *frame = 0;
  if (end != arg && *end == ':')
    {
      *frame = n;
      arg = end + 1;
      n = strtoul (arg, &end, 10);
    }
  if (end == arg || end != eq || n >= CALLTAB_MAX_REGS || *frame >= nframes)
    return false;
  *reg = (unsigned) n;
  return cli_parse_addr (eq + 1, value);
}

int
cmd_disambiguate (int argc, char **argv)
{
  enum { OPT_PC = 256, OPT_RA, OPT_THIS_VTABLE, OPT_BIAS, OPT_LIST,
	 OPT_REG };
  static const struct option options[] = {
    { "pc", required_argument, NULL, OPT_PC },
    { "ra", required_argument, NULL, OPT_RA },
    { "this-vtable", required_argument, NULL, OPT_THIS_VTABLE },
    { "bias", required_argument, NULL, OPT_BIAS },
    { "list", optional_argument, NULL, OPT_LIST },
    { "reg", required_argument, NULL, OPT_REG },
  };
  struct cli_parser p = { .cmd = "disambiguate", .help = help,
			  CLI_OPTIONS (options),
			  .common = CLI_JSON | CLI_DEBUGINFO_PATH };
  bool have_pc = false, list = false, list_all = false;
  uint64_t bias = 0;
  Calltab_Query q = { 0 };
  uint64_t *ra = calloc ((size_t) argc + 1, sizeof *ra);
  Calltab_Registers *regs = calloc ((size_t) argc + 1, sizeof *regs);
  if (ra == NULL || regs == NULL)
    {
      free (ra);
      free (regs);
      return CLI_EXIT_TROUBLE;
    }
  int c;
  while ((c = cli_getopt (&p, argc, argv)) != CLI_OPT_END)
    {
      uint64_t v;
      if (c == CLI_OPT_EXIT)
	{
	  free (ra);
	  free (regs);
	  return p.status;
	}
      if (c == OPT_REG)
	{
	  size_t frame;
	  unsigned reg;
	  if (!parse_reg (optarg, (size_t) argc, &frame, &reg, &v))
	    {
	      free (ra);
	      free (regs);
	      return cli_usage_error (p.cmd, "invalid register '%s' for "
				      "'--reg' ([FRAME:]REG=VALUE, REG a "
				      "DWARF register number below %d)",
				      optarg, CALLTAB_MAX_REGS);
	    }
	  regs[frame].known |= (uint64_t) 1 << reg;
	  regs[frame].value[reg] = v;
	  if (frame + 1 > q.nregs)
	    q.nregs = frame + 1;
	  continue;
	}
      if (c == OPT_LIST)
	{
	  list = true;
	  list_all = optarg != NULL && strcmp (optarg, "all") == 0;
	  if (optarg != NULL && !list_all && strcmp (optarg, "merged") != 0)
	    {
	      free (ra);
	      free (regs);
	      return cli_usage_error (p.cmd, "invalid argument '%s' for"
				      " '--list' (merged or all)", optarg);
	    }
	  continue;
	}
      if (!cli_parse_addr (optarg, &v))
	{
	  free (ra);
	  free (regs);
	  return cli_usage_error (p.cmd, "invalid address '%s' for '--%s'",
				  optarg, options[c - OPT_PC].name);
	}
      switch (c)
	{
	case OPT_PC: q.pc = v; have_pc = true; break;
	case OPT_RA: ra[q.nra++] = v; break;
	case OPT_THIS_VTABLE: q.this_vtable = v; q.has_this_vtable = 1; break;
	default: bias = v; break;
	}
    }
  const char *file = optind < argc ? argv[optind] : NULL;
  const char *why = file == NULL ? "missing FILE"
    : list && (have_pc || q.nra > 0 || q.has_this_vtable || q.nregs > 0)
    ? "--list takes no --pc, --ra, --this-vtable or --reg"
    : !have_pc && !list ? "missing --pc ADDR" : NULL;
  if (why != NULL || optind + 1 < argc)
    {
      free (ra);
      free (regs);
      if (why != NULL)
	return cli_usage_error (p.cmd, "%s", why);
      return cli_usage_error (p.cmd, "extra operand '%s'", argv[optind + 1]);
    }
  /* The addresses as the file has them.  */
  q.pc -= bias;
  for (size_t i = 0; i < q.nra; i++)
    ra[i] -= bias;
  if (q.has_this_vtable)
    q.this_vtable -= bias;
  q.ra = ra;
  q.regs = regs;
  q.bias = bias;

  Calltab *ct = calltab_begin_debuginfo (file, p.debuginfo_path);
  if (ct == NULL)
    {
      fprintf (stderr, "calltab: %s\n", calltab_errmsg (-1));
      free (ra);
      free (regs);
      return CLI_EXIT_TROUBLE;
    }
  Calltab_Decision d;
  int status;
  if (list)
    {
      status = CLI_EXIT_OK;
      if (list_functions (ct, list_all, p.json) != 0)
	{
	  fprintf (stderr, "calltab: %s\n", calltab_errmsg (-1));
	  status = CLI_EXIT_TROUBLE;
	}
    }
  else if (calltab_disambiguate (ct, &q, &d) != 0)
    {
      fprintf (stderr, "calltab: %s\n", calltab_errmsg (-1));
      status = CLI_EXIT_TROUBLE;
    }
  else
    {
      if (p.json)
	print_json (ct, &q, &d);
      else
	print_text (ct, &d);
      status = d.verdict == CALLTAB_DECIDED ? CLI_EXIT_OK : CLI_EXIT_PROBLEMS;
      calltab_decision_free (&d);
    }
  calltab_end (ct);
  free (ra);
  free (regs);
  return status;
}
