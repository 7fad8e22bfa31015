#include "vtail.h"
int C::get () const { return a->other (); }	// jmp A::other
