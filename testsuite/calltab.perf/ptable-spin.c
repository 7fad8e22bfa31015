/* Merged code reached through read-only tables of function pointers, for
   calltab perf-script's registers (perf.exp): spin_a and spin_b are one
   code, called through ops_a and ops_b from the same call in run_ops,
   which keeps the table in a register its callee preserves.  spin_b
   does 3 times spin_a's work.  */

#include <stdlib.h>

struct ops
{
  long (*spin) (long);
  long weight;
};

__attribute__ ((noinline)) long
spin_a (long n)
{
  long s = 0;
  for (long i = 0; i < n; i++)
    s += (i ^ s) >> 1;
  return s;
}

__attribute__ ((noinline)) long
spin_b (long n)
{
  long s = 0;
  for (long i = 0; i < n; i++)
    s += (i ^ s) >> 1;
  return s;
}

const struct ops ops_a = { spin_a, 1 };
const struct ops ops_b = { spin_b, 3 };

__attribute__ ((noinline)) long
run_ops (const struct ops *o, long n)
{
  long s = 0;
  for (long k = 0; k < o->weight; k++)
    s += o->spin (n);
  return s;
}

int
main (int argc, char **argv)
{
  long n = argc > 1 ? strtol (argv[1], 0, 10) : 1000;
  long s = 0;
  for (int r = 0; r < 20; r++)
    s += run_ops (&ops_a, n) + run_ops (&ops_b, n);
  return s == 1;
}
