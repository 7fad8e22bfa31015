/* calltab-api-test: drive libcalltab's API on FILE and print what it
   finds, for calltab.reader/api.exp to compare exactly:
   - the return conventions (0, 1 no more, -1 with CALLTAB_E_INVALID_ARG);
   - every entry not tombstoned is found by calltab_lookup of its
     call_site, and every lookup result has that call_site;
   - the same lookups and callee resolutions from 8 threads at once give
     the single-threaded answers (lookups are thread-safe after open).  */

#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include "calltab.h"

#define NTHREADS 8
#define ROUNDS 200

static Calltab *ct;

/* A digest of every lookup and callee of both tables.  */
static uint64_t
digest (void)
{
  uint64_t h = 1469598103934665603u;
  for (int t = CALLTAB_DCALL; t <= CALLTAB_VCALL; t++)
    {
      Calltab_Entry e, m;
      for (size_t i = 0; calltab_entry (ct, t, i, &e) == 0; i++)
	{
	  size_t cookie = 0;
	  while (calltab_lookup (ct, t, e.call_site, &cookie, &m) == 0)
	    h = (h ^ m.index) * 1099511628211u;
	  Calltab_Func f;
	  if (t == CALLTAB_DCALL && calltab_callee (ct, &e, &f) == 0
	      && f.name != NULL)
	    h = (h ^ strlen (f.name)) * 1099511628211u;
	}
    }
  return h;
}

static void *
worker (void *arg)
{
  uint64_t want = *(uint64_t *) arg;
  for (int r = 0; r < ROUNDS; r++)
    if (digest () != want)
      return (void *) 1;
  return NULL;
}

int
main (int argc, char **argv)
{
  if (argc != 2)
    {
      fprintf (stderr, "usage: calltab-api-test FILE\n");
      return 2;
    }
  Calltab_Unit u;
  Calltab_Entry e;
  size_t cookie = 0;
  int rc = calltab_unit (NULL, CALLTAB_DCALL, 0, &u);
  printf ("unit(NULL): %d %d\n", rc, calltab_errno ());
  ct = calltab_begin (argv[1]);
  if (ct == NULL)
    {
      printf ("open: %s\n", calltab_errmsg (-1));
      return 1;
    }
  rc = calltab_unit (ct, 7, 0, &u);
  printf ("unit(table 7): %d %d\n", rc, calltab_errno ());
  rc = calltab_unit (ct, CALLTAB_DCALL, calltab_nunits (ct, CALLTAB_DCALL), &u);
  printf ("unit(past end): %d\n", rc);
  rc = calltab_lookup (ct, CALLTAB_DCALL, 1, &cookie, &e);
  printf ("lookup(1): %d\n", rc);
  Calltab_Problem p;
  printf ("problems: %zu, problem(past end): %d\n", calltab_nproblems (ct),
	  calltab_problem (ct, calltab_nproblems (ct), &p));

  for (int t = CALLTAB_DCALL; t <= CALLTAB_VCALL; t++)
    {
      size_t found = 0, wrong = 0, n = calltab_nentries (ct, t);
      for (size_t i = 0; calltab_entry (ct, t, i, &e) == 0; i++)
	{
	  if (e.tombstone)
	    continue;
	  Calltab_Entry m;
	  int seen = 0;
	  cookie = 0;
	  while (calltab_lookup (ct, t, e.call_site, &cookie, &m) == 0)
	    {
	      seen |= m.index == i;
	      wrong += m.call_site != e.call_site;
	    }
	  found += seen;
	}
      printf ("%s: units %zu entries %zu tombstoned %zu found by lookup %zu"
	      " wrong %zu\n", t == CALLTAB_DCALL ? "dcall" : "vcall",
	      calltab_nunits (ct, t), n, calltab_ntombstoned (ct, t), found,
	      wrong);
    }
  for (size_t i = 0; calltab_unit (ct, CALLTAB_DCALL, i, &u) == 0; i++)
    {
      Calltab_Caller c;
      if (calltab_unit_caller (ct, &u, &c) == 0)
	printf ("dcall unit 0x%" PRIx64 ": caller %s%s\n", u.offset,
		c.func.name, c.discarded ? " (discarded)" : "");
      for (size_t j = 0; calltab_unit_entry (ct, &u, j, &e) == 0; j++)
	{
	  Calltab_Func f;
	  if (calltab_callee (ct, &e, &f) == 0)
	    printf ("  0x%" PRIx64 " -> %s %s %s:%d\n", e.call_site, f.name,
		    f.linkage_name ? f.linkage_name : "-",
		    f.decl_file ? f.decl_file : "-", f.decl_line);
	  else
	    {
	      const char *msg = calltab_errmsg (-1);
	      printf ("  0x%" PRIx64 " -> error %d: %s\n", e.call_site,
		      calltab_errno (), msg);
	    }
	}
    }

  uint64_t want = digest ();
  pthread_t th[NTHREADS];
  int failed = 0;
  for (int i = 0; i < NTHREADS; i++)
    pthread_create (&th[i], NULL, worker, &want);
  for (int i = 0; i < NTHREADS; i++)
    {
      void *r;
      pthread_join (th[i], &r);
      failed += r != NULL;
    }
  printf ("threads: %d of %d disagree\n", failed, NTHREADS);
  calltab_end (ct);
  return 0;
}
