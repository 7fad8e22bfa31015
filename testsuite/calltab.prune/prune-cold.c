/* calltab.prune: a function whose cold part is merged and whose hot part
   is not.  foo1 and foo2 differ in their hot parts (the call of sink)
   but not in their cold parts (foo1.cold, foo2.cold: the call of the
   cold, noreturn fail), which ld --icf=all folds: foo1 and foo2 count
   as merged (docs/prune.md), and main's calls of them stay.
   prune.exp also renames the cold parts foo1.cold.1, foo2.cold.1 (GCC
   8's names of cold parts), which must count the same.  */
extern int sink (int);

__attribute__ ((noinline, noreturn, cold)) void fail (int x);

__attribute__ ((noinline)) int
foo1 (int x)
{
  if (__builtin_expect (x < 0, 0))
    fail (x);
  return sink (x + 3) + 1;
}

__attribute__ ((noinline)) int
foo2 (int x)
{
  if (__builtin_expect (x < 0, 0))
    fail (x);
  return sink (x * 7 + 5) + 2;
}

__attribute__ ((noinline)) int sink (int x) { return x; }

__attribute__ ((noinline, noreturn, cold)) void
fail (int x)
{
  __builtin_exit (sink (x) & 1);
}

int
main (int argc, char **argv)
{
  (void) argv;
  return foo1 (argc) + foo2 (argc) != 19;
}
