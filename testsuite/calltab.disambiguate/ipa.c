/* GCC's own IPA-ICF (-O2, no -fno-ipa-icf): inside this object g becomes
   an alias of f (static: their addresses are not compared) and k a thunk
   of h (external: k must keep an address of its own).  */
extern int sink (int);

static __attribute__ ((noinline)) int
f (int x)
{
  int s = 0;
  for (int i = 0; i < x; i++)
    s += sink (i * 7 + 2);
  return s;
}

static __attribute__ ((noinline)) int
g (int x)
{
  int s = 0;
  for (int i = 0; i < x; i++)
    s += sink (i * 7 + 2);
  return s;
}

int
h (int x)
{
  int s = 0;
  for (int i = 0; i < x; i++)
    s += sink (i * 9 + 4);
  return s;
}

int
k (int x)
{
  int s = 0;
  for (int i = 0; i < x; i++)
    s += sink (i * 9 + 4);
  return s;
}

__attribute__ ((noinline)) int sink (int x) { return x; }

__attribute__ ((noinline)) int callf (int x) { return f (x) * 3; }
__attribute__ ((noinline)) int callg (int x) { return g (x) * 5; }
__attribute__ ((noinline)) int callh (int x) { return h (x) * 3; }
__attribute__ ((noinline)) int callk (int x) { return k (x) * 5; }

int
main (void)
{
  return callf (1) + callg (2) + callh (1) + callk (1) - 110;
}
