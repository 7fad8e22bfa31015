#include "vdrop.h"
void F::drop () { ::operator delete (buf); }	// jmp operator delete
