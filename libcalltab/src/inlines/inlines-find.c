/* inlines-find.c: every copy of a function (calltab_inlines_find;
   calltab inlines): its inlined copies with their callers, its
   out-of-line copy and IPA clones, per compilation unit under the
   abstract definition, from the index of inlines.c.  */

#include <dwarf.h>
#include <stdlib.h>
#include <string.h>
#include "inlines.h"

/* Whether FUNC names the function NM: as the user writes it (C++ with
   or without parameters), its DW_AT_name, or a symbol of it as nm and
   perf print them: its linkage name, a clone's (foo.isra.0), a
   structor's other variant (_ZN1AC2Ev for GCC's _ZN1AC4Ev), as verify
   takes them (common.h).  */
static bool
matches (const struct in_name *nm, const char *func)
{
  return strcmp (nm->name, func) == 0
    || (nm->plain != NULL && strcmp (nm->plain, func) == 0)
    || (nm->name_noparams != NULL && strcmp (nm->name_noparams, func) == 0)
    || __calltab_symbol_names (func, nm->plain, nm->linkage_name,
			       CT_SUFFIX_CLONE | CT_SYMBOL_STRUCTORS) > 0;
}

static int
compare_range (const void *a, const void *b)
{
  const Calltab_Range *x = a, *y = b;
  if (x->scn != y->scn)
    return x->scn < y->scn ? -1 : 1;
  return x->low < y->low ? -1 : x->low > y->low;
}

static int
compare_copy (const void *a, const void *b)
{
  const Calltab_Inline_Copy *x = a, *y = b;
  bool xi = x->kind == CALLTAB_INLINED, yi = y->kind == CALLTAB_INLINED;
  if (xi != yi)
    return xi ? -1 : 1;
  if (x->nranges == 0 || y->nranges == 0)
    return (x->nranges != 0) - (y->nranges != 0);
  int c = compare_range (&x->ranges[0], &y->ranges[0]);
  return c != 0 ? c : (x->die < y->die ? -1 : x->die > y->die);
}

CALLTAB_EXPORT void
calltab_inline_defs_free (Calltab_Inline_Def *defs, size_t n)
{
  if (defs == NULL)
    return;
  for (size_t i = 0; i < n; i++)
    {
      for (size_t j = 0; j < defs[i].ncopies; j++)
	{
	  free (defs[i].copies[j].ranges);
	  free (defs[i].copies[j].callers);
	}
      free (defs[i].copies);
    }
  free (defs);
}

/* A copy's ranges in file addresses (section offsets in an object).  */
static int
copy_ranges (Calltab_Inlines *ix, const struct in_cu *cu,
	     const struct in_node *nd, Calltab_Inline_Copy *c)
{
  Dwarf_Die die;
  Dwarf_Addr entry;
  if (dwarf_offdie (ix->dwarf, nd->die, &die) == NULL
      || dwarf_entrypc (&die, &entry) != 0)
    entry = cu->ranges[nd->ranges].low;
  c->entry_pc = entry - ix->delta;
  c->ranges = calloc (nd->nranges, sizeof *c->ranges);
  if (c->ranges == NULL)
    {
      __calltab_seterr (CALLTAB_E_NOMEM, NULL);
      return -1;
    }
  for (uint32_t i = 0; i < nd->nranges; i++)
    {
      const struct in_range *r = &cu->ranges[nd->ranges + i];
      Calltab_Range *o = &c->ranges[c->nranges++];
      o->low = r->low - ix->delta;
      o->high = r->high - ix->delta;
      if (ix->relocatable)
	{
	  if (i == 0)
	    {
	      Dwarf_Addr e = c->entry_pc + ix->mbias;
	      size_t escn;
	      if (__calltab_dwfl_place (ix->ct->module, &e, &escn, false) > 0)
		c->entry_pc = e;
	    }
	  Dwarf_Addr a = o->low + ix->mbias;
	  size_t scn = 0;
	  int p = __calltab_dwfl_place (ix->ct->module, &a, &scn, false);
	  if (p < 0)
	    return -1;
	  if (p > 0)
	    {
	      o->high = a + (o->high - o->low);
	      o->low = a;
	      o->scn = scn;
	    }
	}
    }
  qsort (c->ranges, c->nranges, sizeof *c->ranges, compare_range);
  return 0;
}

/* The definition of CU and ORIGIN in *DEFS (made when new).  */
static Calltab_Inline_Def *
def_for (Calltab_Inlines *ix, const struct in_cu *cu, uint64_t origin,
	 Calltab_Inline_Def **defs, size_t *n, size_t *alloc, size_t cu_first)
{
  for (size_t i = cu_first; i < *n; i++)
    if ((*defs)[i].die == origin)
      return &(*defs)[i];
  const struct in_name *nm = __calltab_in_name (ix, origin);
  if (nm == NULL
      || __calltab_reserve (defs, alloc, *n + 1, sizeof **defs) != 0)
    return NULL;
  Calltab_Inline_Def *d = &(*defs)[(*n)++];
  memset (d, 0, sizeof *d);
  d->name = nm->name;
  d->linkage_name = nm->linkage_name;
  d->decl_file = nm->decl_file;
  d->decl_line = nm->decl_line;
  d->cu = calltab_die_string ((Dwarf_Die *) &cu->cudie, DW_AT_name);
  d->cu_die = cu->offset;
  d->die = origin;
  return d;
}

/* Add the copy NODE of CU to D.  */
static int
add_copy (Calltab_Inlines *ix, const struct in_cu *cu, uint32_t node,
	  Calltab_Inline_Def *d, size_t *alloc)
{
  if (__calltab_reserve (&d->copies, alloc, d->ncopies + 1,
			 sizeof *d->copies) != 0)
    return -1;
  const struct in_node *nd = &cu->nodes[node];
  Calltab_Inline_Copy *c = &d->copies[d->ncopies++];
  memset (c, 0, sizeof *c);
  c->kind = nd->inlined ? CALLTAB_INLINED : CALLTAB_OUT_OF_LINE;
  c->die = nd->die;
  if (copy_ranges (ix, cu, nd, c) != 0)
    return -1;
  if (!nd->inlined)
    return 0;
  c->call_file = nd->has_call_file
    ? __calltab_in_file (cu, nd->call_file) : NULL;
  c->call_line = nd->call_line;
  c->call_column = nd->call_column;
  c->call_discriminator = nd->call_discr;
  if (nd->parent == IN_NONE)
    return 0;
  Calltab_Inline_Frame first = {
    .file = c->call_file, .line = c->call_line, .column = c->call_column,
    .discriminator = c->call_discriminator
  };
  return __calltab_in_chain (ix, cu, nd->parent,
			     cu->ranges[nd->ranges].low, &first,
			     &c->callers, &c->ncallers);
}

/* Every copy of FUNC in the unit CUDIE, appended to *DEFS.  */
static int
find_in_cu (Calltab_Inlines *ix, Dwarf_Die *cudie, const char *func,
	    Calltab_Inline_Def **defs, size_t *n, size_t *alloc,
	    size_t **copies_alloc, size_t *cal_alloc)
{
  struct in_cu *cu = __calltab_in_cu (ix, cudie);
  if (cu == NULL)
    return -1;
  size_t first = *n;
  for (uint32_t k = 0; k < cu->nnodes; k++)
    {
      const struct in_name *nm = __calltab_in_name (ix, cu->nodes[k].origin);
      if (nm == NULL)
	return -1;
      if (!matches (nm, func))
	continue;
      Calltab_Inline_Def *d = def_for (ix, cu, cu->nodes[k].origin, defs, n,
				       alloc, first);
      if (d == NULL)
	return -1;
      size_t di = (size_t) (d - *defs);
      if (__calltab_reserve (copies_alloc, cal_alloc, *n,
			     sizeof **copies_alloc) != 0)
	return -1;
      if (di == *n - 1 && d->ncopies == 0)
	(*copies_alloc)[di] = 0;
      if (add_copy (ix, cu, k, d, &(*copies_alloc)[di]) != 0)
	return -1;
    }
  return 0;
}

/* The ELF symbol at the entry of out-of-line copy C (a linked file),
   and whether it is an IPA clone (any suffix, as __calltab_in_symbol
   takes it: foo.isra.0).  */
static int
copy_symbol (Calltab_Inlines *ix, const Calltab_Inline_Def *d,
	     Calltab_Inline_Copy *c)
{
  const char *name;
  size_t distinct;
  if (__calltab_in_symbol (ix, c->entry_pc, d->linkage_name != NULL
			   ? d->linkage_name : d->name, &c->symbol, &name,
			   &distinct) != 0)
    return -1;
  if (c->symbol != NULL
      && c->symbol[__calltab_symbol_stem (c->symbol, CT_SUFFIX_ANY)] != '\0')
    c->kind = CALLTAB_CLONE;
  return 0;
}

CALLTAB_EXPORT int
calltab_inlines_find (Calltab_Inlines *ix, const char *func,
		      Calltab_Inline_Def **defs, size_t *n)
{
  if (ix == NULL || func == NULL || defs == NULL || n == NULL)
    {
      __calltab_seterr (CALLTAB_E_INVALID_ARG, NULL);
      return -1;
    }
  *defs = NULL;
  *n = 0;
  size_t alloc = 0, cal_alloc = 0;
  size_t *copies_alloc = NULL;
  Calltab *ct = ix->ct;
  int status = 0;
  pthread_mutex_lock (&ct->lock);
  Dwarf_Off off = 0, next;
  size_t hsize;
  while (dwarf_nextcu (ix->dwarf, off, &next, &hsize, NULL, NULL, NULL) == 0)
    {
      Dwarf_Die cudie;
      if (dwarf_offdie (ix->dwarf, off + hsize, &cudie) != NULL
	  && find_in_cu (ix, &cudie, func, defs, n, &alloc, &copies_alloc,
			 &cal_alloc) != 0)
	{
	  status = -1;
	  break;
	}
      off = next;
    }
  pthread_mutex_unlock (&ct->lock);
  free (copies_alloc);
  /* Symbols outside the lock: calltab_functions_at takes it.  */
  for (size_t i = 0; status == 0 && i < *n; i++)
    {
      Calltab_Inline_Def *d = &(*defs)[i];
      for (size_t j = 0; status == 0 && j < d->ncopies; j++)
	if (ix->relocatable)
	  continue;
	else if (d->copies[j].kind != CALLTAB_INLINED)
	  status = copy_symbol (ix, d, &d->copies[j]);
	else if (d->copies[j].ncallers > 0)
	  {
	    /* The out-of-line caller named as calltab_where names it.  */
	    Calltab_Inline_Frame *f
	      = &d->copies[j].callers[d->copies[j].ncallers - 1];
	    status = __calltab_in_symbol_name (ix, d->copies[j].entry_pc, f);
	    f->nfunctions = 0;
	  }
      qsort (d->copies, d->ncopies, sizeof *d->copies, compare_copy);
    }
  if (status != 0)
    {
      calltab_inline_defs_free (*defs, *n);
      *defs = NULL;
      *n = 0;
    }
  return status;
}
