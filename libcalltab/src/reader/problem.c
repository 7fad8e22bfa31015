/* problem.c: the list of problems found while reading the tables.

   Every problem is kept (the verifier reports them all), each with the
   section and offset it was found at and a message naming the file.  */

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "libcalltabP.h"

static char *
xasprintf (const char *fmt, ...)
{
  va_list ap;
  char *s;
  va_start (ap, fmt);
  int n = vasprintf (&s, fmt, ap);
  va_end (ap);
  return n < 0 ? NULL : s;
}

int
__calltab_problem (Calltab *ct, int code, int severity, size_t sec,
		   uint64_t offset, const char *fmt, ...)
{
  if (__calltab_reserve (&ct->problems, &ct->problems_alloc,
			 ct->nproblems + 1, sizeof *ct->problems) < 0)
    return -1;
  struct ct_problem *p = &ct->problems[ct->nproblems];
  va_list ap;
  va_start (ap, fmt);
  int n = vasprintf (&p->text, fmt, ap);
  va_end (ap);
  if (n < 0)
    goto nomem;
  if (sec != (size_t) -1)
    p->message = xasprintf ("%s: %s[0x%08" PRIx64 "]: %s", ct->tables_path,
			    ct->sections[sec].label, offset, p->text);
  else
    p->message = xasprintf ("%s: %s", ct->tables_path, p->text);
  if (p->message == NULL)
    {
      free (p->text);
      goto nomem;
    }
  p->code = code;
  p->severity = severity;
  p->section = sec;
  p->offset = offset;
  ct->nproblems++;
  return 0;

nomem:
  __calltab_seterr (CALLTAB_E_NOMEM, NULL);
  return -1;
}

CALLTAB_EXPORT size_t
calltab_nproblems (const Calltab *ct)
{
  return ct != NULL ? ct->nproblems : 0;
}

CALLTAB_EXPORT int
calltab_problem (const Calltab *ct, size_t n, Calltab_Problem *problem)
{
  if (ct == NULL || problem == NULL)
    {
      __calltab_seterr (CALLTAB_E_INVALID_ARG, NULL);
      return -1;
    }
  if (n >= ct->nproblems)
    return 1;
  const struct ct_problem *p = &ct->problems[n];
  problem->code = p->code;
  problem->severity = p->severity;
  if (p->section != (size_t) -1)
    {
      problem->section = ct->sections[p->section].name;
      problem->scn = ct->sections[p->section].scn;
    }
  else
    {
      problem->section = NULL;
      problem->scn = 0;
    }
  problem->offset = p->offset;
  problem->message = p->message;
  problem->text = p->text;
  return 0;
}
