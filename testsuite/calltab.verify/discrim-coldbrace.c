/* discrim-coldbrace.c: reduced from expat's chardata.c at -O2 with GCC
   16 (make check-real-gcc16, lld; discriminators.exp).  GCC 16 gives
   the first instruction of a cold part (init.cold: the failed assert)
   the row of the function's opening brace, after the row of the
   assert's line at the same address; here the previous section, w's,
   ends its line sequence with a row at its end address, which covers no
   code (the two .loc of the asm), and the cold part starts there.  The
   verifier took the assert's line for that code (the brace's line is
   neither the DIE's DW_AT_decl_line nor a line of code further on) and
   warned that the cold part shares the test's discriminator.  Compiled
   with -ffunction-sections -fno-toplevel-reorder, so that the asm's
   rows end w's section and the cold part's section follows it.  */
#include <assert.h>

struct s { int count; };

__attribute__ ((noinline, cold)) void
w (int *p)
{
  *p = 3;
}
__asm__ (".pushsection .text.unlikely.w\n\t.loc 1 20 0\n\t.loc 1 21 0\n\t.popsection\n");

__attribute__ ((noinline)) void
init (struct s *st)
{
  assert (st != 0);
  st->count = -1;
}

int
main (void)
{
  struct s a;
  init (&a);
  w (&a.count);
  return a.count == 3 ? 0 : 1;
}
