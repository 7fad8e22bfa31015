/* Reduced from sqlite3.c at -O3 (sqlite3VdbeSerialGet inlined into
   sqlite3VdbeRecordUnpack): the code of case 7 ends with a conditional
   jump and falls through the assembler's alignment fill (a NOP of
   several bytes) into the aligned label of case 0, which only the jump
   table (label differences, no relocations) jumps to.  The verifier took
   the fill for code of a block of its own holding the line of the jump
   (discriminator-shared).  */

struct mem { double r; long i; unsigned short flags; };
extern const unsigned char len_tab[12];

static inline void
get7 (const unsigned char *p, struct mem *m)
{
  long x = *(const long *) p;
  if ((x & 0xfffffffffffffL) == 0) m->flags = 1; else { m->r = x; m->flags = 8; }
}

static inline void
get (unsigned t, const unsigned char *p, struct mem *m)
{
  switch (t)
    {
    case 0: case 10: case 11: m->flags = 1; break;
    case 1: m->i = (signed char) p[0]; m->flags = 4; break;
    case 2: m->i = (signed char) p[0] << 8 | p[1]; m->flags = 4; break;
    case 3: m->i = p[0] << 16 | p[1] << 8 | p[2]; m->flags = 4; break;
    case 4: m->i = *(const int *) p; m->flags = 4; break;
    case 6: m->i = *(const long *) p; m->flags = 4; break;
    case 7: get7 (p, m); break;
    case 8: m->i = 0; m->flags = 4; break;
    case 9: m->i = 1; m->flags = 4; break;
    default: m->i = 5; m->flags = 2; break;
    }
}

int
unpack (const unsigned char *p, const unsigned *types, int n, struct mem *m)
{
  int off = 0;
  for (int i = 0; i < n; i++)
    {
      unsigned t = types[i];
      get (t, p + off, m + i);
      off += t < 12 ? len_tab[t] : (t - 12) / 2;
    }
  return off;
}
