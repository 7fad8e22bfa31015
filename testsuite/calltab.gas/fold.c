/* fold.c: the C side of fold.S (gas.exp): b and d are identical, a and
   c (assembly) call one each.  */
int a (int);
int c (int);

__attribute__ ((noinline)) int sink (int x) { return x; }
__attribute__ ((noinline)) int b (int x) { return sink (x * 5 + 1) + 1; }
__attribute__ ((noinline)) int d (int x) { return sink (x * 5 + 1) + 1; }

int
main (void)
{
  return a (1) + c (2) - 23;
}
