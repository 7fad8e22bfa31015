/* Merged functions with cold parts: foo1 and foo2 are identical, their
   cold parts foo1.cold and foo2.cold too, and so are the report
   functions the cold parts call.  */
extern int sink (int);

__attribute__ ((noinline, cold)) int report1 (int x) { return sink (x * 3 + 7) + 1; }
__attribute__ ((noinline, cold)) int report2 (int x) { return sink (x * 3 + 7) + 1; }

__attribute__ ((noinline)) int
foo1 (int x)
{
  if (__builtin_expect (x < 0, 0))
    return report1 (x) * 2;
  return x + 3;
}

__attribute__ ((noinline)) int
foo2 (int x)
{
  if (__builtin_expect (x < 0, 0))
    return report2 (x) * 2;
  return x + 3;
}

__attribute__ ((noinline)) int sink (int x) { return x; }

int
main (int argc, char **argv)
{
  (void) argv;
  return foo1 (argc - 2) + foo2 (argc - 3) - 7;
}
