#include "inl.h"

volatile int sink;

__attribute__ ((cold, noinline)) void
report (int v)
{
  sink = v;
}

__attribute__ ((noinline)) int
other (int x)
{
  return clampi (x, 5, 50) + sink;
}

static inline __attribute__ ((always_inline)) int
twice (int v)
{
  return v * 2 + sink;
}

__attribute__ ((noinline)) int
pick (int x)
{
  int s = 0;
  for (int i = 0; i < x; i++) { if (i & 1) s += twice (i); else s -= twice (i + 1); }
  return s;
}
