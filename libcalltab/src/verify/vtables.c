/* vtables.c: the vtable DIEs of the plugin's declaration units
   (docs/format.md "Vtables").  Each DW_TAG_calltab_vtable DIE's
   DW_AT_location (DW_OP_addr) must be the address of its
   DW_AT_linkage_name symbol, the _ZTV vtable: in an object as libdwfl
   lays out and relocates its sections, in a linked file as linked.  A
   location that is dead (0 or all ones: data the linker removed) is not
   checked, as a table entry's dead call_site is not; a DIE whose symbol
   the file does not have (stripped of .symtab) cannot be checked, and
   one note says how many.  A relocatable
   object's DIEs of COMDAT vtables live in group sections libdw does not
   read: those are checked in the linked file.

   The DIE's DW_TAG_calltab_vtable_entry children must name, at each
   offset, the function the vtable object holds there, and every
   function it holds must have one (check vtable-entry): in an object
   by the relocations of the vtable's section, in a linked file by the
   function symbols at the address each word (or its dynamic
   relocation) holds.  Words that point at no function are the
   offset-to-top and typeinfo entries.  */

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

/* The address of the data symbol NAME in v->mod, by libdwfl, as a
   DWARF address (without the module's bias).  */
static bool
symbol_addr (struct verify *v, const char *name, Dwarf_Addr *addr)
{
  int n = dwfl_module_getsymtab (v->mod);
  for (int i = 1; i < n; i++)
    {
      GElf_Sym sym;
      GElf_Addr value;
      const char *s = dwfl_module_getsym_info (v->mod, i, &sym, &value,
					       NULL, NULL, NULL);
      if (s != NULL && strcmp (s, name) == 0
	  && sym.st_shndx != SHN_UNDEF
	  && GELF_ST_TYPE (sym.st_info) == STT_OBJECT)
	{
	  *addr = value - v->bias;
	  return true;
	}
    }
  return false;
}

/* One DW_TAG_calltab_vtable_entry.  */
struct vt_entry
{
  uint64_t offset;
  const char *symbol;
  Dwarf_Off die;
};

/* What the vtable holds at one offset: the names of the function there
   (one or more symbols at its address), or none.  */
struct vt_word
{
  const char *names[8];		/* the first of them */
  size_t n;
  bool unknown;			/* points somewhere without a symbol */
  bool have_value;		/* linked: VALUE is the function's address */
  uint64_t value;
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

/* Whether a relocation's symbol is a function: a function symbol, a
   section symbol of code, or an undefined symbol that is no typeinfo
   (__cxa_pure_virtual, a function of another unit).  */
static bool
reloc_names_function (const struct ct_code *code, unsigned char type,
		      size_t shndx, const char *name)
{
  if (type == STT_FUNC || type == STT_GNU_IFUNC)
    return true;
  if (type == STT_SECTION)
    return __calltab_code_is_exec (code, shndx);
  return shndx == SHN_UNDEF && name != NULL && *name != '\0'
	 && strncmp (name, "_ZTI", 4) != 0;
}

/* Linked files: what the word at ADDR holds.  */
static void
linked_word (struct verify *v, uint64_t addr, unsigned asize,
	     struct vt_word *w)
{
  *w = (struct vt_word) { .n = 0 };
  const struct ct_code_reloc *r = __calltab_code_reloc (v->code, 0, addr);
  uint64_t value;
  if (r != NULL && r->sym_name != NULL && *r->sym_name != '\0')
    {
      if (reloc_names_function (v->code, r->sym_type, r->sym_shndx,
				r->sym_name))
	{
	  w->names[0] = r->sym_name;
	  w->n = 1;
	}
      return;
    }
  const unsigned char *p = __calltab_code_bytes_at (v->code, addr, asize);
  if (r != NULL && !r->implicit)
    value = (uint64_t) r->addend;
  else if (p != NULL)
    value = __calltab_read_uint (p, asize, v->ct->ehdr.e_ident[EI_DATA]
					   == ELFDATA2MSB);
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

struct reloc_scan
{
  struct verify *v;
  uint64_t start, size;
  struct vt_word *words;
  unsigned asize;
};

static int
object_reloc (const struct ct_rel *rel, void *arg)
{
  struct reloc_scan *s = arg;
  if (rel->offset < s->start || rel->offset >= s->start + s->size
      || (rel->offset - s->start) % s->asize != 0
      || !reloc_names_function (s->v->code, GELF_ST_TYPE (rel->sym.st_info),
				rel->shndx, rel->name))
    return 0;
  struct vt_word *w = &s->words[(rel->offset - s->start) / s->asize];
  if (GELF_ST_TYPE (rel->sym.st_info) == STT_SECTION)
    w->n = __calltab_code_symbols_at (s->v->code, rel->shndx,
				      rel->sym.st_value + (uint64_t) rel->addend,
				      w->names,
				      sizeof w->names / sizeof w->names[0]);
  else
    {
      w->names[0] = rel->name;
      w->n = 1;
    }
  if (w->n == 0)
    w->unknown = true;
  return 0;
}

struct named
{
  const char *name;
  size_t shndx;
  uint64_t value;
};

static int
defined_named (const GElf_Sym *sym, const char *name, void *arg)
{
  struct named *n = arg;
  if (sym->st_shndx == SHN_UNDEF || sym->st_shndx >= SHN_LORESERVE
      || strcmp (name, n->name) != 0)
    return 0;
  n->shndx = sym->st_shndx;
  n->value = sym->st_value;
  return 1;
}

/* Relocatable objects: the vtable symbol SYM's section and value.  */
static bool
object_symbol (struct verify *v, const char *sym, size_t *shndx,
	       uint64_t *value)
{
  struct named n = { sym, 0, 0 };
  if (__calltab_symbols_walk (v->elf, SHT_SYMTAB, defined_named, &n) <= 0)
    return false;
  *shndx = n.shndx;
  *value = n.value;
  return true;
}

/* Check the entries of vtable DIE, whose object is at LOC (SIZE bytes,
   symbol SYM); count them in *UNCHECKED when what the vtable holds
   cannot be read.  */
static void
check_entries (struct verify *v, Dwarf_Die *die, const char *sym,
	       Dwarf_Addr loc, uint64_t size, size_t *unchecked)
{
  unsigned asize = gelf_getclass (v->elf) == ELFCLASS32 ? 4 : 8;
  struct verify_place place = { ".debug_info", dwarf_dieoffset (die),
				NULL, 0 };
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
	    verify_report (v, VC_VTABLE_ENTRY, &cp, "child of the vtable DIE "
			   "of '%s' is no DW_TAG_calltab_vtable_entry with "
			   "DW_AT_linkage_name and a constant "
			   "DW_AT_data_member_location", sym);
	    continue;
	  }
	if (off % asize != 0 || off >= size || size - off < asize
	    || (n > 0 && off <= ents[n - 1].offset))
	  {
	    verify_report (v, VC_VTABLE_ENTRY, &cp, "entry of the vtable "
			   "'%s' at offset %" PRIu64 " is %s", sym,
			   (uint64_t) off, off % asize != 0 ? "not aligned"
			   : off >= size || size - off < asize
			   ? "outside the vtable" : "out of order");
	    continue;
	  }
	if (__calltab_reserve (&ents, &alloc, n + 1, sizeof *ents) < 0)
	  {
	    v->nomem = true;
	    free (ents);
	    return;
	  }
	ents[n++] = (struct vt_entry) { off, fn, dwarf_dieoffset (&child) };
      }
    while (dwarf_siblingof (&child, &child) == 0);
  else
    {
      /* A vtable DIE of plugin 0.1 has no entries: nothing to compare.  */
      return;
    }

  size_t nwords = size / asize;
  struct vt_word *words = calloc (nwords ? nwords : 1, sizeof *words);
  if (words == NULL)
    {
      v->nomem = true;
      free (ents);
      return;
    }
  if (__calltab_code_relocatable (v->code))
    {
      size_t shndx;
      uint64_t value;
      if (!object_symbol (v, sym, &shndx, &value))
	{
	  ++*unchecked;
	  goto out;
	}
      struct reloc_scan scan = { v, value, size, words, asize };
      __calltab_foreach_reloc_ix (v->elf, NULL, shndx, object_reloc, &scan);
    }
  else
    for (size_t i = 0; i < nwords; i++)
      linked_word (v, loc + i * asize, asize, &words[i]);

  size_t k = 0;
  bool counted = false;
  for (size_t i = 0; i < nwords; i++)
    {
      uint64_t off = i * asize;
      const struct vt_entry *e = k < n && ents[k].offset == off
				 ? &ents[k++] : NULL;
      const struct vt_word *w = &words[i];
      if (e != NULL)
	place.offset = e->die;
      int names = e != NULL && w->n > 0 ? word_names (v, w, e->symbol) : 1;
      if (w->unknown || names < 0)
	{
	  if (!counted)
	    ++*unchecked;
	  counted = true;
	}
      else if (e != NULL && w->n == 0)
	verify_report (v, VC_VTABLE_ENTRY, &place, "entry of the vtable "
		       "'%s' at offset %" PRIu64 " names '%s', but the vtable "
		       "holds no function there", sym, off, e->symbol);
      else if (e != NULL && names == 0)
	verify_report (v, VC_VTABLE_ENTRY, &place, "entry of the vtable "
		       "'%s' at offset %" PRIu64 " names '%s', but the vtable "
		       "holds '%s' there", sym, off, e->symbol, w->names[0]);
      else if (e == NULL && w->n > 0)
	{
	  place.offset = dwarf_dieoffset (die);
	  verify_report (v, VC_VTABLE_ENTRY, &place, "the vtable '%s' holds "
			 "'%s' at offset %" PRIu64 ", and its DIE has no entry "
			 "there", sym, w->names[0], off);
	}
    }
out:
  free (words);
  free (ents);
}

/* Check DIE; count it in *NO_SYMBOL when its symbol is not there, in
   *UNCHECKED when its entries cannot be compared.  */
static void
check_vtable (struct verify *v, Dwarf_Die *die, size_t *no_symbol,
	      size_t *unchecked)
{
  struct verify_place place = { ".debug_info", dwarf_dieoffset (die),
				NULL, 0 };
  const char *sym = __calltab_die_linkage_name (die);
  Dwarf_Addr loc, at;
  if (sym == NULL || !location_addr (die, &loc))
    {
      verify_report (v, VC_VTABLE_LOCATION, &place,
		     "vtable DIE without %s",
		     sym == NULL ? "DW_AT_linkage_name"
		     : "a DW_AT_location of one DW_OP_addr");
      return;
    }
  Dwarf_Addr dead = gelf_getclass (v->elf) == ELFCLASS32 ? 0xffffffffu : ~(Dwarf_Addr) 0;
  if (loc == 0 || loc == dead)
    return;
  if (!symbol_addr (v, sym, &at))
    ++*no_symbol;
  else if (at != loc)
    {
      /* The entries' offsets are from a start that is not the vtable's:
	 one error, not one per entry.  */
      verify_report (v, VC_VTABLE_LOCATION, &place,
		     "vtable DIE of '%s': DW_AT_location is 0x%" PRIx64
		     ", the symbol is at 0x%" PRIx64, sym, (uint64_t) loc,
		     (uint64_t) at);
      return;
    }
  Dwarf_Attribute attr;
  Dwarf_Word size;
  if (dwarf_attr (die, DW_AT_byte_size, &attr) == NULL
      || dwarf_formudata (&attr, &size) != 0)
    verify_report (v, VC_VTABLE_ENTRY, &place, "vtable DIE of '%s' without "
		   "a constant DW_AT_byte_size", sym);
  else
    check_entries (v, die, sym, loc, size, unchecked);
}

void
verify_vtables (struct verify *v)
{
  if (v->dwarf == NULL || v->mod == NULL)
    return;
  Dwarf_Off off = 0, next;
  size_t hsize, no_symbol = 0, unchecked = 0;
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
	  if (dwarf_tag (&child) == DW_TAG_calltab_vtable)
	    check_vtable (v, &child, &no_symbol, &unchecked);
	while (dwarf_siblingof (&child, &child) == 0);
      off = next;
    }
  if (no_symbol > 0)
    verify_report_as (v, VC_VTABLE_LOCATION, V_NOTE, NULL,
		      "%zu vtable %s name a symbol the file does not have"
		      " (stripped of .symtab?): %s DW_AT_location not checked",
		      no_symbol, no_symbol == 1 ? "DIE" : "DIEs",
		      no_symbol == 1 ? "its" : "their");
  if (unchecked > 0)
    verify_report_as (v, VC_VTABLE_ENTRY, V_NOTE, NULL,
		      "%zu vtable %s not checked: what the vtable holds could "
		      "not be named (a symbol is not in the file: stripped of "
		      ".symtab, or dropped by the linker with a copy it "
		      "folded)", unchecked,
		      unchecked == 1 ? "DIE's entries" : "DIEs' entries");
}
