/* merged.c: merged functions reached from different callers, for
   calltab backtrace (backtrace.exp) and calltab perf-script (perf.exp).
   Built -O2 -ffunction-sections, linked with --icf=all:
     work_b and work_d are identical (caller_a calls work_b, caller_c
       calls work_d; the callers differ): direct case;
     inner_f and inner_h are identical, and so outer_e and outer_g once
       their callees are folded (main calls both): recursive case.
   "merged stop X" (X in a c e g) takes that path and stops in read ()
   inside the merged function after writing "ready" on stdout, until a
   byte arrives on stdin.  "merged spin N" spends its time in the merged
   functions: work_b 3N iterations, work_d N, inner_f 2N, inner_h N.  */

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

volatile long sink;

__attribute__ ((noinline)) long
stop (void)
{
  char c = 0;
  if (write (1, "ready\n", 6) != 6)
    abort ();
  if (read (0, &c, 1) != 1)
    return -1;
  return c;
}

__attribute__ ((noinline)) long
work_b (long n)
{
  if (n < 0)
    return stop () + 1;
  long s = 0;
  for (long i = 0; i < n; i++)
    s += (i * i) ^ (s >> 3);
  return s;
}

__attribute__ ((noinline)) long
work_d (long n)
{
  if (n < 0)
    return stop () + 1;
  long s = 0;
  for (long i = 0; i < n; i++)
    s += (i * i) ^ (s >> 3);
  return s;
}

__attribute__ ((noinline)) long
caller_a (long n)
{
  return work_b (n < 0 ? n : 3 * n) * 2;
}

__attribute__ ((noinline)) long
caller_c (long n)
{
  return work_d (n) * 3;
}

__attribute__ ((noinline)) long
inner_f (long n)
{
  if (n < 0)
    return stop () + 5;
  long s = 1;
  for (long i = 0; i < n; i++)
    s += (i * s) ^ (s >> 5);
  return s;
}

__attribute__ ((noinline)) long
inner_h (long n)
{
  if (n < 0)
    return stop () + 5;
  long s = 1;
  for (long i = 0; i < n; i++)
    s += (i * s) ^ (s >> 5);
  return s;
}

__attribute__ ((noinline)) long
outer_e (long n)
{
  return inner_f (n) * 7;
}

__attribute__ ((noinline)) long
outer_g (long n)
{
  return inner_h (n) * 7;
}

int
main (int argc, char **argv)
{
  if (argc == 3 && strcmp (argv[1], "stop") == 0)
    {
      switch (argv[2][0])
	{
	case 'a': sink = caller_a (-1); break;
	case 'c': sink = caller_c (-1); break;
	case 'e': sink = outer_e (-1); break;
	case 'g': sink = outer_g (-1); break;
	default: return 2;
	}
      return 0;
    }
  if (argc == 3 && strcmp (argv[1], "spin") == 0)
    {
      long n = atol (argv[2]);
      sink = caller_a (n);
      sink = caller_c (n);
      sink = outer_e (2 * n);
      sink = outer_g (n);
      return 0;
    }
  return 2;
}
