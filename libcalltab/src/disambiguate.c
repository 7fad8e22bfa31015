/* disambiguate.c: which function ran at a PC in merged code (stub).  */

#include <stdlib.h>
#include <string.h>
#include "libcalltabP.h"

CALLTAB_EXPORT int
calltab_functions_at (const Calltab *ct, uint64_t addr,
		      Calltab_Function **funcs, size_t *n)
{
  (void) addr;
  if (ct == NULL || funcs == NULL || n == NULL)
    {
      __calltab_seterr (CALLTAB_E_INVALID_ARG, NULL);
      return -1;
    }
  *funcs = NULL;
  *n = 0;
  return 0;
}

CALLTAB_EXPORT int
calltab_disambiguate (const Calltab *ct, const Calltab_Query *q,
		      Calltab_Decision *d)
{
  if (ct == NULL || q == NULL || d == NULL)
    {
      __calltab_seterr (CALLTAB_E_INVALID_ARG, NULL);
      return -1;
    }
  memset (d, 0, sizeof *d);
  d->verdict = CALLTAB_UNDECIDABLE;
  d->evidence = "not implemented yet";
  d->function.name = "";
  d->table = -1;
  return 0;
}

CALLTAB_EXPORT void
calltab_decision_free (Calltab_Decision *d)
{
  if (d == NULL)
    return;
  free (d->candidates);
  d->candidates = NULL;
  d->ncandidates = d->nremaining = 0;
}
