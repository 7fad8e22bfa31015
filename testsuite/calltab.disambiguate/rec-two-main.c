/* The program around rec-two-a.c and rec-two-c.c.  */
int a (int);
int c (int);

__attribute__ ((noinline)) int sink (int x) { return x; }

int
main (void)
{
  return a (1) + c (2) - 23;
}
