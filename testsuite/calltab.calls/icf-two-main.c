/* The program around icf-two-a.c and icf-two-c.c, in a TU of its own
   so that both compile a and c alike.  */
int a (int);
int c (int);

int sink (int x) { return x; }

int
main (void)
{
  return a (1) + c (2) - 21;
}
