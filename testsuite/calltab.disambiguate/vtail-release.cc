#include "vtail.h"
int Base::release () const { return get (); }	// jmp *16(%rax)
