/* bench.h: what the C programs of bench/ share (lookup-bench.c,
   disambiguate-bench.c): a monotonic clock, and calltab_begin timed.  */

#ifndef BENCH_H
#define BENCH_H 1

#include <stdio.h>
#include <time.h>
#include "calltab.h"

/* Seconds on the monotonic clock.  */
static inline double
now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* calltab_begin (PATH), the seconds it took in *SECONDS; NULL with the
   library's message on stderr.  */
static inline Calltab *
bench_open (const char *path, double *seconds)
{
  double t0 = now ();
  Calltab *ct = calltab_begin (path);
  *seconds = now () - t0;
  if (ct == NULL)
    fprintf (stderr, "%s\n", calltab_errmsg (-1));
  return ct;
}

#endif /* bench.h */
