// WITH_DELETE: the program replaces operator delete, and its
// replacement goes on to A::other's code: now F::drop reaches the PC.
#include "vdrop.h"
void operator delete (void *p) noexcept
{
  if (p)
    static_cast<A *> (p)->other ();	// jmp A::other
}
