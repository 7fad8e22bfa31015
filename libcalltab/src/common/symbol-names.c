/* symbol-names.c: the one answer to "does ELF symbol S name function F"
   (common.h, "symbol names"): the suffixes GCC puts on a function's
   symbols, a C++ constructor or destructor's variants, found in the
   Itanium mangling, and the names of the library's deallocation
   functions.  */

#include <stdbool.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include "common.h"

/* ---- suffixes -------------------------------------------------------- */

/* Whether SUFFIX, what follows a function's name in a symbol, is GCC's
   name of one of its parts (".cold", ".cold.N"): all of SUFFIX.  */
static bool
cold_suffix (const char *suffix)
{
  if (strncmp (suffix, ".cold", 5) != 0)
    return false;
  const char *q = suffix + 5;
  if (*q == '.')
    {
      q++;
      if (*q == '\0')
	return false;
      while (*q >= '0' && *q <= '9')
	q++;
    }
  return *q == '\0';
}

/* Whether SUFFIX starts as a GCC clone's or alias's suffix, or a symbol
   version does ("@GLIBC_2.2.5", "@@V2"): what follows it (a second
   clone's suffix, ".constprop.0.isra.0") is the clone's too.  */
static bool
clone_suffix (const char *suffix)
{
  if (suffix[0] == '@')
    return true;
  static const char *const clones[] = {
    ".constprop.", ".isra.", ".part.", ".cold", ".localalias", ".lto_priv.",
  };
  for (size_t i = 0; i < sizeof clones / sizeof clones[0]; i++)
    if (strncmp (suffix, clones[i], strlen (clones[i])) == 0)
      return true;
  return false;
}

/* Whether MODE (HOW's CT_SUFFIX_*) takes SUFFIX, what follows a name in
   a symbol, for the name's own.  */
static bool
suffix_of_name (const char *suffix, unsigned int how)
{
  switch (how & CT_SUFFIX_MASK)
    {
    case CT_SUFFIX_COLD:
      return cold_suffix (suffix);
    case CT_SUFFIX_CLONE:
      return clone_suffix (suffix);
    default:
      return suffix[0] == '.';
    }
}

size_t
__calltab_symbol_stem (const char *sym, unsigned int how)
{
  /* GCC's get_original_name cuts at the first '.', even the first
     byte.  */
  if ((how & CT_SUFFIX_MASK) == CT_SUFFIX_ANY)
    return strcspn (sym, ".");
  if (sym[0] == '\0')
    return 0;
  size_t i = 1;
  while (sym[i] != '\0'
	 && !((sym[i] == '.' || sym[i] == '@') && suffix_of_name (sym + i, how)))
    i++;
  return i;
}

bool
__calltab_symbol_is (const char *sym, const char *name, unsigned int how)
{
  if (name == NULL || name[0] == '\0')
    return false;
  size_t n = strlen (name);
  return strncmp (sym, name, n) == 0
	 && (sym[n] == '\0' || suffix_of_name (sym + n, how));
}

/* ---- C++ constructors and destructors ----------------------------------

   Itanium C++ ABI mangled names, only as far as finding a constructor
   or destructor's variant code ("C1", "D2", ...) in a <nested-name>.
   Each function steps over one production and returns what follows it,
   or NULL for what it does not know (expressions, local names): the
   name is then compared as it is.  */

static const char *mangled_type (const char *p, unsigned depth);
static const char *mangled_unscoped (const char *p, unsigned depth);
static const char *mangled_local (const char *p, unsigned depth,
				  const char **structor, size_t *len);
static const char *mangled_nested (const char *p, unsigned depth,
				   const char **structor, size_t *len);

static const char *
mangled_number (const char *p)
{
  if (*p < '0' || *p > '9')
    return NULL;
  while (*p >= '0' && *p <= '9')
    p++;
  return p;
}

/* <source-name> ::= <length> <identifier>  */
static const char *
mangled_source_name (const char *p)
{
  size_t n = 0;
  if (*p < '1' || *p > '9')
    return NULL;
  for (; *p >= '0' && *p <= '9'; p++)
    {
      n = n * 10 + (size_t) (*p - '0');
      if (n > 4096)
	return NULL;
    }
  return strnlen (p, n) == n ? p + n : NULL;
}

/* S_, S<seq-id>_, St, Sa, Sb, Ss, Si, So, Sd; T_, T<n>_  */
static const char *
mangled_subst (const char *p)
{
  p++;
  if (p[0] != '\0' && strchr ("tabsiod", p[0]) != NULL)
    return p + 1;
  while ((*p >= '0' && *p <= '9') || (*p >= 'A' && *p <= 'Z'))
    p++;
  return *p == '_' ? p + 1 : NULL;
}

/* I <template-arg>+ E (or J ... E, an argument pack)  */
static const char *
mangled_template_args (const char *p, unsigned depth)
{
  for (p++; p != NULL && *p != 'E'; )
    {
      if (*p == 'I' || *p == 'J')
	p = mangled_template_args (p, depth + 1);
      else if (*p == 'L')
	{
	  /* L <type> <value> E; not L_Z <encoding> E.  */
	  if (p[1] == '_')
	    return NULL;
	  p = mangled_type (p + 1, depth + 1);
	  while (p != NULL && *p != '\0' && *p != 'E')
	    p++;
	  if (p != NULL && *p == 'E')
	    p++;
	}
      else
	p = mangled_type (p, depth + 1);
    }
  return p != NULL ? p + 1 : NULL;
}

/* An unqualified name alone: a source name, or a closure or unnamed
   type (Ul <types> E [<number>] _, Ut [<number>] _), with template
   arguments.  */
static const char *
mangled_unscoped (const char *p, unsigned depth)
{
  if (*p == 'U' && (p[1] == 'l' || p[1] == 't'))
    {
      bool lambda = p[1] == 'l';
      p += 2;
      while (lambda && p != NULL && *p != 'E')
	p = mangled_type (p, depth + 1);
      if (p != NULL && lambda)
	p++;
      while (p != NULL && *p >= '0' && *p <= '9')
	p++;
      p = p != NULL && *p == '_' ? p + 1 : NULL;
    }
  else
    p = mangled_source_name (p);
  if (p != NULL && *p == 'I')
    p = mangled_template_args (p, depth + 1);
  return p;
}

static const char *
mangled_type (const char *p, unsigned depth)
{
  if (p == NULL || depth > 64)
    return NULL;
  switch (*p)
    {
    case 'v': case 'w': case 'b': case 'c': case 'a': case 'h': case 's':
    case 't': case 'i': case 'j': case 'l': case 'm': case 'x': case 'y':
    case 'n': case 'o': case 'f': case 'd': case 'e': case 'g': case 'z':
      return p + 1;
    case 'u':
      return mangled_source_name (p + 1);
    case 'r': case 'V': case 'K': case 'P': case 'R': case 'O': case 'C':
    case 'G':
      return mangled_type (p + 1, depth + 1);
    case 'U':
      p = mangled_source_name (p + 1);
      if (p != NULL && *p == 'I')
	p = mangled_template_args (p, depth + 1);
      return mangled_type (p, depth + 1);
    case 'F':
      p++;
      if (*p == 'Y')
	p++;
      while (p != NULL && *p != 'E')
	p = (*p == 'R' || *p == 'O') && p[1] == 'E' ? p + 1
	    : mangled_type (p, depth + 1);
      return p != NULL ? p + 1 : NULL;
    case 'A':
      p++;
      if (*p != '_')
	p = mangled_number (p);
      if (p == NULL || *p != '_')
	return NULL;
      return mangled_type (p + 1, depth + 1);
    case 'M':
      return mangled_type (mangled_type (p + 1, depth + 1), depth + 1);
    case 'N':
      {
	const char *structor;
	size_t len;
	return mangled_nested (p, depth + 1, &structor, &len);
      }
    case 'Z':
      {
	const char *structor;
	size_t len;
	return mangled_local (p, depth + 1, &structor, &len);
      }
    case 'S':
      if (p[1] == 't')
	p = mangled_source_name (p + 2);
      else
	p = mangled_subst (p);
      break;
    case 'T':
      p = mangled_subst (p);
      break;
    case 'D':
      switch (p[1])
	{
	case 'p':
	  return mangled_type (p + 2, depth + 1);
	case 'n': case 'a': case 'c': case 'i': case 's': case 'u': case 'f':
	case 'd': case 'e': case 'h':
	  return p + 2;
	default:
	  return NULL;
	}
    default:
      if (*p >= '1' && *p <= '9')
	{
	  p = mangled_source_name (p);
	  break;
	}
      return NULL;
    }
  if (p != NULL && *p == 'I')
    p = mangled_template_args (p, depth + 1);
  return p;
}

/* N [<CV-qualifiers>] [<ref-qualifier>] <prefix> <unqualified-name> E:
   *STRUCTOR is set to the last constructor or destructor name ("C1",
   "CI2 <base>", "D0") of its components, *LEN to the length of its
   code.  */
static const char *
mangled_nested (const char *p, unsigned depth, const char **structor,
		size_t *len)
{
  *structor = NULL;
  p++;
  while (*p == 'r' || *p == 'V' || *p == 'K')
    p++;
  if (*p == 'R' || *p == 'O')
    p++;
  while (p != NULL && *p != 'E')
    {
      if (depth > 64)
	return NULL;
      if (*p >= '1' && *p <= '9')
	p = mangled_source_name (p);
      else if (*p == 'S' && p[1] != 't')
	p = mangled_subst (p);
      else if (*p == 'S')
	p += 2;
      else if (*p == 'T')
	p = mangled_subst (p);
      else if (*p == 'I')
	p = mangled_template_args (p, depth + 1);
      else if (*p == 'B')
	p = mangled_source_name (p + 1);
      else if (*p == 'U' && (p[1] == 'l' || p[1] == 't'))
	p = mangled_unscoped (p, depth + 1);
      else if (*p == 'C' && p[1] >= '1' && p[1] <= '5')
	{
	  *structor = p;
	  *len = 2;
	  p += 2;
	}
      else if (*p == 'C' && p[1] == 'I' && (p[2] == '1' || p[2] == '2'))
	{
	  *structor = p;
	  *len = 3;
	  p = mangled_type (p + 3, depth + 1);
	}
      else if (*p == 'D' && p[1] >= '0' && p[1] <= '5' && p[1] != '3')
	{
	  *structor = p;
	  *len = 2;
	  p += 2;
	}
      else if (*p >= 'a' && *p <= 'z' && p[1] >= 'a' && p[1] <= 'z')
	{
	  /* An operator name; a conversion names its type.  */
	  bool cv = p[0] == 'c' && p[1] == 'v';
	  p += 2;
	  if (cv)
	    p = mangled_type (p, depth + 1);
	}
      else
	return NULL;
    }
  return p != NULL ? p + 1 : NULL;
}

/* Z <function encoding> E <entity name> [<discriminator>]: a name local
   to a function; *STRUCTOR as for mangled_nested, of the entity.  */
static const char *
mangled_local (const char *p, unsigned depth, const char **structor,
	       size_t *len)
{
  const char *inner;
  size_t ilen;
  if (depth > 64)
    return NULL;
  p++;
  /* The function: its name, then its parameter types.  */
  if (*p == 'N')
    p = mangled_nested (p, depth + 1, &inner, &ilen);
  else if (*p == 'Z')
    p = mangled_local (p, depth + 1, &inner, &ilen);
  else
    p = mangled_unscoped (p, depth + 1);
  while (p != NULL && *p != 'E')
    p = mangled_type (p, depth + 1);
  if (p == NULL)
    return NULL;
  p++;
  *structor = NULL;
  if (*p == 'N')
    p = mangled_nested (p, depth + 1, structor, len);
  else if (*p == 's')
    p++;
  else
    p = mangled_unscoped (p, depth + 1);
  if (p != NULL && *p == '_')
    p = mangled_number (p + 1);
  return p;
}

/* Where the constructor or destructor code of mangled name NAME is
   ("_ZN1AC2Ev": at "C2"), with its length in *LEN; NULL if NAME is no
   constructor or destructor, or cannot be read.  */
static const char *
structor_code (const char *name, size_t *len)
{
  const char *structor = NULL;
  if (strncmp (name, "_ZN", 3) == 0)
    {
      if (mangled_nested (name + 2, 0, &structor, len) == NULL)
	return NULL;
    }
  else if (strncmp (name, "_ZZ", 3) == 0)
    {
      if (mangled_local (name + 2, 0, &structor, len) == NULL)
	return NULL;
    }
  return structor;
}

/* Whether SYM and NAME are two variants of one constructor or
   destructor (Itanium C++ ABI: C1 complete, C2 base, C3 allocating, C4
   GCC's "unified" abstract one that its DWARF names, C5 the COMDAT
   group; D0 deleting, D1 complete, D2 base, D4, D5), SYM perhaps with a
   suffix HOW takes.  */
static bool
structor_variants (const char *sym, const char *name, unsigned int how)
{
  size_t slen, nlen;
  const char *s = structor_code (sym, &slen);
  const char *n = structor_code (name, &nlen);
  if (s == NULL || n == NULL || s - sym != n - name || slen != nlen
      || strncmp (sym, name, (size_t) (s - sym)) != 0 || s[0] != n[0]
      || (slen == 3 && s[1] != n[1]))
    return false;
  return __calltab_symbol_is (s + slen, n + nlen, how);
}

char
__calltab_destructor_kind (const char *sym)
{
  size_t len;
  const char *code = sym != NULL ? structor_code (sym, &len) : NULL;
  return code != NULL && code[0] == 'D' && len == 2 ? code[1] : 0;
}

const char *
__calltab_structor_variant (const char *sym, char kind, char *buf,
			    size_t size)
{
  size_t len;
  const char *code = sym != NULL ? structor_code (sym, &len) : NULL;
  if (code == NULL || len != 2 || strlen (sym) >= size)
    return NULL;
  strcpy (buf, sym);
  buf[code - sym + 1] = kind;
  return buf;
}

/* <call-offset> ::= h <nv-offset> _ | v <v-offset> _ (an offset and a
   virtual offset); a number may be negative (n).  */
static const char *
mangled_call_offset (const char *p)
{
  int numbers = *p == 'h' ? 1 : *p == 'v' ? 2 : 0;
  if (numbers == 0)
    return NULL;
  p++;
  for (int j = 0; j < numbers && p != NULL; j++)
    {
      if (*p == 'n')
	p++;
      p = mangled_number (p);
      if (p == NULL || *p++ != '_')
	return NULL;
    }
  return p;
}

const char *
__calltab_thunk_target (const char *sym, char *buf, size_t size)
{
  if (sym == NULL || strncmp (sym, "_ZT", 3) != 0)
    return NULL;
  const char *p = sym + 3;
  if (*p == 'c')
    p = mangled_call_offset (p + 1);
  if (p != NULL)
    p = mangled_call_offset (p);
  if (p == NULL || *p == '\0'
      || (size_t) snprintf (buf, size, "_Z%s", p) >= size)
    return NULL;
  return buf;
}

/* ---- a symbol and a function's DIE -------------------------------------- */

/* The mangled SYM up to its suffix (HOW), demangled without
   parameters, into *DM (malloc'ed; NULL when SYM is no C++ name):
   0, or -1 when out of memory.  */
static int
demangled_stem (const char *sym, unsigned int how, char **dm)
{
  *dm = NULL;
  if (strncmp (sym, "_Z", 2) != 0)
    return 0;
  char *mangled = strndup (sym, __calltab_symbol_stem (sym, how));
  if (mangled == NULL)
    {
      __calltab_seterr (CALLTAB_E_NOMEM, NULL);
      return -1;
    }
  *dm = __calltab_demangle_noparams (mangled);
  free (mangled);
  return 0;
}

/* Whether the mangled SYM, up to its suffix, demangles to a name whose
   function identifier (with its template arguments, if NAME has them)
   is NAME ("(anonymous namespace)::total" for "total"); -1 when out of
   memory.  */
static int
demangled_names (const char *sym, const char *name, unsigned int how)
{
  char *dm;
  if (demangled_stem (sym, how, &dm) < 0)
    return -1;
  const char *b, *e;
  int r = 0;
  if (dm != NULL && __calltab_base_identifier (dm, &b, &e))
    {
      size_t len = (size_t) (e - b);
      r = strncmp (b, name, len) == 0
	  && (name[len] == '\0'
	      || (name[len] == '<' && strncmp (e, name + len,
					       strlen (name + len)) == 0));
    }
  free (dm);
  return r;
}

int
__calltab_symbol_demangles_to (const char *sym, const char *qname,
			       unsigned int how)
{
  char *dm;
  if (demangled_stem (sym, how, &dm) < 0)
    return -1;
  int r = dm != NULL && strcmp (dm, qname) == 0;
  free (dm);
  return r;
}

int
__calltab_symbol_names (const char *sym, const char *name,
			const char *linkage, unsigned int how)
{
  /* A C++ function is named by its linkage name; "foo" would also match
     every overload.  */
  if (linkage != NULL && linkage[0] != '\0')
    return __calltab_symbol_is (sym, linkage, how)
	   || ((how & CT_SYMBOL_STRUCTORS)
	       && structor_variants (sym, linkage, how));
  if (__calltab_symbol_is (sym, name, how))
    return 1;
  if ((how & CT_SYMBOL_DEMANGLE) && name != NULL && name[0] != '\0')
    return demangled_names (sym, name, how);
  return 0;
}

CALLTAB_EXPORT size_t
calltab_symbol_stem (const char *symbol)
{
  if (symbol == NULL)
    {
      __calltab_seterr (CALLTAB_E_INVALID_ARG, NULL);
      return (size_t) -1;
    }
  return __calltab_symbol_stem (symbol, CT_SUFFIX_COLD);
}

/* ---- deallocation functions ------------------------------------------ */

bool
__calltab_deallocator_name (const char *symbol, bool standard)
{
  if (strcmp (symbol, "free") == 0)
    return true;
  /* The global operator delete (_Zdl) and delete[] (_Zda); a member's
     is a nested name (_ZN...dlEPv).  The C++ library's forms: the
     pointer, then a size (m; j on 32-bit targets), an alignment, or
     nothrow_t, as [new.delete] declares them.  */
  if (strncmp (symbol, "_Zdl", 4) != 0 && strncmp (symbol, "_Zda", 4) != 0)
    return false;
  if (!standard)
    return true;
  static const char *const forms[] = {
    "Pv", "Pvm", "Pvj", "PvSt11align_val_t", "PvmSt11align_val_t",
    "PvjSt11align_val_t", "PvRKSt9nothrow_t",
    "PvSt11align_val_tRKSt9nothrow_t"
  };
  for (size_t i = 0; i < sizeof forms / sizeof *forms; i++)
    if (strcmp (symbol + 4, forms[i]) == 0)
      return true;
  return false;
}
