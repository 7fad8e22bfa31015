// A's key function: A's vtable and destructors are emitted here.
#include "dtor.h"
int A::get () const { return (int) x; }
