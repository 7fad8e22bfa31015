/* Reduced from googletest at -O2 (new_allocator.h:90 in the .cold parts
   of FilePath::RemoveExtension and others): the .cold part holds two
   blocks of one line, one after a call that does not return, each
   reached by a jump from the hot part.  In an object those jumps are
   relocations against .text.unlikely: the verifier took the two blocks
   for one (discriminator-single-block).  */

__attribute__ ((noreturn, cold)) void fail (int);
void use (int);

static inline void
check (int v)
{
  if (v > 10)
    fail (v);
}

void
f (int x, int y)
{
  check (x);
  check (y);
  use (x + y);
}
