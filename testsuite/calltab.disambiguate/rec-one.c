/* The recursive case in one translation unit: a calls b, c calls d; b
   and d are identical, so ICF merges them, and then a and c too.  */
extern int sink (int);

__attribute__ ((noinline)) int b (int x) { return sink (x * 5 + 1) + 1; }
__attribute__ ((noinline)) int d (int x) { return sink (x * 5 + 1) + 1; }
__attribute__ ((noinline)) int a (int x) { return b (x) + 2; }
__attribute__ ((noinline)) int c (int x) { return d (x) + 2; }

__attribute__ ((noinline)) int sink (int x) { return x; }

int
main (void)
{
  return a (1) + c (2) - 23;
}
