/* vtables.c: the vtable and pointer-table DIEs of the plugin's
   declaration units (docs/format.md "Vtables", "Pointer tables").  Each
   DW_TAG_calltab_vtable or DW_TAG_calltab_pointer_table DIE's
   DW_AT_location (DW_OP_addr) must be the address of its
   DW_AT_linkage_name symbol (check vtable-location): in an object as
   libdwfl lays out and relocates its sections, in a linked file as
   linked.  A location that is dead (0 or all ones: data the linker
   removed or folded) is not checked, as a table entry's dead call_site
   is not; a DIE whose symbol the file does not have (stripped of
   .symtab) cannot be checked, and one note per kind says how many.  A
   relocatable object's DIEs of COMDAT tables live in group sections
   libdw does not read: those are checked in the linked file.

   The DIE's DW_TAG_calltab_vtable_entry children must name, at each
   offset, the function the object holds there, and every function it
   holds must have one (check vtable-entry): in an object by the
   relocations of the object's section, in a linked file by the function
   symbols at the address each word (or its dynamic relocation) holds.
   Words that point at no function are a vtable's offset-to-top and
   typeinfo entries, a pointer table's other members.  A pointer table
   has no alignment (a packed structure's member), so its words are
   where its relocations and entries are; a pointer-table DIE without
   children (an alias GCC's IPA-ICF made) has nothing to compare.  */

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <dwarf.h>
#include "calltab-format.h"
#include "elf/code-index.h"
#include "verify.h"

/* The value of DIE's location if it is exactly DW_OP_addr.  */
static bool
location_addr (Dwarf_Die *die, Dwarf_Addr *addr)
{
  Dwarf_Attribute attr;
  Dwarf_Op *ops;
  size_t nops;
  if (dwarf_attr (die, DW_AT_location, &attr) == NULL
      || dwarf_getlocation (&attr, &ops, &nops) != 0
      || nops != 1 || ops[0].atom != DW_OP_addr)
    return false;
  *addr = ops[0].number;
  return true;
}

/* The two kinds of table DIE, and how messages call them.  */
enum table_kind
{
  TK_VTABLE,
  TK_POINTER_TABLE,
  TK_NUM
};

static const char *const kind_word[TK_NUM] = { "vtable", "pointer table" };

/* The table a DIE describes.  */
struct table
{
  enum table_kind kind;
  const char *sym;		/* DW_AT_linkage_name */
  Dwarf_Addr loc;		/* DW_AT_location */
  uint64_t size;		/* DW_AT_byte_size */
  /* Relocatable objects: the symbol's section and value.  */
  size_t shndx;
  uint64_t value;
};

/* Find the data symbol NAME in v->mod, by libdwfl: true with *AT its
   address as a DWARF address (without the module's bias), the one at
   T->loc when several symbols have the name (static tables of several
   translation units), and T's section and value from it.  */
static bool
table_symbol (struct verify *v, const char *name, struct table *t,
	      Dwarf_Addr *at)
{
  int n = dwfl_module_getsymtab (v->mod);
  bool found = false;
  for (int i = 1; i < n; i++)
    {
      GElf_Sym sym;
      GElf_Addr value;
      GElf_Word shndx;
      const char *s = dwfl_module_getsym_info (v->mod, i, &sym, &value,
					       &shndx, NULL, NULL);
      if (s == NULL || strcmp (s, name) != 0 || sym.st_shndx == SHN_UNDEF
	  || GELF_ST_TYPE (sym.st_info) != STT_OBJECT)
	continue;
      if (!found || value - v->bias == t->loc)
	{
	  *at = value - v->bias;
	  t->shndx = shndx;
	  t->value = sym.st_value;
	}
      found = true;
      if (*at == t->loc)
	break;
    }
  return found;
}

/* One DW_TAG_calltab_vtable_entry.  */
struct vt_entry
{
  uint64_t offset;
  const char *symbol;
  Dwarf_Off die;
};

/* What the table holds at one offset: the names of the function there
   (one or more symbols at its address), or none.  */
struct vt_word
{
  uint64_t offset;
  const char *names[8];		/* the first of them */
  size_t n;
  bool unknown;			/* points somewhere without a symbol */
  /* Names an undefined symbol that may be data: a pointer table's
     word without an entry is then no error.  */
  bool maybe;
  bool have_value;		/* linked: VALUE is the function's address */
  uint64_t value;
  bool null;			/* linked: 0, without a relocation */
};

/* Whether W holds the function SYMBOL: 1 yes, 0 no, -1 cannot tell (a
   linked file without SYMBOL: the linker dropped the local symbol of a
   copy it folded).  Under ICF any number of symbols share an address:
   SYMBOL's own address is compared, not the first names there.  */
static int
word_names (struct verify *v, const struct vt_word *w, const char *symbol)
{
  for (size_t i = 0; i < w->n; i++)
    if (strcmp (w->names[i], symbol) == 0)
      return 1;
  if (!w->have_value)
    return 0;
  size_t cookie = 0, scn;
  uint64_t addr, size;
  bool any = false;
  while (__calltab_code_symbol_named (v->code, symbol, &cookie, &scn, &addr,
				      &size))
    {
      if (addr == w->value)
	return 1;
      any = true;
    }
  return any ? 0 : -1;
}

/* Whether the linked file defines a function SYMBOL.  */
static bool
function_defined (struct verify *v, const char *symbol)
{
  size_t cookie = 0, scn;
  uint64_t addr, size;
  return __calltab_code_symbol_named (v->code, symbol, &cookie, &scn, &addr,
				      &size);
}

/* Whether a relocation's symbol is a function: 1 a function symbol, a
   section symbol of code, or in a vtable an undefined symbol that is no
   typeinfo (__cxa_pure_virtual, a function of another unit); -1 (maybe)
   an undefined symbol of a pointer table that is not typed a function
   (an object's undefined symbols have no type: a function or data of
   another unit); 0 anything else.  */
static int
reloc_names_function (const struct ct_code *code, enum table_kind kind,
		      unsigned char type, size_t shndx, const char *name)
{
  if (type == STT_FUNC || type == STT_GNU_IFUNC)
    return 1;
  if (type == STT_SECTION)
    return __calltab_code_is_exec (code, shndx);
  if (shndx != SHN_UNDEF || name == NULL || *name == '\0'
      || strncmp (name, "_ZTI", 4) == 0)
    return 0;
  return kind == TK_VTABLE ? 1 : type == STT_NOTYPE ? -1 : 0;
}

/* Linked files: the words that may hold an address.  */
struct addresses
{
  bool any;			/* not position-independent: any word */
  /* Else those a dynamic relocation names (SHT_RELA, SHT_REL and
     SHT_RELR, whose words hold their addends), sorted: a word of a
     position-independent file without one holds no address, whatever
     its value (an integer 4096 is no pointer to _init).  */
  uint64_t *at;
  size_t n;
};

static bool
addr_before (const void *elt, const void *key)
{
  return *(const uint64_t *) elt < *(const uint64_t *) key;
}

/* The index of the first of A's words at or after ADDR.  */
static size_t
addresses_from (const struct addresses *a, uint64_t addr)
{
  return __calltab_partition (a->at, a->n, sizeof *a->at, addr_before,
			      &addr);
}

/* Linked files: what the word at ADDR holds.  */
static void
linked_word (struct verify *v, enum table_kind kind,
	     const struct addresses *a, uint64_t addr, unsigned asize,
	     struct vt_word *w)
{
  const struct ct_code_reloc *r = __calltab_code_reloc (v->code, 0, addr);
  uint64_t value;
  if (r != NULL && r->sym_name != NULL && *r->sym_name != '\0')
    {
      int fn = reloc_names_function (v->code, kind, r->sym_type,
				     r->sym_shndx, r->sym_name);
      if (fn != 0)
	{
	  w->names[0] = r->sym_name;
	  w->n = 1;
	  w->maybe = fn < 0;
	}
      return;
    }
  const unsigned char *p = __calltab_code_bytes_at (v->code, addr, asize);
  if (r != NULL && !r->implicit)
    value = (uint64_t) r->addend;
  else if (p != NULL)
    {
      value = __calltab_read_uint (p, asize, v->ct->ehdr.e_ident[EI_DATA]
					     == ELFDATA2MSB);
      w->null = r == NULL && value == 0;
      size_t i;
      if (r == NULL && !a->any
	  && ((i = addresses_from (a, addr)) == a->n || a->at[i] != addr))
	return;
    }
  else
    {
      w->unknown = true;
      return;
    }
  w->have_value = true;
  w->value = value;
  w->n = __calltab_code_symbols_at (v->code, 0, value, w->names,
				    sizeof w->names / sizeof w->names[0]);
  /* Code without a function symbol (a file without .symtab): a function
     pointer that cannot be named.  (__calltab_code_locate takes a
     return address: the byte at VALUE is in the section holding
     VALUE + 1 as one.)  */
  struct ct_place cp;
  if (w->n == 0 && __calltab_code_locate (v->code, value + 1, &cp))
    w->unknown = true;
}

/* The words of one table, in offset order.  */
struct words
{
  struct vt_word *w;
  size_t n, alloc;
};

/* A new word at OFFSET, zeroed; NULL when out of memory.  */
static struct vt_word *
add_word (struct words *ws, uint64_t offset)
{
  if (__calltab_reserve (&ws->w, &ws->alloc, ws->n + 1, sizeof *ws->w) < 0)
    return NULL;
  struct vt_word *w = &ws->w[ws->n++];
  *w = (struct vt_word) { .offset = offset };
  return w;
}

struct reloc_scan
{
  struct verify *v;
  const struct table *t;
  unsigned asize;
  struct words *words;
  bool nomem;
};

static int
object_reloc (const struct ct_rel *rel, void *arg)
{
  struct reloc_scan *s = arg;
  const struct table *t = s->t;
  if (rel->offset < t->value || rel->offset - t->value >= t->size
      || (t->kind == TK_VTABLE && (rel->offset - t->value) % s->asize != 0))
    return 0;
  unsigned char type = GELF_ST_TYPE (rel->sym.st_info);
  int fn = reloc_names_function (s->v->code, t->kind, type, rel->shndx,
				 rel->name);
  if (fn == 0)
    return 0;
  struct vt_word *w = add_word (s->words, rel->offset - t->value);
  if (w == NULL)
    {
      s->nomem = true;
      return -1;
    }
  if (type == STT_SECTION)
    w->n = __calltab_code_symbols_at (s->v->code, rel->shndx,
				      rel->sym.st_value + (uint64_t) rel->addend,
				      w->names,
				      sizeof w->names / sizeof w->names[0]);
  else
    {
      w->names[0] = rel->name;
      w->n = 1;
      w->maybe = fn < 0;
    }
  if (w->n == 0)
    w->unknown = true;
  return 0;
}

static int
cmp_word (const void *a, const void *b)
{
  const struct vt_word *x = a, *y = b;
  return x->offset < y->offset ? -1 : x->offset > y->offset;
}

/* The entries of table DIE, in offset order, each checked for its form
   and place.  Returns false when out of memory.  */
static bool
read_entries (struct verify *v, Dwarf_Die *die, const struct table *t,
	      unsigned asize, struct vt_entry **entsp, size_t *np)
{
  const char *what = kind_word[t->kind];
  struct vt_entry *ents = NULL;
  size_t n = 0, alloc = 0;
  Dwarf_Die child;
  if (dwarf_child (die, &child) == 0)
    do
      {
	Dwarf_Attribute attr;
	Dwarf_Word off;
	struct verify_place cp = { ".debug_info", dwarf_dieoffset (&child),
				   NULL, 0 };
	const char *fn = __calltab_die_linkage_name (&child);
	if (dwarf_tag (&child) != DW_TAG_calltab_vtable_entry || fn == NULL
	    || dwarf_attr (&child, DW_AT_data_member_location, &attr) == NULL
	    || dwarf_formudata (&attr, &off) != 0)
	  {
	    verify_report (v, VC_VTABLE_ENTRY, &cp, "child of the %s DIE "
			   "of '%s' is no DW_TAG_calltab_vtable_entry with "
			   "DW_AT_linkage_name and a constant "
			   "DW_AT_data_member_location", what, t->sym);
	    continue;
	  }
	bool unaligned = t->kind == TK_VTABLE && off % asize != 0;
	bool outside = off >= t->size || t->size - off < asize;
	if (unaligned || outside || (n > 0 && off <= ents[n - 1].offset))
	  {
	    verify_report (v, VC_VTABLE_ENTRY, &cp, "entry of the %s "
			   "'%s' at offset %" PRIu64 " is %s%s", what, t->sym,
			   (uint64_t) off, unaligned ? "not aligned"
			   : outside ? "outside the " : "out of order",
			   !unaligned && outside ? what : "");
	    continue;
	  }
	if (__calltab_reserve (&ents, &alloc, n + 1, sizeof *ents) < 0)
	  {
	    free (ents);
	    return false;
	  }
	ents[n++] = (struct vt_entry) { off, fn, dwarf_dieoffset (&child) };
      }
    while (dwarf_siblingof (&child, &child) == 0);
  *entsp = ents;
  *np = n;
  return true;
}

/* What table T holds, into WORDS in offset order: in an object its
   relocations naming functions; in a linked file the words that may
   hold an address (A: any aligned word, or those a dynamic relocation
   names, at any offset) where they hold a function or what cannot be
   named, and the words where its N entries ENTS are.  Returns false
   when out of memory.  */
static bool
read_words (struct verify *v, const struct table *t, unsigned asize,
	    const struct addresses *a, const struct vt_entry *ents, size_t n,
	    struct words *words)
{
  if (__calltab_code_relocatable (v->code))
    {
      struct reloc_scan scan = { v, t, asize, words, false };
      __calltab_foreach_reloc_ix (v->elf, NULL, t->shndx, object_reloc,
				  &scan);
      if (scan.nomem)
	return false;
      qsort (words->w, words->n, sizeof *words->w, cmp_word);
      return true;
    }
  uint64_t nwords = t->size / asize, i = 0;
  size_t r = a->any ? 0 : addresses_from (a, t->loc), k = 0;
  /* The offsets of those words and the entries', merged.  */
  for (;;)
    {
      uint64_t next = UINT64_MAX, off;
      if (a->any ? i < nwords
	  : r < a->n && a->at[r] - t->loc < t->size)
	next = a->any ? i * asize : a->at[r] - t->loc;
      bool at_entry = k < n && ents[k].offset <= next;
      if (!at_entry && next == UINT64_MAX)
	break;
      off = at_entry ? ents[k++].offset : next;
      if (off == next)
	a->any ? i++ : r++;
      struct vt_word w = { .offset = off };
      linked_word (v, t->kind, a, t->loc + off, asize, &w);
      if (w.n == 0 && !w.unknown && !at_entry)
	continue;
      struct vt_word *p = add_word (words, off);
      if (p == NULL)
	return false;
      *p = w;
    }
  return true;
}

/* Check the entries of table DIE T; count it in *UNCHECKED when what
   the table holds cannot be read.  */
static void
check_entries (struct verify *v, Dwarf_Die *die, struct table *t,
	       bool have_symbol, const struct addresses *a, size_t *unchecked)
{
  const char *what = kind_word[t->kind];
  unsigned asize = gelf_getclass (v->elf) == ELFCLASS32 ? 4 : 8;
  struct verify_place place = { ".debug_info", dwarf_dieoffset (die),
				NULL, 0 };
  Dwarf_Die child;
  /* A vtable DIE of plugin 0.1, a pointer table GCC made an alias of
     another: no entries, nothing to compare.  */
  if (dwarf_child (die, &child) != 0)
    return;
  struct vt_entry *ents = NULL;
  size_t n = 0;
  struct words words = { NULL, 0, 0 };
  if (!read_entries (v, die, t, asize, &ents, &n))
    goto nomem;
  if (__calltab_code_relocatable (v->code) && !have_symbol)
    {
      ++*unchecked;
      goto out;
    }
  if (!read_words (v, t, asize, a, ents, n, &words))
    goto nomem;

  size_t i = 0, k = 0;
  bool counted = false;
  static const struct vt_word none;
  while (i < words.n || k < n)
    {
      const struct vt_word *w = NULL;
      const struct vt_entry *e = NULL;
      if (i < words.n && (k == n || words.w[i].offset <= ents[k].offset))
	w = &words.w[i++];
      if (k < n && (w == NULL || ents[k].offset == w->offset))
	e = &ents[k++];
      uint64_t off = w != NULL ? w->offset : e->offset;
      if (w == NULL)
	w = &none;
      place.offset = e != NULL ? e->die : dwarf_dieoffset (die);
      int names = e != NULL && w->n > 0 ? word_names (v, w, e->symbol) : 1;
      if (w->unknown || names < 0)
	{
	  if (!counted)
	    ++*unchecked;
	  counted = true;
	}
      else if (e != NULL && w->n == 0)
	{
	  /* A function declared weak that nothing defined: the linker
	     made the word 0.  */
	  if (w->null && !function_defined (v, e->symbol))
	    continue;
	  verify_report (v, VC_VTABLE_ENTRY, &place, "entry of the %s '%s' "
			 "at offset %" PRIu64 " names '%s', but the %s holds "
			 "no function there", what, t->sym, off, e->symbol,
			 what);
	}
      else if (e != NULL && names == 0)
	verify_report (v, VC_VTABLE_ENTRY, &place, "entry of the %s '%s' at "
		       "offset %" PRIu64 " names '%s', but the %s holds '%s' "
		       "there", what, t->sym, off, e->symbol, what,
		       w->names[0]);
      else if (e == NULL && w->n > 0 && !w->maybe)
	verify_report (v, VC_VTABLE_ENTRY, &place, "the %s '%s' holds '%s' "
		       "at offset %" PRIu64 ", and its DIE has no entry there",
		       what, t->sym, w->names[0], off);
    }
out:
  free (words.w);
  free (ents);
  return;
nomem:
  v->nomem = true;
  goto out;
}

/* Check table DIE of kind KIND; count it in NO_SYMBOL[KIND] when its
   symbol is not there, in UNCHECKED[KIND] when its entries cannot be
   compared.  */
static void
check_table (struct verify *v, Dwarf_Die *die, enum table_kind kind,
	     const struct addresses *a, size_t *no_symbol, size_t *unchecked)
{
  const char *what = kind_word[kind];
  struct verify_place place = { ".debug_info", dwarf_dieoffset (die),
				NULL, 0 };
  struct table t = { .kind = kind, .sym = __calltab_die_linkage_name (die) };
  Dwarf_Addr at;
  if (t.sym == NULL || !location_addr (die, &t.loc))
    {
      verify_report (v, VC_VTABLE_LOCATION, &place, "%s DIE without %s",
		     what, t.sym == NULL ? "DW_AT_linkage_name"
		     : "a DW_AT_location of one DW_OP_addr");
      return;
    }
  Dwarf_Addr dead = (gelf_getclass (v->elf) == ELFCLASS32
		    ? 0xffffffffu : ~(Dwarf_Addr) 0);
  if (t.loc == 0 || t.loc == dead)
    return;
  bool have_symbol = table_symbol (v, t.sym, &t, &at);
  if (!have_symbol)
    ++no_symbol[kind];
  else if (at != t.loc)
    {
      /* The entries' offsets are from a start that is not the table's:
	 one error, not one per entry.  */
      verify_report (v, VC_VTABLE_LOCATION, &place,
		     "%s DIE of '%s': DW_AT_location is 0x%" PRIx64
		     ", the symbol is at 0x%" PRIx64, what, t.sym,
		     (uint64_t) t.loc, (uint64_t) at);
      return;
    }
  Dwarf_Attribute attr;
  Dwarf_Word size;
  if (dwarf_attr (die, DW_AT_byte_size, &attr) == NULL
      || dwarf_formudata (&attr, &size) != 0)
    {
      verify_report (v, VC_VTABLE_ENTRY, &place, "%s DIE of '%s' without "
		     "a constant DW_AT_byte_size", what, t.sym);
      return;
    }
  t.size = size;
  check_entries (v, die, &t, have_symbol, a, &unchecked[kind]);
}

static int
cmp_addr (const void *a, const void *b)
{
  uint64_t x = *(const uint64_t *) a, y = *(const uint64_t *) b;
  return x < y ? -1 : x > y;
}

/* Add to A the addresses the SHT_RELR section SCN relocates: an even
   entry is an address, an odd one a bitmap of the words after the last
   address.  Returns false when out of memory.  */
static bool
add_relr (struct verify *v, size_t scn, struct addresses *a, size_t *alloc)
{
  size_t size;
  const unsigned char *p = __calltab_code_bytes (v->code, scn, &size);
  unsigned asize = gelf_getclass (v->elf) == ELFCLASS32 ? 4 : 8;
  bool msb = v->ct->ehdr.e_ident[EI_DATA] == ELFDATA2MSB;
  uint64_t next = 0;
  for (size_t off = 0; p != NULL && size - off >= asize; off += asize)
    {
      uint64_t e = __calltab_read_uint (p + off, asize, msb);
      if ((e & 1) == 0)
	{
	  if (__calltab_reserve (&a->at, alloc, a->n + 1, sizeof *a->at) < 0)
	    return false;
	  a->at[a->n++] = e;
	  next = e + asize;
	  continue;
	}
      for (unsigned bit = 1; bit < 8 * asize; bit++)
	if ((e >> bit) & 1)
	  {
	    if (__calltab_reserve (&a->at, alloc, a->n + 1,
				   sizeof *a->at) < 0)
	      return false;
	    a->at[a->n++] = next + (bit - 1) * asize;
	  }
      next += (8 * asize - 1) * asize;
    }
  return true;
}

/* Linked files: which words may hold an address (struct addresses).
   Returns false when out of memory.  */
static bool
read_addresses (struct verify *v, struct addresses *a)
{
  *a = (struct addresses) { .any = v->ct->ehdr.e_type != ET_DYN };
  if (a->any || __calltab_code_relocatable (v->code))
    return true;
  size_t nrel, alloc = 0;
  const struct ct_code_reloc *rel = __calltab_code_relocs (v->code, &nrel);
  if (nrel > 0
      && __calltab_reserve (&a->at, &alloc, nrel, sizeof *a->at) < 0)
    return false;
  for (size_t i = 0; i < nrel; i++)
    a->at[a->n++] = rel[i].offset;
  size_t nscn = __calltab_code_nsections (v->code);
  for (size_t i = 1; i < nscn; i++)
    {
      const GElf_Shdr *sh = __calltab_code_shdr (v->code, i);
      if (sh != NULL && sh->sh_type == SHT_RELR && !add_relr (v, i, a, &alloc))
	return false;
    }
  qsort (a->at, a->n, sizeof *a->at, cmp_addr);
  /* One word each: a word read twice would be a second word without
     an entry.  */
  size_t m = 0;
  for (size_t i = 0; i < a->n; i++)
    if (m == 0 || a->at[m - 1] != a->at[i])
      a->at[m++] = a->at[i];
  a->n = m;
  return true;
}

void
verify_vtables (struct verify *v)
{
  if (v->dwarf == NULL || v->mod == NULL)
    return;
  Dwarf_Off off = 0, next;
  size_t hsize, no_symbol[TK_NUM] = { 0 }, unchecked[TK_NUM] = { 0 };
  struct addresses a;
  if (!read_addresses (v, &a))
    {
      free (a.at);
      v->nomem = true;
      return;
    }
  while (dwarf_nextcu (v->dwarf, off, &next, &hsize, NULL, NULL, NULL) == 0)
    {
      Dwarf_Die cu, child;
      const char *producer = NULL;
      if (dwarf_offdie (v->dwarf, off + hsize, &cu) != NULL)
	producer = calltab_die_string (&cu, DW_AT_producer);
      if (producer != NULL
	  && strncmp (producer, CALLTAB_PRODUCER_PREFIX,
		      CALLTAB_PRODUCER_PREFIX_LEN) == 0
	  && dwarf_child (&cu, &child) == 0)
	do
	  {
	    int tag = dwarf_tag (&child);
	    if (tag == DW_TAG_calltab_vtable)
	      check_table (v, &child, TK_VTABLE, &a, no_symbol, unchecked);
	    else if (tag == DW_TAG_calltab_pointer_table)
	      check_table (v, &child, TK_POINTER_TABLE, &a, no_symbol,
			   unchecked);
	  }
	while (dwarf_siblingof (&child, &child) == 0);
      off = next;
    }
  free (a.at);
  for (int k = 0; k < TK_NUM; k++)
    {
      if (no_symbol[k] > 0)
	verify_report_as (v, VC_VTABLE_LOCATION, V_NOTE, NULL,
			  "%zu %s %s name a symbol the file does not have"
			  " (stripped of .symtab?): %s DW_AT_location not"
			  " checked", no_symbol[k], kind_word[k],
			  no_symbol[k] == 1 ? "DIE" : "DIEs",
			  no_symbol[k] == 1 ? "its" : "their");
      if (unchecked[k] > 0)
	verify_report_as (v, VC_VTABLE_ENTRY, V_NOTE, NULL,
			  "%zu %s %s not checked: what the %s holds could "
			  "not be named (a symbol is not in the file: stripped "
			  "of .symtab, or dropped by the linker with a copy it "
			  "folded)", unchecked[k], kind_word[k],
			  unchecked[k] == 1 ? "DIE's entries" : "DIEs' entries",
			  kind_word[k]);
    }
}
