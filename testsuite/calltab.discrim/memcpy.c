/* Seed 002's inlined memcpy: the copy loop and the computation of its
   arguments on one line (compiled with -minline-all-stringops
   -mstringop-strategy=loop so that GCC expands it inline), and a cold
   path that -freorder-blocks-and-partition moves to FUNC.cold.  */
#include <string.h>

__attribute__ ((noipa, cold)) void fail (int i) { (void) i; }

void
move (char *a, const char *b, int i, int j, unsigned n)
{
  memcpy (&a[i * 3], &b[j + 1], n);
}

int
check (int *v, int n)
{
  int s = 0;
  for (int i = 0; i < n; i++) if (__builtin_expect (v[i] < 0, 0)) fail (i); else s += v[i];
  return s;
}

int
main (void)
{
  static char a[64], b[64];
  static int v[4] = { 1, 2, 3, 4 };
  move (a, b, 1, 2, 5);
  return check (v, 4) != 10;
}
