/* tail-fold.c: the C side of tail-fold.S (gas.exp): b and d are
   identical, ta and tc (assembly) tail-call one each.  */
int ta (int);
int tc (int);

__attribute__ ((noinline)) int sink (int x) { return x; }
__attribute__ ((noinline)) int b (int x) { return sink (x * 5 + 1) + 1; }
__attribute__ ((noinline)) int d (int x) { return sink (x * 5 + 1) + 1; }

int
main (void)
{
  return ta (1) + tc (2) - 34;
}
