/* Issue 15, "Discriminator accuracy": two identical counting loops.  At
   -O2 GCC's IPA-ICF finds count_ull's body equal to count_ul's, turns
   count_ull into a wrapper that calls count_ul, and inlines that call
   (cgraph_node::create_wrapper): count_ull's code is a copy of
   count_ul's.  GCC marks the wrapper as having no debug information
   (DECL_IGNORED_P), so final.cc gave its code no row but the one of its
   opening line (11): none of its blocks could be told apart.  */
#include <stdlib.h>

unsigned long
count_ul (const int *a, unsigned long n)
{
  unsigned long c = 0;
  for (unsigned long i = 0; i < n; i++) if (a[i] > 0) c++; else c += 2;
  return c;
}

unsigned long long
count_ull (const int *a, unsigned long long n)
{
  unsigned long long c = 0;
  for (unsigned long long i = 0; i < n; i++) if (a[i] > 0) c++; else c += 2;
  return c;
}

int
main (int argc, char **argv)
{
  int a[] = { 1, -1, 2, 0, argc };
  (void) argv;
  if (count_ul (a, 5) != count_ull (a, 5))
    abort ();
  return 0;
}
