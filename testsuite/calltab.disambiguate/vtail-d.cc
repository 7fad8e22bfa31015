#include "vtail.h"
int D::get () const { return n + 5; }
