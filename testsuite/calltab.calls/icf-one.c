/* The recursive case (docs/format.md) in one translation unit: a calls b,
   c calls d; b and d are identical, so ICF merges them, and then a and
   c become identical and are merged too (calls.exp).  */
extern int sink (int);

__attribute__ ((noinline)) int b (int x) { return sink (x * 5 + 1); }
__attribute__ ((noinline)) int d (int x) { return sink (x * 5 + 1); }
__attribute__ ((noinline)) int a (int x) { return b (x) + 2; }
__attribute__ ((noinline)) int c (int x) { return d (x) + 2; }

int sink (int x) { return x; }

int
main (void)
{
  return a (1) + c (2) - 21;
}
