/* disambiguate.c: which function ran with its PC in merged code
   (calltab_disambiguate; the rules are docs/disambiguate.md).

   One level: the functions at the address (functions-at.c); one of them
   is the answer when it is alone.  Else the call that entered it: the
   .debug_dcall entries at its return address name the callee; when
   several entries share the address (the callers were merged too), the
   caller association (docs/format.md, "Which caller an entry belongs
   to") picks the one of the caller, decided one level up.  Under ld.lld
   a folded caller's entries lost their call_site: they are recovered by
   position from the kept twin's unit.  A .debug_vcall entry gives the
   slot, the vtable the class (vtable.c).  */

#include <inttypes.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "disamb.h"
#include "backends/target.h"

struct cx
{
  const Calltab *ct;
  const struct ct_disamb *st;
  const Calltab_Query *q;
};

/* Set D's evidence (or reason) to the text FMT and AP format.  Returns
   0, -1 out of memory.  */
static int
vsay (const struct cx *cx, Calltab_Decision *d, const char *fmt, va_list ap)
{
  char *s = NULL;
  if (vasprintf (&s, fmt, ap) < 0)
    {
      __calltab_seterr (CALLTAB_E_NOMEM, NULL);
      return -1;
    }
  d->evidence = __calltab_intern_free (cx->ct, s);
  return d->evidence != NULL ? 0 : -1;
}

static int __attribute__ ((format (printf, 3, 4)))
say (const struct cx *cx, Calltab_Decision *d, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  int r = vsay (cx, d, fmt, ap);
  va_end (ap);
  return r;
}

/* D is undecidable, for the reason FMT says.  */
static int __attribute__ ((format (printf, 3, 4)))
undecidable (const struct cx *cx, Calltab_Decision *d, const char *fmt, ...)
{
  d->verdict = CALLTAB_UNDECIDABLE;
  memset (&d->function, 0, sizeof d->function);
  d->function.name = "";
  va_list ap;
  va_start (ap, fmt);
  int r = vsay (cx, d, fmt, ap);
  va_end (ap);
  return r;
}

/* The name as the user wrote it of SYMBOL, owned by CT.  */
static const char *
user_name (const struct cx *cx, const char *symbol)
{
  if (symbol == NULL)
    return "?";
  const char *r = __calltab_intern_free (cx->ct, __calltab_demangle (symbol));
  return r != NULL ? r : symbol;
}

/* The entries of TABLE at ADDR.  */
static int
entries_at (const Calltab *ct, int table, uint64_t addr,
	    Calltab_Entry **v, size_t *n)
{
  size_t alloc = 0, cookie = 0;
  Calltab_Entry e;
  *v = NULL;
  *n = 0;
  int r;
  while ((r = calltab_lookup (ct, table, addr, &cookie, &e)) == 0)
    {
      if (__calltab_reserve (v, &alloc, *n + 1, sizeof **v) < 0)
	return -1;
      (*v)[(*n)++] = e;
    }
  return r < 0 ? -1 : 0;
}

/* The symbol an entry's callee DIE names: its linkage name, else its
   name (what a symbol table calls it).  NULL if it does not resolve.  */
static const char *
callee_symbol (const Calltab *ct, const Calltab_Entry *e)
{
  Calltab_Func f;
  if (calltab_callee (ct, e, &f) != 0)
    return NULL;
  return f.linkage_name != NULL ? f.linkage_name : f.name;
}

/* The key of an entry for "same call": dcall the callee symbol, vcall the
   slot (as text).  */
static bool
same_call (const Calltab *ct, const Calltab_Entry *x, const Calltab_Entry *y)
{
  if (x->table == CALLTAB_VCALL)
    return x->value == y->value;
  const char *a = callee_symbol (ct, x), *b = callee_symbol (ct, y);
  return a != NULL && b != NULL && strcmp (a, b) == 0;
}

/* How the entry of a caller was found.  */
struct found
{
  Calltab_Entry entry;
  const char *how;		/* NULL: its own; else a clause for the
				   evidence */
  const char *error;		/* not found: why (then ENTRY unset) */
};

/* The entries at a return address by their unit's caller symbol.  */
struct by_caller
{
  const char *symbol;		/* "" for none */
  size_t i;
};

static int
compare_by_caller (const void *a, const void *b)
{
  return strcmp (((const struct by_caller *) a)->symbol,
		 ((const struct by_caller *) b)->symbol);
}

/* The entry among E[0..NE) (the live entries of TABLE at return address
   R) of the call the function part F made; recovered by position from
   the kept twin's unit when F's own entries were tombstoned (ld.lld).  */
/* Whether the GCC DIEs A and B are in one compile unit.  */
static bool
same_compile_unit (const struct cx *cx, uint64_t a, uint64_t b)
{
  Dwarf_Die da, db, ca, cb;
  Dwarf *dw = cx->ct->dwarf;
  return dw != NULL && a != 0 && b != 0
	 && dwarf_offdie (dw, a, &da) != NULL
	 && dwarf_offdie (dw, b, &db) != NULL
	 && dwarf_diecu (&da, &ca, NULL, NULL) != NULL
	 && dwarf_diecu (&db, &cb, NULL, NULL) != NULL
	 && dwarf_dieoffset (&ca) == dwarf_dieoffset (&cb);
}

/* The symbol whose units hold the calls of F: its own, or, when it has
   none, a variant of the same constructor or destructor at the same
   address among ALL[0..NALL) (GCC emits D1 as an alias of D2, C1 of C2,
   and the caller DIE names the one it emitted), written into BUF.  */
static const char *
units_symbol (const struct cx *cx, int table, const Calltab_Function *f,
	      const Calltab_Function *all, size_t nall, char *buf,
	      size_t size)
{
  size_t lo, hi;
  __calltab_units_of (cx->st, table, f->symbol, &lo, &hi);
  if (lo != hi || f->symbol == NULL)
    return f->symbol;
  for (const char *k = "124"; *k != '\0'; k++)
    {
      const char *v = __calltab_structor_variant (f->symbol, *k, buf, size);
      if (v == NULL)
	return f->symbol;
      if (strcmp (v, f->symbol) == 0)
	continue;
      __calltab_units_of (cx->st, table, v, &lo, &hi);
      for (size_t i = 0; lo != hi && i < nall; i++)
	if (all[i].symbol != NULL && strcmp (all[i].symbol, v) == 0
	    && all[i].low_pc == f->low_pc)
	  return v;
    }
  return f->symbol;
}

static int
entry_of_caller (const struct cx *cx, int table,
		 const Calltab_Entry *e, size_t ne, const struct by_caller *bc,
		 const Calltab_Function *f, const Calltab_Function *all,
		 size_t nall, struct found *out)
{
  const struct ct_disamb *st = cx->st;
  const Calltab *ct = cx->ct;
  memset (out, 0, sizeof *out);
  char vbuf[1024];
  const char *symbol = units_symbol (cx, table, f, all, nall, vbuf,
				     sizeof vbuf);
  if (symbol != NULL)
    {
      struct by_caller key = { symbol, 0 };
      const struct by_caller *hit = bsearch (&key, bc, ne, sizeof *bc,
					     compare_by_caller);
      if (hit != NULL)
	{
	  out->entry = e[hit->i];
	  char *s = NULL;
	  if (symbol != f->symbol
	      && (asprintf (&s, ", the unit of '%s', the variant of '%s' "
			    "whose code it is", symbol, f->symbol) < 0
		  || (out->how = __calltab_intern_free (cx->ct, s)) == NULL))
	    return -1;
	  return 0;
	}
    }
  size_t lo, hi;
  __calltab_units_of (st, table, symbol, &lo, &hi);
  const struct ct_ucaller *twin = &st->ucallers[table][e[0].unit];
  bool one_unit = true;
  for (size_t i = 1; i < ne; i++)
    one_unit &= e[i].unit == e[0].unit;
  if (lo == hi)
    {
      if (!one_unit)
	{
	  out->error = "has no call table of its own";
	  return 0;
	}
      /* No unit of its own.  A virtual call's slot is in the code, so
	 any unit of this code tells it.  A direct call's callee is the
	 code's callee only when GCC made this function an alias of the
	 unit's (IPA-ICF: both of one compile unit); code the linker
	 folded calls the callee's address, which may hold several
	 functions, each copy its own.  */
      if (table != CALLTAB_VCALL
	  && !same_compile_unit (cx, f->die,
				 __calltab_die_by_symbol (st, twin->symbol,
							  0)))
	{
	  out->error = "has no call table of its own (its code is another "
		       "function's too, and a call of folded code names that "
		       "function's callee)";
	  return 0;
	}
      out->entry = e[0];
      char *s = NULL;
      if (asprintf (&s, ", the unit of '%s' whose code '%s' shares",
		    user_name (cx, twin->symbol), user_name (cx, f->symbol)) < 0
	  || (out->how = __calltab_intern_free (cx->ct, s)) == NULL)
	return -1;
      return 0;
    }
  /* ld.lld: recover by position.  */
  const struct ct_unit *tu = &ct->tables[table].units[e[0].unit];
  size_t pos = e[0].index - tu->first;
  size_t ord = twin->ordinal;
  if (lo + ord >= hi)
    {
      out->error = "has fewer parts with calls than its twin";
      return 0;
    }
  size_t fu = st->callers_by_symbol[table][lo + ord];
  const struct ct_unit *u = &ct->tables[table].units[fu];
  if (u->nentries != tu->nentries)
    {
      char *s = NULL;
      if (asprintf (&s, "has %zu entries in unit 0x%" PRIx64 " where the "
		    "kept twin '%s' has %zu in unit 0x%" PRIx64
		    ": the counts differ", u->nentries, u->offset,
		    user_name (cx, twin->symbol), tu->nentries, tu->offset) < 0
	  || (out->error = __calltab_intern_free (cx->ct, s)) == NULL)
	return -1;
      return 0;
    }
  __calltab_fill_entry (ct, table, u->first + pos, &out->entry);
  char *s = NULL;
  if (asprintf (&s, ", recovered by position (entry %zu of %zu) from unit "
		"0x%" PRIx64 " of the kept twin '%s' at the same address",
		pos + 1, tu->nentries, tu->offset,
		user_name (cx, twin->symbol)) < 0
      || (out->how = __calltab_intern_free (cx->ct, s)) == NULL)
    return -1;
  return 0;
}

static int decide (const struct cx *cx, uint64_t addr, size_t level,
		   Calltab_Decision *d);

/* The caller name of ENTRY's unit, for the evidence.  */
static const char *
unit_caller_name (const struct cx *cx, const Calltab_Entry *e)
{
  const char *s = cx->st->ucallers[e->table][e->unit].symbol;
  return s != NULL ? user_name (cx, s) : "?";
}

/* Which of TABLE's entries E[0..NE) at return address R is the call
   that entered the frame decided at LEVEL: fills *OUT, or sets D
   undecidable (returns 1).  *WHO: the caller decided, for the
   evidence.  */
static int
choose_entry (const struct cx *cx, int table, size_t level,
	      const Calltab_Entry *e, size_t ne, Calltab_Decision *d,
	      struct found *out, char **who)
{
  uint64_t r = cx->q->ra[level];
  Calltab_Function *callers = NULL;
  size_t ncallers = 0;
  int ret = 0;
  struct found *fs = NULL;
  struct by_caller *bc = NULL;
  *who = NULL;
  if (__calltab_functions_at (cx->ct, cx->st, r - 1, &callers, &ncallers) < 0)
    return -1;
  if (ncallers == 0)
    {
      for (size_t i = 1; i < ne; i++)
	if (!same_call (cx->ct, &e[0], &e[i]))
	  {
	    ret = undecidable (cx, d, "not covered: no function holds the "
			       "return address 0x%" PRIx64 ", and its %zu "
			       "entries differ", r, ne) < 0 ? -1 : 1;
	    goto out;
	  }
      memset (out, 0, sizeof *out);
      out->entry = e[0];
      goto out;
    }
  fs = calloc (ncallers, sizeof *fs);
  bc = malloc (ne * sizeof *bc);
  if (fs == NULL || bc == NULL)
    goto nomem;
  for (size_t i = 0; i < ne; i++)
    {
      const char *sym = cx->st->ucallers[table][e[i].unit].symbol;
      bc[i] = (struct by_caller) { sym != NULL ? sym : "", i };
    }
  qsort (bc, ne, sizeof *bc, compare_by_caller);
  bool agree = true;
  for (size_t i = 0; i < ncallers; i++)
    {
      if (entry_of_caller (cx, table, e, ne, bc, &callers[i], callers,
			   ncallers, &fs[i]) < 0)
	goto nomem;
      if (fs[i].error != NULL
	  || (i > 0 && (fs[0].error != NULL
			|| !same_call (cx->ct, &fs[0].entry, &fs[i].entry))))
	agree = false;
    }
  if (agree)
    {
      *out = fs[0];
      if (ncallers > 1
	  && asprintf (who, "; every function at 0x%" PRIx64 " makes the "
		       "same call", r) < 0)
	goto nomem;
      goto out;
    }
  /* The callers differ: which one ran, one level up.  */
  Calltab_Decision up;
  if (decide (cx, r - 1, level + 1, &up) < 0)
    goto nomem;
  if (up.verdict != CALLTAB_DECIDED)
    {
      ret = undecidable (cx, d, "%s (deciding the caller at 0x%" PRIx64
			 ", which is merged)", up.evidence, r) < 0 ? -1 : 1;
      d->depth = up.depth;
      calltab_decision_free (&up);
      goto out;
    }
  size_t k = 0;
  while (k < ncallers && strcmp (callers[k].symbol, up.function.symbol) != 0)
    k++;
  if (k == ncallers || fs[k].error != NULL)
    {
      ret = undecidable (cx, d, "no table: the caller '%s' at 0x%" PRIx64
			 " %s", up.function.name, r,
			 k < ncallers ? fs[k].error
			 : "is not among the functions there") < 0 ? -1 : 1;
      calltab_decision_free (&up);
      goto out;
    }
  *out = fs[k];
  if (asprintf (who, "; the caller '%s' decided by: %s", up.function.name,
		up.evidence) < 0)
    {
      calltab_decision_free (&up);
      goto nomem;
    }
  if (up.depth > d->depth)
    d->depth = up.depth;
  calltab_decision_free (&up);
  goto out;

nomem:
  __calltab_seterr (CALLTAB_E_NOMEM, NULL);
  ret = -1;
out:
  free (bc);
  free (fs);
  free (callers);
  return ret;
}

/* D's candidates: those whose symbol is SYMBOL, index or NCANDIDATES.  */
static size_t
find_candidate (const Calltab_Decision *d, const char *symbol)
{
  size_t i = 0;
  while (i < d->ncandidates && (symbol == NULL || d->candidates[i].symbol == NULL
				|| strcmp (d->candidates[i].symbol, symbol) != 0))
    i++;
  return i;
}

static void
decided (Calltab_Decision *d, size_t k)
{
  d->verdict = CALLTAB_DECIDED;
  d->function = d->candidates[k];
}

/* Whether the walk W reaches none of D's candidates.  */
static bool
reaches_none (const Calltab_Decision *d, const struct ct_tail_walk *w)
{
  for (size_t i = 1; i < w->n; i++)
    if (find_candidate (d, w->fn[i]) < d->ncandidates)
      return false;
  return true;
}

/* Whether the walk W visited the function SYMBOL.  */
static bool
walked (const struct ct_tail_walk *w, const char *symbol)
{
  for (size_t i = 0; i < w->n; i++)
    if (strcmp (w->fn[i], symbol) == 0)
      return true;
  return false;
}

/* Whether a function of the walk W starts at ADDR (-1 out of memory).  */
static int
walked_at (const struct cx *cx, const struct ct_tail_walk *w, uint64_t addr)
{
  Calltab_Function *f = NULL;
  size_t n = 0;
  if (__calltab_functions_at (cx->ct, cx->st, addr, &f, &n) < 0)
    return -1;
  bool yes = false;
  for (size_t i = 0; i < n && !yes; i++)
    yes = f[i].low_pc == addr && f[i].symbol != NULL
	  && walked (w, f[i].symbol);
  free (f);
  return yes;
}

/* Whether the code at ENTRY (a function's start) can run in the frame
   the walk W describes: a function of the walk, or one a jump through a
   pointer may reach (its address is taken), or one a direct jump from
   such a function reaches, transitively.  Where the file cannot tell,
   or the search goes deep, it can.  1 yes, 0 no, -1 out of memory.  */
static int
reachable (const struct cx *cx, const struct ct_tail_walk *w, uint64_t entry,
	   unsigned depth)
{
  int r = walked_at (cx, w, entry);
  if (r != 0)
    return r;
  const struct ct_jump *jumps;
  size_t n;
  if (depth > 8 || entry == 0
      || __calltab_entry_ways (cx->ct, cx->st, entry, &jumps, &n) != 0)
    return 1;
  for (size_t i = 0; i < n; i++)
    {
      uint64_t from = __calltab_function_holding (cx->st, jumps[i].site);
      r = from == 0 || from == entry ? from == 0
	  : reachable (cx, w, from, depth + 1);
      if (r != 0)
	return r;
    }
  return 0;
}

/* The walk W from the callee (HEAD says which entry named it) could not
   follow every jump: bound the rest by the file's code.  The frame's
   function was entered at its start, the candidates' shared entry, by
   a jump (no call returns to it).  When that address is taken nowhere,
   no jump through a pointer reaches it, and the direct jumps to it are
   all the code has (jumps.c); of those, the ones in code that can run
   in this frame (reachable) must each be a .debug_tcall entry of a
   function the walk went through, and the candidates they name are all
   that can have run.  Returns 1 when D is decided (-1 out of memory),
   0 when this does not decide.  */
static int
bound_by_code (const struct cx *cx, Calltab_Decision *d,
	       const struct ct_tail_walk *w, const char *head, uint64_t addr,
	       const char *who)
{
  uint64_t entry = d->candidates[0].low_pc;
  for (size_t i = 1; i < d->ncandidates; i++)
    if (d->candidates[i].low_pc != entry)
      return 0;
  if (entry == 0 || addr < entry)
    return 0;
  const struct ct_jump *jumps;
  size_t njumps;
  if (__calltab_entry_ways (cx->ct, cx->st, entry, &jumps, &njumps) != 0)
    return 0;
  size_t k = d->ncandidates, nways = 0;
  uint64_t site = 0;
  for (size_t i = 0; i < njumps; i++)
    {
      uint64_t from = __calltab_function_holding (cx->st, jumps[i].site);
      int r = from == 0 ? 1 : reachable (cx, w, from, 0);
      if (r < 0)
	return -1;
      if (r == 0)
	continue;		/* code that cannot run in this frame */
      /* The recorded tail call that ends there, of a walked function;
	 a merged function's entry naming another candidate there makes
	 it two.  */
      size_t cookie = 0, hit = d->ncandidates;
      Calltab_Entry e;
      bool ours = false;
      while (calltab_lookup (cx->ct, CALLTAB_TCALL, jumps[i].site, &cookie,
			     &e) == 0)
	{
	  const char *caller = cx->st->ucallers[CALLTAB_TCALL][e.unit].symbol;
	  const char *callee = callee_symbol (cx->ct, &e);
	  size_t c = callee != NULL ? find_candidate (d, callee)
				    : d->ncandidates;
	  if (caller != NULL && walked (w, caller) && c < d->ncandidates)
	    ours = true;
	  else if (c == d->ncandidates)
	    continue;
	  if (hit != d->ncandidates && hit != c)
	    return 0;
	  hit = c;
	}
      if (!ours || (k != d->ncandidates && k != hit))
	return 0;		/* unrecorded, or two candidates reached */
      k = hit;
      site = jumps[i].site;
      nways++;
    }
  if (k == d->ncandidates)
    return 0;
  decided (d, k);
  return say (cx, d, "%s, whose code does not hold 0x%" PRIx64 "; on the "
	      "way '%s' %s, but no jump through a pointer reaches 0x%" PRIx64
	      " (its address is taken nowhere), and of the direct jumps to "
	      "it %zu can run here, each a tail call to '%s' of a function on "
	      "the way (the last ending at 0x%" PRIx64 ")%s",
	      head, addr, user_name (cx, w->unknown),
	      w->why == CT_TAIL_INDIRECT ? "jumps through a pointer"
	      : w->why == CT_TAIL_UNDESCRIBED ? "has no record of its tail calls"
	      : "has a .debug_tcall entry whose callee DIE does not resolve",
	      entry, nways, d->function.name, site, who ? who : "") < 0
	 ? -1 : 1;
}

static int decide_by_vtable_entry (const struct cx *cx, Calltab_Decision *d,
				   const char *head,
				   const struct ct_vtable *vt, uint64_t slot,
				   char *why, size_t whysize);
static size_t candidate_starting_at (const Calltab_Decision *d,
				     uint64_t addr);
static void decided_as (const struct cx *cx, Calltab_Decision *d, size_t k,
			const char *symbol);
static size_t candidates_named (const Calltab_Decision *d,
				const char *symbol, size_t *k);

/* The class of the member function SYMBOL as GCC's DIEs name it: its
   demangled name up to the function's, when a unit defines a class of
   that name (which shows that the demangler spells it as GCC does);
   NULL if not.  */
static const char *
method_class (const struct cx *cx, const char *symbol)
{
  char *dm = __calltab_demangle_noparams (symbol);
  if (dm == NULL)
    return NULL;
  /* The last "::" outside template arguments and parentheses.  */
  char *cut = NULL;
  int depth = 0;
  for (char *p = dm; *p != '\0'; p++)
    if (*p == '<' || *p == '(')
      depth++;
    else if (*p == '>' || *p == ')')
      depth--;
    else if (depth == 0 && p[0] == ':' && p[1] == ':')
      cut = p;
  if (cut == NULL)
    {
      free (dm);
      return NULL;
    }
  *cut = '\0';
  /* Interned first: the answer is kept by the name's address.  */
  const char *cls = __calltab_intern_free (cx->ct, dm);
  return cls != NULL && __calltab_class_by_name (cx->ct, cls) != 0
	 ? cls : NULL;
}

/* Whether G, a function named GNAME, has the identifier B[0..LEN) of
   the method a slot is called by (an overrider shares it); KEY is that
   identifier as mangled names spell it, to skip most names without
   demangling them.  */
static bool
named_as_method (const struct cx *cx, const char *g, const char *key,
		 const char *b, size_t len, const char **gname)
{
  if (strstr (g, key) == NULL)
    return false;
  const char *gb, *ge;
  *gname = user_name (cx, g);
  return __calltab_base_identifier (*gname, &gb, &ge)
	 && (size_t) (ge - gb) == len && memcmp (gb, b, len) == 0;
}

/* The functions a slot can hold that are not at the entry, each walked
   once (virtual_jump_reach).  */
struct slot_others
{
  const char *seen[256];
  size_t n;
};

/* G (named GNAME), which the slot can hold (in the vtable VSYM), is not
   at the entry: it must not go on to the candidates of D.  Returns 0
   when it does not, 2 when it does or that cannot be told (*WHY says
   why), -1 out of memory.  */
static int
slot_other_reach (const struct cx *cx, const Calltab_Decision *d,
		  struct slot_others *o, const char *g, const char *gname,
		  const char *vsym, char *why, size_t whysize)
{
  for (size_t i = 0; i < o->n; i++)
    if (strcmp (o->seen[i], g) == 0)
      return 0;
  if (o->n == sizeof o->seen / sizeof *o->seen)
    {
      snprintf (why, whysize, "the slot can hold more than %zu functions",
		o->n);
      return 2;
    }
  o->seen[o->n++] = g;
  struct ct_tail_walk *w = malloc (sizeof *w);
  if (w == NULL || __calltab_tail_walk (cx->ct, cx->st, g, w) < 0)
    {
      free (w);
      __calltab_seterr (CALLTAB_E_NOMEM, NULL);
      return -1;
    }
  const char *to = NULL;
  size_t c;
  for (size_t i = 1; i < w->n && to == NULL; i++)
    if (candidates_named (d, w->fn[i], &c) > 0)
      to = w->fn[i];
  int r = 0;
  if (to != NULL)
    r = snprintf (why, whysize, "'%s', which the slot can hold (in %s), "
		  "reaches '%s' by tail calls", gname, vsym,
		  user_name (cx, to));
  else if (w->unknown != NULL || w->nvirt > 0)
    r = snprintf (why, whysize, "'%s', which the slot can hold (in %s), "
		  "jumps on through a pointer or has no record of its tail "
		  "calls", gname, vsym);
  free (w);
  return r > 0 ? 2 : 0;
}

/* How the virtual tail call J can lead to the code at ENTRY, the
   candidates' shared start.  The functions the slot can hold are its
   method's overriders: every vtable entry whose name is the method's
   (an overrider shares it; destructors, which do not, are not recorded
   as virtual tail calls), and none in a vtable whose entries are not
   known, unless its class is known not to derive from the method's.
   A vtable the program copies from a shared library holds the
   library's functions, and the program's own where a library entry
   binds to one the program exports: those named as the method count.
   Returns 0 when none of them is at ENTRY or reaches it by tail calls,
   1 when some are at ENTRY and none of the others reaches it (then J,
   if it led here, was the last jump, made on the object whose vtable
   `this' holds at ENTRY), 2 when that cannot be told (*WHY says why),
   -1 out of memory.  */
static int
virtual_jump_reach (const struct cx *cx, const Calltab_Decision *d,
		    uint64_t entry, const struct ct_tail_virtual *j,
		    char *why, size_t whysize)
{
  const struct ct_disamb *st = cx->st;
  const char *mname = user_name (cx, j->method), *b, *e;
  if (!__calltab_base_identifier (mname, &b, &e))
    {
      snprintf (why, whysize, "'%s' has no name to find its overriders by",
		mname);
      return 2;
    }
  size_t len = (size_t) (e - b);
  char key[300];
  if (len + 24 > sizeof key)
    {
      snprintf (why, whysize, "the name of '%s' is too long", mname);
      return 2;
    }
  snprintf (key, sizeof key, "%zu%.*s", len, (int) len, b);
  uint64_t gdie = __calltab_die_by_symbol (st, j->method, 0), slot, cdie = 0;
  const char *cname = NULL;
  if (gdie == 0
      || __calltab_member_slot (cx->ct, gdie, &slot, &cdie, &cname) == 0)
    cname = method_class (cx, j->method);
  struct slot_others *others = calloc (1, sizeof *others);
  if (others == NULL)
    {
      __calltab_seterr (CALLTAB_E_NOMEM, NULL);
      return -1;
    }
  bool here = false, copied_seen = false;
  int r = 0;
  for (size_t v = 0; v < st->nvtables && r == 0; v++)
    {
      const struct ct_vtable *vt = &st->vtables[v];
      const char *vsym = vt->symbol ? vt->symbol : "a vtable", *gname;
      if (!vt->entries_known)
	{
	  /* A library's vtable the program copies: its functions are the
	     library's (code outside the program is taken not to jump
	     into it: docs/disambiguate.md, "What the rules take as
	     given"), or the program's exported ones its entries bind to,
	     walked below.  */
	  if (__calltab_vtable_copied (st, vt))
	    {
	      copied_seen = true;
	      continue;
	    }
	  uint64_t vcls = vt->class_die != 0 ? vt->class_die
			  : __calltab_class_by_name (cx->ct, vt->class_name);
	  if (vcls != 0 && cname != NULL
	      && __calltab_class_is_base (cx->ct, vcls, cname) == 0)
	    continue;
	  snprintf (why, whysize, "the vtable %s lists no functions (built "
		    "without the plugin?), and %s", vt->symbol ? vt->symbol
		    : "?", cname == NULL ? "the class of the slot is not known"
		    : "its class may derive from the slot's");
	  r = 2;
	  break;
	}
      const struct ct_vtentry *en = st->vtentries + vt->first_entry;
      for (size_t k = 0; k < vt->nentries && r == 0; k++)
	{
	  const char *g = en[k].symbol;
	  if (!named_as_method (cx, g, key, b, len, &gname))
	    continue;
	  char tbuf[1024];
	  bool thunk = __calltab_thunk_target (g, tbuf, sizeof tbuf) != NULL;
	  uint64_t word = 0;
	  size_t c = d->ncandidates;
	  if (!thunk
	      && ((__calltab_vtable_word (cx->ct, st, vt->addr + en[k].offset,
					  &word) && word == entry)
		  || candidates_named (d, g, &c) > 0))
	    {
	      here = true;
	      continue;
	    }
	  r = slot_other_reach (cx, d, others, g, gname, vsym, why, whysize);
	}
    }
  /* The program's functions a copied vtable's entry can bind to.  */
  for (size_t i = 0; copied_seen && i < st->nexported && r == 0; i++)
    {
      const char *g = st->exported[i], *gname;
      size_t c;
      if (!named_as_method (cx, g, key, b, len, &gname))
	continue;
      if (candidates_named (d, g, &c) > 0)
	here = true;
      else
	r = slot_other_reach (cx, d, others, g, gname, "a vtable the "
			      "program copies, as a function it exports",
			      why, whysize);
    }
  free (others);
  return r != 0 ? r : here ? 1 : 0;
}

/* The walk W from the callee HEAD names, complete but for virtual tail
   calls (W->virt), with the frame at LEVEL entered at the candidates'
   shared start ADDR.  When a virtual tail call can have led here, it
   was the last jump (virtual_jump_reach), so the object's vtable at the
   entry (--this-vtable) holds, at the jump's slot, the function that
   ran (decide_by_vtable_entry).  Returns 1 when D is decided or
   undecidable, 0 when no virtual tail call can have led here (the
   direct tail calls decide), -1 out of memory.  */
static int
decide_by_virtual_tail_calls (const struct cx *cx, size_t level,
			      const struct ct_tail_walk *w, const char *head,
			      const char *who, uint64_t addr,
			      Calltab_Decision *d)
{
  uint64_t entry = d->candidates[0].low_pc;
  for (size_t i = 1; i < d->ncandidates; i++)
    if (d->candidates[i].low_pc != entry)
      entry = 0;
  size_t nrel = 0, rel = 0;
  char why[1500];
  for (size_t k = 0; k < w->nvirt; k++)
    {
      const struct ct_tail_virtual *j = &w->virt[k];
      int r = entry == 0 ? 2 : virtual_jump_reach (cx, d, entry, j, why,
						   sizeof why);
      if (entry == 0)
	snprintf (why, sizeof why, "the functions at 0x%" PRIx64 " do not "
		  "start at one address", addr);
      if (r < 0)
	return -1;
      if (r == 2)
	return undecidable (cx, d, "tail call: %s, whose code does not hold "
			    "0x%" PRIx64 ", and '%s' jumps through vtable slot "
			    "%" PRIu64 " (a virtual tail call to '%s', ending "
			    "at 0x%" PRIx64 "): %s", head, addr,
			    user_name (cx, w->fn[j->from]), j->slot,
			    user_name (cx, j->method), j->site, why) < 0
	       ? -1 : 1;
      if (r == 1)
	{
	  if (nrel == 0 || j->slot != w->virt[rel].slot)
	    nrel++;
	  rel = k;
	}
    }
  if (nrel == 0)
    return 0;
  const struct ct_tail_virtual *j = &w->virt[rel];
  size_t nhit = 0;
  for (size_t i = 1; i < w->n; i++)
    {
      size_t k;
      nhit += candidates_named (d, w->fn[i], &k) > 0;
    }
  const char *fname = user_name (cx, w->fn[j->from]);
  const char *mname = user_name (cx, j->method);
  if (nhit > 0 || nrel > 1)
    return undecidable (cx, d, "tail call: %s, whose code does not hold 0x%"
			PRIx64 "; by tail calls it reaches %zu of the "
			"functions there, and %zu by virtual tail calls "
			"through different slots", head, addr, nhit, nrel) < 0
	   ? -1 : 1;
  if (level != 0 || !cx->q->has_this_vtable || cx->q->pc != entry)
    {
      bool given = level == 0 && cx->q->has_this_vtable;
      return undecidable (cx, d, "virtual call%s: %s, whose code does not "
			  "hold 0x%" PRIx64 ", and '%s' jumps through vtable "
			  "slot %" PRIu64 " (a virtual tail call to '%s', "
			  "ending at 0x%" PRIx64 "): the vtable of the object "
			  "tells which ran at the function's entry, 0x%" PRIx64
			  "%s", given ? "" : " without the vtable", head, addr,
			  fname, j->slot, mname, j->site, entry,
			  level != 0 ? " (the frame is not the innermost one)"
			  : given ? " (past it the function may have changed "
			  "`this')" : " (give --this-vtable)") < 0 ? -1 : 1;
    }
  char *text = NULL;
  if (asprintf (&text, "%s, whose code does not hold 0x%" PRIx64 ", and "
		"'%s' jumps through vtable slot %" PRIu64 " (a virtual tail "
		"call to '%s', ending at 0x%" PRIx64 "), the last jump here: "
		"no other function that slot can hold reaches 0x%" PRIx64
		" by tail calls%s", head, addr, fname, j->slot, mname, j->site,
		entry, who ? who : "") < 0)
    {
      __calltab_seterr (CALLTAB_E_NOMEM, NULL);
      return -1;
    }
  const struct ct_vtable *vt = __calltab_vtable_at (cx->st,
						    cx->q->this_vtable);
  int r;
  if (vt == NULL || !vt->entries_known)
    r = undecidable (cx, d, "virtual call: %s; the vtable 0x%" PRIx64
		     " %s", text, cx->q->this_vtable, vt == NULL
		     ? "is not known" : "lists no functions (its DIE has no "
		     "entries)");
  else
    {
      r = decide_by_vtable_entry (cx, d, text, vt, j->slot, why, sizeof why);
      if (r == 0)
	r = undecidable (cx, d, "virtual call: %s; the vtable 0x%" PRIx64
			 " is %s's (the vtable DIE %s), and %s", text,
			 cx->q->this_vtable, vt->class_name ? vt->class_name
			 : "?", vt->symbol ? vt->symbol : "?", why);
      else if (r > 0)
	r = 0;
    }
  free (text);
  return r < 0 ? -1 : 1;
}

/* The frame's state at the call or jump that is the way into the
   function D holds at LEVEL, into *FS: with the PC at the entry of
   every candidate (LEVEL 0), the innermost frame's registers, all of
   them, and its memory, nothing having run since (a call's return
   address moved the stack pointer); at a call returning to RA[LEVEL]
   otherwise (not JUMP), the caller frame's registers that a callee
   preserves, and its stack pointer.  False when none are given.  */
static bool
state_at (const struct cx *cx, size_t level, bool jump,
	  const Calltab_Decision *d, struct ct_frame_state *fs)
{
  const Calltab_Query *q = cx->q;
  const struct ct_target *t = cx->st->code != NULL
    ? __calltab_code_target (cx->st->code) : NULL;
  if (t == NULL || q->regs == NULL)
    return false;
  memset (fs, 0, sizeof *fs);
  fs->bias = q->bias;
  fs->at_entry = level == 0 && q->nregs > 0 && d->ncandidates > 0;
  for (size_t i = 0; i < d->ncandidates && fs->at_entry; i++)
    fs->at_entry = d->candidates[i].low_pc == q->pc;
  /* A direct jump to the entry (a loop back to it, a tail call from
     code that changed the registers first) may have run since the
     call: then only what the caller's frame keeps is the call's.  */
  const struct ct_jump *jumps;
  size_t njumps;
  if (fs->at_entry
      && (__calltab_direct_jumps (cx->ct, cx->st, q->pc, &jumps, &njumps)
	  != 0 || njumps > 0))
    fs->at_entry = false;
  if (fs->at_entry)
    {
      fs->regs = &q->regs[0];
      fs->usable = ~(uint64_t) 0;
      fs->sp_adjust = jump ? 0 : t->call_push;
      fs->read_memory = q->read_memory;
      fs->memory_arg = q->memory_arg;
      return true;
    }
  if (jump || level + 1 >= q->nregs)
    return false;
  fs->regs = &q->regs[level + 1];
  fs->usable = t->callee_saved | (uint64_t) 1 << t->sp_reg;
  return true;
}

/* The call (or JUMP) ending at END, the last way into the function D
   holds at LEVEL, loaded its target from a read-only word of a pointer
   table (docs/format.md): the function the word names ran, when it is
   one candidate, the only one of its symbol, and the word holds its
   address.  Returns 1 when D is decided (-1 out of memory), 0 with *WHY
   when not.  */
static int
decide_by_pointer_table (const struct cx *cx, size_t level, uint64_t end,
			 bool jump, const char *head, const char *who,
			 Calltab_Decision *d, char *why, size_t whysize)
{
  uint64_t word, value;
  struct ct_frame_state fs;
  if (!state_at (cx, level, jump, d, &fs))
    {
      snprintf (why, whysize, "no registers are given for the %s at 0x%"
		PRIx64 "%s", jump ? "jump" : "call", end,
		cx->q->nregs > 0 && level == 0
		? " (the PC is not at the function's entry)" : "");
      return 0;
    }
  const char *sym;
  const struct ct_vtable *t;
  if (!__calltab_loaded_word (cx->ct, cx->st, end, jump, &fs, &word, why,
			      whysize)
      || !__calltab_pointer_word (cx->st, word, &sym, &t, why, whysize))
    return 0;
  size_t k = d->ncandidates;
  size_t n = candidates_named (d, sym, &k);
  /* A local symbol may name functions of several units, one of them
     folded away from its name: the entry's must be the only one.  */
  if (n <= 1 && __calltab_dies_named (cx->st, sym) > 1)
    n = 2;
  bool have = __calltab_vtable_word (cx->ct, cx->st, word, &value);
  /* The word as the program holds it, when its memory can be read: the
     file's may not be what runs (another module's address, a symbol
     interposed).  */
  unsigned char buf[8];
  unsigned asize = gelf_getclass (cx->ct->elf) == ELFCLASS32 ? 4 : 8;
  if (have && fs.read_memory != NULL
      && (fs.read_memory (fs.memory_arg, word + fs.bias, buf, asize) != 0
	  || __calltab_read_uint (buf, asize, cx->ct->ehdr.e_ident[EI_DATA]
					      == ELFDATA2MSB)
	     != value + fs.bias))
    have = false;
  bool by_word = false;
  if (n == 0 && have && (k = candidate_starting_at (d, value))
			< d->ncandidates)
    n = 1, by_word = true;
  if (n != 1 || !have || value != d->candidates[k].low_pc)
    {
      snprintf (why, whysize, "the word at 0x%" PRIx64 " (offset %" PRIu64
		" of the pointer table '%s') names '%s', which %s", word,
		word - t->addr, t->class_name ? t->class_name : "?", sym,
		n > 1 ? "names several functions of the file (local symbols)"
		: !have ? "the file or the program's memory does not hold as "
		"its address"
		: "is not the code there");
      return 0;
    }
  if (by_word)
    decided_as (cx, d, k, sym);
  else
    decided (d, k);
  const char *name = t->class_name ? t->class_name : "?";
  bool own = t->symbol != NULL && strcmp (t->symbol, name) != 0;
  return say (cx, d, "%s; the %s ending at 0x%" PRIx64 " loads its target "
	      "from the word at 0x%" PRIx64 ", offset %" PRIu64 " of the "
	      "pointer table '%s'%s%s%s, which holds '%s'%s%s", head,
	      jump ? "jump" : "call", end, word, word - t->addr, name,
	      own ? " (" : "", own ? t->symbol : "", own ? ")" : "",
	      d->function.name,
	      by_word ? " (no symbol there names it: the linker dropped it)"
	      : "", who ? who : "") < 0 ? -1 : 1;
}

/* The frame at LEVEL returns to a call of CALLEE, whose code does not
   hold the address: it jumped on.  The functions CALLEE reaches by tail
   calls (tail-calls.c) decide when exactly one of them is at the
   address and the walk is complete.  HEAD says which entry named
   CALLEE, WHO (or NULL) how its caller was decided.  */
static int
decide_by_tail_calls (const struct cx *cx, size_t level, const char *callee,
		      const char *head, const char *who, Calltab_Decision *d)
{
  uint64_t addr = level == 0 ? cx->q->pc : cx->q->ra[level - 1] - 1;
  struct ct_tail_walk *w = malloc (sizeof *w);
  if (w == NULL || __calltab_tail_walk (cx->ct, cx->st, callee, w) < 0)
    {
      free (w);
      __calltab_seterr (CALLTAB_E_NOMEM, NULL);
      return -1;
    }
  int ret;
  if (w->unknown == NULL && w->nvirt > 0)
    {
      int r = decide_by_virtual_tail_calls (cx, level, w, head, who, addr,
					    d);
      if (r != 0)
	{
	  free (w);
	  return r < 0 ? -1 : 0;
	}
    }
  if (w->unknown != NULL && w->why != CT_TAIL_TOO_LONG)
    {
      int r = bound_by_code (cx, d, w, head, addr, who);
      if (r != 0)
	{
	  free (w);
	  return r < 0 ? -1 : 0;
	}
    }
  char jwhy[600] = "";
  if (w->unknown != NULL && w->why == CT_TAIL_INDIRECT && w->nshort == 1
      && w->nvirt == 0 && w->entry.call_site != 0
      && reaches_none (d, w))
    {
      /* The one jump through a pointer on the way was the last.  */
      char jhead[1400];
      if (strcmp (w->unknown, callee) == 0)
	snprintf (jhead, sizeof jhead, "%s, which reaches 0x%" PRIx64
		  " only through its jump through a pointer", head, addr);
      else
	snprintf (jhead, sizeof jhead, "%s, which reaches 0x%" PRIx64
		  " only through the jump through a pointer of '%s', which it "
		  "reaches by tail calls", head, addr,
		  user_name (cx, w->unknown));
      int r = decide_by_pointer_table (cx, level, w->entry.call_site, true,
				       jhead, who, d, jwhy, sizeof jwhy);
      if (r != 0)
	{
	  free (w);
	  return r < 0 ? -1 : 0;
	}
    }
  if (w->unknown != NULL)
    {
      const char *why
	= w->why == CT_TAIL_UNDESCRIBED ? "has no record of its tail calls "
	  "(built without the plugin, or by one before .debug_tcall)"
	: w->why == CT_TAIL_INDIRECT ? "jumps through a pointer"
	: w->why == CT_TAIL_UNRESOLVED ? "has a .debug_tcall entry whose "
	  "callee DIE does not resolve"
	: "jumps on through more functions than are followed";
      bool first = strcmp (w->unknown, callee) == 0;
      ret = undecidable (cx, d, "tail call: %s, whose code does not hold 0x%"
			 PRIx64 ", and '%s'%s %s%s%s", head, addr,
			 user_name (cx, w->unknown),
			 first ? "" : ", which it reaches by tail calls,", why,
			 cx->q->nregs > 0 && *jwhy ? ": " : "",
			 cx->q->nregs > 0 ? jwhy : "");
      free (w);
      return ret;
    }
  /* The candidates the walk reaches.  */
  size_t hit = d->ncandidates, nhit = 0, at = 0;
  for (size_t i = 1; i < w->n; i++)
    {
      size_t k = find_candidate (d, w->fn[i]);
      if (k == d->ncandidates)
	continue;
      if (nhit == 0 || k != hit)
	nhit++;
      if (nhit == 1)
	hit = k, at = i;
    }
  if (nhit != 1)
    {
      ret = undecidable (cx, d, "tail call: %s, whose code does not hold 0x%"
			 PRIx64 "; by tail calls it reaches %zu of the "
			 "functions there", head, addr, nhit);
      free (w);
      return ret;
    }
  /* The chain, from CALLEE to the candidate.  */
  size_t chain[CT_TAIL_MAX], nchain = 0;
  for (size_t i = at; i != 0 && nchain < CT_TAIL_MAX; i = w->from[i])
    chain[nchain++] = i;
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream (&text, &len);
  if (f == NULL)
    {
      free (w);
      __calltab_seterr (CALLTAB_E_NOMEM, NULL);
      return -1;
    }
  for (size_t j = nchain; j-- > 0;)
    {
      size_t i = chain[j];
      if (w->thunk[i])
	fprintf (f, ", a thunk to '%s'", user_name (cx, w->fn[i]));
      else
	fprintf (f, ", which tail-calls '%s' (the jump ending at 0x%" PRIx64
		 ")", user_name (cx, w->fn[i]), w->site[i]);
    }
  fclose (f);
  decided (d, hit);
  ret = say (cx, d, "%s%s%s", head, text != NULL ? text : "",
	     who ? who : "");
  free (text);
  free (w);
  return ret;
}

static int
decide_direct (const struct cx *cx, size_t level, const Calltab_Entry *e,
	       size_t ne, Calltab_Decision *d)
{
  uint64_t r = cx->q->ra[level];
  struct found f;
  char *who = NULL;
  int c = choose_entry (cx, CALLTAB_DCALL, level, e, ne, d, &f, &who);
  if (c != 0)
    return c < 0 ? -1 : 0;
  const char *callee = callee_symbol (cx->ct, &f.entry);
  d->table = CALLTAB_DCALL;
  d->entry = f.entry;
  const struct ct_unit *u = &cx->ct->tables[CALLTAB_DCALL].units[f.entry.unit];
  size_t k = find_candidate (d, callee);
  int ret;
  if (callee == NULL)
    ret = undecidable (cx, d, "no table: the callee DIE of the %s entry at "
		       "0x%" PRIx64 " does not resolve",
		       CALLTAB_DCALL_SECTION, f.entry.offset);
  else if (k == d->ncandidates)
    {
      char head[600];
      snprintf (head, sizeof head, "the %s entry at 0x%" PRIx64 " (unit 0x%"
		PRIx64 ", caller '%s'%s) at return address 0x%" PRIx64
		" names '%s'", CALLTAB_DCALL_SECTION, f.entry.offset,
		u->offset, unit_caller_name (cx, &f.entry),
		f.how ? f.how : "", r, user_name (cx, callee));
      ret = decide_by_tail_calls (cx, level, callee, head, who, d);
    }
  else
    {
      decided (d, k);
      ret = say (cx, d, "the %s entry at 0x%" PRIx64 " (unit 0x%" PRIx64
		 ", caller '%s'%s) at return address 0x%" PRIx64
		 " names '%s'%s", CALLTAB_DCALL_SECTION, f.entry.offset,
		 u->offset, unit_caller_name (cx, &f.entry),
		 f.how ? f.how : "", r, d->function.name, who ? who : "");
    }
  free (who);
  return ret;
}

/* Which of D's candidates a virtual call through SLOT can have reached:
   those whose slot is SLOT, and those whose slot is not known (no DIE,
   or a virtual member without DW_AT_vtable_elem_location: GCC writes
   none for destructors), which nothing rules out; first, in their
   order, then the excluded ones (another slot, or not virtual):
   D->nremaining of them.  The
   class DIE and qualified class name of each candidate, and whether its
   slot is known, in the new order, into *CDIE, *CNAME and *KNOWN (the
   caller frees them).  Returns 0, or -1 when out of memory.  */
static int
keep_slot (const struct cx *cx, Calltab_Decision *d, uint64_t slot,
	   uint64_t **cdie, const char ***cname, bool **known)
{
  size_t n = d->ncandidates, size = n ? n : 1;
  bool *keep = calloc (size, sizeof *keep);
  *cdie = calloc (size, sizeof **cdie);
  *cname = calloc (size, sizeof **cname);
  *known = calloc (size, sizeof **known);
  Calltab_Function *old = malloc (size * sizeof *old);
  uint64_t *od = malloc (size * sizeof *od);
  const char **on = malloc (size * sizeof *on);
  bool *ok = malloc (size * sizeof *ok);
  int ret = -1;
  if (keep == NULL || *cdie == NULL || *cname == NULL || *known == NULL
      || old == NULL || od == NULL || on == NULL || ok == NULL)
    {
      __calltab_seterr (CALLTAB_E_NOMEM, NULL);
      goto out;
    }
  for (size_t i = 0; i < n; i++)
    {
      uint64_t s;
      int m = __calltab_member_slot (cx->ct, d->candidates[i].die, &s,
				     &(*cdie)[i], &(*cname)[i]);
      /* A slot of its own class's primary vtable; through a thunk, a
	 secondary vtable calls it at another one.  Without a symbol
	 table, not every thunk is known.  */
      bool other_slots = !cx->st->have_symtab
	|| __calltab_has_thunk (cx->st, d->candidates[i].symbol);
      (*known)[i] = m == 1 && s == slot;
      keep[i] = m == 1 ? s == slot || other_slots
		: m == 2 || d->candidates[i].die == 0;
    }
  /* Keep the class facts with their candidates.  */
  memcpy (old, d->candidates, n * sizeof *old);
  memcpy (od, *cdie, n * sizeof *od);
  memcpy (on, *cname, n * sizeof *on);
  memcpy (ok, *known, n * sizeof *ok);
  size_t k = 0;
  for (int pass = 1; pass >= 0; pass--)
    for (size_t i = 0; i < n; i++)
      if (keep[i] == (pass == 1))
	{
	  d->candidates[k] = old[i];
	  (*cdie)[k] = od[i];
	  (*cname)[k] = on[i];
	  (*known)[k] = ok[i];
	  k++;
	}
  d->nremaining = 0;
  for (size_t i = 0; i < n; i++)
    d->nremaining += keep[i];
  ret = 0;
out:
  free (keep);
  free (old);
  free (od);
  free (on);
  free (ok);
  return ret;
}

/* Whether a candidate of class CDIE (qualified name CNAME) belongs to
   the class of vtable VT: the same DIE; without the vtable's class DIE,
   the same name, which is evidence only when it names one class (a
   class in an anonymous namespace may have a namesake in every unit).  */
static bool
same_class (const struct ct_vtable *vt, uint64_t cdie, const char *cname)
{
  if (vt->class_die != 0)
    return cdie == vt->class_die;
  if (cname == NULL || strstr (vt->class_name, "anonymous")
      || strstr (cname, "(anonymous namespace)"))
    return false;
  if (vt->from_die)		/* DW_AT_name: unqualified, the last part of
				   CNAME (whose template arguments may hold
				   "::" too) */
    {
      size_t c = strlen (cname), v = strlen (vt->class_name);
      return c >= v && strcmp (cname + c - v, vt->class_name) == 0
	     && (c == v || (c > v + 1 && cname[c - v - 1] == ':'
			    && cname[c - v - 2] == ':'));
    }
  return strcmp (cname, vt->class_name) == 0;
}

/* The candidate of D whose code starts at ADDR, or D->ncandidates.  */
static size_t
candidate_starting_at (const Calltab_Decision *d, uint64_t addr)
{
  for (size_t i = 0; i < d->ncandidates; i++)
    if (d->candidates[i].low_pc == addr)
      return i;
  return d->ncandidates;
}

/* D decided as the function SYMBOL, which no symbol at the address names
   (the linker dropped the local symbol of a folded copy): named by
   SYMBOL, its code the place of candidate K.  */
static void
decided_as (const struct cx *cx, Calltab_Decision *d, size_t k,
	    const char *symbol)
{
  decided (d, k);
  d->function.symbol = symbol;
  d->function.name = user_name (cx, symbol);
  d->function.die = 0;
}

/* The candidates of D that SYMBOL names, itself or as the target of a
   thunk: how many, the first one in *K.  */
static size_t
candidates_named (const Calltab_Decision *d, const char *symbol, size_t *k)
{
  char buf[1024];
  const char *target = __calltab_thunk_target (symbol, buf, sizeof buf);
  size_t n = 0;
  for (size_t i = 0; i < d->ncandidates; i++)
    {
      const char *s = d->candidates[i].symbol;
      if (s != NULL && (strcmp (s, symbol) == 0
			|| (target != NULL && strcmp (s, target) == 0)))
	{
	  if (n++ == 0)
	    *k = i;
	}
    }
  return n;
}

/* With the vtable of the object and the entries of its DIE: the
   function in the called slot (the entry at the address point plus SLOT
   times the address size) is the one that ran when it is one of D's
   candidates, the only one of that symbol (a local symbol may have
   namesakes in other units), and no thunk in the vtable leads to
   another candidate (a call through a secondary vtable reaches its
   function through a this-adjusting thunk, and `this' at the PC is then
   the adjusted object, whose slot numbers are another vtable's).
   Returns 1 when it decided (or failed: -1), 0 with *WHY set when the
   entries do not decide.  */
static int
decide_by_vtable_entry (const struct cx *cx, Calltab_Decision *d,
			const char *head, const struct ct_vtable *vt,
			uint64_t slot, char *why, size_t whysize)
{
  uint64_t v = cx->q->this_vtable;
  unsigned asize = gelf_getclass (cx->ct->elf) == ELFCLASS32 ? 4 : 8;
  uint64_t off = v - vt->addr + slot * asize;
  const char *sym = __calltab_vtable_entry (cx->st, vt, off);
  if (sym == NULL)
    {
      snprintf (why, whysize, "its DIE lists no function at offset %"
		PRIu64 " (slot %" PRIu64 " of the address point 0x%" PRIx64
		")", off, slot, v);
      return 0;
    }
  size_t k = d->ncandidates;
  size_t n = candidates_named (d, sym, &k);
  /* No symbol there names it (the linker dropped a folded copy's local
     symbol): the vtable's word, the function's address, may still be
     the code at the PC.  */
  bool by_word = false;
  uint64_t word = 0;
  char tbuf[1024];
  if (n == 0 && __calltab_thunk_target (sym, tbuf, sizeof tbuf) == NULL
      && __calltab_vtable_word (cx->ct, cx->st, vt->addr + off, &word)
      && (k = candidate_starting_at (d, word)) < d->ncandidates)
    n = 1, by_word = true;
  if (n != 1)
    {
      snprintf (why, whysize, "its slot %" PRIu64 " holds '%s', which %s",
		slot, sym, n == 0 ? "is none of the functions there: the call "
		"went on from the object it was made on (a tail call?)"
		: "names several of them (local symbols)");
      return 0;
    }
  if (__calltab_destructor_kind (by_word ? sym : d->candidates[k].symbol)
      && cx->q->pc != d->candidates[k].low_pc)
    {
      snprintf (why, whysize, "its slot %" PRIu64 " holds '%s', a "
		"destructor, which changes the object's vtable pointer as it "
		"runs: `this' tells only at its entry", slot, sym);
      return 0;
    }
  const struct ct_vtentry *e = cx->st->vtentries + vt->first_entry;
  char buf[1024];
  for (size_t j = 0; j < vt->nentries; j++)
    {
      const char *target = __calltab_thunk_target (e[j].symbol, buf, sizeof buf);
      size_t other = d->ncandidates;
      if (target != NULL && candidates_named (d, target, &other) > 0
	  && other != k)
	{
	  snprintf (why, whysize, "its slot %" PRIu64 " holds '%s', but "
		    "the thunk '%s' at offset %" PRIu64 " leads to '%s', "
		    "which is there too", slot, sym, e[j].symbol,
		    e[j].offset, d->candidates[other].symbol);
	  return 0;
	}
    }
  if (by_word)
    {
      decided_as (cx, d, k, sym);
      return say (cx, d, "%s; the vtable 0x%" PRIx64 " is %s's (the vtable "
		  "DIE %s); its slot %" PRIu64 " (offset %" PRIu64 ") holds "
		  "'%s', whose address there is 0x%" PRIx64 " (no symbol at "
		  "0x%" PRIx64 " names it: the linker dropped it)", head, v,
		  vt->class_name ? vt->class_name : "?",
		  vt->symbol ? vt->symbol : "?", slot, off, d->function.name,
		  word, word) < 0 ? -1 : 1;
    }
  decided (d, k);
  bool thunk = strcmp (sym, d->function.symbol) != 0;
  return say (cx, d, "%s; the vtable 0x%" PRIx64 " is %s's (the vtable DIE "
	      "%s); its slot %" PRIu64 " (offset %" PRIu64 ") holds '%s'%s%s%s",
	      head, v, vt->class_name ? vt->class_name : "?",
	      vt->symbol ? vt->symbol : "?", slot, off, d->function.name,
	      thunk ? " (through the thunk " : "", thunk ? sym : "",
	      thunk ? ")" : "") < 0 ? -1 : 1;
}

/* Of the N candidates with class DIEs CDIE and class names CNAME, those
   an object whose vtable is VT can run as one of its members: a member
   of VT's class or of a class it derives from (__calltab_class_is_base;
   not known counts).  VT's class DIE is its DIE's, else the one class
   DIE among the candidates that VT's name names.  Returns how many; the
   first in *HIT, whether it is of VT's class itself in *MINE, and its
   answer as a base (1, or -1 not known) in *BASE.  */
static size_t
candidates_of_class (const struct cx *cx, const struct ct_vtable *vt,
		     const uint64_t *cdie, const char **cname, size_t n,
		     size_t *hit, bool *mine, int *base)
{
  uint64_t cls = vt->class_die;
  for (size_t i = 0; vt->class_die == 0 && i < n; i++)
    if (cdie[i] != 0 && same_class (vt, cdie[i], cname[i]))
      {
	if (cls != 0 && cls != cdie[i])
	  {
	    cls = 0;
	    break;
	  }
	cls = cdie[i];
      }
  size_t npossible = 0;
  for (size_t i = 0; i < n; i++)
    {
      bool own = same_class (vt, cdie[i], cname[i]);
      int b = own ? 1 : __calltab_class_is_base (cx->ct, cls, cname[i]);
      if (b != 0 && npossible++ == 0)
	{
	  *hit = i;
	  *mine = own;
	  *base = b;
	}
    }
  return npossible;
}

/* With the vtable of the object (--this-vtable): which of D's remaining
   candidates (class DIEs CDIE, class names CNAME, KNOWN whether the slot
   is known) the vtable holds at SLOT.  A member of the vtable's class
   whose slot is SLOT is it.  Else every candidate the slot could hold
   counts: a member of the class whose slot is not known, one of a base
   of the class (by name: __calltab_class_is_base), one whose class is
   not known or not known not to be a base; exactly one of them left
   decides.  HEAD says which entry.  */
static int
decide_by_vtable (const struct cx *cx, Calltab_Decision *d, const char *head,
		  uint64_t slot, const uint64_t *cdie, const char **cname,
		  const bool *known)
{
  size_t n = d->ncandidates;
  const struct ct_vtable *vt = __calltab_vtable_at (cx->st,
						    cx->q->this_vtable);
  if (vt == NULL || vt->class_name == NULL)
    return undecidable (cx, d, "virtual call: %s, but no vtable holds "
			"0x%" PRIx64 "; %zu of the %zu functions could have "
			"that slot", head, cx->q->this_vtable, d->nremaining,
			d->ncandidates);
  if (vt->entries_known)
    {
      char why[1200];
      int r = decide_by_vtable_entry (cx, d, head, vt, slot, why,
				      sizeof why);
      if (r != 0)
	return r < 0 ? -1 : 0;
      return undecidable (cx, d, "virtual call: %s; the vtable 0x%" PRIx64
			  " is %s's (the vtable DIE %s), and %s", head,
			  cx->q->this_vtable, vt->class_name,
			  vt->symbol ? vt->symbol : "?", why);
    }
  const char *vsrc = vt->from_die ? "the vtable DIE" : "the symbol";
  const char *vname = vt->symbol ? vt->symbol : "?";
  size_t own = n, nown = 0;
  for (size_t i = 0; i < d->nremaining; i++)
    if (known[i] && same_class (vt, cdie[i], cname[i]))
      own = i, nown++;
  if (nown == 1)
    {
      decided (d, own);
      return say (cx, d, "%s; the vtable 0x%" PRIx64 " is %s's (%s %s); its "
		  "member at slot %" PRIu64 " is '%s'", head,
		  cx->q->this_vtable, vt->class_name, vsrc, vname, slot,
		  d->function.name);
    }
  /* A member of the class whose slot is not known (or several), or of a
     base.  */
  size_t hit = n;
  bool mine = false;
  int base = 0;
  size_t npossible = candidates_of_class (cx, vt, cdie, cname,
					  d->nremaining, &hit, &mine, &base);
  if (npossible == 1 && base == 1 && !mine)
    {
      decided (d, hit);
      return say (cx, d, "%s; the vtable 0x%" PRIx64 " is %s's (%s %s), "
		  "which inherits its slot %" PRIu64 " from '%s'", head,
		  cx->q->this_vtable, vt->class_name, vsrc, vname, slot,
		  d->function.name);
    }
  if (npossible == 1)
    {
      decided (d, hit);
      return say (cx, d, "%s; the vtable 0x%" PRIx64 " is %s's (%s %s); "
		  "'%s' (slot not recorded) is the only function at 0x%"
		  PRIx64 " it can hold there", head, cx->q->this_vtable,
		  vt->class_name, vsrc, vname, d->function.name, cx->q->pc);
    }
  return undecidable (cx, d, "virtual call: %s; the vtable 0x%" PRIx64
		      " is %s's (%s %s), and %zu of the functions at 0x%"
		      PRIx64 " could be its slot %" PRIu64, head,
		      cx->q->this_vtable, vt->class_name, vsrc, vname,
		      npossible, cx->q->pc, slot);
}

/* D's candidates, a virtual call through SLOT having reached them at
   LEVEL (HEAD says how the slot is known): decided by the object's
   vtable at the PC, or by the candidates' own slots.  */
static int
decide_by_slot (const struct cx *cx, size_t level, Calltab_Decision *d,
		uint64_t slot, const char *head)
{
  uint64_t *cdie;
  const char **cname;
  bool *known;
  int ret;
  if (keep_slot (cx, d, slot, &cdie, &cname, &known) < 0)
    ret = -1;
  else if (cx->q->has_this_vtable && level == 0)
    ret = decide_by_vtable (cx, d, head, slot, cdie, cname, known);
  else if (d->nremaining == 1 && known[0])
    {
      decided (d, 0);
      ret = say (cx, d, "%s; '%s' is the only function at 0x%" PRIx64
		 " with that slot", head, d->function.name, cx->q->pc);
    }
  else if (d->nremaining == 1)
    {
      decided (d, 0);
      ret = say (cx, d, "%s; the other functions at 0x%" PRIx64 " have "
		 "other slots, '%s' (slot not recorded) is the only one "
		 "left", head, cx->q->pc, d->function.name);
    }
  else
    ret = undecidable (cx, d, "virtual call without the vtable: %s; %zu "
		       "of the %zu functions at 0x%" PRIx64 " could have "
		       "that slot (give --this-vtable)", head,
		       d->nremaining, d->ncandidates, cx->q->pc);
  free (cdie);
  free (cname);
  free (known);
  return ret;
}

static int
decide_virtual (const struct cx *cx, size_t level, const Calltab_Entry *e,
		size_t ne, Calltab_Decision *d)
{
  uint64_t r = cx->q->ra[level];
  struct found f;
  char *who = NULL;
  int c = choose_entry (cx, CALLTAB_VCALL, level, e, ne, d, &f, &who);
  free (who);
  if (c != 0)
    return c < 0 ? -1 : 0;
  uint64_t slot = f.entry.value;
  d->table = CALLTAB_VCALL;
  d->entry = f.entry;
  const struct ct_unit *u = &cx->ct->tables[CALLTAB_VCALL].units[f.entry.unit];
  char head[200];
  snprintf (head, sizeof head, "the %s entry at 0x%" PRIx64 " (unit 0x%"
	    PRIx64 ") at return address 0x%" PRIx64 " calls vtable slot %"
	    PRIu64, CALLTAB_VCALL_SECTION, f.entry.offset, u->offset, r,
	    slot);
  return decide_by_slot (cx, level, d, slot, head);
}

/* The kind of call that returns to R in CT's file, decoded from its
   code (target.h): CT_INSN_CALL, CT_INSN_CALL_INDIRECT, or -1 when no
   call ends there unambiguously (or the code cannot be read).  */
static int
call_kind_before (const Calltab *ct, uint64_t r)
{
  GElf_Ehdr eh;
  if (gelf_getehdr (ct->elf, &eh) == NULL)
    return -1;
  const struct ct_target *target = __calltab_target (eh.e_machine);
  if (target == NULL)
    return -1;
  Elf_Scn *scn = NULL;
  while ((scn = elf_nextscn (ct->elf, scn)) != NULL)
    {
      GElf_Shdr sh;
      if (gelf_getshdr (scn, &sh) == NULL || sh.sh_type != SHT_PROGBITS
	  || !(sh.sh_flags & SHF_EXECINSTR) || r <= sh.sh_addr
	  || r > sh.sh_addr + sh.sh_size)
	continue;
      Elf_Data *data = elf_getdata (scn, NULL);
      if (data == NULL || data->d_buf == NULL)
	return -1;
      struct ct_insn insn[2];
      size_t n = __calltab_calls_ending_at (target, data->d_buf,
					    data->d_size, r - sh.sh_addr,
					    insn, 2);
      return n == 1 ? (int) insn[0].kind : -1;
    }
  return -1;
}

/* The .debug_pcall entries at ADDR of one kind (ARG: passing a
   pointer as argument K; else calling a parameter's) agree on one value:
   1, that entry in *OUT; 0 when there is none or they differ; -1 on
   error (docs/format.md, ".debug_pcall").  */
static int
pcall_entry_at (const Calltab *ct, uint64_t addr, bool arg, uint64_t k,
		Calltab_Entry *out)
{
  Calltab_Entry *e = NULL;
  size_t ne = 0;
  if (entries_at (ct, CALLTAB_PCALL, addr, &e, &ne) < 0)
    return -1;
  int found = 0;
  for (size_t i = 0; i < ne; i++)
    {
      uint64_t v = e[i].value;
      if (e[i].tombstone || (CALLTAB_PCALL_IS_ARG (v) != 0) != arg
	  || (arg && CALLTAB_PCALL_K (v) != k))
	continue;
      if (found && v != out->value)
	{
	  found = 0;
	  break;
	}
      *out = e[i];
      found = 1;
    }
  free (e);
  return found;
}

/* The function every .debug_dcall entry at R names, or NULL.  */
static const char *
dcall_callee_at (const Calltab *ct, uint64_t r, int *err)
{
  Calltab_Entry *e = NULL;
  size_t ne = 0;
  *err = entries_at (ct, CALLTAB_DCALL, r, &e, &ne);
  const char *callee = NULL;
  for (size_t i = 0; i < ne; i++)
    {
      const char *s = e[i].tombstone ? NULL : callee_symbol (ct, &e[i]);
      if (s == NULL || (callee != NULL && strcmp (callee, s) != 0))
	{
	  callee = NULL;
	  break;
	}
      callee = s;
    }
  free (e);
  return callee;
}

/* Whether the function SYMBOL is among F[0..N).  */
static bool
has_symbol (const Calltab_Function *f, size_t n, const char *symbol)
{
  for (size_t i = 0; i < n; i++)
    if (f[i].symbol != NULL && strcmp (f[i].symbol, symbol) == 0)
      return true;
  return false;
}

/* F (entered by a call, its code not holding R1) jumped on to the
   function holding R1, whose code starts at ENTRY: when no jump through
   a pointer reaches ENTRY (its address is taken nowhere) and every
   direct jump to it is in F's code, passing as argument K a pointer to
   one virtual slot, that .debug_pcall entry into *ARG and the last
   jump's end into *SITE: 1; 0 when not, -1 on error.  */
static int
jumps_passed_slot (const struct cx *cx, const char *f, uint64_t entry,
		   uint64_t k, Calltab_Entry *arg, uint64_t *site)
{
  const struct ct_jump *jumps;
  size_t n;
  int r = __calltab_entry_ways (cx->ct, cx->st, entry, &jumps, &n);
  if (r != 0)
    return 0;
  int found = 0;
  for (size_t i = 0; i < n; i++)
    {
      Calltab_Function *in = NULL;
      size_t nin = 0;
      if (__calltab_functions_at (cx->ct, cx->st, jumps[i].site - 1, &in,
				  &nin) < 0)
	return -1;
      bool from_f = has_symbol (in, nin, f);
      free (in);
      if (!from_f)
	return 0;
      Calltab_Entry a;
      r = pcall_entry_at (cx->ct, jumps[i].site, true, k, &a);
      if (r <= 0 || (found && a.value != arg->value))
	return r < 0 ? -1 : 0;
      *arg = a;
      *site = jumps[i].site;
      found = 1;
    }
  return found;
}

/* The indirect call returning to RA[LEVEL] is through the member-function
   pointer in parameter K of its function F (.debug_pcall), and the next
   return address is a direct call of F passing, as argument K, a pointer
   to the virtual member in slot S: decide D as a virtual call of slot S.
   Returns 1 when D is settled, 0 when the shape is not there, -1 on
   error.  */
static int
decide_by_member_pointer (const struct cx *cx, size_t level,
			  Calltab_Decision *d)
{
  if (level + 1 >= cx->q->nra)
    return 0;
  uint64_t r1 = cx->q->ra[level], r2 = cx->q->ra[level + 1];
  Calltab_Entry param, arg;
  int r = pcall_entry_at (cx->ct, r1, false, 0, &param);
  if (r <= 0)
    return r;
  uint64_t k = CALLTAB_PCALL_K (param.value);
  /* F: what the call at R2 calls, its code holding R1 (so that F, entered
     there, made the call at R1).  */
  int err;
  const char *f = dcall_callee_at (cx->ct, r2, &err);
  if (err < 0)
    return -1;
  if (f == NULL)
    return 0;
  Calltab_Function *at = NULL;
  size_t nat = 0;
  if (__calltab_functions_at (cx->ct, cx->st, r1 - 1, &at, &nat) < 0)
    return -1;
  char via[600] = "";
  if (has_symbol (at, nat, f))
    {
      free (at);
      r = pcall_entry_at (cx->ct, r2, true, k, &arg);
    }
  else
    {
      /* F jumped on (Test::Run's last call is a tail call): to the code
	 at R1, from its own code only.  */
      uint64_t entry = nat > 0 ? at[0].low_pc : 0;
      for (size_t i = 1; i < nat; i++)
	if (at[i].low_pc != entry)
	  entry = 0;
      uint64_t site = 0;
      r = entry != 0 ? jumps_passed_slot (cx, f, entry, k, &arg, &site) : 0;
      if (r > 0)
	snprintf (via, sizeof via, ", which jumps to its code at 0x%" PRIx64
		  " (its only way in: its address is taken nowhere),", site);
      free (at);
    }
  if (r <= 0)
    return r;
  uint64_t slot = CALLTAB_PCALL_SLOT (arg.value);
  d->table = CALLTAB_PCALL;
  d->entry = param;
  char head[1800];
  snprintf (head, sizeof head, "the call returning to 0x%" PRIx64 " is "
	    "through the member-function pointer in parameter %" PRIu64
	    " of its function, which the call of '%s' returning to 0x%"
	    PRIx64 "%s passes as a pointer to vtable slot %" PRIu64 " (%s)",
	    r1, k, user_name (cx, f), r2, via, slot, CALLTAB_PCALL_SECTION);
  return decide_by_slot (cx, level, d, slot, head) < 0 ? -1 : 1;
}

/* No entry at the return address R: say why.  */
static int
no_entry (const struct cx *cx, size_t level, Calltab_Decision *d)
{
  uint64_t r = cx->q->ra[level];
  const Calltab *ct = cx->ct;
  Calltab_Function *callers = NULL;
  size_t ncallers = 0;
  if (__calltab_functions_at (ct, cx->st, r - 1, &callers, &ncallers) < 0)
    return -1;
  int ret;
  if (ct->tables[CALLTAB_DCALL].nunits + ct->tables[CALLTAB_VCALL].nunits
      == 0)
    ret = undecidable (cx, d, "no table: %s has no call tables (built "
		       "without the plugin, or they were removed)",
		       ct->path);
  else if (ncallers == 0)
    ret = undecidable (cx, d, "not covered: no function holds the return "
		       "address 0x%" PRIx64 ", and the tables have no entry "
		       "there", r);
  else
    {
      int kind = call_kind_before (ct, r);
      char why[600] = "";
      int m = kind == CT_INSN_CALL_INDIRECT
	? decide_by_member_pointer (cx, level, d) : 0;
      if (m == 0 && kind == CT_INSN_CALL_INDIRECT)
	{
	  char head[600];
	  snprintf (head, sizeof head, "no table entry at the return "
		    "address 0x%" PRIx64 " in '%s'", r, callers[0].name);
	  m = decide_by_pointer_table (cx, level, r, false, head, NULL, d,
				       why, sizeof why);
	}
      if (m != 0)
	ret = m < 0 ? -1 : 0;
      else if (kind == CT_INSN_CALL_INDIRECT)
	ret = undecidable (cx, d, "indirect call: the call returning to 0x%"
			   PRIx64 " in '%s' is through a pointer and not a "
			   "virtual call: the tables do not record it%s%s", r,
			   callers[0].name, cx->q->nregs > 0 ? "; " : "",
			   cx->q->nregs > 0 ? why : "");
      else
	{
	  bool tables = false;
	  for (size_t i = 0; i < ncallers && !tables; i++)
	    for (int t = 0; t < CT_NTABLES && !tables; t++)
	      {
		size_t lo, hi;
		__calltab_units_of (cx->st, t, callers[i].symbol, &lo, &hi);
		tables = lo < hi;
	      }
	  if (kind == CT_INSN_CALL || !tables)
	    ret = undecidable (cx, d, "no table: the %scall returning to 0x%"
			       PRIx64 " in '%s' has no table entry (its code "
			       "was built without the plugin, or the entry "
			       "was removed)", kind == CT_INSN_CALL
			       ? "direct " : "", r, callers[0].name);
	  else
	    ret = undecidable (cx, d, "not covered: no table entry at the "
			       "return address 0x%" PRIx64 " in '%s', and no "
			       "call instruction ends there", r,
			       callers[0].name);
	}
    }
  free (callers);
  return ret;
}

/* Whatever the call that reached it: when every function at the PC is
   a member function (not static, not a constructor) of a class with a
   vtable pointer, and the PC is at their entry, the one that ran is a
   member of the class of the object `this' points to, or of a class it
   derives from: C++ calls a member function only on an object of its
   class (anything else is undefined behavior), and at the entry of any
   member function but a constructor the object's vtable pointer is
   that of its class (most derived, or the one being destroyed).  With
   the object's vtable (--this-vtable, a _ZTV of known size) naming that
   class, exactly one candidate of such a class decides.  Returns 1 when
   it decided D (-1 out of memory), 0 when the rule does not apply.  */
static int
decide_by_object_class (const struct cx *cx, Calltab_Decision *d)
{
  if (!cx->q->has_this_vtable || d->ncandidates < 2)
    return 0;
  const struct ct_vtable *vt = __calltab_vtable_at (cx->st,
						    cx->q->this_vtable);
  if (vt == NULL || vt->size == 0 || vt->symbol == NULL
      || strncmp (vt->symbol, "_ZTV", 4) != 0 || vt->class_name == NULL)
    return 0;
  uint64_t *cdie = calloc (d->ncandidates, sizeof *cdie);
  const char **cname = calloc (d->ncandidates, sizeof *cname);
  int ret = -1;
  if (cdie == NULL || cname == NULL)
    {
      __calltab_seterr (CALLTAB_E_NOMEM, NULL);
      goto out;
    }
  ret = 0;
  for (size_t i = 0; i < d->ncandidates; i++)
    {
      const Calltab_Function *c = &d->candidates[i];
      bool dynamic, ctor;
      if (c->low_pc != cx->q->pc
	  || __calltab_member_function (cx->ct, c->die, &cdie[i], &cname[i],
					&dynamic, &ctor) != 1
	  || !dynamic || ctor)
	goto out;
    }
  size_t hit = d->ncandidates;
  bool own = false;
  int base = 0;
  if (candidates_of_class (cx, vt, cdie, cname, d->ncandidates, &hit, &own,
			   &base) != 1)
    goto out;
  decided (d, hit);
  ret = say (cx, d, "every function at 0x%" PRIx64 " is a member function "
	     "of a class with a vtable, and the PC is at their entry, where "
	     "`this' holds its object's vtable: the vtable 0x%" PRIx64 " is "
	     "%s's (%s %s), and of the functions there only '%s' is a member "
	     "of %s", cx->q->pc, cx->q->this_vtable, vt->class_name,
	     vt->from_die ? "the vtable DIE" : "the symbol", vt->symbol,
	     d->function.name, own ? "that class" : "a class it derives from")
	< 0 ? -1 : 1;
out:
  free (cdie);
  free (cname);
  return ret;
}

/* Whatever the call that reached it: when every function at the PC is
   a deleting destructor (D0) and the PC is at their entry, the one the
   object's vtable holds ran.  A deleting destructor runs only for an
   object of its own class, through that object's vtable (`delete p'
   with a virtual destructor; GCC calls one directly only where it knows
   the object's class), and the vtable pointer is intact at its entry:
   neither a tail call on the way (_M_dispose jumping to it) nor an
   indirect call changes that.  Returns 1 when it decided D (-1 out of
   memory), 0 when the rule does not apply.  */
static int
decide_deleting_destructor (const struct cx *cx, Calltab_Decision *d)
{
  if (!cx->q->has_this_vtable || d->ncandidates < 2)
    return 0;
  /* Every candidate a deleting destructor at its entry: by its symbol;
     one known only by GCC's DIE (the linker dropped its symbol, GCC
     gave it no linkage name) is a destructor whose code is a deleting
     destructor's, which makes it one too.  */
  bool any = false;
  for (size_t i = 0; i < d->ncandidates; i++)
    {
      const Calltab_Function *c = &d->candidates[i];
      if (c->low_pc != cx->q->pc)
	return 0;
      if (__calltab_destructor_kind (c->symbol) == '0')
	any = true;
      else if (c->symbol == NULL || c->symbol[0] != '~')
	return 0;
    }
  const struct ct_vtable *vt = __calltab_vtable_at (cx->st,
						    cx->q->this_vtable);
  if (!any || vt == NULL || !vt->entries_known)
    return 0;
  /* The destructors the object's vtable holds at the PC: named by a
     candidate's symbol (directly or through a thunk), or a deleting
     destructor whose address there is the PC.  */
  const struct ct_vtentry *e = cx->st->vtentries + vt->first_entry;
  const char *fn = NULL, *via = NULL;
  size_t k = d->ncandidates;
  bool by_word = false;
  char buf[1024];
  for (size_t j = 0; j < vt->nentries; j++)
    {
      size_t i = d->ncandidates;
      const char *target = __calltab_thunk_target (e[j].symbol, buf,
						   sizeof buf);
      const char *which = NULL;
      bool word = false;
      uint64_t w;
      if (candidates_named (d, e[j].symbol, &i) == 1)
	which = d->candidates[i].symbol;
      else if (target == NULL
	       && __calltab_destructor_kind (e[j].symbol) == '0'
	       && __calltab_vtable_word (cx->ct, cx->st,
					 vt->addr + e[j].offset, &w)
	       && w == cx->q->pc)
	{
	  which = e[j].symbol;
	  i = candidate_starting_at (d, w);
	  word = true;
	}
      if (which == NULL)
	continue;
      if (fn != NULL && strcmp (fn, which) != 0)
	return 0;		/* two of them */
      /* The evidence names the entry: the function's own, else a
	 thunk to it.  */
      if (fn == NULL || target == NULL)
	via = e[j].symbol;
      fn = which;
      k = i;
      by_word = word;
    }
  if (fn == NULL || k == d->ncandidates)
    return 0;
  if (by_word)
    decided_as (cx, d, k, fn);
  else
    decided (d, k);
  d->table = -1;
  d->depth = 0;
  memset (&d->entry, 0, sizeof d->entry);
  bool thunk = strcmp (via, fn) != 0;
  return say (cx, d, "every function at 0x%" PRIx64 " is a deleting "
	      "destructor, which runs only for an object of its own class, "
	      "and the PC is at their entry: the object's vtable 0x%" PRIx64
	      " is %s's (the vtable DIE %s), which holds '%s'%s%s%s%s",
	      cx->q->pc, cx->q->this_vtable,
	      vt->class_name ? vt->class_name : "?",
	      vt->symbol ? vt->symbol : "?", d->function.name,
	      thunk ? " (through the thunk " : "", thunk ? via : "",
	      thunk ? ")" : "", by_word ? " at that address (no symbol there "
	      "names it: the linker dropped it)" : "") < 0 ? -1 : 1;
}

static int decide_by_calls (const struct cx *cx, uint64_t addr,
			    size_t level, Calltab_Decision *d);

/* Decide which function holds ADDR at LEVEL (0: the PC; N: the frame of
   return address RA[N-1], ADDR being RA[N-1] - 1): by the calls that
   got there; at the PC, what the calls leave undecided may still be
   decided by the object's vtable (decide_deleting_destructor).  */
static int
decide (const struct cx *cx, uint64_t addr, size_t level, Calltab_Decision *d)
{
  int ret = decide_by_calls (cx, addr, level, d);
  if (ret == 0 && level == 0 && d->verdict != CALLTAB_DECIDED)
    {
      int r = decide_deleting_destructor (cx, d);
      if (r == 0)
	r = decide_by_object_class (cx, d);
      if (r < 0)
	return -1;
    }
  return ret;
}

static int
decide_by_calls (const struct cx *cx, uint64_t addr, size_t level,
		 Calltab_Decision *d)
{
  memset (d, 0, sizeof *d);
  d->table = -1;
  d->depth = level;
  d->function.name = "";
  if (__calltab_functions_at (cx->ct, cx->st, addr, &d->candidates,
			      &d->ncandidates) < 0)
    return -1;
  d->nremaining = d->ncandidates;
  const struct ct_disamb *st = cx->st;
  if (d->ncandidates == 0)
    {
      if (!st->have_symtab && st->ndies == 0)
	return undecidable (cx, d, "stripped: no symbol table and no DWARF "
			    "name the code at 0x%" PRIx64, addr);
      return undecidable (cx, d, "not covered: no function holds 0x%"
			  PRIx64, addr);
    }
  if (d->ncandidates == 1 && st->have_symtab)
    {
      decided (d, 0);
      return say (cx, d, "not merged: the only function at 0x%" PRIx64,
		  addr);
    }
  if (level >= cx->q->nra)
    {
      if (!st->have_symtab)
	return undecidable (cx, d, "stripped: without a symbol table the "
			    "functions folded into 0x%" PRIx64 " cannot all "
			    "be listed, and no return address is given",
			    addr);
      return undecidable (cx, d, "merged: %zu functions at 0x%" PRIx64
			  ", and no return address to tell them apart",
			  d->ncandidates, addr);
    }
  d->depth = level + 1;
  uint64_t r = cx->q->ra[level];
  Calltab_Entry *e = NULL;
  size_t ne = 0;
  int ret;
  if (entries_at (cx->ct, CALLTAB_DCALL, r, &e, &ne) < 0)
    return -1;
  if (ne > 0)
    ret = decide_direct (cx, level, e, ne, d);
  else
    {
      if (entries_at (cx->ct, CALLTAB_VCALL, r, &e, &ne) < 0)
	return -1;
      ret = ne > 0 ? decide_virtual (cx, level, e, ne, d)
	: no_entry (cx, level, d);
    }
  free (e);
  if (ret == 0 && d->verdict == CALLTAB_DECIDED && !st->have_symtab)
    {
      /* Say that the candidates came from DWARF alone.  */
      ret = say (cx, d, "%s (no symbol table: the functions at 0x%" PRIx64
		 " come from GCC's DIEs)", d->evidence, addr);
    }
  return ret;
}

/* calltab_disambiguate@@CALLTAB_0.13 (and the static library's
   calltab_disambiguate).  */
CALLTAB_EXPORT int __calltab_disambiguate_0_13 (const Calltab *ct,
						const Calltab_Query *q,
						Calltab_Decision *d)
  __attribute__ ((symver ("calltab_disambiguate@@CALLTAB_0.13")));

CALLTAB_EXPORT int
__calltab_disambiguate_0_13 (const Calltab *ct, const Calltab_Query *q,
			     Calltab_Decision *d)
{
  if (ct == NULL || q == NULL || d == NULL || (q->nra > 0 && q->ra == NULL)
      || (q->nregs > 0 && q->regs == NULL))
    {
      __calltab_seterr (CALLTAB_E_INVALID_ARG, NULL);
      return -1;
    }
  memset (d, 0, sizeof *d);
  const struct ct_disamb *st = __calltab_disamb (ct);
  if (st == NULL)
    return -1;
  struct cx cx = { ct, st, q };
  if (decide (&cx, q->pc, 0, d) < 0)
    {
      calltab_decision_free (d);
      return -1;
    }
  return 0;
}

/* calltab_disambiguate as CALLTAB_0.2 to 0.12 exported it: their
   Calltab_Query ends before regs.  */
CALLTAB_EXPORT int __calltab_disambiguate_0_2 (const Calltab *ct,
					       const Calltab_Query *q,
					       Calltab_Decision *d)
  __attribute__ ((symver ("calltab_disambiguate@CALLTAB_0.2")));

CALLTAB_EXPORT int
__calltab_disambiguate_0_2 (const Calltab *ct, const Calltab_Query *q,
			    Calltab_Decision *d)
{
  Calltab_Query full = { 0 };
  if (q != NULL)
    memcpy (&full, q, offsetof (Calltab_Query, regs));
  return __calltab_disambiguate_0_13 (ct, q != NULL ? &full : NULL, d);
}

CALLTAB_EXPORT void
calltab_decision_free (Calltab_Decision *d)
{
  if (d == NULL)
    return;
  free (d->candidates);
  d->candidates = NULL;
  d->ncandidates = d->nremaining = 0;
}
