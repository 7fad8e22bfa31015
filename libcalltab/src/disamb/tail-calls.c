/* tail-calls.c: the functions a function reaches by tail calls.

   A frame whose return address names a call of F runs F, or a function
   F jumped to, or one that one jumped to, and so on.  .debug_tcall
   (docs/format.md) lists every tail call of the functions of a
   translation unit whose declaration unit says so
   (DW_AT_calltab_tail_calls): their jumps are the edges, walked breadth
   first from F.  A walk is complete when every function on it has its
   tail calls described that way (or is a thunk, whose only jump is to
   the function its name gives, or a deallocation function outside the
   program) and none jumps through a pointer (a virtual tail call is
   noted in the walk, not followed).  An
   incomplete walk goes on past those and says where it was short (the
   first place, and how many), for the caller to bound the rest from
   the file's code (jumps.c).  */

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dwarf.h>
#include "calltab-format.h"
#include "disamb.h"

/* Whether declaration unit or GCC unit DIE CU says its functions' tail
   calls are all recorded.  */
static bool
unit_records_tail_calls (Dwarf_Die *cu)
{
  const char *producer = calltab_die_string (cu, DW_AT_producer);
  return producer != NULL
	 && strncmp (producer, CALLTAB_PRODUCER_PREFIX,
		     CALLTAB_PRODUCER_PREFIX_LEN) == 0
	 && dwarf_hasattr (cu, DW_AT_calltab_tail_calls);
}

/* Whether the tail calls of SYMBOL are known: its own caller DIE is in
   a declaration unit that says so, or GCC's unit of its DIE is followed
   by the translation unit's declaration unit that says so (the plugin
   writes it right after GCC's unit, even when nothing was recorded).  */
static bool
tail_calls_known (const Calltab *ct, const struct ct_disamb *st,
		  const char *symbol)
{
  Dwarf *dw = ct->dwarf;
  if (dw == NULL)
    return false;
  Dwarf_Die die, cu;
  for (int t = 0; t < CT_NTABLES; t++)
    {
      size_t lo, hi;
      __calltab_units_of (st, t, symbol, &lo, &hi);
      if (lo == hi)
	continue;
      Calltab_Unit unit;
      Calltab_Caller c;
      __calltab_fill_unit (ct, t, st->callers_by_symbol[t][lo], &unit);
      if (calltab_unit_caller (ct, &unit, &c) == 0
	  && dwarf_offdie (dw, c.func.die, &die) != NULL
	  && dwarf_diecu (&die, &cu, NULL, NULL) != NULL)
	return unit_records_tail_calls (&cu);
    }
  uint64_t gcc_die = __calltab_die_by_symbol (st, symbol, 0);
  if (gcc_die == 0 || dwarf_offdie (dw, gcc_die, &die) == NULL
      || dwarf_diecu (&die, &cu, NULL, NULL) == NULL)
    return false;
  Dwarf_Off off = dwarf_dieoffset (&cu) - dwarf_cuoffset (&cu), next, after;
  size_t hsize;
  if (dwarf_nextcu (dw, off, &next, NULL, NULL, NULL, NULL) != 0
      || dwarf_nextcu (dw, next, &after, &hsize, NULL, NULL, NULL) != 0
      || dwarf_offdie (dw, next + hsize, &cu) == NULL)
    return false;
  return unit_records_tail_calls (&cu);
}

/* Whether a tail call to SYMBOL ends there: SYMBOL is a deallocation
   function of the C++ or C library ([new.delete], C11 7.22.3.3), which
   only releases memory and calls no code of the program, and the
   program defines none of them.  The library's forms call on to each
   other (the sized operator delete to the unsized one, that to free),
   through the program's definitions where it has any, so one
   replacement in the program (a symbol or a GCC DIE with code) turns
   this off for all; without a symbol table that cannot be told.  */
static bool
outside_deallocator (const struct ct_disamb *st, const char *symbol)
{
  return st->have_symtab && !st->defines_deallocator
	 && __calltab_deallocator_name (symbol, true);
}

/* Note that the walk W is short at function F, for WHY (the first
   place is kept; every place counted).  */
static void
short_of (struct ct_tail_walk *w, const char *f, enum ct_tail_why why,
	  const Calltab_Entry *e)
{
  if (w->nshort++ == 0)
    {
      w->unknown = f;
      w->why = why;
      if (e != NULL)
	w->entry = *e;
    }
}

/* Add SYMBOL, reached from W->fn[FROM] by the jump ending at SITE, unless
   it is there already.  Returns 0, or 1 when the walk is too long.  */
static int
visit (struct ct_tail_walk *w, const char *symbol, size_t from,
       uint64_t site, bool thunk)
{
  for (size_t i = 0; i < w->n; i++)
    if (strcmp (w->fn[i], symbol) == 0)
      return 0;
  if (w->n == CT_TAIL_MAX)
    return 1;
  w->fn[w->n] = symbol;
  w->from[w->n] = from;
  w->site[w->n] = site;
  w->thunk[w->n] = thunk;
  w->n++;
  return 0;
}

/* The indirect entry E of W->fn[FROM]: when it is a virtual tail call
   whose slot .debug_vcall gives, note it in W and return true.  */
static bool
virtual_jump (const Calltab *ct, struct ct_tail_walk *w, size_t from,
	      const Calltab_Entry *e)
{
  Calltab_Entry m;
  Calltab_Func method;
  uint64_t slot;
  if (!__calltab_tcall_method (ct, e, &m)
      || calltab_callee (ct, &m, &method) != 0
      || method.linkage_name == NULL || !__calltab_tcall_slot (ct, e, &slot))
    return false;
  for (size_t k = 0; k < w->nvirt; k++)
    if (w->virt[k].site == e->call_site && w->virt[k].from == from)
      return true;
  if (w->nvirt == CT_TAIL_VIRTUAL_MAX)
    return false;
  w->virt[w->nvirt++] = (struct ct_tail_virtual) {
    from, e->call_site, slot, method.linkage_name };
  return true;
}

int
__calltab_tail_walk (const Calltab *ct, const struct ct_disamb *st,
		     const char *from, struct ct_tail_walk *w)
{
  memset (w, 0, sizeof *w);
  w->fn[0] = from;
  w->from[0] = (size_t) -1;
  w->n = 1;
  for (size_t i = 0; i < w->n; i++)
    {
      const char *f = w->fn[i];
      char buf[1024];
      const char *target = __calltab_thunk_target (f, buf, sizeof buf);
      size_t lo, hi;
      __calltab_units_of (st, CALLTAB_TCALL, f, &lo, &hi);
      if (target != NULL && lo == hi)
	{
	  /* A thunk GCC writes directly adjusts `this' and jumps.  */
	  char *copy = strdup (target);
	  const char *t = __calltab_intern_free (ct, copy);
	  if (t == NULL)
	    {
	      __calltab_seterr (CALLTAB_E_NOMEM, NULL);
	      return -1;
	    }
	  if (visit (w, t, i, 0, true) != 0)
	    goto too_long;
	  continue;
	}
      if (outside_deallocator (st, f))
	continue;		/* returns to its caller */
      if (!tail_calls_known (ct, st, f))
	{
	  short_of (w, f, CT_TAIL_UNDESCRIBED, NULL);
	  continue;
	}
      for (size_t k = lo; k < hi; k++)
	{
	  Calltab_Unit unit;
	  __calltab_fill_unit (ct, CALLTAB_TCALL, st->callers_by_symbol
			       [CALLTAB_TCALL][k], &unit);
	  Calltab_Entry e;
	  for (size_t j = 0; calltab_unit_entry (ct, &unit, j, &e) == 0; j++)
	    {
	      Calltab_Func callee;
	      if (__calltab_tcall_is_method (ct, &e))
		continue;	/* the virtual tail call before it */
	      if (e.value == CALLTAB_TCALL_INDIRECT)
		{
		  if (!virtual_jump (ct, w, i, &e))
		    short_of (w, f, CT_TAIL_INDIRECT, &e);
		  continue;
		}
	      if (calltab_callee (ct, &e, &callee) != 0)
		{
		  short_of (w, f, CT_TAIL_UNRESOLVED, &e);
		  continue;
		}
	      const char *t = callee.linkage_name != NULL
			      ? callee.linkage_name : callee.name;
	      if (t != NULL && visit (w, t, i, e.call_site, false) != 0)
		goto too_long;
	    }
	}
    }
  return 0;

too_long:
  /* Not bounded by the file: the caller takes it as it stands.  */
  w->unknown = w->fn[w->n - 1];
  w->why = CT_TAIL_TOO_LONG;
  w->nshort++;
  return 0;
}
