// A function with external linkage split by GCC (-fpartial-inlining,
// with -fno-inline-functions so that no GCC inlines all of it):
// the split part's symbol is _Z5heavyPii.part.0, its DIE names the
// origin's linkage name _Z5heavyPii.
#include <cstdio>
int
heavy (int *p, int n)
{
  if (__builtin_expect (p == nullptr, 1))
    return 0;
  int s = 0;
  for (int i = 0; i < n; i++)
    {
      s += p[i] * (i + 1);
      if (s > 1000)
	std::printf ("%d\n", s);
    }
  return s;
}
int data[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
int main (int argc, char **) { return heavy (argc > 1 ? data : nullptr, 8) + heavy (data, argc) ; }
