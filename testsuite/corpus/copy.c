/* Inlined copies beside the computation of their arguments.  */
#include <string.h>

struct big { int v[32]; };

void copy_at (int *a, const int *b, int i, int j, int n) { memcpy (&a[i], &b[j], n * sizeof *a); }

struct big
pass_big (struct big *p, int k)
{
  struct big local = *p;
  local.v[k & 31] += k;
  return local;
}

void fill (char *buf, int n, int c) { memset (buf + 1, c, n - 1); buf[0] = (char) n; }
