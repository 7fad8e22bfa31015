#include "vdrop.h"
void A::drop () { n = n * 7 + 1; }
void A::other () noexcept { n = n * 7 + 1; }
