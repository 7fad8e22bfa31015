/* Several basic blocks on one line: ?:, && and ||, one-line loops.  */
extern int one (void);
extern int two (void);
extern int three (int);

int pick (int i) { int x = (i == 1 ? one () : two ()); return x; }

int nested (int i, int j) { return i ? (j ? one () : two ()) : three (i + j); }

int chain (int a, int b, int c) { return (a && b) || (c && three (a)); }

int sum (const int *v, int n) { int s = 0; for (int i = 0; i < n; i++) s += v[i]; return s; }

int
clamp_loop (int *v, int n, int lo, int hi)
{
  int changed = 0;
  for (int i = 0; i < n; i++)
    if (v[i] < lo || v[i] > hi) { v[i] = v[i] < lo ? lo : hi; changed++; }
  return changed;
}
