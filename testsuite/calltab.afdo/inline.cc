// calltab.afdo: C++ names and inlined member functions and templates
// (afdo.exp: GCC 12 reads the profile without crashing: the string
// table's index 0 is no callee's name).
#include <cstdlib>

struct Acc
{
  unsigned long s = 0;
  void add (unsigned long x) { if (x & 15) s += x >> 3; else s ^= x * 7; }
};

template <typename T>
T
run (unsigned long n)
{
  T a;
  unsigned long x = 1;
  for (unsigned long i = 0; i < n; i++)
    {
      x = x * 6364136223846793005UL + 1;
      a.add (x);
    }
  return a;
}

volatile unsigned long sink;

int
main (int argc, char **argv)
{
  sink = run<Acc> (argc > 1 ? strtoul (argv[1], 0, 10) : 10).s;
  return 0;
}
