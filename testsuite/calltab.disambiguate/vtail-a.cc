#include "vtail.h"
int A::get () const { return n * 7 + 1; }
int A::other () const { return n * 7 + 1; }
