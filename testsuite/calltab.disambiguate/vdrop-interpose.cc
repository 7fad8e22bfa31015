// WITH_LIB: the program defines L::drop's symbol itself, as a plain
// function (so that L's vtable stays the library's): the library's
// vtable entry binds to it, the program exports it, and it goes on to
// A::other's code.
#include "vdrop.h"
extern "C" void interposed_l_drop (Base *b) __asm__ ("_ZN1L4dropEv");
extern "C" void
interposed_l_drop (Base *b)
{
  static_cast<A *> (b)->other ();	// jmp A::other
}
