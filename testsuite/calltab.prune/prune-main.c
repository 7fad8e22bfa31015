/* calltab.prune: the calls around the merged functions.  main calls the
   merged a, c and b (kept: their callee is merged), e (not merged) and
   puts through the PLT (dropped); e, not merged, calls sink and lone,
   neither merged (dropped).  */
#include <stdio.h>

extern int a (int), b (int), c (int);

__attribute__ ((noinline)) int sink (int x) { return x; }
__attribute__ ((noinline)) int lone (int x) { return x ^ 0x55; }
__attribute__ ((noinline)) int e (int x) { return sink (x) * 3 + lone (x); }

int
main (int argc, char **argv)
{
  (void) argv;
  int r = a (argc) + c (argc + 1) + e (argc) + b (argc);
  if (r == 12345)
    puts ("");
  return r == 12345;
}
