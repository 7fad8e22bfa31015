/* A static function that GCC clones at -O2 (sum.constprop.0: the
   constant n propagated).  Its DIE names it "sum" without a linkage
   name, the symbol table "sum.constprop.0": calltab_functions_at gave
   both, and disambiguate answered "merged: 2 functions" for code that
   nothing merged.  */
static __attribute__ ((noinline)) int
sum (const int *p, int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    s += p[i];
  return s;
}

int
main (int argc, char **argv)
{
  int a[3] = { argc, 2, 3 };
  (void) argv;
  return sum (a, 3) == 70;
}
