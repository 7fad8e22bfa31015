#include "vtail.h"
int B::get () const { return n * 7 + 1; }
