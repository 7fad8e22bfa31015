// A function in an anonymous namespace: GCC gives its DIE no linkage
// name (DW_AT_name "total"), the symbol table names it
// _ZN12_GLOBAL__N_15totalEPKii (here a .constprop.0 clone).  Listed
// once by its symbol and once by its DIE, it looked merged.
namespace
{
__attribute__ ((noinline)) int
total (const int *p, int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    s += p[i];
  return s;
}
}

int
main (int argc, char **)
{
  int a[3] = { argc, 2, 3 };
  return total (a, 3) == 70;
}
