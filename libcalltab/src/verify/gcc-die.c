/* gcc-die.c: GCC's own DIE of a function the tables name.

   The plugin's callee DIE of a function that makes no recorded call has
   no address (docs/format.md); GCC's own DIE of its definition, in the
   translation unit's GCC unit, has one.  When a linker folds such a
   function (ld.gold --icf=all) and drops its local symbol, that
   DW_AT_low_pc, relocated to the kept copy, is what still shows the
   fold.  Which GCC DIE it is: the origin of GCC's call site at the same
   return address (-O1 and above, -Og), else the one definition in the
   unit whose symbol is the callee's (GCC gives a local function no
   DW_AT_linkage_name, so C++ overloads of a local function share the
   key and are left ambiguous).  The index of one GCC unit is built when
   first needed and kept while the tables' units of that unit follow.  */

#include <stdlib.h>
#include <string.h>
#include <dwarf.h>
#include "verify.h"
#include "disamb/disamb.h"

#ifndef DW_TAG_GNU_call_site
# define DW_TAG_GNU_call_site 0x4109
#endif

/* How many DW_AT_abstract_origin / DW_AT_specification hops from a
   concrete DIE are kept: out-of-line instance -> abstract DIE ->
   declaration.  */
#define ORIGIN_HOPS 3

struct gcc_site
{
  struct ct_place ret;		/* the return address */
  Dwarf_Off origin;		/* DW_AT_call_origin / DW_AT_abstract_origin */
};

struct gcc_def
{
  Dwarf_Off die;
  Dwarf_Off origins[ORIGIN_HOPS];	/* 0: none */
  const char *name, *linkage;
};

struct gcc_dies
{
  bool valid;			/* UNIT is indexed */
  Dwarf_Off unit;		/* the GCC unit indexed */
  struct gcc_site *sites;	/* sorted by ret */
  size_t nsites, sites_alloc;
  struct gcc_def *defs;
  size_t ndefs, defs_alloc;
};

void
verify_die_names (Dwarf_Die *die, const char **name, const char **linkage)
{
  *name = calltab_die_string (die, DW_AT_name);
  *linkage = __calltab_die_linkage_name (die);
}

bool
verify_gcc_names_match (const Calltab_Func *f, const char *name,
			const char *linkage)
{
  /* Each side's symbol: its linkage name, else its name (C).  GCC names
     the abstract origin of an IPA clone (foo), the table may name the
     clone itself (foo.isra.0); GCC's DIE of a C++ structor is the
     abstract "unified" one (C4, D4), the table's the symbol called (C1,
     C2, D0, D1, D2): the same function.  Where one side has no linkage
     name (GCC's DIE of a local function, or a builtin known by its
     symbol), the names are compared too.  */
  const char *gcc = linkage != NULL ? linkage : name;
  const char *ours = f->linkage_name != NULL ? f->linkage_name : f->name;
  if (gcc == NULL)
    return false;
  if (ours != NULL
      && __calltab_symbol_names (ours, NULL, gcc, VERIFY_SYMBOL_VARIANTS))
    return true;
  return (linkage == NULL || f->linkage_name == NULL) && name != NULL
	 && f->name != NULL
	 && __calltab_symbol_names (f->name, name, NULL,
				    VERIFY_SYMBOL_VARIANTS);
}

static int
cmp_site (const void *a, const void *b)
{
  const struct gcc_site *x = a, *y = b;
  return ct_place_cmp (&x->ret, &y->ret);
}

/* Index call site DIE of G's unit (not an indirect call).  Returns 0,
   or -1 when out of memory.  */
static int
add_site (struct verify *v, struct gcc_dies *g, Dwarf_Die *die)
{
  Dwarf_Attribute attr;
  Dwarf_Addr ret;
  Dwarf_Die origin;
  if (dwarf_attr (die, DW_AT_call_return_pc, &attr) != NULL)
    {
      if (dwarf_formaddr (&attr, &ret) != 0)
	return 0;
    }
  else if (dwarf_lowpc (die, &ret) != 0)
    return 0;
  if ((dwarf_attr (die, DW_AT_call_origin, &attr) == NULL
       && dwarf_attr (die, DW_AT_abstract_origin, &attr) == NULL)
      || dwarf_formref_die (&attr, &origin) == NULL)
    return 0;		/* an indirect call */
  struct gcc_site s = { .origin = dwarf_dieoffset (&origin) };
  if (!verify_dwarf_place (v, ret, true, &s.ret))
    return 0;
  if (__calltab_reserve (&g->sites, &g->sites_alloc, g->nsites + 1,
			 sizeof *g->sites) < 0)
    return -1;
  g->sites[g->nsites++] = s;
  return 0;
}

/* Index subprogram DIE of G's unit when it has code.  Returns 0, or -1
   when out of memory.  */
static int
add_def (struct gcc_dies *g, Dwarf_Die *die)
{
  Dwarf_Addr low;
  if (__calltab_die_entry (die, &low) != 0)
    return 0;		/* a declaration or an abstract DIE */
  struct gcc_def d = { .die = dwarf_dieoffset (die) };
  verify_die_names (die, &d.name, &d.linkage);
  Dwarf_Die at = *die;
  for (int i = 0; i < ORIGIN_HOPS; i++)
    {
      Dwarf_Attribute attr;
      if ((dwarf_attr (&at, DW_AT_abstract_origin, &attr) == NULL
	   && dwarf_attr (&at, DW_AT_specification, &attr) == NULL)
	  || dwarf_formref_die (&attr, &at) == NULL)
	break;
      d.origins[i] = dwarf_dieoffset (&at);
    }
  if (__calltab_reserve (&g->defs, &g->defs_alloc, g->ndefs + 1,
			 sizeof *g->defs) < 0)
    return -1;
  g->defs[g->ndefs++] = d;
  return 0;
}

/* Index the call sites and subprograms of DIE, its siblings and their
   children.  Returns 0, or -1 when out of memory.  */
static int
walk (struct verify *v, struct gcc_dies *g, Dwarf_Die *die, unsigned depth)
{
  if (depth > 512)
    return 0;
  do
    {
      int tag = dwarf_tag (die);
      if ((tag == DW_TAG_call_site || tag == DW_TAG_GNU_call_site)
	  && add_site (v, g, die) < 0)
	return -1;
      if (tag == DW_TAG_subprogram && add_def (g, die) < 0)
	return -1;
      Dwarf_Die child;
      if (dwarf_child (die, &child) == 0 && walk (v, g, &child, depth + 1) < 0)
	return -1;
    }
  while (dwarf_siblingof (die, die) == 0);
  return 0;
}

/* The index of the GCC unit at UNIT (header size HSIZE).  */
static struct gcc_dies *
index_unit (struct verify *v, Dwarf_Off unit, size_t hsize)
{
  struct gcc_dies *g = v->gcc_dies;
  if (g == NULL)
    {
      g = v->gcc_dies = calloc (1, sizeof *g);
      if (g == NULL)
	{
	  v->nomem = true;
	  return NULL;
	}
    }
  if (g->valid && g->unit == unit)
    return g;
  g->valid = false;
  g->nsites = g->ndefs = 0;
  Dwarf_Die cudie;
  if (dwarf_offdie (v->dwarf, unit + hsize, &cudie) == NULL)
    return NULL;
  if (walk (v, g, &cudie, 0) < 0)
    {
      v->nomem = true;
      return NULL;
    }
  if (g->nsites > 1)
    qsort (g->sites, g->nsites, sizeof *g->sites, cmp_site);
  g->unit = unit;
  g->valid = true;
  return g;
}

static bool
offset_before (const void *elt, const void *key)
{
  return *(const uint64_t *) elt < *(const uint64_t *) key;
}

/* GCC's unit of the translation unit whose declaration unit holds F's
   DIE: the unit built with the plugin right before it (the compiler
   writes the declaration unit after GCC's, in the same section).  */
static struct gcc_dies *
unit_of (struct verify *v, const Calltab_Func *f)
{
  Dwarf_Die die;
  if (v->dwarf == NULL || f->scn != 0
      || dwarf_offdie (v->dwarf, f->die, &die) == NULL)
    return NULL;
  uint64_t decl = f->die - dwarf_cuoffset (&die);
  size_t i = __calltab_partition (v->plugin_units, v->nplugin_units,
				  sizeof v->plugin_units[0], offset_before,
				  &decl);
  if (i == 0)
    return NULL;
  Dwarf_Off unit = v->plugin_units[i - 1], next;
  size_t hsize;
  if (dwarf_nextcu (v->dwarf, unit, &next, &hsize, NULL, NULL, NULL) != 0
      || next != decl)
    return NULL;
  return index_unit (v, unit, hsize);
}

/* The concrete DIE of G for the DIE at ORIGIN: itself, or a definition
   whose origins reach it.  */
static bool
concrete_of (struct verify *v, const struct gcc_dies *g, Dwarf_Off origin,
	     Dwarf_Die *out)
{
  for (size_t i = 0; i < g->ndefs; i++)
    {
      const struct gcc_def *d = &g->defs[i];
      bool hit = d->die == origin;
      for (int h = 0; !hit && h < ORIGIN_HOPS && d->origins[h] != 0; h++)
	hit = d->origins[h] == origin;
      if (hit)
	return dwarf_offdie (v->dwarf, d->die, out) != NULL;
    }
  return false;
}

/* Whether the member function of mangled symbol SYM is const ("_ZNK"):
   1, 0, or -1 when SYM is no member function's.  */
static int
mangled_const (const char *sym)
{
  if (sym == NULL || strncmp (sym, "_ZN", 3) != 0)
    return -1;
  const char *p = sym + 3;
  while (*p == 'r' || *p == 'V')
    p++;
  return *p == 'K';
}

/* Whether definition D is const as F's symbol says (its artificial first
   parameter, `this', points to a const class); true when either side
   does not tell.  */
static bool
same_constness (struct verify *v, const Calltab_Func *f,
		const struct gcc_def *d)
{
  int want = mangled_const (f->linkage_name);
  Dwarf_Die die, child, type;
  if (want < 0 || dwarf_offdie (v->dwarf, d->die, &die) == NULL
      || dwarf_child (&die, &child) != 0)
    return true;
  do
    {
      Dwarf_Attribute attr;
      bool artificial;
      if (dwarf_tag (&child) != DW_TAG_formal_parameter)
	continue;
      if (dwarf_attr (&child, DW_AT_artificial, &attr) == NULL
	  || dwarf_formflag (&attr, &artificial) != 0 || !artificial)
	return want == 0;	/* no `this': a static member */
      /* `this': pointer (const) to the class, perhaps const itself.  */
      if (dwarf_attr (&child, DW_AT_type, &attr) == NULL
	  || dwarf_formref_die (&attr, &type) == NULL)
	return true;
      while (dwarf_tag (&type) == DW_TAG_const_type
	     || dwarf_tag (&type) == DW_TAG_volatile_type)
	if (dwarf_attr (&type, DW_AT_type, &attr) == NULL
	    || dwarf_formref_die (&attr, &type) == NULL)
	  return true;
      if (dwarf_tag (&type) != DW_TAG_pointer_type
	  || dwarf_attr (&type, DW_AT_type, &attr) == NULL
	  || dwarf_formref_die (&attr, &type) == NULL)
	return true;
      return (dwarf_tag (&type) == DW_TAG_const_type) == (want == 1);
    }
  while (dwarf_siblingof (&child, &child) == 0);
  return want == 0;
}

/* The function a lambda of mangled symbol SYM is local to ("use_b" for
   "_ZZ5use_biENKUliE_clEi", use_b(int)::{lambda(int)#1}::operator()),
   malloc'ed; NULL when SYM is no lambda's member.  */
static char *
lambda_function (const char *sym)
{
  char *dm = sym != NULL ? __calltab_demangle (sym) : NULL;
  const char *lambda = dm != NULL ? strstr (dm, "::{lambda(") : NULL;
  char *name = NULL;
  if (lambda != NULL)
    {
      /* The identifier before the function's parameter list, which
	 ends right before "::{lambda(".  */
      const char *open = lambda;
      int depth = 0;
      while (open > dm)
	{
	  open--;
	  depth += *open == ')' ? 1 : *open == '(' ? -1 : 0;
	  if (depth == 0)
	    break;
	}
      if (depth == 0 && *open == '(' && open > dm)
	{
	  const char *b = open;
	  while (b > dm && b[-1] != ':' && b[-1] != ' ')
	    b--;
	  name = strndup (b, (size_t) (open - b));
	}
    }
  free (dm);
  return name;
}

/* Whether definition D's declaration is inside a function named
   FUNCTION (a member of a lambda's class, local to that function).  */
static bool
in_function (struct verify *v, const struct gcc_def *d, const char *function)
{
  Dwarf_Die die, decl;
  Dwarf_Attribute attr;
  if (dwarf_offdie (v->dwarf, d->die, &die) == NULL)
    return false;
  if (dwarf_attr (&die, DW_AT_specification, &attr) == NULL
      || dwarf_formref_die (&attr, &decl) == NULL)
    decl = die;
  Dwarf_Die *scopes;
  int n = dwarf_getscopes_die (&decl, &scopes);
  bool in = false;
  for (int i = 1; i < n && !in; i++)
    if (dwarf_tag (&scopes[i]) == DW_TAG_subprogram)
      {
	const char *name = calltab_die_string (&scopes[i], DW_AT_name);
	in = name != NULL && strcmp (name, function) == 0;
	break;
      }
  if (n > 0)
    free (scopes);
  return in;
}

/* Whether definition D, when it has no linkage name, has as qualified
   name (the namespaces and classes of its declaration, then its own
   name) F's symbol demangled without parameters: the operator() of two
   classes in an anonymous namespace, which GCC names alike.  True for
   a D with a linkage name (compared already).  */
static bool
same_qualified_name (struct verify *v, const Calltab_Func *f,
		     const struct gcc_def *d)
{
  const char *qname;
  if (d->linkage != NULL)
    return true;
  if (f->linkage_name == NULL)
    return false;
  if (__calltab_qualified_name (v->ct, d->die, d->name, &qname) < 0)
    {
      v->nomem = true;
      return false;
    }
  return qname != NULL
	 && __calltab_symbol_demangles_to (f->linkage_name, qname,
					   CT_SUFFIX_ANY) > 0;
}

/* How F's definitions are told from the others of its name.  */
struct narrowing
{
  bool by_const;		/* by the constness of `this' */
  char *local;			/* by the function a lambda is local to */
  bool by_qname;		/* by the qualified name */
};

static bool
def_matches (struct verify *v, const Calltab_Func *f,
	     const struct gcc_def *d, const struct narrowing *n)
{
  return verify_gcc_names_match (f, d->name, d->linkage)
	 && (!n->by_const || same_constness (v, f, d))
	 && (n->local == NULL || in_function (v, d, n->local))
	 && (!n->by_qname || same_qualified_name (v, f, d));
}

/* The definitions of G that could be F's: where GCC's DIEs have no
   linkage name (a template instance over a local type, such as
   std::_Any_data::_M_access<lambda>), those of F's name are told apart
   step by step while several remain: by the constness of `this', by the
   function a lambda is local to, by the qualified name (a step that
   keeps none says nothing: the one before it stands; a non-member has no
   qualified name of its class).  Returns the last one kept, *NHIT how
   many, *N the step (N->local malloc'ed).  */
static const struct gcc_def *
narrow (struct verify *v, const struct gcc_dies *g, const Calltab_Func *f,
	struct narrowing *n, size_t *nhit)
{
  const struct gcc_def *hit = NULL;
  *n = (struct narrowing) { false, NULL, false };
  *nhit = 0;
  for (int pass = 0; pass < 4; pass++)
    {
      struct narrowing before = *n;
      if (pass == 1)
	n->by_const = true;
      else if (pass == 2
	       && (n->local = lambda_function (f->linkage_name)) == NULL)
	continue;
      else if (pass == 3)
	n->by_qname = true;
      const struct gcc_def *h = NULL;
      size_t k = 0;
      for (size_t i = 0; i < g->ndefs; i++)
	if (def_matches (v, f, &g->defs[i], n))
	  {
	    k++;
	    h = &g->defs[i];
	  }
      if (k == 0 && pass > 0)
	{
	  if (n->local != before.local)
	    free (n->local);
	  *n = before;
	  break;
	}
      hit = h;
      *nhit = k;
      if (k <= 1 || f->linkage_name == NULL)
	break;
    }
  return hit;
}

bool
verify_gcc_callee (struct verify *v, const Calltab_Func *f,
		   const struct ct_place *ret, Dwarf_Die *out)
{
  struct gcc_dies *g = unit_of (v, f);
  if (g == NULL)
    return false;
  struct gcc_site key = { .ret = *ret };
  struct gcc_site *s = g->nsites == 0 ? NULL
			: bsearch (&key, g->sites, g->nsites, sizeof key,
				   cmp_site);
  if (s != NULL)
    {
      while (s > g->sites && cmp_site (s - 1, &key) == 0)
	s--;
      for (; s < g->sites + g->nsites && cmp_site (s, &key) == 0; s++)
	{
	  Dwarf_Die origin;
	  const char *name, *linkage;
	  if (dwarf_offdie (v->dwarf, s->origin, &origin) == NULL)
	    continue;
	  verify_die_names (&origin, &name, &linkage);
	  if (verify_gcc_names_match (f, name, linkage)
	      && concrete_of (v, g, s->origin, out))
	    return true;
	}
    }
  /* No call site says which: the unit's one definition of the symbol.  */
  struct narrowing n;
  size_t nhit;
  const struct gcc_def *hit = narrow (v, g, f, &n, &nhit);
  free (n.local);
  return nhit == 1 && dwarf_offdie (v->dwarf, hit->die, out) != NULL;
}

/* Whether GCC may give the DIE of F's code no DW_AT_linkage_name: it
   writes one for public functions only (their clones' DIEs reach it
   through DW_AT_abstract_origin), not for a static or function-local
   one (_ZL, _ZZ), one in an anonymous namespace or a lambda's member
   (Ul, a closure type); in C the name is the symbol.  */
static bool
gcc_may_omit_linkage (const Calltab_Func *f)
{
  const char *s = f->linkage_name;
  if (s == NULL || strncmp (s, "_Z", 2) != 0)
    return true;
  return (strncmp (s, "_ZL", 3) == 0 || strncmp (s, "_ZZ", 3) == 0
	  || strstr (s, "_GLOBAL__N_") != NULL || strstr (s, "Ul") != NULL);
}

bool
verify_gcc_unit_code_at (struct verify *v, const Calltab_Func *f,
			 bool (*at) (struct verify *, const void *,
				     Dwarf_Die *),
			 const void *arg, Dwarf_Die *die, bool *own)
{
  struct gcc_dies *g = unit_of (v, f);
  if (g == NULL)
    return false;
  /* A definition without a linkage name is matched by its name alone,
     which many share (operator()): only where F's own could lack one.  */
  bool by_name = gcc_may_omit_linkage (f);
  Dwarf_Die d;
  *own = false;
  for (size_t i = 0; i < g->ndefs; i++)
    if ((g->defs[i].linkage != NULL || by_name)
	&& verify_gcc_names_match (f, g->defs[i].name, g->defs[i].linkage))
      {
	if (dwarf_offdie (v->dwarf, g->defs[i].die, &d) == NULL
	    || !at (v, arg, &d))
	  return false;		/* F may have code of its own elsewhere */
	if (!*own)
	  *die = d;
	*own = true;
      }
  if (*own)
    return true;
  for (size_t i = 0; i < g->ndefs; i++)
    if (dwarf_offdie (v->dwarf, g->defs[i].die, die) != NULL
	&& at (v, arg, die))
      return true;
  return false;
}

size_t
__calltab_verify_gcc_untold (struct verify *v, const Calltab_Func *f,
			     bool (*at) (struct verify *, const void *,
					 Dwarf_Die *),
			     const void *arg, Dwarf_Die *die)
{
  struct gcc_dies *g = gcc_may_omit_linkage (f) ? unit_of (v, f) : NULL;
  if (g == NULL)
    return 0;
  struct narrowing n;
  size_t nhit, found = 0;
  narrow (v, g, f, &n, &nhit);
  for (size_t i = 0; i < g->ndefs && nhit > 1 && found == 0; i++)
    if (def_matches (v, f, &g->defs[i], &n)
	&& dwarf_offdie (v->dwarf, g->defs[i].die, die) != NULL
	&& at (v, arg, die))
      found = nhit;
  free (n.local);
  return found;
}

void
verify_gcc_dies_end (struct verify *v)
{
  struct gcc_dies *g = v->gcc_dies;
  if (g == NULL)
    return;
  free (g->sites);
  free (g->defs);
  free (g);
  v->gcc_dies = NULL;
}
