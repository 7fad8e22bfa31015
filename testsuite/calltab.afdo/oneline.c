/* calltab.afdo: issue 27's deliverable 4 (oneline.exp).  LOOP_LINE
   holds a whole loop, AND_LINE an if with a && and both arms: each block
   that begins after a test of its line (a loop's own block included)
   gets its own samples, and calltab afdo must report each apart.  The
   tests find the lines by their comments.  */

int __attribute__ ((noipa))
sum (int *a, int n)
{
  int s = 0;
  for (int i = 0; i < n; i++) s += a[i] > 0 ? a[i] : -a[i]; /* LOOP_LINE */
  return s;
}

int __attribute__ ((noipa))
both (int x, int y)
{
  if (x > 0 && y > 0) return x; else return y; /* AND_LINE */
}

int
main (void)
{
  static int a[3] = { 1, -2, 3 };
  return sum (a, 3) + both (1, 2) != 7;
}
