/* Cases that fall through into each other on one line: the second case
   is entered from the jump table, and falls in from the first.  Built
   without PIE and with --emit-relocs so that the oracle sees the jump
   table's targets.  */
__attribute__ ((noipa)) int
step (int op, int a, int x)
{
  switch (op)
    {
    case 0: a += x; /* fall through */ case 1: a *= 3; break;
    case 2: a -= x; /* fall through */ case 3: a ^= 5; break;
    case 4: a = x; break;
    case 5: a <<= 1; break;
    case 6: a >>= x; break;
    default: a = -1; break;
    }
  return a;
}

int
main (void)
{
  return step (1, 2, 3) != 6;
}
