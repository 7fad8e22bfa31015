/* demangle.c: C++ names as the user wrote them, through libiberty's
   cplus_demangle (the demangler of binutils and GCC).  */

#include <stdlib.h>
#include <string.h>
#include <libiberty/demangle.h>
#include "disamb.h"

char *
__calltab_demangle (const char *sym)
{
  char *dm = cplus_demangle (sym, DMGL_PARAMS | DMGL_ANSI);
  return dm != NULL ? dm : strdup (sym);
}

char *
__calltab_demangle_noparams (const char *sym)
{
  return cplus_demangle (sym, DMGL_ANSI);
}
