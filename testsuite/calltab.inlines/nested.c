/* Nested inlining (clampi in leaf in middle in top), a copy with hot
   and cold ranges (check: its error path calls a cold function) and an
   IPA clone (scale).  */
#include "inl.h"

extern void report (int) __attribute__ ((cold));
extern volatile int sink;

static inline __attribute__ ((always_inline)) int
leaf (int x)
{
  return clampi (x * 3, 0, 1000) + 1;
}

static inline __attribute__ ((always_inline)) int
middle (int x)
{
  int s = 0;
  for (int i = 0; i < x; i++)
    s += leaf (i);
  return s;
}

static inline __attribute__ ((always_inline)) int
check (int v)
{
  if (__builtin_expect (v < 0, 0))
    {
      report (v);
      report (v + 1);
    }
  return v;
}

static __attribute__ ((noinline)) int
scale (int x, int k)
{
  return x * k + sink;
}

__attribute__ ((noinline)) int
top (int x)
{
  int r = middle (x) + leaf (x + 7);
  return check (r - sink) + scale (r, 3) + scale (x, 3);
}
