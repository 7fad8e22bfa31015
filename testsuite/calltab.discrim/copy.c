/* An inlined copy loop beside the computation of its arguments, and a
   loop the compiler duplicates (unswitching, peeling).  */
struct big { int v[64]; };

static inline void
copy (int *d, const int *s, int n)
{
  while (n-- > 0) *d++ = *s++;
}

void
shift (int *a, const int *b, int i, int j, int n)
{
  copy (&a[i * 2 + 1], &b[j - i], n);
}

void
assign (struct big *p, const struct big *q, int k)
{
  p[k + 1] = q[k - 1];
}

int
twice (const int *v, int n, int flag)
{
  int s = 0;
  for (int i = 0; i < n; i++) s += flag ? v[i] : -v[i];
  return s;
}

int
main (void)
{
  static int a[16], b[16];
  static struct big p[4], q[4];
  shift (a, b, 1, 2, 3);
  assign (p, q, 1);
  return twice (a, 4, 1);
}
