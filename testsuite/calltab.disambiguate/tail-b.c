/* Every call of main returns to it, and each callee jumps on: to f1 or
   f2 of another unit (g1, g2), through g1 (h1), through a pointer (g3),
   from a unit built without the plugin (g4, tail-c.c), to either (g5).  */
extern volatile int s;
int f1 (int), f2 (int), g4 (int);
int (*volatile fp) (int) = f2;
__attribute__ ((noinline)) int g1 (int x) { s = 1; return f1 (x + 1); }
__attribute__ ((noinline)) int g2 (int x) { s = 2; return f2 (x + 2); }
__attribute__ ((noinline)) int h1 (int x) { s = 3; return g1 (x + 3); }
__attribute__ ((noinline)) int g3 (int x) { s = 4; return fp (x + 4); }
__attribute__ ((noinline)) int
g5 (int x)
{
  if (x & 1)
    return f1 (x);
  return f2 (x + 5);
}
int
main (void)
{
  int r = g1 (1);
  r += g2 (2);
  r += h1 (3);
  r += g3 (4);
  r += g4 (5);
  r += g5 (6);
  return r == 0;
}
