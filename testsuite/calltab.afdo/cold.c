/* cold.c (calltab.afdo/cold.exp): hot runs, never_a and never_b are
   never called (kept by their addresses in a table).  */
__attribute__ ((noinline)) long
hot (long n)
{
  long s = 0;
  for (long i = 0; i < n; i++)
    s += i ^ (s >> 3);
  return s;
}

__attribute__ ((noinline)) long
never_a (long n)
{
  long s = 1;
  for (long i = 0; i < n; i++)
    s = s * 3 + i;
  return s;
}

__attribute__ ((noinline)) long
never_b (long n)
{
  long s = 2;
  for (long i = 0; i < n; i++)
    s = s * 5 - i;
  return s;
}

long (*volatile keep[]) (long) = { never_a, never_b };

int
main (int argc, char **argv)
{
  (void) argv;
  return hot (argc * 1000000L) == 42;
}
