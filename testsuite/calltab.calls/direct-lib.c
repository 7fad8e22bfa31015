/* Direct calls, an indirect call and a sibling call (calls.exp).  */
extern int ext (int);

static int __attribute__ ((noinline))
helper (int x)
{
  return ext (x) + 1;
}

int
foo (int x)
{
  return helper (x) * 2 + ext (3);
}

int
bar (int (*fp) (int), int y)
{
  return fp (y) + foo (y);
}

int
tail (int y)
{
  return ext (y);
}

/* Not called: --gc-sections removes it, leaving tombstoned entries.  */
int
unused (int x)
{
  return helper (x + 1) - 1;
}
