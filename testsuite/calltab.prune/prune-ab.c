/* calltab.prune: the recursive case (docs/format.md), first half: a
   calls b; prune-cd.c: c calls d.  b and d are identical and fold
   (--icf=all), then a and c do: their units stay whole.  */
extern int sink (int);

__attribute__ ((noinline)) int b (int x) { return sink (x * 5 + 1) + 1; }
__attribute__ ((noinline)) int a (int x) { return b (x) + 2; }
