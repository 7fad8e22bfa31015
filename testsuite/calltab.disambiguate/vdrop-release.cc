#include "vdrop.h"
void Base::release () { drop (); }	// jmp *16(%rax)
