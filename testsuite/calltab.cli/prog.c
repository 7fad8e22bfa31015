/* calltab.cli/options.exp: a program with two direct calls.  */
__attribute__ ((noipa)) int
leaf (int x)
{
  return x * 3;
}

__attribute__ ((noipa)) int
mid (int x)
{
  return leaf (x) + 1;
}

int
main (void)
{
  return mid (2) - 7;
}
