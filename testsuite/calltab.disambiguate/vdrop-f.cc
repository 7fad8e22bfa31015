#include "vdrop.h"
void
F::drop ()
{
#ifdef WITH_SIZED
  ::operator delete (buf, sizeof (long));	// jmp operator delete (sized)
#else
  ::operator delete (buf);			// jmp operator delete
#endif
}
