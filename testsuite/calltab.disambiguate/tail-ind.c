/* Tail calls through a pointer on the way: f1 and f2 compile alike and
   are folded, and each ends with a jump through fp; g1 jumps to f1, g2
   to f2.  The walk from g1 reaches f1, which jumps on through the
   pointer: only the file's code bounds where that goes.  With TAKEN,
   f2's address is taken (a jump through a pointer may reach the folded
   code): undecidable.  */
volatile int s;
int sink (int x) { return x + 7; }
int (*volatile fp) (int) = sink;
__attribute__ ((noinline)) int f1 (int x) { s += x; return fp (x + 1); }
__attribute__ ((noinline)) int f2 (int x) { s += x; return fp (x + 1); }
__attribute__ ((noinline)) int g1 (int x) { s = 1; return f1 (x); }
__attribute__ ((noinline)) int g2 (int x) { s = 2; return f2 (x); }
#ifdef TAKEN
int (*volatile keep) (int) = f2;
#endif
int
main (void)
{
  int r = g1 (1);
  r += g2 (2);
  return r == 0;
}
