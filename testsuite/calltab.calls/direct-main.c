/* The program around direct-lib.c (calls.exp).  */
int foo (int);
int bar (int (*) (int), int);
int tail (int);

int
ext (int x)
{
  return x + 7;
}

int
main (void)
{
  return bar (ext, 1) + foo (2) + tail (0) - 73;
}
