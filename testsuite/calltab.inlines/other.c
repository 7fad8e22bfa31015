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
