/* discrim-emptyrow.c: reduced from googletest's gtest-all.cc at -O2 with
   GCC 14 (make check-real-gcc14; discriminators.exp).  GCC 14 ended the
   unit's .text line sequence with a row at the sequence's end address,
   which covers no code, and the linkers put the COMDAT section of
   DeleteThreadLocalValue (`if (p) delete p;` on one line) right after
   it.  Here the empty row is written by the two .loc at the end (gas
   writes the first at once when a second follows), the section .text.z
   stands in for the COMDAT one, and z's line 7 lies in two blocks (the
   test and je; the tail call), numbered 0 and 1.  Compiled with
   -fno-toplevel-reorder, so that the asm comes after the functions.  */
extern void g (void *);

__attribute__ ((noinline, section (".text.z"))) void
z (void *p)
{
  if (p) g (p);
}

__attribute__ ((noinline)) int
y (int a)
{
  return a * 3 + 1;
}

volatile void *sink;
__attribute__ ((noinline)) void g (void *p) { sink = p; }

int
main (void)
{
  z (0);
  return y (2) == 7 ? 0 : 1;
}

__asm__ (".text\n\t.p2align 4\n\t.loc 1 20 0\n\t.loc 1 21 0\n");
