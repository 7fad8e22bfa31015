/* A computed goto (discriminators.exp): the labels of line 13 are in a
   static table, `&&a`, `&&b`, `&&c`, relocations in data against the
   code.  b's and c's code is entered from the table and by falling
   through from the label before, on the same line: GCC numbers the
   three blocks apart, and calltab verify knows them as blocks only
   from the table (before, "discrim-goto.c:13 in 'run' lies in one basic
   block but has discriminator 1").  */
__attribute__ ((noipa)) int
run (int i, int x)
{
  static void *t[] = { &&a, &&b, &&c };
  goto *t[i];
 a: x += 1; b: x *= 3; c: x ^= 5;
  return x;
}

int
main (void)
{
  return run (1, 2) != 6;
}
