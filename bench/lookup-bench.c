/* lookup-bench.c: time calltab_lookup against a linear scan of the same
   entries (the baseline), over every call_site of FILE.  Built and run
   by bench/lookup.sh.  */

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include "bench.h"

int
main (int argc, char **argv)
{
  if (argc != 2)
    return 2;
  double t_open;
  Calltab *ct = bench_open (argv[1], &t_open);
  if (ct == NULL)
    return 2;
  size_t n = calltab_nentries (ct, CALLTAB_DCALL);
  uint64_t *addrs = malloc ((n ? n : 1) * sizeof *addrs);
  Calltab_Entry e, m;
  for (size_t i = 0; calltab_entry (ct, CALLTAB_DCALL, i, &e) == 0; i++)
    addrs[i] = e.call_site;

  size_t found = 0;
  double t0 = now ();
  for (size_t i = 0; i < n; i++)
    {
      size_t cookie = 0;
      while (calltab_lookup (ct, CALLTAB_DCALL, addrs[i], &cookie, &m) == 0)
	found++;
    }
  double t_index = now () - t0;

  /* Baseline: a linear scan per address, over a bounded sample.  */
  size_t sample = n < 2000 ? n : 2000, found_lin = 0;
  t0 = now ();
  for (size_t i = 0; i < sample; i++)
    for (size_t j = 0; calltab_entry (ct, CALLTAB_DCALL, j, &e) == 0; j++)
      found_lin += e.call_site == addrs[i * (n / sample)];
  double t_linear = now () - t0;

  double per_index = n ? t_index / n * 1e9 : 0;
  double per_linear = sample ? t_linear / sample * 1e9 : 0;
  printf ("entries %zu (found %zu)\n", n, found);
  printf ("open+decode+index: %.1f ms\n", t_open * 1e3);
  printf ("calltab_lookup: %.0f ns/address\n", per_index);
  printf ("linear scan (baseline): %.0f ns/address\n", per_linear);
  printf ("speedup: %.0fx\n", per_index > 0 ? per_linear / per_index : 0);
  calltab_end (ct);
  free (addrs);
  return found_lin == 0 && n != 0;
}
