/* A switch on one line, through a jump table (discriminators.exp): every
   case is a block that the table jump of the line reaches, so under
   issue 27's rule each carries a number no other block of the line
   carries.  discriminators.exp compiles it to assembly at -O0 and gives
   one case's block the number of the case before it.  */
__attribute__ ((noipa)) int
step (int op, int a, int x)
{
  switch (op) { case 0: a += x; /* fall through */ case 1: a *= 3; break; case 2: a -= x; break; case 3: a ^= 5; break; case 4: a = x; break; case 5: a <<= 1; break; case 6: a >>= x; break; default: a = -1; }
  return a;
}

int
main (void)
{
  return step (1, 2, 3) != 6;
}
