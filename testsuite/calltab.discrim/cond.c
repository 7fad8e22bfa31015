/* Seed 002's first example and relatives: several paths on one line.  */
extern int one (void);
extern int two (void);
extern int three (void);
extern void use (int);

int
ternary (int i)
{
  int x;
  x = (i == 1 ? one () : two ());
  return x + 1;
}

int
nested (int i, int j)
{
  int x = i > 0 ? (j > 0 ? one () : two ()) : three ();
  return x;
}

int
andor (int a, int b, int c, int d)
{
  if ((a && b) || (c && d)) use (1); else use (2);
  return 0;
}

int
oneline_for (const int *v, int n)
{
  int s = 0; for (int i = 0; i < n; i++) s += v[i] * 3;
  return s;
}

__attribute__ ((noipa)) int one (void) { return 1; }
__attribute__ ((noipa)) int two (void) { return 2; }
__attribute__ ((noipa)) int three (void) { return 3; }
__attribute__ ((noipa)) void use (int x) { (void) x; }

int
main (void)
{
  static const int v[3] = { 1, 2, 3 };
  return ternary (1) + nested (1, 2) + andor (1, 0, 1, 1)
	 + oneline_for (v, 3) == 0;
}
