/* The C side of tail.S (gas.exp).  */
int notify_then_work (int);
int apply (int (*) (int), int);
int forward (int);

int notified;

void
notify (int x)
{
  notified += x;
}

int
work (int x)
{
  return x * 3;
}

int
main (void)
{
  int a = notify_then_work (2);
  int b = apply (work, 5);
  int c = forward (7);
  return !(a == 6 && b == 15 && c == 21 && notified == 2);
}
