/* A call through a function pointer and a tail call, into merged code;
   and nomerge, a function no other equals.  */
extern int sink (int);

__attribute__ ((noinline)) int p (int x) { return sink (x * 11 + 4) + 1; }
__attribute__ ((noinline)) int q (int x) { return sink (x * 11 + 4) + 1; }
__attribute__ ((noinline)) int sink (int x) { return x; }
__attribute__ ((noinline)) int nomerge (int x) { return x * 13 + 1; }

int (*volatile fp) (int) = p;

__attribute__ ((noinline)) int viaptr (int x) { return fp (x) * 3; }
__attribute__ ((noinline)) int tail (int x) { return q (x + 1); }

int
main (void)
{
  return viaptr (1) + tail (2) + nomerge (0) - 97;
}
