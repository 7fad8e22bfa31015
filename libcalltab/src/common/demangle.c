/* demangle.c: C++ names as the user wrote them, through libiberty's
   cplus_demangle (the demangler of binutils and GCC).  */

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <libiberty/demangle.h>
#include "common.h"

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

/* The identifier of the function the demangled NAME names: "f" of
   "ns::C<int>::f(int) const" or "void f<int>(int)" (the last name before
   the parameters, without template arguments), in [*B, *E).  false when
   there is none to be had (operators, ABI tags, lambdas...).  */
bool
__calltab_base_identifier (const char *name, const char **b, const char **e)
{
  if (strchr (name, '{') != NULL || strchr (name, '[') != NULL)
    return false;
  const char *end = NULL;
  int depth = 0;
  for (const char *p = name; *p != '\0' && end == NULL; p++)
    if (*p == '<')
      depth++;
    else if (*p == '>')
      depth--;
    else if (*p == '(' && depth == 0)
      {
	/* A scope, not the parameters.  */
	static const char anon[] = "(anonymous namespace)";
	if (strncmp (p, anon, sizeof anon - 1) == 0)
	  p += sizeof anon - 2;
	else
	  end = p;
      }
  if (end == NULL)
    end = name + strlen (name);
  const char *q = end;
  if (q > name && q[-1] == '>')
    {
      depth = 0;
      do
	{
	  q--;
	  if (*q == '>')
	    depth++;
	  else if (*q == '<')
	    depth--;
	}
      while (q > name && depth > 0);
    }
  const char *s = q;
  while (s > name && (isalnum ((unsigned char) s[-1]) || s[-1] == '_'))
    s--;
  if (s == q || (q - s >= 8 && strncmp (s, "operator", 8) == 0))
    return false;
  /* A destructor's identifier is "~Name", as its DIE's DW_AT_name.  */
  if (s > name && s[-1] == '~')
    s--;
  *b = s;
  *e = q;
  return true;
}
