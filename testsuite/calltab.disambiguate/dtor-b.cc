// B's key function: B's vtable and destructors are emitted here (built
// without -g in the mixed build: B's destructors have no DIE).
#include "dtor.h"
int B::get () const { return (int) y * 2; }
