/* symbol-names-check: libcalltab's one answer to "does ELF symbol S name
   function F" (libcalltab/src/common/symbol-names.c), for
   calltab.api/symbol-names.exp to compare exactly.

   symbol-names-check QUERY...

   Each QUERY is one argument, its words separated by spaces, "-" for a
   NULL string:
     stem HOW SYM                 __calltab_symbol_stem: "N STEM"
     is HOW SYM NAME              __calltab_symbol_is: 0 or 1
     names HOW SYM NAME LINKAGE   __calltab_symbol_names: 1, 0 or -1
     demangles HOW SYM QNAME      __calltab_symbol_demangles_to: 1, 0 or
                                  -1 (QNAME: the rest, spaces and all)
     public SYM                   calltab_symbol_stem (CALLTAB_0.6): "N
                                  STEM", or "-1 E" (calltab_errno)
   HOW is cold, clone or any (CT_SUFFIX_*), with "+structors"
   (CT_SYMBOL_STRUCTORS) and "+demangle" (CT_SYMBOL_DEMANGLE).  One line
   per query: the query, ": ", the result.  Exit status 2 for a query it
   cannot read.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "common/common.h"

static int
parse_how (const char *s, unsigned int *how)
{
  size_t n = strcspn (s, "+");
  if (n == 4 && strncmp (s, "cold", 4) == 0)
    *how = CT_SUFFIX_COLD;
  else if (n == 5 && strncmp (s, "clone", 5) == 0)
    *how = CT_SUFFIX_CLONE;
  else if (n == 3 && strncmp (s, "any", 3) == 0)
    *how = CT_SUFFIX_ANY;
  else
    return -1;
  for (s += n; *s == '+'; s += n)
    {
      s++;
      n = strcspn (s, "+");
      if (n == 9 && strncmp (s, "structors", 9) == 0)
	*how |= CT_SYMBOL_STRUCTORS;
      else if (n == 8 && strncmp (s, "demangle", 8) == 0)
	*how |= CT_SYMBOL_DEMANGLE;
      else
	return -1;
    }
  return 0;
}

static const char *
arg (char *w)
{
  return strcmp (w, "-") == 0 ? NULL : w;
}

int
main (int argc, char **argv)
{
  for (int i = 1; i < argc; i++)
    {
      char *copy = strdup (argv[i]);
      if (copy == NULL)
	return 1;
      char *w[6];
      int n = 0;
      for (char *t = strtok (copy, " "); t != NULL && n < 6;
	   t = strtok (NULL, " "))
	w[n++] = t;
      unsigned int how = 0;
      if (n == 2 && strcmp (w[0], "public") == 0)
	{
	  const char *sym = arg (w[1]);
	  size_t r = calltab_symbol_stem (sym);
	  if (r == (size_t) -1)
	    printf ("%s: -1 %d\n", argv[i], calltab_errno ());
	  else
	    printf ("%s: %zu %.*s\n", argv[i], r, (int) r, sym);
	}
      else if (n < 3 || parse_how (w[1], &how) != 0)
	{
	  fprintf (stderr, "symbol-names-check: cannot read '%s'\n", argv[i]);
	  return 2;
	}
      else if (n == 3 && strcmp (w[0], "stem") == 0)
	{
	  size_t r = __calltab_symbol_stem (w[2], how);
	  printf ("%s: %zu %.*s\n", argv[i], r, (int) r, w[2]);
	}
      else if (n == 4 && strcmp (w[0], "is") == 0)
	printf ("%s: %d\n", argv[i],
		__calltab_symbol_is (w[2], arg (w[3]), how));
      else if (n >= 4 && strcmp (w[0], "demangles") == 0)
	{
	  /* QNAME: argv[i] after its first three words.  */
	  const char *q = argv[i];
	  for (int k = 0; k < 3; k++)
	    {
	      q += strspn (q, " ");
	      q += strcspn (q, " ");
	    }
	  q += strspn (q, " ");
	  printf ("%s: %d\n", argv[i],
		  __calltab_symbol_demangles_to (w[2], q, how));
	}
      else if (n == 5 && strcmp (w[0], "names") == 0)
	printf ("%s: %d\n", argv[i],
		__calltab_symbol_names (w[2], arg (w[3]), arg (w[4]), how));
      else
	{
	  fprintf (stderr, "symbol-names-check: cannot read '%s'\n", argv[i]);
	  return 2;
	}
      free (copy);
    }
  return 0;
}
