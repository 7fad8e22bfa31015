/* functions-at.c: which functions hold an address (calltab_functions_at),
   and the indexes disambiguation reads (disamb.h), built on first use.

   The functions come from the symbol table (.symtab of the file, else of
   its separate debug file): after identical code folding, gold and lld
   keep every folded function's symbol at the kept copy, GCC's IPA-ICF
   makes aliases.  foo.cold and foo.cold.N, GCC's cold part of foo, count
   as foo (common.h, CT_SUFFIX_COLD).
   Without a symbol table, GCC's own subprogram DIEs give the functions
   (their DW_AT_low_pc/DW_AT_ranges).  */

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dwarf.h>
#include "disamb.h"
#include "elf/code-index.h"

/* ---- symbols ------------------------------------------------------------ */

/* The section of ELF of type TYPE, NULL if none.  */
static Elf_Scn *
find_symtab (Elf *elf, Elf64_Word type)
{
  if (elf == NULL)
    return NULL;
  Elf_Scn *scn = NULL;
  while ((scn = elf_nextscn (elf, scn)) != NULL)
    {
      GElf_Shdr sh;
      if (gelf_getshdr (scn, &sh) != NULL && sh.sh_type == type)
	return scn;
    }
  return NULL;
}

/* The functions ELF's .dynsym defines, into ST->exported.  */
static int
read_exported (struct ct_disamb *st, Elf *elf)
{
  Elf_Scn *scn = find_symtab (elf, SHT_DYNSYM);
  GElf_Shdr sh;
  Elf_Data *data;
  if (scn == NULL || gelf_getshdr (scn, &sh) == NULL || sh.sh_entsize == 0
      || (data = elf_getdata (scn, NULL)) == NULL)
    return 0;
  size_t alloc = 0;
  for (size_t i = 1; i < sh.sh_size / sh.sh_entsize; i++)
    {
      GElf_Sym sym;
      if (gelf_getsym (data, (int) i, &sym) == NULL)
	continue;
      int type = GELF_ST_TYPE (sym.st_info);
      const char *name = elf_strptr (elf, sh.sh_link, sym.st_name);
      if ((type != STT_FUNC && type != STT_GNU_IFUNC)
	  || sym.st_shndx == SHN_UNDEF || name == NULL || *name == '\0')
	continue;
      if (__calltab_reserve (&st->exported, &alloc, st->nexported + 1,
			     sizeof *st->exported) < 0)
	return -1;
      st->exported[st->nexported++] = name;
    }
  return 0;
}

static int
compare_fsyms (const void *a, const void *b)
{
  const struct ct_fsym *x = a, *y = b;
  if (x->addr != y->addr)
    return x->addr < y->addr ? -1 : 1;
  return strcmp (x->symbol, y->symbol);
}

static int
read_symbols (struct ct_disamb *st, Elf *elf, Elf_Scn *scn)
{
  GElf_Shdr sh;
  Elf_Data *data = elf_getdata (scn, NULL);
  if (gelf_getshdr (scn, &sh) == NULL || data == NULL || sh.sh_entsize == 0)
    return 0;
  size_t n = sh.sh_size / sh.sh_entsize, alloc = 0;
  for (size_t i = 1; i < n; i++)
    {
      GElf_Sym sym;
      if (gelf_getsym (data, (int) i, &sym) == NULL)
	continue;
      int type = GELF_ST_TYPE (sym.st_info);
      if ((type != STT_FUNC && type != STT_GNU_IFUNC)
	  || sym.st_shndx == SHN_UNDEF || sym.st_value == 0)
	continue;
      const char *name = elf_strptr (elf, sh.sh_link, sym.st_name);
      if (name == NULL || *name == '\0')
	continue;
      /* foo.cold, foo.cold.N: foo's.  */
      size_t stem = __calltab_symbol_stem (name, CT_SUFFIX_COLD);
      bool cold = name[stem] != '\0';
      if (cold)
	{
	  name = __calltab_strpool_add (st->pool, name, stem, NULL);
	  if (name == NULL)
	    return -1;
	}
      if (__calltab_reserve (&st->syms, &alloc, st->nsyms + 1,
			     sizeof *st->syms) < 0)
	return -1;
      st->syms[st->nsyms++] = (struct ct_fsym) {
	.addr = sym.st_value, .size = sym.st_size, .symbol = name,
	.cold = cold };
      if (sym.st_size > st->maxsize)
	st->maxsize = sym.st_size;
    }
  if (st->nsyms > 1)
    qsort (st->syms, st->nsyms, sizeof *st->syms, compare_fsyms);
  /* The same symbol twice at one address (.symtab lists some twice).  */
  size_t k = 0;
  for (size_t i = 0; i < st->nsyms; i++)
    if (k == 0 || compare_fsyms (&st->syms[k - 1], &st->syms[i]) != 0)
      st->syms[k++] = st->syms[i];
  st->nsyms = k;
  return 0;
}

/* ---- GCC's subprogram DIEs ---------------------------------------------- */

static const char *
die_symbol (Dwarf_Die *die)
{
  const char *s = __calltab_die_linkage_name (die);
  if (s == NULL)
    s = calltab_die_string (die, DW_AT_name);
  return s;
}

static int
add_subprogram (struct ct_disamb *st, Dwarf_Die *die, size_t *alloc)
{
  if (dwarf_hasattr (die, DW_AT_declaration)
      || (!dwarf_hasattr (die, DW_AT_low_pc)
	  && !dwarf_hasattr (die, DW_AT_ranges)))
    return 0;
  const char *sym = die_symbol (die);
  if (sym == NULL)
    return 0;
  bool named_only = __calltab_die_linkage_name (die) == NULL;
  Dwarf_Addr base, low, high;
  ptrdiff_t off = 0;
  bool any = false;
  while ((off = dwarf_ranges (die, off, &base, &low, &high)) > 0)
    {
      if (__calltab_reserve (&st->dies, alloc, st->ndies + 1,
			     sizeof *st->dies) < 0)
	return -1;
      st->dies[st->ndies++] = (struct ct_gdie) {
	.low = low, .high = high, .die = dwarf_dieoffset (die), .symbol = sym,
	.named_only = named_only };
      if (low != 0 && high - low > st->maxdie)
	st->maxdie = high - low;
      any = true;
    }
  if (!any)			/* lld's tombstone: keep it for the name */
    {
      if (__calltab_reserve (&st->dies, alloc, st->ndies + 1,
			     sizeof *st->dies) < 0)
	return -1;
      st->dies[st->ndies++] = (struct ct_gdie) {
	.die = dwarf_dieoffset (die), .symbol = sym, .named_only = named_only };
    }
  return 0;
}

/* The subprograms among the children of DIE, into namespaces.  */
static int
walk_scope (struct ct_disamb *st, Dwarf_Die *parent, size_t *alloc)
{
  Dwarf_Die child;
  if (dwarf_child (parent, &child) != 0)
    return 0;
  do
    {
      int tag = dwarf_tag (&child);
      if (tag == DW_TAG_subprogram)
	{
	  if (add_subprogram (st, &child, alloc) < 0)
	    return -1;
	}
      else if (tag == DW_TAG_namespace)
	{
	  if (walk_scope (st, &child, alloc) < 0)
	    return -1;
	}
    }
  while (dwarf_siblingof (&child, &child) == 0);
  return 0;
}

static int
compare_gdies (const void *a, const void *b)
{
  const struct ct_gdie *x = a, *y = b;
  if (x->low != y->low)
    return x->low < y->low ? -1 : 1;
  return x->die < y->die ? -1 : x->die > y->die;
}

static _Thread_local const struct ct_gdie *sort_dies;

static int
compare_by_name (const void *a, const void *b)
{
  const struct ct_gdie *x = &sort_dies[*(const size_t *) a];
  const struct ct_gdie *y = &sort_dies[*(const size_t *) b];
  int c = strcmp (x->symbol, y->symbol);
  if (c != 0)
    return c;
  return x->low < y->low ? -1 : x->low > y->low;
}

static int
read_dies (struct ct_disamb *st, Dwarf *dw)
{
  size_t alloc = 0;
  Dwarf_CU *cu = NULL;
  Dwarf_Die cudie, subdie;
  uint8_t unit_type;
  while (dwarf_get_units (dw, cu, &cu, NULL, &unit_type, &cudie, &subdie) == 0)
    {
      if (dwarf_tag (&cudie) != DW_TAG_compile_unit
	  && dwarf_tag (&cudie) != DW_TAG_partial_unit)
	continue;
      const char *producer = calltab_die_string (&cudie, DW_AT_producer);
      if (producer != NULL && strncmp (producer, CALLTAB_PRODUCER_PREFIX,
				       CALLTAB_PRODUCER_PREFIX_LEN) == 0)
	continue;
      if (walk_scope (st, &cudie, &alloc) < 0)
	return -1;
    }
  if (st->ndies > 1)
    qsort (st->dies, st->ndies, sizeof *st->dies, compare_gdies);
  st->by_name = malloc ((st->ndies ? st->ndies : 1) * sizeof *st->by_name);
  if (st->by_name == NULL)
    return -1;
  for (size_t i = 0; i < st->ndies; i++)
    st->by_name[i] = i;
  sort_dies = st->dies;
  if (st->ndies > 1)
    qsort (st->by_name, st->ndies, sizeof *st->by_name, compare_by_name);
  return 0;
}

struct name_key
{
  const struct ct_disamb *st;
  const char *symbol;
};

static bool
by_name_before (const void *elt, const void *key)
{
  const struct name_key *k = key;
  return strcmp (k->st->dies[*(const size_t *) elt].symbol, k->symbol) < 0;
}

/* The first of ST->by_name naming SYMBOL (or where it would be).  */
static size_t
first_named (const struct ct_disamb *st, const char *symbol)
{
  struct name_key key = { st, symbol };
  return __calltab_partition (st->by_name, st->ndies, sizeof *st->by_name,
			      by_name_before, &key);
}

size_t
__calltab_dies_named (const struct ct_disamb *st, const char *symbol)
{
  size_t i = first_named (st, symbol);
  size_t n = 0;
  for (; i < st->ndies && strcmp (st->dies[st->by_name[i]].symbol,
				  symbol) == 0; i++)
    n++;
  return n;
}

uint64_t
__calltab_die_by_symbol (const struct ct_disamb *st, const char *symbol,
			 uint64_t addr)
{
  size_t i = first_named (st, symbol);
  uint64_t first = 0;
  for (; i < st->ndies && strcmp (st->dies[st->by_name[i]].symbol,
				  symbol) == 0; i++)
    {
      const struct ct_gdie *d = &st->dies[st->by_name[i]];
      if (d->low <= addr && addr < d->high)
	return d->die;
      if (first == 0)
	first = d->die;
    }
  return first;
}

/* ---- callers of the units ------------------------------------------------ */

static _Thread_local const struct ct_ucaller *sort_callers;

static int
compare_units_by_symbol (const void *a, const void *b)
{
  size_t i = *(const size_t *) a, j = *(const size_t *) b;
  const char *x = sort_callers[i].symbol, *y = sort_callers[j].symbol;
  int c = strcmp (x ? x : "", y ? y : "");
  if (c != 0)
    return c;
  return i < j ? -1 : i > j;
}

static int
read_callers (const Calltab *ct, struct ct_disamb *st)
{
  for (int t = 0; t < CT_NTABLES; t++)
    {
      size_t n = ct->tables[t].nunits;
      st->ucallers[t] = calloc (n ? n : 1, sizeof *st->ucallers[t]);
      st->callers_by_symbol[t] = malloc ((n ? n : 1) * sizeof (size_t));
      if (st->ucallers[t] == NULL || st->callers_by_symbol[t] == NULL)
	return -1;
      for (size_t u = 0; u < n; u++)
	{
	  Calltab_Unit unit;
	  Calltab_Caller c;
	  __calltab_fill_unit (ct, t, u, &unit);
	  st->callers_by_symbol[t][u] = u;
	  if (calltab_unit_caller (ct, &unit, &c) != 0)
	    continue;
	  st->ucallers[t][u] = (struct ct_ucaller) {
	    .symbol = c.func.linkage_name ? c.func.linkage_name : c.func.name,
	    .low_pc = c.low_pc, .discarded = c.discarded != 0 };
	}
      sort_callers = st->ucallers[t];
      if (n > 1)
	qsort (st->callers_by_symbol[t], n, sizeof (size_t),
	       compare_units_by_symbol);
      for (size_t i = 0; i < n; i++)
	{
	  struct ct_ucaller *c = &st->ucallers[t][st->callers_by_symbol[t][i]];
	  struct ct_ucaller *p = i > 0
	    ? &st->ucallers[t][st->callers_by_symbol[t][i - 1]] : NULL;
	  c->ordinal = (p != NULL && p->symbol != NULL && c->symbol != NULL
			&& strcmp (p->symbol, c->symbol) == 0)
	    ? p->ordinal + 1 : 0;
	}
    }
  return 0;
}

struct unit_key
{
  const struct ct_ucaller *callers;
  const char *symbol;
};

static bool
unit_before (const void *elt, const void *key)
{
  const struct unit_key *k = key;
  const char *s = k->callers[*(const size_t *) elt].symbol;
  return strcmp (s ? s : "", k->symbol) < 0;
}

void
__calltab_units_of (const struct ct_disamb *st, int table, const char *symbol,
		    size_t *lo, size_t *hi)
{
  struct unit_key key = { st->ucallers[table], symbol };
  const size_t *v = st->callers_by_symbol[table];
  *lo = *hi = 0;
  if (st->ucallers[table] == NULL || symbol == NULL)
    return;
  *lo = __calltab_partition (v, st->nunits[table], sizeof *v, unit_before,
			     &key);
  size_t i = *lo;
  while (i < st->nunits[table] && st->ucallers[table][v[i]].symbol != NULL
	 && strcmp (st->ucallers[table][v[i]].symbol, symbol) == 0)
    i++;
  *hi = i;
}

/* ---- building and releasing ---------------------------------------------- */

static void
disamb_free (struct ct_disamb *st)
{
  if (st == NULL)
    return;
  free (st->syms);
  free (st->dies);
  free (st->by_name);
  for (int t = 0; t < CT_NTABLES; t++)
    {
      free (st->ucallers[t]);
      free (st->callers_by_symbol[t]);
    }
  free (st->vtables);
  free (st->ptables);
  free (st->vtentries);
  free (st->thunk_targets);
  free (st->exported);
  __calltab_memo_free (st->memo);
  __calltab_jumps_free (st->jumps);
  __calltab_code_end (st->code);
  free (st);
}

static struct ct_disamb *
build (Calltab *ct)
{
  struct ct_disamb *st = calloc (1, sizeof *st);
  if (st == NULL)
    return NULL;
  st->pool = &ct->strings;
  Elf *symelf = ct->elf;
  Elf_Scn *symtab = find_symtab (ct->elf, SHT_SYMTAB);
  if (symtab == NULL && ct->tables_elf != ct->elf)
    {
      symelf = ct->tables_elf;
      symtab = find_symtab (symelf, SHT_SYMTAB);
    }
  st->have_symtab = symtab != NULL;
  if (symtab != NULL && read_symbols (st, symelf, symtab) < 0)
    goto fail;
  if (ct->dwarf != NULL && read_dies (st, ct->dwarf) < 0)
    goto fail;
  for (int t = 0; t < CT_NTABLES; t++)
    st->nunits[t] = ct->tables[t].nunits;
  if (read_callers (ct, st) < 0)
    goto fail;
  if (__calltab_read_vtables (ct, st, symtab ? symelf : NULL, symtab) < 0
      || read_exported (st, ct->elf) < 0)
    goto fail;
  for (size_t i = 0; i < st->nsyms && !st->defines_deallocator; i++)
    st->defines_deallocator
      = __calltab_deallocator_name (st->syms[i].symbol, false);
  for (size_t i = 0; i < st->ndies && !st->defines_deallocator; i++)
    st->defines_deallocator = st->dies[i].low != 0
      && st->dies[i].symbol != NULL
      && __calltab_deallocator_name (st->dies[i].symbol, false);
  size_t talloc = 0;
  for (size_t i = 0; i < st->nsyms; i++)
    if (__calltab_add_thunk_target (ct, st, st->syms[i].symbol, &talloc) < 0)
      goto fail;
  for (size_t i = 0; i < st->nvtentries; i++)
    if (__calltab_add_thunk_target (ct, st, st->vtentries[i].symbol,
				    &talloc) < 0)
      goto fail;
  __calltab_sort_thunk_targets (st);
  if ((st->nvtentries > 0 || ct->tables[CALLTAB_TCALL].nunits > 0)
      && ct->ehdr.e_type != ET_REL
      && (st->code = __calltab_code_begin (ct->elf)) == NULL)
    goto fail;
  return st;

fail:
  disamb_free (st);
  return NULL;
}

const struct ct_disamb *
__calltab_disamb (const Calltab *ct)
{
  Calltab *mct = (Calltab *) ct;
  pthread_mutex_lock (&mct->lock);
  if (mct->disamb == NULL)
    {
      mct->disamb = build (mct);
      mct->disamb_free = disamb_free;
    }
  struct ct_disamb *st = mct->disamb;
  pthread_mutex_unlock (&mct->lock);
  if (st == NULL)
    __calltab_seterr (CALLTAB_E_NOMEM, NULL);
  return st;
}

/* ---- the lookup ----------------------------------------------------------- */

static bool
sym_before (const void *elt, const void *key)
{
  return ((const struct ct_fsym *) elt)->addr <= *(const uint64_t *) key;
}

static bool
die_before (const void *elt, const void *key)
{
  return ((const struct ct_gdie *) elt)->low <= *(const uint64_t *) key;
}

static int
compare_functions (const void *a, const void *b)
{
  const Calltab_Function *x = a, *y = b;
  int c = strcmp (x->symbol ? x->symbol : x->name,
		  y->symbol ? y->symbol : y->name);
  if (c != 0)
    return c;
  return x->low_pc < y->low_pc ? -1 : x->low_pc > y->low_pc;
}

static int
add_function (Calltab_Function **funcs, size_t *n, size_t *alloc,
	      const char *symbol, uint64_t die, uint64_t low, uint64_t size)
{
  if (__calltab_reserve (funcs, alloc, *n + 1, sizeof **funcs) < 0)
    return -1;
  (*funcs)[(*n)++] = (Calltab_Function) {
    .symbol = symbol, .die = die, .low_pc = low, .size = size };
  return 0;
}

/* The name as written and the DIE of F.  */
static int
complete_function (const Calltab *ct, const struct ct_disamb *st,
		   Calltab_Function *f)
{
  char *dm = __calltab_demangle (f->symbol);
  if (dm == NULL || (f->name = __calltab_intern_free (ct, dm)) == NULL)
    {
      __calltab_seterr (CALLTAB_E_NOMEM, NULL);
      return -1;
    }
  if (f->die == 0)
    f->die = __calltab_die_by_symbol (st, f->symbol, f->low_pc);
  return 0;
}

/* Whether another DIE than D, also without a linkage name and with D's
   name, starts where D does (ST's DIEs are sorted by start: they are
   next to it): two functions at one address whose names alone do not
   tell them apart (two instances of a class template in an anonymous
   namespace, folded by gold, which keeps one symbol).  */
static bool
has_twin (const struct ct_disamb *st, const struct ct_gdie *d)
{
  for (int dir = -1; dir <= 1; dir += 2)
    for (const struct ct_gdie *o = d + dir;
	 o >= st->dies && o < st->dies + st->ndies && o->low == d->low;
	 o += dir)
      if (o->die != d->die && o->named_only
	  && strcmp (o->symbol, d->symbol) == 0)
	return true;
  return false;
}

/* A DIE D without a linkage name is the function of a symbol already
   in FUNCS[0..NSYM) that starts where it does and names it (a static
   C++ function, a GCC clone: listed twice, it would look merged): give
   the symbol D's DIE and return 1; 0 when there is none; -1 when out
   of memory.  When the name does not say which symbol is D's (another
   such DIE of D's name starts there too, TWIN; or several symbols there
   have D's name: ld.lld keeps the symbols of the copies it folds), D is
   a symbol's only when its qualified name, *QNAME (computed here when
   NULL), is the symbol's demangled name; with no qualified name it is
   none's (the address is merged, and a wrong name is worse than
   none).  */
static int
symbol_of_die (const Calltab *ct, Calltab_Function *funcs, size_t nsym,
	       const struct ct_gdie *d, bool twin, const char **qname)
{
  size_t hit = nsym, nhit = 0;
  for (size_t k = 0; k < nsym; k++)
    {
      if (funcs[k].low_pc != d->low)
	continue;
      /* At D's own address: any suffix is a clone's (foo.isra.0), a
	 static C++ function's DIE names it by its identifier only.  */
      int r = __calltab_symbol_names (funcs[k].symbol, d->symbol, NULL,
				      CT_SUFFIX_ANY | CT_SYMBOL_DEMANGLE);
      if (r < 0)
	return -1;
      if (r > 0 && nhit++ == 0)
	hit = k;
    }
  if (nhit == 0)
    return 0;
  if (twin || nhit > 1)
    {
      if (*qname == NULL
	  && __calltab_qualified_name (ct, d->die, d->symbol, qname) < 0)
	return -1;
      if (*qname == NULL)
	return 0;
      hit = nsym;
      for (size_t k = 0; k < nsym && hit == nsym; k++)
	{
	  if (funcs[k].low_pc != d->low)
	    continue;
	  int r = __calltab_symbol_demangles_to (funcs[k].symbol, *qname,
						 CT_SUFFIX_ANY);
	  if (r < 0)
	    return -1;
	  if (r > 0)
	    hit = k;
	}
      if (hit == nsym)
	return 0;
    }
  if (funcs[hit].die == 0)
    funcs[hit].die = d->die;
  return 1;
}

/* A DIE D with a linkage name is the function of a symbol already in
   FUNCS[0..NSYM) that starts where it does and is a clone of that name
   (foo.isra.0 for foo): give the symbol D's DIE and return 1; else 0.  */
static int
symbol_of_clone (Calltab_Function *funcs, size_t nsym,
		 const struct ct_gdie *d)
{
  for (size_t k = 0; k < nsym; k++)
    if (funcs[k].low_pc == d->low && strcmp (funcs[k].symbol, d->symbol) != 0
	&& __calltab_symbol_is (funcs[k].symbol, d->symbol, CT_SUFFIX_CLONE))
      {
	if (funcs[k].die == 0)
	  funcs[k].die = d->die;
	return 1;
      }
  return 0;
}

int
__calltab_functions_at (const Calltab *ct, const struct ct_disamb *st,
			uint64_t addr, Calltab_Function **funcs, size_t *n)
{
  size_t alloc = 0;
  *funcs = NULL;
  *n = 0;
  if (st->have_symtab)
    {
      size_t i = __calltab_partition (st->syms, st->nsyms, sizeof *st->syms,
				      sym_before, &addr);
      while (i-- > 0)
	{
	  const struct ct_fsym *s = &st->syms[i];
	  if (addr - s->addr >= st->maxsize && !(s->size == 0
						 && s->addr == addr))
	    break;
	  if ((addr < s->addr + s->size || (s->size == 0 && s->addr == addr))
	      && add_function (funcs, n, &alloc, s->symbol, 0,
			       s->addr, s->size) < 0)
	    goto fail;
	}
    }
  size_t nsym = *n;
  /* GCC's DIEs too: gold drops the local symbol of a folded section
     (foo2.cold) but relocates the folded function's DW_AT_ranges to the
     kept copy.  */
    {
      size_t i = __calltab_partition (st->dies, st->ndies, sizeof *st->dies,
				      die_before, &addr);
      while (i-- > 0)
	{
	  const struct ct_gdie *d = &st->dies[i];
	  if (d->low == 0 || addr - d->low >= st->maxdie)
	    break;
	  if (addr >= d->high)
	    continue;
	  const char *name = d->symbol;
	  if (!d->named_only)
	    {
	      /* The DIE of a GCC clone (foo.isra.0, foo.constprop.0) names
		 its origin's linkage name: the clone's symbol at its start
		 is its function.  */
	      int m = symbol_of_clone (*funcs, nsym, d);
	      if (m > 0)
		continue;
	    }
	  else
	    {
	      bool twin = has_twin (st, d);
	      const char *qname = NULL;
	      if (twin && __calltab_qualified_name (ct, d->die, d->symbol,
						    &qname) < 0)
		goto fail;
	      int m = symbol_of_die (ct, *funcs, nsym, d, twin, &qname);
	      if (m < 0)
		goto fail;
	      if (m > 0)
		continue;
	      /* Its own function: named so that it differs from its twin
		 and from the symbols of its name.  */
	      if (qname != NULL)
		name = qname;
	    }
	  if (add_function (funcs, n, &alloc, name, d->die,
			    d->low, d->high - d->low) < 0)
	    goto fail;
	}
    }
  if (*n > 1)
    qsort (*funcs, *n, sizeof **funcs, compare_functions);
  /* One per symbol (a symbol and its DIE, or a function listed twice):
     the first, the symbol's, is kept as sorted by start.  */
  size_t k = 0;
  for (size_t i = 0; i < *n; i++)
    if (k == 0 || strcmp ((*funcs)[k - 1].symbol, (*funcs)[i].symbol) != 0)
      (*funcs)[k++] = (*funcs)[i];
  *n = k;
  for (size_t i = 0; i < k; i++)
    if (complete_function (ct, st, &(*funcs)[i]) < 0)
      goto fail;
  return 0;

fail:
  free (*funcs);
  *funcs = NULL;
  *n = 0;
  return -1;
}

CALLTAB_EXPORT int
calltab_functions_at (const Calltab *ct, uint64_t addr,
		      Calltab_Function **funcs, size_t *n)
{
  if (ct == NULL || funcs == NULL || n == NULL)
    {
      __calltab_seterr (CALLTAB_E_INVALID_ARG, NULL);
      return -1;
    }
  const struct ct_disamb *st = __calltab_disamb (ct);
  if (st == NULL)
    return -1;
  return __calltab_functions_at (ct, st, addr, funcs, n);
}

CALLTAB_EXPORT int
calltab_function_starts (const Calltab *ct, int merged_only,
			 uint64_t **addrs, size_t *n)
{
  if (ct == NULL || addrs == NULL || n == NULL)
    {
      __calltab_seterr (CALLTAB_E_INVALID_ARG, NULL);
      return -1;
    }
  *addrs = NULL;
  *n = 0;
  const struct ct_disamb *st = __calltab_disamb (ct);
  if (st == NULL)
    return -1;
  uint64_t *a = malloc ((st->nsyms + st->ndies + 1) * sizeof *a);
  if (a == NULL)
    {
      __calltab_seterr (CALLTAB_E_NOMEM, NULL);
      return -1;
    }
  size_t k = 0;
  for (size_t i = 0; i < st->nsyms; i++)
    a[k++] = st->syms[i].addr;
  /* A DIE at 0 is lld's tombstone of discarded code.  */
  for (size_t i = 0; i < st->ndies; i++)
    if (st->dies[i].low != 0)
      a[k++] = st->dies[i].low;
  qsort (a, k, sizeof *a, __calltab_compare_u64);
  size_t w = 0;
  for (size_t i = 0; i < k; i++)
    {
      if (w > 0 && a[w - 1] == a[i])
	continue;
      if (merged_only)
	{
	  Calltab_Function *f;
	  size_t nf;
	  if (__calltab_functions_at (ct, st, a[i], &f, &nf) < 0)
	    {
	      free (a);
	      return -1;
	    }
	  free (f);
	  if (nf < 2)
	    continue;
	}
      a[w++] = a[i];
    }
  *addrs = a;
  *n = w;
  return 0;
}
