// The rest of discrim-eh.cc's program.
void k (int);

void
f ()
{
}

void
g (int)
{
}

int
main ()
{
  k (1);
  return 0;
}
