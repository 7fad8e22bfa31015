#include "vdrop.h"
void B::drop () { n = n * 7 + 1; }
