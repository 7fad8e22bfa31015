/* frames-decide.c: what calltab backtrace and calltab perf-script share:
   one Calltab handle per module file (opened once, cached by path), the
   question for one frame of a call chain, and the frame's output (the
   function name, the decision as JSON).  docs/backtrace.md.  */

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "calltab-cli.h"

struct cli_module
{
  char *path;
  Calltab *ct;			/* NULL: could not be opened (ERROR) */
  char *error;
};

struct cli_modules
{
  char *debuginfo_path;
  int quiet;
  struct cli_module *v;
  size_t n, alloc;
};

struct cli_modules *
cli_modules_new (const char *debuginfo_path, int quiet)
{
  struct cli_modules *m = calloc (1, sizeof *m);
  if (m == NULL)
    return NULL;
  if (debuginfo_path != NULL
      && (m->debuginfo_path = strdup (debuginfo_path)) == NULL)
    {
      free (m);
      return NULL;
    }
  m->quiet = quiet;
  return m;
}

void
cli_modules_free (struct cli_modules *m)
{
  if (m == NULL)
    return;
  for (size_t i = 0; i < m->n; i++)
    {
      calltab_end (m->v[i].ct);
      free (m->v[i].path);
      free (m->v[i].error);
    }
  free (m->v);
  free (m->debuginfo_path);
  free (m);
}

Calltab *
cli_modules_get (struct cli_modules *m, const char *path)
{
  if (m == NULL || path == NULL)
    return NULL;
  for (size_t i = 0; i < m->n; i++)
    if (strcmp (m->v[i].path, path) == 0)
      return m->v[i].ct;
  if (m->n == m->alloc)
    {
      size_t alloc = m->alloc ? 2 * m->alloc : 16;
      struct cli_module *v = realloc (m->v, alloc * sizeof *v);
      if (v == NULL)
	return NULL;
      m->v = v;
      m->alloc = alloc;
    }
  struct cli_module *mod = &m->v[m->n];
  memset (mod, 0, sizeof *mod);
  if ((mod->path = strdup (path)) == NULL)
    return NULL;
  m->n++;
  mod->ct = calltab_begin_debuginfo (path, m->debuginfo_path);
  const char *msg = NULL;
  if (mod->ct == NULL)
    msg = calltab_errmsg (-1);
  else if (calltab_nentries (mod->ct, CALLTAB_DCALL) == 0
	   && calltab_nentries (mod->ct, CALLTAB_VCALL) == 0
	   && calltab_nentries (mod->ct, CALLTAB_TCALL) == 0)
    {
      /* Code built without the plugin (the C library...): nothing to
	 decide there; its frames are named from the symbol table.  */
      calltab_end (mod->ct);
      mod->ct = NULL;
      msg = "no call tables";
    }
  if (mod->ct == NULL)
    {
      mod->error = strdup (msg != NULL ? msg : "cannot open");
      if (!m->quiet)
	fprintf (stderr, "calltab: note: %s: %s: frames named from the "
		 "symbol table\n", path, msg != NULL ? msg : "cannot open");
    }
  return mod->ct;
}

int
cli_frame_decide (const struct cli_frame *frames, size_t n, size_t k,
		  Calltab_Decision *d)
{
  memset (d, 0, sizeof *d);
  d->table = -1;
  if (k >= n || frames[k].ct == NULL)
    return 1;
  size_t nra = 0;
  while (k + 1 + nra < n && frames[k + 1 + nra].ct == frames[k].ct)
    nra++;
  uint64_t *ra = malloc ((nra + 1) * sizeof *ra);
  Calltab_Registers *regs = malloc ((nra + 1) * sizeof *regs);
  if (ra == NULL || regs == NULL)
    {
      free (ra);
      free (regs);
      return -1;
    }
  for (size_t i = 0; i < nra; i++)
    ra[i] = frames[k + 1 + i].addr;
  for (size_t i = 0; i <= nra; i++)
    regs[i] = frames[k + i].regs;
  Calltab_Query q;
  memset (&q, 0, sizeof q);
  /* A frame that is not the innermost (nor interrupted by a signal) is
     stopped at a return address: the call is the instruction before it,
     and may be the last of its function.  */
  q.pc = frames[k].activation ? frames[k].addr : frames[k].addr - 1;
  q.ra = ra;
  q.nra = nra;
  q.regs = regs;
  q.nregs = nra + 1;
  q.bias = frames[k].bias;
  int r = calltab_disambiguate (frames[k].ct, &q, d);
  free (ra);
  free (regs);
  return r;
}

const char *
cli_decision_name (const Calltab_Decision *d, const char *fallback)
{
  if (d->verdict == CALLTAB_DECIDED && d->function.name != NULL)
    return d->function.name;
  if (d->verdict == CALLTAB_UNDECIDABLE && d->ncandidates > 0)
    return "undecidable";
  return fallback != NULL ? fallback : "??";
}

int
cli_decision_merged (const Calltab_Decision *d)
{
  return d->verdict == CALLTAB_UNDECIDABLE ? d->ncandidates > 0
    : d->ncandidates > 1;
}

void
cli_print_candidates (FILE *out, const Calltab_Decision *d)
{
  for (size_t i = 0; i < d->ncandidates; i++)
    fprintf (out, "%s%s", i ? ", " : "", d->candidates[i].name);
  if (d->nremaining > 0 && d->nremaining < d->ncandidates)
    fprintf (out, " (%zu remain after the vtable slot)", d->nremaining);
}

static void
json_function (FILE *out, const Calltab_Function *f)
{
  fputs ("{\"name\":", out);
  cli_json_string (out, f->name);
  fputs (",\"symbol\":", out);
  if (f->symbol != NULL)
    cli_json_string (out, f->symbol);
  else
    fputs ("null", out);
  fprintf (out, ",\"die\":%" PRIu64 ",\"low_pc\":%" PRIu64
	   ",\"size\":%" PRIu64 "}", f->die, f->low_pc, f->size);
}

void
cli_json_decision (FILE *out, int decided, const Calltab_Decision *d,
		   const char *fallback)
{
  if (!decided)
    {
      fputs ("\"verdict\":\"no-tables\",\"function\":", out);
      if (fallback != NULL)
	cli_json_string (out, fallback);
      else
	fputs ("null", out);
      return;
    }
  if (d->verdict == CALLTAB_DECIDED)
    {
      fputs ("\"verdict\":\"decided\",\"function\":", out);
      json_function (out, &d->function);
    }
  else
    {
      fputs ("\"verdict\":\"undecidable\",\"function\":null", out);
      if (d->ncandidates == 0 && fallback != NULL)
	{
	  fputs (",\"symbol_table\":", out);
	  cli_json_string (out, fallback);
	}
    }
  fputs (",\"evidence\":", out);
  if (d->evidence != NULL)
    cli_json_string (out, d->evidence);
  else
    fputs ("null", out);
  fprintf (out, ",\"depth\":%zu,\"remaining\":%zu,\"candidates\":[",
	   d->depth, d->nremaining);
  for (size_t i = 0; i < d->ncandidates; i++)
    {
      if (i)
	fputc (',', out);
      json_function (out, &d->candidates[i]);
    }
  fputc (']', out);
}
