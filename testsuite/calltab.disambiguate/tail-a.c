/* Tail calls into merged code (tail-*.c): f1 and f2 compile alike and
   are folded.  */
volatile int s;
__attribute__ ((noinline)) int f1 (int x) { s += x; return x * 3 + 1; }
__attribute__ ((noinline)) int f2 (int x) { s += x; return x * 3 + 1; }
