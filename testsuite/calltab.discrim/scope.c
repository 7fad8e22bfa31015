/* gdb.exp: what gdb answers with the plugin's discriminators.  */
struct suite { int should_run; int n; int *v; };
int sink;

__attribute__ ((noinline)) void
work (int x)
{
  sink += x;
  __asm__ volatile ("" ::: "memory");
}

/* Too big to inline whole: ipa-split inlines its head (the test) into
   run_all and calls the rest, run.part.0, without a location.  That
   call starts a block of its own; the plugin gives it a line, and must
   leave it in the inlined run's scope.  */
void
run (struct suite *s)
{
  if (!s->should_run)
    return;
  for (int i = 0; i < s->n; i++)
    {
      work (s->v[i]);
      work (s->v[i] * 2 + sink);
      work (s->v[i] * 3 + sink);
      work (s->v[i] * 4 + sink);
      work (s->v[i] * 5 + sink);
      work (s->v[i] * 6 + sink);
      work (s->v[i] * 7 + sink);
      work (s->v[i] * 8 + sink);
      work (s->v[i] * 9 + sink);
      work (s->v[i] * 10 + sink);
      work (s->v[i] * 11 + sink);
      work (s->v[i] * 12 + sink);
      work (s->v[i] * 13 + sink);
      work (s->v[i] * 14 + sink);
      work (s->v[i] * 15 + sink);
      work (s->v[i] * 16 + sink);
      work (s->v[i] * 17 + sink);
      work (s->v[i] * 18 + sink);
      work (s->v[i] * 19 + sink);
    }
  work (-1);
}

int
run_all (struct suite **a, int n)
{
  for (int i = 0; i < n; i++)
    {
      run (a[i]);
      if (sink > 100000)
	return 1;
    }
  return 0;
}

/* The loop's line is in three blocks: the test before the loop, the
   set-up after it, the increment.  */
__attribute__ ((noinline)) int
factorial (int n)
{
  int result = 1;
  for (int i = 1; i <= n; i++)
    result *= i;
  return result;
}

int
main (void)
{
  int v[2] = { 1, 5 };
  struct suite a[2] = { { 0, 2, v }, { 1, 2, v } };
  struct suite *p[2] = { &a[0], &a[1] };
  return run_all (p, 2) + (factorial (sink & 3) == 7);
}
