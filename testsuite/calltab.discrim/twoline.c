/* Issue 27's example: a loop with a ?: in its body, and a function of
   && and ?:, each on one line.  */
int f(int *a, int n) { int s = 0; for (int i = 0; i < n; i++) s += a[i] > 0 ? a[i] : -a[i]; return s; }
int g(int x, int y) { return x && y ? x : y; }

int
main (void)
{
  static int a[3] = { 1, -2, 3 };
  return f (a, 3) + g (1, 2) != 7;
}
