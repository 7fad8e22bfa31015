/* calltab.prune: a, b, c and d in one translation unit.  */
#include "prune-ab.c"
#include "prune-cd.c"
