/* cmd-inlines.c: calltab inlines FUNC FILE: every copy of a function,
   inlined or out of line, per compilation unit under its abstract
   definition, with ranges, call sites and callers (docs/cli.md).  */

#include <inttypes.h>
#include <stdbool.h>
#include <string.h>
#include "calltab-cli.h"

static void
help (FILE *out)
{
  fputs ("Usage: calltab inlines [--json] [--debuginfo-path=PATH] FUNC FILE\n"
	 "List every copy of the function FUNC (its name, linkage name, a\n"
	 "symbol of it (foo.isra.0, a C++ structor's other variant), or C++\n"
	 "name with or without parameters) in FILE's DWARF: the inlined\n"
	 "copies with their PC ranges, call site (file:line:column,\n"
	 "discriminator) and callers up to the out-of-line function; the\n"
	 "out-of-line copies and IPA clones (foo.isra.0, foo.constprop.0,\n"
	 "foo.part.0).  Grouped per compilation unit under the abstract\n"
	 "definition.\n\n"
	 "  --json      one JSON object instead of text\n"
	 "  --debuginfo-path=PATH\n"
	 "              where to look for separate debug files\n"
	 "  -h, --help  print this help and exit\n\n"
	 "Output: 'function NAME decl=FILE:LINE cu=CU die=0xDIE', then a line\n"
	 "per copy: 'inlined RANGES call=FILE:LINE:COLUMN discriminator=N\n"
	 "die=0xDIE in CALLER; ...; OUTER', 'out-of-line RANGES entry=0xPC\n"
	 "die=0xDIE symbol=SYM' or 'clone ...' the same; RANGES is\n"
	 "0xLOW-0xHIGH[,...] (end excluded; @SCN: section offsets in an\n"
	 "object).\n"
	 "Exit status: 0 copies found, 1 none, 2 usage error or unreadable\n"
	 "file.\n", out);
}

static const char *
kind_name (int kind)
{
  return kind == CALLTAB_INLINED ? "inlined"
    : kind == CALLTAB_CLONE ? "clone" : "out-of-line";
}

static void
print_ranges (const Calltab_Inline_Copy *c)
{
  for (size_t i = 0; i < c->nranges; i++)
    {
      printf ("%s0x%" PRIx64 "-0x%" PRIx64, i ? "," : "", c->ranges[i].low,
	      c->ranges[i].high);
      if (c->ranges[i].scn != 0)
	printf ("@%zu", c->ranges[i].scn);
    }
  if (c->nranges == 0)
    fputs ("-", stdout);
}

static void
print_text (const Calltab_Inline_Def *defs, size_t n)
{
  for (size_t i = 0; i < n; i++)
    {
      const Calltab_Inline_Def *d = &defs[i];
      printf ("function %s decl=%s:%d cu=%s die=0x%08" PRIx64 "\n", d->name,
	      d->decl_file ? d->decl_file : "??", d->decl_line,
	      d->cu ? d->cu : "??", d->die);
      for (size_t j = 0; j < d->ncopies; j++)
	{
	  const Calltab_Inline_Copy *c = &d->copies[j];
	  printf ("%s ", kind_name (c->kind));
	  print_ranges (c);
	  if (c->kind != CALLTAB_INLINED)
	    {
	      printf (" entry=0x%" PRIx64 " die=0x%08" PRIx64 " symbol=%s\n",
		      c->entry_pc, c->die, c->symbol ? c->symbol : "?");
	      continue;
	    }
	  printf (" call=%s:%d:%d discriminator=%u die=0x%08" PRIx64 " in ",
		  c->call_file ? c->call_file : "??", c->call_line,
		  c->call_column, c->call_discriminator, c->die);
	  for (size_t k = 0; k < c->ncallers; k++)
	    printf ("%s%s", k ? "; " : "", c->callers[k].name);
	  putchar ('\n');
	}
    }
}

static void
json_caller (const Calltab_Inline_Frame *f)
{
  fputs ("{\"function\":", stdout);
  cli_json_string (stdout, f->name);
  fputs (",\"linkage_name\":", stdout);
  cli_json_string (stdout, f->linkage_name);
  printf (",\"inlined\":%s,\"die\":%" PRIu64 ",\"file\":",
	  f->inlined ? "true" : "false", f->die);
  cli_json_string (stdout, f->file);
  printf (",\"line\":%d,\"column\":%d,\"discriminator\":%u}", f->line,
	  f->column, f->discriminator);
}

static void
print_json (const Calltab *ct, const char *func,
	    const Calltab_Inline_Def *defs, size_t n)
{
  fputs ("{\"file\":", stdout);
  cli_json_string (stdout, calltab_path (ct));
  fputs (",\"query\":", stdout);
  cli_json_string (stdout, func);
  fputs (",\"definitions\":[", stdout);
  for (size_t i = 0; i < n; i++)
    {
      const Calltab_Inline_Def *d = &defs[i];
      fputs (i ? ",{\"name\":" : "{\"name\":", stdout);
      cli_json_string (stdout, d->name);
      fputs (",\"linkage_name\":", stdout);
      cli_json_string (stdout, d->linkage_name);
      fputs (",\"decl_file\":", stdout);
      cli_json_string (stdout, d->decl_file);
      printf (",\"decl_line\":%d,\"cu\":", d->decl_line);
      cli_json_string (stdout, d->cu);
      printf (",\"cu_die\":%" PRIu64 ",\"die\":%" PRIu64 ",\"copies\":[",
	      d->cu_die, d->die);
      for (size_t j = 0; j < d->ncopies; j++)
	{
	  const Calltab_Inline_Copy *c = &d->copies[j];
	  printf ("%s{\"kind\":\"%s\",\"die\":%" PRIu64 ",\"entry_pc\":%"
		  PRIu64 ",\"ranges\":[", j ? "," : "", kind_name (c->kind),
		  c->die, c->entry_pc);
	  for (size_t k = 0; k < c->nranges; k++)
	    printf ("%s{\"low\":%" PRIu64 ",\"high\":%" PRIu64 ",\"scn\":%zu}",
		    k ? "," : "", c->ranges[k].low, c->ranges[k].high,
		    c->ranges[k].scn);
	  putchar (']');
	  if (c->kind != CALLTAB_INLINED)
	    {
	      fputs (",\"symbol\":", stdout);
	      cli_json_string (stdout, c->symbol);
	      putchar ('}');
	      continue;
	    }
	  fputs (",\"call_file\":", stdout);
	  cli_json_string (stdout, c->call_file);
	  printf (",\"call_line\":%d,\"call_column\":%d,\"discriminator\":%u"
		  ",\"callers\":[", c->call_line, c->call_column,
		  c->call_discriminator);
	  for (size_t k = 0; k < c->ncallers; k++)
	    {
	      if (k)
		putchar (',');
	      json_caller (&c->callers[k]);
	    }
	  fputs ("]}", stdout);
	}
      fputs ("]}", stdout);
    }
  fputs ("]}\n", stdout);
}

int
cmd_inlines (int argc, char **argv)
{
  struct cli_parser p = { .cmd = "inlines", .help = help,
			  .common = CLI_JSON | CLI_DEBUGINFO_PATH };
  if (cli_getopt (&p, argc, argv) != CLI_OPT_END)
    return p.status;
  if (argc - optind < 2)
    return cli_usage_error (p.cmd, optind == argc ? "missing FUNC"
			    : "missing FILE");
  if (argc - optind > 2)
    return cli_usage_error (p.cmd, "extra operand '%s'", argv[optind + 2]);
  const char *const *args = (const char *const *) argv + optind;
  const char *debuginfo_path = p.debuginfo_path;
  bool json = p.json;
  Calltab *ct = calltab_begin_debuginfo (args[1], debuginfo_path);
  Calltab_Inlines *ix = ct ? calltab_inlines_begin (ct) : NULL;
  Calltab_Inline_Def *defs;
  size_t n;
  if (ix == NULL || calltab_inlines_find (ix, args[0], &defs, &n) != 0)
    {
      fprintf (stderr, "calltab: %s\n", calltab_errmsg (-1));
      calltab_inlines_end (ix);
      calltab_end (ct);
      return CLI_EXIT_TROUBLE;
    }
  if (json)
    print_json (ct, args[0], defs, n);
  else
    print_text (defs, n);
  if (n == 0 && !json)
    fprintf (stderr, "calltab inlines: no function '%s' with code in %s\n",
	     args[0], args[1]);
  calltab_inline_defs_free (defs, n);
  calltab_inlines_end (ix);
  calltab_end (ct);
  return n ? CLI_EXIT_OK : CLI_EXIT_PROBLEMS;
}
