/* Three direct calls that GCC -O2 -g describes with call-site DIEs.  */
extern int one (int);
extern int two (int);

int
caller (int x)
{
  int a = one (x);
  int b = two (a);
  return one (b) + 1;
}
