/* calltab.afdo: a loop whose HOT_LINE holds a test, a hot arm (15 of 16
   iterations) and a cold arm (1 of 16, a call); step is inlined on the
   line before it (afdo.exp, pipeline.exp).  `branchy N` runs N
   iterations, `branchy N count` prints how many take the hot arm.  The
   tests find the lines by their comments.  */

#include <stdio.h>
#include <stdlib.h>

volatile unsigned long sink;

static unsigned long __attribute__ ((noinline))
mix (unsigned long s, unsigned long x)
{
  return (s ^ x) * 0x9e3779b97f4a7c15UL;
}

static inline unsigned long
step (unsigned long x)
{
  return x * 6364136223846793005UL + 1442695040888963407UL; /* STEP_LINE */
}

unsigned long __attribute__ ((noinline))
work (unsigned long n, unsigned long seed)
{
  unsigned long s = 0, x = seed;
  for (unsigned long i = 0; i < n; i++)
    {
      x = step (x); /* CALL_LINE */
      if ((x >> 56) < 16) s = mix (s, x); else s += (x >> 7) ^ i; /* HOT_LINE */
    }
  return s;
}

/* How many of N iterations of work take the hot arm (pipeline.exp's
   measured share), by the same recurrence.  */
static unsigned long __attribute__ ((noinline))
count_hot (unsigned long n, unsigned long x)
{
  unsigned long hot = 0;
  for (unsigned long i = 0; i < n; i++)
    {
      x = x * 6364136223846793005UL + 1442695040888963407UL;
      hot += (x >> 56) >= 16;
    }
  return hot;
}

int
main (int argc, char **argv)
{
  unsigned long n = argc > 1 ? strtoul (argv[1], 0, 10) : 1000UL;
  if (argc > 2)
    printf ("%lu %lu\n", count_hot (n, 12345), n);
  else
    sink = work (n, 12345);
  return 0;
}
