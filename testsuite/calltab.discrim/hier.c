/* discriminators=hierarchical (docs/discriminators.md): loops that GCC
   vectorizes (sum, at -O3; lanes of V4SI) and that the RTL unroller
   unrolls (-funroll-loops: sum's vector loop and hash's scalar one,
   with the copies it peels before the loop for the remainder).  main
   calls both: the unit gets call tables.  */

__attribute__ ((noinline)) int
sum (const int *a, int n)
{
  int s = 0;
  for (int i = 0; i < n; i++) s += a[i];
  return s;
}

__attribute__ ((noinline)) unsigned
hash (const unsigned char *a, int n)
{
  unsigned h = 0;
  for (int i = 0; i < n; i++) h = h * 31 + a[i];
  return h;
}

int
main (int argc, char **argv)
{
  int v[37];
  for (int i = 0; i < 37; i++)
    v[i] = i * argc;
  return (sum (v, 37) + (int) hash ((const unsigned char *) argv[0], 5)) == 1;
}
