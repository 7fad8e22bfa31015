/* calltab.afdo: the late profile of calltab afdo --fs (fs-profile.exp).
   HOT_LINE holds a test, a cold arm (a call of rare) and a hot arm (a
   call of common); scale is inlined on CALL_LINE; EXIT_LINE is the path
   the training never takes.  The test finds the lines by their
   comments.  */

#include <stdlib.h>

volatile unsigned long sink;

static unsigned long __attribute__ ((noinline))
rare (unsigned long i)
{
  return i * 3 + 1;
}

static unsigned long __attribute__ ((noinline))
common (unsigned long i)
{
  return (i ^ 0x55) + sink;
}

static unsigned long __attribute__ ((noinline))
report (unsigned long n)
{
  sink = n;
  return n + 1;
}

static inline unsigned long
scale (unsigned long x)
{
  return x * 2654435761UL + (x >> 3); /* SCALE_LINE */
}

unsigned long __attribute__ ((noinline))
work (const unsigned char *flags, unsigned long n)
{
  unsigned long s = 0;
  if (n > 100000000UL)
    return report (n); /* EXIT_LINE */
  for (unsigned long i = 0; i < n; i++)
    {
      s += scale (i); /* CALL_LINE */
      if (flags[i & 1023] != 0) s += rare (i); else s += common (i); /* HOT_LINE */
    }
  return s;
}

int
main (int argc, char **argv)
{
  static unsigned char flags[1024];
  unsigned long n = argc > 1 ? strtoul (argv[1], 0, 10) : 1000UL;
  flags[512] = argc > 2;
  sink = work (flags, n);
  return 0;
}
