// WITH_LIB: L's vtable is a shared library's (libvdrop-l.so, built from
// this file), which the program copies (main constructs an L); its
// entry for drop binds to the program's definition (vdrop-interpose.cc).
#include "vdrop.h"
void L::drop () {}
