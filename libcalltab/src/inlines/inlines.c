/* inlines.c: the inline tree of a file's DWARF, and the inline chain at
   an address (calltab_where; calltab where, calltab inlines;
   docs/library.md).

   Per compilation unit, built on first use through libdw: every
   DW_TAG_subprogram with code is a root, every DW_TAG_inlined_subroutine
   a node under the nearest enclosing root or node (lexical blocks,
   namespaces and classes are transparent), each with its ranges
   (dwarf_ranges: DW_AT_low_pc/DW_AT_high_pc, DW_AT_ranges in DWARF 4
   .debug_ranges and DWARF 5 .debug_rnglists) and its call site
   (DW_AT_call_file/line/column, GCC's DW_AT_GNU_discriminator).  The
   ranges of a node's children are kept sorted, so that an address
   descends the tree by binary search; the roots' ranges too, with the
   running maximum of their ends, since after identical code folding
   several roots hold one address.  Names are resolved once per
   abstract definition (a small hash table).  The innermost position is
   the line table's row (dwarf_getsrc_die, dwarf_linediscriminator).  */

#include <dwarf.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "inlines.h"

/* ---- names ----------------------------------------------------------- */

/* S (malloc'ed, NULL when out of memory) kept in IX's string pool, one
   copy per distinct name.  */
static const char *
keep (Calltab_Inlines *ix, char *s)
{
  if (s == NULL)
    {
      __calltab_seterr (CALLTAB_E_NOMEM, NULL);
      return NULL;
    }
  return __calltab_strpool_add (&ix->strings, s, strlen (s), s);
}

static size_t
hash_off (uint64_t off)
{
  off *= 0x9e3779b97f4a7c15ull;
  return (size_t) (off >> 17);
}

/* The entry of T with key KEY, or NULL.  */
static const struct in_name *
table_find (const struct in_table *t, uint64_t key)
{
  if (t->size == 0)
    return NULL;
  for (size_t j = hash_off (key) & (t->size - 1); t->slots[j].used;
       j = (j + 1) & (t->size - 1))
    if (t->slots[j].die == key)
      return &t->slots[j];
  return NULL;
}

static struct in_name *
table_slot (struct in_name *slots, size_t size, uint64_t key)
{
  size_t j = hash_off (key) & (size - 1);
  while (slots[j].used)
    j = (j + 1) & (size - 1);
  return &slots[j];
}

/* Put N (not in T) into T, which grows from FIRST_SIZE slots.  Returns
   its entry, NULL when out of memory.  */
static const struct in_name *
table_add (struct in_table *t, struct in_name n, size_t first_size)
{
  if ((t->used + 1) * 2 > t->size)
    {
      size_t size = t->size ? t->size * 2 : first_size;
      struct in_name *slots = calloc (size, sizeof *slots);
      if (slots == NULL)
	{
	  __calltab_seterr (CALLTAB_E_NOMEM, NULL);
	  return NULL;
	}
      for (size_t i = 0; i < t->size; i++)
	if (t->slots[i].used)
	  *table_slot (slots, size, t->slots[i].die) = t->slots[i];
      free (t->slots);
      t->slots = slots;
      t->size = size;
    }
  struct in_name *e = table_slot (t->slots, t->size, n.die);
  *e = n;
  e->used = true;
  t->used++;
  return e;
}

/* The names of the function DIE at offset OFF (resolved once): the name
   as written (C++ demangled with parameters, else DW_AT_name, through
   abstract origins and specifications), the linkage name, the
   declaration.  NULL when out of memory.  Called under the lock.  */
const struct in_name *
__calltab_in_name (Calltab_Inlines *ix, uint64_t off)
{
  const struct in_name *found = table_find (&ix->names, off);
  if (found != NULL)
    return found;
  struct in_name n = { .die = off, .name = "??" };
  Dwarf_Die die;
  if (dwarf_offdie (ix->dwarf, off, &die) != NULL)
    {
      n.linkage_name = __calltab_die_linkage_name (&die);
      const char *plain = calltab_die_string (&die, DW_AT_name);
      if (n.linkage_name != NULL && strncmp (n.linkage_name, "_Z", 2) == 0)
	{
	  n.name = keep (ix, __calltab_demangle (n.linkage_name));
	  char *np = __calltab_demangle_noparams (n.linkage_name);
	  n.name_noparams = np != NULL ? keep (ix, np) : NULL;
	  if (n.name == NULL || (np != NULL && n.name_noparams == NULL))
	    return NULL;
	}
      else if (plain != NULL)
	n.name = plain;
      else if (n.linkage_name != NULL)
	n.name = n.linkage_name;
      n.plain = plain;
      n.decl_file = __calltab_decl_file (&die);
      if (dwarf_decl_line (&die, &n.decl_line) != 0)
	n.decl_line = 0;
    }
  return table_add (&ix->names, n, 1024);
}

/* ---- the tree of one compilation unit -------------------------------- */

static bool
holds_code (int tag)
{
  switch (tag)
    {
    case DW_TAG_lexical_block:
    case DW_TAG_namespace:
    case DW_TAG_class_type:
    case DW_TAG_structure_type:
    case DW_TAG_union_type:
    case DW_TAG_interface_type:
    case DW_TAG_module:
    case DW_TAG_try_block:
    case DW_TAG_catch_block:
    case DW_TAG_with_stmt:
      return true;
    default:
      return false;
    }
}

static int
add_node (Calltab_Inlines *ix, struct in_cu *cu, Dwarf_Die *die,
	  uint32_t parent, uint32_t *idx)
{
  /* Ranges first: a DIE without code (abstract, declaration, optimized
     out) makes no node.  */
  size_t first = cu->nranges;
  Dwarf_Addr base, start, end;
  ptrdiff_t off = 0;
  while ((off = dwarf_ranges (die, off, &base, &start, &end)) > 0)
    {
      if (start >= end || (start == 0 && !ix->relocatable))
	continue;
      if (__calltab_reserve (&cu->ranges, &cu->ranges_alloc,
			     cu->nranges + 1, sizeof *cu->ranges) != 0)
	return -1;
      cu->ranges[cu->nranges++] = (struct in_range) {
	start, end, (uint32_t) cu->nnodes, IN_NONE };
    }
  if (cu->nranges == first)
    {
      *idx = IN_NONE;
      return 0;
    }
  if (__calltab_reserve (&cu->nodes, &cu->nodes_alloc, cu->nnodes + 1,
			 sizeof *cu->nodes) != 0)
    return -1;
  struct in_node *n = &cu->nodes[cu->nnodes];
  memset (n, 0, sizeof *n);
  n->die = dwarf_dieoffset (die);
  n->origin = n->die;
  n->parent = parent;
  n->ranges = (uint32_t) first;
  n->nranges = (uint32_t) (cu->nranges - first);
  Dwarf_Attribute attr;
  Dwarf_Die origin;
  if (dwarf_attr (die, DW_AT_abstract_origin, &attr) != NULL
      && dwarf_formref_die (&attr, &origin) != NULL)
    n->origin = dwarf_dieoffset (&origin);
  n->inlined = dwarf_tag (die) == DW_TAG_inlined_subroutine;
  if (n->inlined)
    {
      Dwarf_Word w;
      if (dwarf_formudata (dwarf_attr (die, DW_AT_call_file, &attr), &w) == 0)
	{
	  n->call_file = (uint32_t) w;
	  n->has_call_file = true;
	}
      if (dwarf_formudata (dwarf_attr (die, DW_AT_call_line, &attr), &w) == 0)
	n->call_line = (int) w;
      if (dwarf_formudata (dwarf_attr (die, DW_AT_call_column, &attr), &w)
	  == 0)
	n->call_column = (int) w;
      if (dwarf_formudata (dwarf_attr (die, CT_DW_AT_GNU_discriminator,
				       &attr), &w) == 0)
	n->call_discr = (unsigned int) w;
    }
  *idx = (uint32_t) cu->nnodes++;
  return 0;
}

/* Add the nodes under DIE's children, PARENT the enclosing node.  */
static int
walk (Calltab_Inlines *ix, struct in_cu *cu, Dwarf_Die *parent_die,
      uint32_t parent)
{
  Dwarf_Die child;
  if (dwarf_child (parent_die, &child) != 0)
    return 0;
  do
    {
      int tag = dwarf_tag (&child);
      uint32_t idx = parent;
      if (tag == DW_TAG_subprogram || tag == DW_TAG_inlined_subroutine)
	{
	  /* A nested subprogram (GNU C) is a function of its own.  */
	  if (add_node (ix, cu, &child, tag == DW_TAG_subprogram
			? IN_NONE : parent, &idx) != 0)
	    return -1;
	  /* Without code (abstract, declaration): its children may still
	     be (a class local to a function, its members' bodies).  */
	  if (idx == IN_NONE)
	    idx = tag == DW_TAG_subprogram ? IN_NONE : parent;
	}
      else if (!holds_code (tag))
	continue;
      if (dwarf_haschildren (&child) && walk (ix, cu, &child, idx) != 0)
	return -1;
    }
  while (dwarf_siblingof (&child, &child) == 0);
  return 0;
}

static int
compare_kid (const void *a, const void *b)
{
  const struct in_range *x = a, *y = b;
  uint32_t px = x->parent, py = y->parent;
  if (px != py)
    return px < py ? -1 : 1;
  if (x->low != y->low)
    return x->low < y->low ? -1 : 1;
  return x->node < y->node ? -1 : x->node > y->node;
}

static int
compare_root (const void *a, const void *b)
{
  const struct in_range *x = a, *y = b;
  if (x->low != y->low)
    return x->low < y->low ? -1 : 1;
  return x->node < y->node ? -1 : x->node > y->node;
}

/* The children's and the roots' ranges, sorted.  */
static int
sort_cu (struct in_cu *cu)
{
  size_t nkids = 0, nroots = 0;
  for (size_t i = 0; i < cu->nranges; i++)
    {
      struct in_node *n = &cu->nodes[cu->ranges[i].node];
      cu->ranges[i].parent = n->parent;
      if (n->parent == IN_NONE)
	nroots++;
      else
	nkids++;
    }
  cu->kids = malloc ((nkids + 1) * sizeof *cu->kids);
  cu->roots = malloc ((nroots + 1) * sizeof *cu->roots);
  cu->roots_end = malloc ((nroots + 1) * sizeof *cu->roots_end);
  if (cu->kids == NULL || cu->roots == NULL || cu->roots_end == NULL)
    {
      __calltab_seterr (CALLTAB_E_NOMEM, NULL);
      return -1;
    }
  for (size_t i = 0; i < cu->nranges; i++)
    if (cu->ranges[i].parent == IN_NONE)
      cu->roots[cu->nroots++] = cu->ranges[i];
    else
      cu->kids[cu->nkids++] = cu->ranges[i];
  qsort (cu->kids, cu->nkids, sizeof *cu->kids, compare_kid);
  qsort (cu->roots, cu->nroots, sizeof *cu->roots, compare_root);
  uint64_t maxend = 0;
  for (size_t i = 0; i < cu->nroots; i++)
    {
      if (cu->roots[i].high > maxend)
	maxend = cu->roots[i].high;
      cu->roots_end[i] = maxend;
    }
  for (size_t i = 0; i < cu->nkids;)
    {
      size_t j = i;
      while (j < cu->nkids && cu->kids[j].parent == cu->kids[i].parent)
	j++;
      cu->nodes[cu->kids[i].parent].kids = (uint32_t) i;
      cu->nodes[cu->kids[i].parent].nkids = (uint32_t) (j - i);
      i = j;
    }
  return 0;
}

static void
free_cu (struct in_cu *cu)
{
  if (cu == NULL)
    return;
  free (cu->nodes);
  free (cu->ranges);
  free (cu->kids);
  free (cu->roots);
  free (cu->roots_end);
  free (cu);
}

static bool
cu_before (const void *elt, const void *key)
{
  return (*(struct in_cu *const *) elt)->offset < *(const uint64_t *) key;
}

/* The tree of the unit whose DIE is CUDIE, built on first use.  NULL
   on error (out of memory).  Called under the lock.  */
struct in_cu *
__calltab_in_cu (Calltab_Inlines *ix, Dwarf_Die *cudie)
{
  uint64_t off = dwarf_dieoffset (cudie);
  if (ix->last != NULL && ix->last->offset == off)
    return ix->last;
  size_t k = __calltab_partition (ix->cus, ix->ncus, sizeof *ix->cus,
				  cu_before, &off);
  if (k < ix->ncus && ix->cus[k]->offset == off)
    return ix->last = ix->cus[k];
  struct in_cu *cu = calloc (1, sizeof *cu);
  if (cu == NULL)
    {
      __calltab_seterr (CALLTAB_E_NOMEM, NULL);
      return NULL;
    }
  cu->offset = off;
  cu->cudie = *cudie;
  if (__calltab_getsrcfiles (cudie, &cu->files, &cu->nfiles) != 0)
    {
      cu->files = NULL;
      cu->nfiles = 0;
    }
  if (walk (ix, cu, cudie, IN_NONE) != 0 || sort_cu (cu) != 0
      || __calltab_reserve (&ix->cus, &ix->cus_alloc, ix->ncus + 1,
			    sizeof *ix->cus) != 0)
    {
      free_cu (cu);
      return NULL;
    }
  memmove (&ix->cus[k + 1], &ix->cus[k], (ix->ncus - k) * sizeof *ix->cus);
  ix->cus[k] = cu;
  ix->ncus++;
  return ix->last = cu;
}

static bool
range_not_after (const void *elt, const void *key)
{
  return ((const struct in_range *) elt)->low <= *(const uint64_t *) key;
}

/* The child of node PARENT of CU whose range holds PC (DWARF address);
   IN_NONE if none.  */
static uint32_t
child_at (const struct in_cu *cu, uint32_t parent, uint64_t pc)
{
  const struct in_node *p = &cu->nodes[parent];
  const struct in_range *kids = &cu->kids[p->kids];
  size_t k = __calltab_partition (kids, p->nkids, sizeof *kids,
				  range_not_after, &pc);
  return k > 0 && pc < kids[k - 1].high ? kids[k - 1].node : IN_NONE;
}

/* The root of CU holding PC: the one whose DIE is WANT when it is one
   of them, else the first by DIE offset.  */
static uint32_t
root_at (const struct in_cu *cu, uint64_t pc, uint64_t want)
{
  size_t k = __calltab_partition (cu->roots, cu->nroots, sizeof *cu->roots,
				  range_not_after, &pc);
  uint32_t best = IN_NONE;
  for (size_t i = k; i-- > 0 && cu->roots_end[i] > pc;)
    {
      const struct in_range *r = &cu->roots[i];
      if (r->high <= pc)
	continue;
      uint32_t n = r->node;
      bool better = best == IN_NONE
	|| (want != 0 && cu->nodes[n].die == want)
	|| (cu->nodes[best].die != want
	    && cu->nodes[n].die < cu->nodes[best].die);
      if (better)
	best = n;
    }
  return best;
}

int
__calltab_in_at (Calltab_Inlines *ix, uint64_t addr, uint64_t subprogram,
		 struct in_cu **cup, uint32_t *node)
{
  *cup = NULL;
  *node = IN_NONE;
  Dwarf_Addr cbias;
  Dwarf_Die *addr_cu = dwfl_module_addrdie (ix->ct->module,
					    addr + ix->mbias, &cbias);
  Dwarf_Die *cudie = addr_cu, sub_cu;
  /* Merged code: the subprogram asked for may be in another unit.  */
  Dwarf_Die d;
  if (subprogram != 0 && dwarf_offdie (ix->dwarf, subprogram, &d) != NULL
      && dwarf_diecu (&d, &sub_cu, NULL, NULL) != NULL)
    cudie = &sub_cu;
  if (cudie == NULL)
    return 0;
  struct in_cu *cu = __calltab_in_cu (ix, cudie);
  if (cu == NULL)
    return -1;
  uint64_t pc = addr + ix->delta;
  uint32_t n = root_at (cu, pc, subprogram);
  if (n == IN_NONE && cudie == &sub_cu)
    {
      /* Not there after all: the unit the address is in.  */
      if (addr_cu == NULL)
	return 0;
      if ((cu = __calltab_in_cu (ix, addr_cu)) == NULL)
	return -1;
      n = root_at (cu, pc, 0);
    }
  for (uint32_t c; n != IN_NONE && (c = child_at (cu, n, pc)) != IN_NONE;)
    n = c;
  *cup = cu;
  *node = n;
  return 0;
}

uint64_t
__calltab_in_stretch_end (const struct in_cu *cu, uint32_t node, uint64_t pc)
{
  uint64_t end = UINT64_MAX;
  for (uint32_t k = node; k != IN_NONE; k = cu->nodes[k].parent)
    {
      const struct in_node *nd = &cu->nodes[k];
      for (uint32_t i = 0; i < nd->nranges; i++)
	{
	  const struct in_range *r = &cu->ranges[nd->ranges + i];
	  if (r->low <= pc && pc < r->high && r->high < end)
	    end = r->high;
	}
      /* child_at's choice changes where a child's range starts, or
	 ends the one it took.  */
      const struct in_range *kids = &cu->kids[nd->kids];
      size_t j = __calltab_partition (kids, nd->nkids, sizeof *kids,
				      range_not_after, &pc);
      if (j < nd->nkids && kids[j].low < end)
	end = kids[j].low;
      if (j > 0 && kids[j - 1].high > pc && kids[j - 1].high < end)
	end = kids[j - 1].high;
    }
  return end;
}

/* ---- frames ---------------------------------------------------------- */

const char *
__calltab_in_file (const struct in_cu *cu, uint32_t idx)
{
  if (cu->files == NULL || idx >= cu->nfiles)
    return NULL;
  return dwarf_filesrc (cu->files, idx, NULL, NULL);
}

/* The range of node N of CU holding PC (or its first), in file
   addresses.  */
static void
node_range (const Calltab_Inlines *ix, const struct in_cu *cu, uint32_t n,
	    uint64_t pc, uint64_t *low, uint64_t *high)
{
  const struct in_node *node = &cu->nodes[n];
  const struct in_range *r = &cu->ranges[node->ranges];
  for (uint32_t i = 0; i < node->nranges; i++)
    if (cu->ranges[node->ranges + i].low <= pc
	&& pc < cu->ranges[node->ranges + i].high)
      {
	r = &cu->ranges[node->ranges + i];
	break;
      }
  *low = r->low - ix->delta;
  *high = r->high - ix->delta;
}

int
__calltab_in_chain (Calltab_Inlines *ix, const struct in_cu *cu,
		    uint32_t node, uint64_t pc,
		    const Calltab_Inline_Frame *first,
		    Calltab_Inline_Frame **frames, size_t *n)
{
  size_t depth = 0;
  for (uint32_t k = node; k != IN_NONE; k = cu->nodes[k].parent)
    depth++;
  Calltab_Inline_Frame *f = calloc (depth + 1, sizeof *f);
  if (f == NULL)
    {
      __calltab_seterr (CALLTAB_E_NOMEM, NULL);
      return -1;
    }
  size_t i = 0;
  const struct in_node *below = NULL;
  for (uint32_t k = node; k != IN_NONE; k = cu->nodes[k].parent, i++)
    {
      const struct in_node *nd = &cu->nodes[k];
      const struct in_name *nm = __calltab_in_name (ix, nd->origin);
      if (nm == NULL)
	{
	  free (f);
	  return -1;
	}
      if (below == NULL)
	f[i] = *first;
      else
	{
	  f[i].file = below->has_call_file
	    ? __calltab_in_file (cu, below->call_file) : NULL;
	  f[i].line = below->call_line;
	  f[i].column = below->call_column;
	  f[i].discriminator = below->call_discr;
	}
      f[i].name = nm->name;
      f[i].linkage_name = nm->linkage_name;
      f[i].die = nd->die;
      f[i].origin = nd->origin;
      f[i].inlined = nd->inlined;
      node_range (ix, cu, k, pc, &f[i].low, &f[i].high);
      below = nd;
    }
  *frames = f;
  *n = depth;
  return 0;
}

/* ---- the handle ------------------------------------------------------ */

CALLTAB_EXPORT Calltab_Inlines *
calltab_inlines_begin (Calltab *ct)
{
  if (ct == NULL)
    {
      __calltab_seterr (CALLTAB_E_INVALID_ARG, NULL);
      return NULL;
    }
  if (ct->dwarf == NULL || ct->module == NULL)
    {
      __calltab_seterr (CALLTAB_E_NO_DWARF, "%s: %s", ct->path,
			ct->dwarf_error ? ct->dwarf_error : "no DWARF");
      return NULL;
    }
  Calltab_Inlines *ix = calloc (1, sizeof *ix);
  if (ix == NULL)
    {
      __calltab_seterr (CALLTAB_E_NOMEM, NULL);
      return NULL;
    }
  ix->ct = ct;
  ix->dwarf = ct->dwarf;
  Dwarf_Addr mbias = 0, dwbias = 0;
  if (dwfl_module_getelf (ct->module, &mbias) == NULL)
    mbias = 0;
  if (dwfl_module_getdwarf (ct->module, &dwbias) == NULL)
    dwbias = mbias;
  ix->mbias = mbias;
  ix->delta = mbias - dwbias;
  ix->relocatable = ct->ehdr.e_type == ET_REL;
  if (ix->relocatable)
    {
      /* calltab_where's addresses are offsets in .text: where libdwfl
	 placed it.  */
      Dwarf_Addr b;
      Elf *elf = dwfl_module_getelf (ct->module, &b);
      size_t shstrndx;
      if (elf != NULL && elf_getshdrstrndx (elf, &shstrndx) == 0)
	for (Elf_Scn *scn = NULL; (scn = elf_nextscn (elf, scn)) != NULL;)
	  {
	    GElf_Shdr sh;
	    const char *name;
	    if (gelf_getshdr (scn, &sh) != NULL
		&& (name = elf_strptr (elf, shstrndx, sh.sh_name)) != NULL
		&& strcmp (name, ".text") == 0)
	      {
		ix->text_base = sh.sh_addr;
		break;
	      }
	  }
    }
  return ix;
}

CALLTAB_EXPORT void
calltab_inlines_end (Calltab_Inlines *ix)
{
  if (ix == NULL)
    return;
  for (size_t i = 0; i < ix->ncus; i++)
    free_cu (ix->cus[i]);
  free (ix->cus);
  __calltab_strpool_free (&ix->strings);
  free (ix->names.slots);
  free (ix->syms.slots);
  free (ix);
}

static bool
fsym_before (const void *elt, const void *key)
{
  return ((const struct ct_fsym *) elt)->addr <= *(const uint64_t *) key;
}

/* SYM demangled, kept once per symbol.  NULL when out of memory.  */
static const char *
symbol_user_name (Calltab_Inlines *ix, const char *sym)
{
  uint64_t key = (uint64_t) (uintptr_t) sym;
  const struct in_name *e = table_find (&ix->syms, key);
  if (e == NULL)
    {
      const char *name = keep (ix, __calltab_demangle (sym));
      if (name == NULL)
	return NULL;
      e = table_add (&ix->syms, (struct in_name) { .die = key, .name = name },
		     256);
    }
  return e != NULL ? e->name : NULL;
}

/* The function symbols holding ADDR: in *SYMBOL the one that is WANT (a
   linkage name, or a C name) up to any suffix (foo.isra.0: the symbols
   are at ADDR already; common.h, CT_SUFFIX_ANY), else the first, and in
   *NAME that one demangled; *DISTINCT the number of distinct names
   among them (more than 1: merged code).
   *SYMBOL NULL when none.  Returns 0, -1 out of memory.  */
int
__calltab_in_symbol (Calltab_Inlines *ix, uint64_t addr, const char *want,
		     const char **symbol, const char **name, size_t *distinct)
{
  *symbol = *name = NULL;
  *distinct = 0;
  const struct ct_disamb *st = __calltab_disamb (ix->ct);
  if (st == NULL)
    return -1;
  if (!st->have_symtab)
    return 0;
  const char *seen[16];
  bool exact = false;
  size_t i = __calltab_partition (st->syms, st->nsyms, sizeof *st->syms,
				  fsym_before, &addr);
  while (i-- > 0)
    {
      const struct ct_fsym *sy = &st->syms[i];
      if (addr - sy->addr >= st->maxsize)
	break;
      if (addr >= sy->addr + sy->size)
	continue;
      const char *nm = symbol_user_name (ix, sy->symbol);
      if (nm == NULL)
	return -1;
      bool again = false;
      for (size_t k = 0; k < *distinct && k < 16 && !again; k++)
	again = strcmp (seen[k], nm) == 0;
      if (!again && (*distinct)++ < 16)
	seen[*distinct - 1] = nm;
      bool same = __calltab_symbol_is (sy->symbol, want, CT_SUFFIX_ANY);
      if (*symbol == NULL || (same && !exact))
	{
	  *symbol = sy->symbol;
	  *name = nm;
	  exact = same;
	}
    }
  return 0;
}

/* The out-of-line function F at ADDR named as its ELF symbol says
   (demangled), as addr2line and llvm-symbolizer do: the DIE of a
   function in an anonymous namespace, of a static C++ function or of a
   lambda has a short name only, and a clone's symbol tells which clone
   (foo.constprop.0).  */
int
__calltab_in_symbol_name (Calltab_Inlines *ix, uint64_t addr,
			  Calltab_Inline_Frame *f)
{
  const char *sym, *name;
  size_t distinct;
  if (__calltab_in_symbol (ix, addr, f->linkage_name != NULL
			   ? f->linkage_name : f->name, &sym, &name,
			   &distinct) != 0)
    return -1;
  if (sym != NULL)
    {
      f->name = name;
      f->linkage_name = sym;
    }
  f->nfunctions = distinct ? distinct : 1;
  return 0;
}

/* A row without a function's DIE (GCC leaves some out): one frame
   named by the symbol table ("??" without a symbol), as addr2line and
   llvm-symbolizer do.  */
static int
symbol_frame (Calltab_Inlines *ix, uint64_t addr,
	      const Calltab_Inline_Frame *first,
	      Calltab_Inline_Frame **frames, size_t *n)
{
  Calltab_Inline_Frame *f = calloc (1, sizeof *f);
  if (f == NULL)
    {
      __calltab_seterr (CALLTAB_E_NOMEM, NULL);
      return -1;
    }
  *f = *first;
  f->name = "??";
  f->low = f->high = addr;
  if (__calltab_in_symbol_name (ix, addr, f) != 0)
    {
      free (f);
      return -1;
    }
  *frames = f;
  *n = 1;
  return 0;
}

/* The line table's row at file address ADDR, in CU (the unit of the
   function there) or else in the unit libdwfl finds for it; NULL if
   none.  */
static Dwarf_Line *
row_at (Calltab_Inlines *ix, struct in_cu *cu, uint64_t addr)
{
  uint64_t pc = addr + ix->delta;
  Dwarf_Line *line = __calltab_lines_readable (&cu->cudie)
		      ? dwarf_getsrc_die (&cu->cudie, pc) : NULL;
  if (line == NULL)
    {
      Dwarf_Addr cbias;
      Dwarf_Die *d2 = dwfl_module_addrdie (ix->ct->module, addr + ix->mbias,
					   &cbias);
      if (d2 != NULL && __calltab_lines_readable (d2))
	line = dwarf_getsrc_die (d2, pc);
    }
  return line;
}

static int
where_at (Calltab_Inlines *ix, uint64_t addr, uint64_t subprogram,
	  Calltab_Inline_Frame **frames, size_t *n)
{
  if (ix == NULL || frames == NULL || n == NULL)
    {
      __calltab_seterr (CALLTAB_E_INVALID_ARG, NULL);
      return -1;
    }
  *frames = NULL;
  *n = 0;
  Calltab *ct = ix->ct;
  pthread_mutex_lock (&ct->lock);
  struct in_cu *cu;
  uint32_t node;
  int status = __calltab_in_at (ix, addr, subprogram, &cu, &node);
  if (status != 0 || cu == NULL)
    {
      pthread_mutex_unlock (&ct->lock);
      return status;
    }

  /* The innermost position: the line table's row.  */
  Calltab_Inline_Frame first = { 0 };
  Dwarf_Line *line = row_at (ix, cu, addr);
  if (line != NULL)
    {
      first.file = dwarf_linesrc (line, NULL, NULL);
      dwarf_lineno (line, &first.line);
      dwarf_linecol (line, &first.column);
      dwarf_linediscriminator (line, &first.discriminator);
    }
  if (node != IN_NONE)
    status = __calltab_in_chain (ix, cu, node, addr + ix->delta, &first,
				 frames, n);
  pthread_mutex_unlock (&ct->lock);
  if (node == IN_NONE && line != NULL)
    status = symbol_frame (ix, addr, &first, frames, n);
  else if (status == 0 && *n > 0
	   && __calltab_in_symbol_name (ix, addr, &(*frames)[*n - 1]) != 0)
    {
      free (*frames);
      *frames = NULL;
      *n = 0;
      status = -1;
    }
  return status;
}

CALLTAB_EXPORT int
calltab_where (Calltab_Inlines *ix, uint64_t addr, uint64_t subprogram,
	       Calltab_Inline_Frame **frames, size_t *n)
{
  if (ix == NULL || !ix->relocatable)
    return where_at (ix, addr, subprogram, frames, n);
  int status = where_at (ix, addr + ix->text_base, subprogram, frames, n);
  for (size_t i = 0; status == 0 && i < *n; i++)
    {
      (*frames)[i].low -= ix->text_base;
      (*frames)[i].high -= ix->text_base;
    }
  return status;
}
