#include "vtail.h"
int E::get () const { return 3; }
