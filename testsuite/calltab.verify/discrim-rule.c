/* The rule on conditional jumps (docs/discriminators.md), broken on
   purpose: discriminators.exp compiles this file to assembly with every
   discriminator 0 (discriminators=off) and gives the blocks of sum's
   loop line and pick's line numbers of its own.

   sum: the test's block (the loop's entry), the set-up after its jle, the
   loop (one block whose jne goes back to its start) and the return
   after the loop.  pick: the test's block, f1's after the jle, the join
   (g's call, reached by falling through and by a jmp) and f2's, the
   jle's target.  */

int f1 (int);
int f2 (int);
int g (int);

int
sum (int *a, int n)
{
  int s = 0;
  for (int i = 0; i < n; i++) s += a[i];
  return s;
}

int
pick (int x, int y)
{
  int r = (x > 0 ? f1 (x) : f2 (y)) * g (x);
  return r;
}
