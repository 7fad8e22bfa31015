/* vtable.c: the class behind a vtable address, and the slot of a
   virtual member function.

   Vtables come from the plugin's DW_TAG_calltab_vtable DIEs
   (docs/format.md, "Vtables": DW_AT_location the vtable object,
   DW_AT_containing_type GCC's class DIE, DW_AT_name the class's name),
   which work without the symbol table; else from the _ZTV symbols,
   demangled ("vtable for Rect" is the class Rect).  The slot of a member
   is its DW_AT_vtable_elem_location (DW_OP_constu N), as GCC writes it
   on the member's declaration in the class.  */

#include <stdlib.h>
#include <string.h>
#include <dwarf.h>
#include "calltab-format.h"
#include "disamb.h"
#include "elf/code-index.h"
#include "backends/target.h"


static int
add_vtable (struct ct_vtable **v, size_t *n, size_t *alloc,
	    struct ct_vtable vt)
{
  if (__calltab_reserve (v, alloc, *n + 1, sizeof **v) < 0)
    return -1;
  (*v)[(*n)++] = vt;
  return 0;
}

/* The address DW_AT_location of DIE gives (DW_OP_addr), 0 if none.  */
static uint64_t
location_addr (Dwarf_Die *die)
{
  Dwarf_Attribute attr;
  Dwarf_Op *ops;
  size_t nops;
  if (dwarf_attr (die, DW_AT_location, &attr) == NULL
      || dwarf_getlocation (&attr, &ops, &nops) != 0 || nops < 1
      || ops[0].atom != DW_OP_addr)
    return 0;
  return ops[0].number;
}

static int
compare_vtentries (const void *a, const void *b)
{
  const struct ct_vtentry *x = a, *y = b;
  return x->offset < y->offset ? -1 : x->offset > y->offset;
}

/* The DW_TAG_calltab_vtable_entry children of vtable DIE VDIE into
   ST->vtentries, sorted by offset, for VT.  An entry without a symbol or
   an offset is left out.  Returns 0, -1 out of memory.  */
static int
read_vtable_entries (struct ct_disamb *st, Dwarf_Die *vdie,
		     struct ct_vtable *vt, size_t *alloc)
{
  Dwarf_Die child;
  vt->first_entry = st->nvtentries;
  if (dwarf_child (vdie, &child) != 0)
    return 0;
  vt->entries_known = true;
  do
    {
      Dwarf_Attribute attr;
      Dwarf_Word off;
      const char *sym = __calltab_die_linkage_name (&child);
      if (dwarf_tag (&child) != DW_TAG_calltab_vtable_entry || sym == NULL
	  || dwarf_attr (&child, DW_AT_data_member_location, &attr) == NULL
	  || dwarf_formudata (&attr, &off) != 0)
	continue;
      if (__calltab_reserve (&st->vtentries, alloc, st->nvtentries + 1,
			     sizeof *st->vtentries) < 0)
	return -1;
      st->vtentries[st->nvtentries++]
	= (struct ct_vtentry) { .offset = off, .symbol = sym };
    }
  while (dwarf_siblingof (&child, &child) == 0);
  vt->nentries = st->nvtentries - vt->first_entry;
  qsort (st->vtentries + vt->first_entry, vt->nentries,
	 sizeof *st->vtentries, compare_vtentries);
  return 0;
}

/* Whether ADDR is in a section ELF loads: else a linker's tombstone
   (0, -1, -2, or one plus an addend) for a table it dropped.  */
static bool
loaded_address (Elf *elf, uint64_t addr)
{
  Elf_Scn *scn = NULL;
  while ((scn = elf_nextscn (elf, scn)) != NULL)
    {
      GElf_Shdr sh;
      if (gelf_getshdr (scn, &sh) != NULL && (sh.sh_flags & SHF_ALLOC)
	  && addr >= sh.sh_addr && addr - sh.sh_addr < sh.sh_size)
	return true;
    }
  return false;
}

/* The vtable DIEs into ST->vtables, the pointer tables' into
   ST->ptables (all of them: several at one address where the linker
   folded them, address 0 where it dropped one's place).  */
static int
read_vtable_dies (struct ct_disamb *st, Dwarf *dw, Elf *elf, size_t *alloc)
{
  size_t ealloc = 0, palloc = 0;
  Dwarf_CU *cu = NULL;
  Dwarf_Die cudie, subdie;
  uint8_t unit_type;
  while (dwarf_get_units (dw, cu, &cu, NULL, &unit_type, &cudie, &subdie) == 0)
    {
      Dwarf_Attribute attr;
      const char *producer = calltab_die_string (&cudie, DW_AT_producer);
      if (producer == NULL || strncmp (producer, CALLTAB_PRODUCER_PREFIX,
				       CALLTAB_PRODUCER_PREFIX_LEN) != 0)
	continue;
      Dwarf_Die child;
      if (dwarf_child (&cudie, &child) != 0)
	continue;
      do
	{
	  int tag = dwarf_tag (&child);
	  if (tag != DW_TAG_calltab_vtable
	      && tag != DW_TAG_calltab_pointer_table)
	    continue;
	  uint64_t addr = location_addr (&child);
	  bool table = tag == DW_TAG_calltab_pointer_table;
	  if (table && elf != NULL && elf_kind (elf) == ELF_K_ELF
	      && !loaded_address (elf, addr))
	    addr = 0;		/* a tombstone */
	  else if (addr == (uint64_t) -1 || addr == (uint64_t) -2)
	    addr = 0;
	  if (addr == 0 && !table)
	    continue;
	  struct ct_vtable vt = { .addr = addr, .from_die = true };
	  Dwarf_Word size;
	  if (dwarf_attr (&child, DW_AT_byte_size, &attr) != NULL
	      && dwarf_formudata (&attr, &size) == 0)
	    vt.size = size;
	  if (read_vtable_entries (st, &child, &vt, &ealloc) < 0)
	    return -1;
	  vt.symbol = __calltab_die_linkage_name (&child);
	  vt.class_name = calltab_die_string (&child, DW_AT_name);
	  if (table)
	    {
	      if (add_vtable (&st->ptables, &st->nptables, &palloc, vt) < 0)
		return -1;
	      continue;
	    }
	  Dwarf_Die cls;
	  if (dwarf_attr (&child, DW_AT_containing_type, &attr) != NULL
	      && dwarf_formref_die (&attr, &cls) != NULL)
	    {
	      vt.class_die = dwarf_dieoffset (&cls);
	      if (vt.class_name == NULL)
		vt.class_name = calltab_die_string (&cls, DW_AT_name);
	    }
	  if (add_vtable (&st->vtables, &st->nvtables, alloc, vt) < 0)
	    return -1;
	}
      while (dwarf_siblingof (&child, &child) == 0);
    }
  return 0;
}

static int
compare_vtables (const void *a, const void *b)
{
  const struct ct_vtable *x = a, *y = b;
  if (x->addr != y->addr)
    return x->addr < y->addr ? -1 : 1;
  return (int) y->from_die - (int) x->from_die;	/* DIE first */
}

int
__calltab_read_vtables (Calltab *ct, struct ct_disamb *st, Elf *symelf,
			Elf_Scn *symtab)
{
  size_t alloc = 0;
  if (ct->dwarf != NULL
      && read_vtable_dies (st, ct->dwarf,
			   ct->ehdr.e_type != ET_REL ? ct->elf : NULL,
			   &alloc) < 0)
    return -1;
  GElf_Shdr sh;
  Elf_Data *data;
  if (symtab != NULL && gelf_getshdr (symtab, &sh) != NULL
      && sh.sh_entsize != 0 && (data = elf_getdata (symtab, NULL)) != NULL)
    for (size_t i = 1; i < sh.sh_size / sh.sh_entsize; i++)
      {
	GElf_Sym sym;
	if (gelf_getsym (data, (int) i, &sym) == NULL
	    || GELF_ST_TYPE (sym.st_info) != STT_OBJECT
	    || sym.st_shndx == SHN_UNDEF || sym.st_value == 0)
	  continue;
	const char *name = elf_strptr (symelf, sh.sh_link, sym.st_name);
	if (name == NULL || strncmp (name, "_ZTV", 4) != 0)
	  continue;
	if (add_vtable (&st->vtables, &st->nvtables, &alloc,
			(struct ct_vtable) { .addr = sym.st_value,
					     .size = sym.st_size,
					     .symbol = name }) < 0)
	  return -1;
      }
  if (st->nvtables > 1)
    qsort (st->vtables, st->nvtables, sizeof *st->vtables, compare_vtables);
  if (st->nptables > 1)
    qsort (st->ptables, st->nptables, sizeof *st->ptables, compare_vtables);
  /* One per address: the DIE's, with the symbol's size.  */
  size_t k = 0;
  for (size_t i = 0; i < st->nvtables; i++)
    {
      struct ct_vtable *v = &st->vtables[i];
      if (k > 0 && st->vtables[k - 1].addr == v->addr)
	{
	  if (st->vtables[k - 1].size == 0)
	    st->vtables[k - 1].size = v->size;
	  continue;
	}
      if (!v->from_die)
	{
	  /* "vtable for Rect" -> "Rect".  */
	  char *dm = __calltab_demangle_noparams (v->symbol);
	  const char *cls = NULL;
	  if (dm != NULL && strncmp (dm, "vtable for ", 11) == 0)
	    {
	      /* Our caller holds the handle's lock.  */
	      cls = __calltab_strdup (ct, dm + 11);
	      free (dm);
	      dm = NULL;
	      if (cls == NULL)
		return -1;
	    }
	  free (dm);
	  v->class_name = cls;
	}
      st->vtables[k++] = *v;
    }
  st->nvtables = k;
  return 0;
}

int
__calltab_add_thunk_target (Calltab *ct, struct ct_disamb *st,
			    const char *symbol, size_t *alloc)
{
  char buf[1024];
  const char *target = __calltab_thunk_target (symbol, buf, sizeof buf);
  if (target == NULL)
    return 0;
  /* Our caller holds the handle's lock.  */
  target = __calltab_strdup (ct, target);
  if (target == NULL
      || __calltab_reserve (&st->thunk_targets, alloc,
			    st->nthunk_targets + 1,
			    sizeof *st->thunk_targets) < 0)
    return -1;
  st->thunk_targets[st->nthunk_targets++] = target;
  return 0;
}

static int
compare_strings (const void *a, const void *b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

void
__calltab_sort_thunk_targets (struct ct_disamb *st)
{
  if (st->nthunk_targets > 1)
    qsort (st->thunk_targets, st->nthunk_targets,
	   sizeof *st->thunk_targets, compare_strings);
}

bool
__calltab_has_thunk (const struct ct_disamb *st, const char *symbol)
{
  return symbol != NULL && st->nthunk_targets > 0
	 && bsearch (&symbol, st->thunk_targets, st->nthunk_targets,
		     sizeof *st->thunk_targets, compare_strings) != NULL;
}

bool
__calltab_vtable_word (const Calltab *ct, const struct ct_disamb *st,
		       uint64_t addr, uint64_t *value)
{
  if (st->code == NULL)
    return false;
  unsigned asize = gelf_getclass (ct->elf) == ELFCLASS32 ? 4 : 8;
  const struct ct_code_reloc *r = __calltab_code_reloc (st->code, 0, addr);
  if (r != NULL && r->sym_name != NULL && *r->sym_name != '\0')
    {
      /* A symbol's address: known when the file defines it.  */
      if (r->sym_shndx == SHN_UNDEF || r->implicit)
	return false;
      *value = r->sym_value + (uint64_t) r->addend;
      return true;
    }
  if (r != NULL && !r->implicit)
    {
      *value = (uint64_t) r->addend;	/* R_X86_64_RELATIVE */
      return true;
    }
  const unsigned char *p = __calltab_code_bytes_at (st->code, addr, asize);
  if (p == NULL)
    return false;
  *value = __calltab_read_uint (p, asize, ct->ehdr.e_ident[EI_DATA]
					  == ELFDATA2MSB);
  return true;
}

bool
__calltab_vtable_copied (const struct ct_disamb *st,
			 const struct ct_vtable *vt)
{
  const struct ct_target *target = st->code != NULL
				   ? __calltab_code_target (st->code) : NULL;
  const struct ct_code_reloc *r = target != NULL && target->copy_reloc != 0
				  ? __calltab_code_reloc (st->code, 0, vt->addr)
				  : NULL;
  return r != NULL && r->type == target->copy_reloc;
}

const char *
__calltab_vtable_entry (const struct ct_disamb *st,
			const struct ct_vtable *vt, uint64_t offset)
{
  size_t lo = 0, hi = vt->nentries;
  const struct ct_vtentry *e = st->vtentries + vt->first_entry;
  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;
      if (e[mid].offset < offset)
	lo = mid + 1;
      else
	hi = mid;
    }
  return lo < vt->nentries && e[lo].offset == offset ? e[lo].symbol : NULL;
}

static bool
vtable_before (const void *elt, const void *key)
{
  return ((const struct ct_vtable *) elt)->addr <= *(const uint64_t *) key;
}

const struct ct_vtable *
__calltab_vtable_at (const struct ct_disamb *st, uint64_t addr)
{
  size_t i = __calltab_partition (st->vtables, st->nvtables,
				  sizeof *st->vtables, vtable_before, &addr);
  if (i == 0)
    return NULL;
  const struct ct_vtable *v = &st->vtables[i - 1];
  if (v->size != 0 && addr >= v->addr + v->size)
    return NULL;
  return v;
}

/* Under CT->lock.  */
static char *
qualified_name (Dwarf_Die *scopes, int n, int from)
{
  size_t len = 1;
  for (int i = n - 1; i >= from; i--)
    {
      const char *s = calltab_die_string (&scopes[i], DW_AT_name);
      len += strlen (s ? s : "(anonymous namespace)") + 2;
    }
  char *r = malloc (len);
  if (r == NULL)
    return NULL;
  *r = '\0';
  for (int i = n - 1; i >= from; i--)
    {
      int tag = dwarf_tag (&scopes[i]);
      if (tag != DW_TAG_namespace && tag != DW_TAG_class_type
	  && tag != DW_TAG_structure_type && tag != DW_TAG_union_type)
	continue;
      const char *s = calltab_die_string (&scopes[i], DW_AT_name);
      if (*r != '\0')
	strcat (r, "::");
      strcat (r, s ? s : "(anonymous namespace)");
    }
  return r;
}

/* The class member declaration D is declared in: its DIE into
   *CLASS_DIE (left alone when D's parent is not a class), its qualified
   name returned (malloc'ed; NULL if none).  Under the handle's lock.  */
static char *
member_class (Dwarf_Die *d, uint64_t *class_die)
{
  Dwarf_Die *scopes;
  int n = dwarf_getscopes_die (d, &scopes);
  char *qname = NULL;
  if (n >= 2)
    {
      int tag = dwarf_tag (&scopes[1]);
      if (tag == DW_TAG_class_type || tag == DW_TAG_structure_type)
	*class_die = dwarf_dieoffset (&scopes[1]);
      qname = qualified_name (scopes, n, 1);
    }
  if (n > 0)
    free (scopes);
  return qname;
}

/* ---- the answers above, kept by DIE ---------------------------------------
   Every question reads GCC's DIEs again for the same candidates, and
   libdw's dwarf_getscopes_die walks a unit from its start: a merged
   address stopped at over and over (the gdb filter asks at every stop)
   would pay that each time.  The answers are kept in the handle's
   disambiguation indexes, under its lock.  */

enum memo_kind { MEMO_MEMBER = 1, MEMO_IS_BASE, MEMO_CLASS, MEMO_SCOPE };

/* What a function's DIE says of it as a class member (member_info).  */
struct member_info
{
  int slot_ret;			/* __calltab_member_slot's answer */
  uint64_t slot, slot_class_die;
  const char *slot_class;
  int member_ret;		/* __calltab_member_function's */
  uint64_t class_die;
  const char *class_name;
  bool dynamic, ctor;
};

struct ct_memo_entry
{
  uint64_t die;			/* the DIE asked about; 0: an empty entry */
  const void *name;		/* the name asked about (pointer identity) */
  int kind;
  int ret;			/* MEMO_IS_BASE */
  uint64_t class_die;		/* MEMO_CLASS */
  struct member_info member;	/* MEMO_MEMBER */
  const char *scope;		/* MEMO_SCOPE (NULL: the top level) */
};

struct ct_memo
{
  struct ct_memo_entry *v;
  size_t n, cap;		/* CAP a power of 2, or 0 */
};

static size_t
memo_hash (const struct ct_memo *m, uint64_t die, const void *name, int kind)
{
  uint64_t h = (die ^ (uint64_t) (uintptr_t) name ^ (uint64_t) kind << 56)
	       * 0x9e3779b97f4a7c15ull;
  return (size_t) (h >> 17) & (m->cap - 1);
}

/* The entry for (DIE, NAME, KIND) of CT's memo, or NULL.  Under the
   handle's lock.  */
static const struct ct_memo_entry *
memo_find (const Calltab *ct, uint64_t die, const void *name, int kind)
{
  const struct ct_memo *m = ct->disamb != NULL ? ct->disamb->memo : NULL;
  if (m == NULL || m->cap == 0)
    return NULL;
  for (size_t i = memo_hash (m, die, name, kind); m->v[i].die != 0;
       i = (i + 1) & (m->cap - 1))
    if (m->v[i].die == die && m->v[i].name == name && m->v[i].kind == kind)
      return &m->v[i];
  return NULL;
}

/* The free entry of M's table where an entry for (DIE, NAME, KIND)
   goes.  */
static struct ct_memo_entry *
memo_slot (struct ct_memo *m, uint64_t die, const void *name, int kind)
{
  size_t j = memo_hash (m, die, name, kind);
  while (m->v[j].die != 0)
    j = (j + 1) & (m->cap - 1);
  return &m->v[j];
}

/* Keep E (E->die not 0).  Under the handle's lock; out of memory it is
   only not kept.  */
static void
memo_add (const Calltab *ct, const struct ct_memo_entry *e)
{
  struct ct_disamb *st = ct->disamb;
  if (st == NULL)
    return;
  if (st->memo == NULL && (st->memo = calloc (1, sizeof *st->memo)) == NULL)
    return;
  struct ct_memo *m = st->memo;
  if (2 * (m->n + 1) > m->cap)
    {
      size_t cap = m->cap ? 2 * m->cap : 256;
      struct ct_memo_entry *v = calloc (cap, sizeof *v);
      if (v == NULL)
	return;
      struct ct_memo old = *m;
      m->v = v;
      m->cap = cap;
      for (size_t i = 0; i < old.cap; i++)
	if (old.v[i].die != 0)
	  *memo_slot (m, old.v[i].die, old.v[i].name, old.v[i].kind)
	    = old.v[i];
      free (old.v);
    }
  *memo_slot (m, e->die, e->name, e->kind) = *e;
  m->n++;
}

void
__calltab_memo_free (struct ct_memo *m)
{
  if (m != NULL)
    free (m->v);
  free (m);
}

static bool find_class (Dwarf *dw, const char *qname, Dwarf_Die *out);

/* Read M from the DIE of a function, DIE: down its specification /
   abstract origin chain to the declaration in its class.  The slot is
   the declaration's DW_AT_vtable_elem_location, with the class it is
   declared in (2 without a slot but DW_AT_virtuality: GCC writes none
   for destructors); a non-static member function has
   DW_AT_object_pointer, and its class's definition (a unit without the
   class's vtable declares the class only: found by qualified name,
   which an anonymous namespace's class cannot be) says whether it has a
   vtable pointer (DW_AT_containing_type); a constructor is named as its
   class, without template arguments.  Under the handle's lock; the
   names malloc'ed into *SLOT_CLASS and *CLASS_NAME.  */
static void
read_member (Dwarf *dw, uint64_t die, struct member_info *m,
	     char **slot_class, char **class_name)
{
  Dwarf_Die d, cls;
  if (dwarf_offdie (dw, die, &d) == NULL)
    return;
  bool is_virtual = false, object_pointer = false, slot_known = false;
  for (int hops = 0; hops < 8; hops++)
    {
      Dwarf_Attribute attr;
      Dwarf_Word virtuality;
      if (dwarf_attr (&d, DW_AT_virtuality, &attr) != NULL
	  && dwarf_formudata (&attr, &virtuality) == 0 && virtuality != 0)
	is_virtual = true;
      if (dwarf_attr (&d, DW_AT_object_pointer, &attr) != NULL)
	object_pointer = true;
      if (!slot_known
	  && dwarf_attr (&d, DW_AT_vtable_elem_location, &attr) != NULL)
	{
	  Dwarf_Op *ops;
	  size_t nops;
	  slot_known = true;
	  if (dwarf_getlocation (&attr, &ops, &nops) == 0 && nops >= 1
	      && ops[0].atom == DW_OP_constu)
	    {
	      m->slot = ops[0].number;
	      *slot_class = member_class (&d, &m->slot_class_die);
	      m->slot_ret = 1;
	    }
	}
      if ((dwarf_attr (&d, DW_AT_specification, &attr) == NULL
	   && dwarf_attr (&d, DW_AT_abstract_origin, &attr) == NULL)
	  || dwarf_formref_die (&attr, &d) == NULL)
	break;
    }
  if (!slot_known && is_virtual)
    {
      *slot_class = member_class (&d, &m->slot_class_die);
      m->slot_ret = 2;
    }
  if (!object_pointer)
    return;			/* not a member, or a static one */
  char *qname = member_class (&d, &m->class_die);
  if (m->class_die == 0 || qname == NULL
      || dwarf_offdie (dw, m->class_die, &cls) == NULL
      || (dwarf_hasattr (&cls, DW_AT_declaration)
	  && (strstr (qname, "(anonymous namespace)") != NULL
	      || !find_class (dw, qname, &cls))))
    {
      m->class_die = 0;
      free (qname);
      return;
    }
  m->class_die = dwarf_dieoffset (&cls);
  *class_name = qname;
  Dwarf_Attribute attr;
  m->dynamic = dwarf_attr (&cls, DW_AT_containing_type, &attr) != NULL;
  const char *fname = calltab_die_string (&d, DW_AT_name);
  const char *cname = calltab_die_string (&cls, DW_AT_name);
  size_t flen = fname != NULL ? strlen (fname) : 0;
  m->ctor = fname != NULL && cname != NULL && strncmp (fname, cname, flen) == 0
	    && (cname[flen] == '\0' || cname[flen] == '<');
  m->member_ret = 1;
}

/* What DIE says of its function as a class member, read once.  */
static struct member_info
member_info (const Calltab *ct, uint64_t die)
{
  Calltab *mct = (Calltab *) ct;
  struct member_info m = { 0 };
  if (ct->dwarf == NULL || die == 0)
    return m;
  pthread_mutex_lock (&mct->lock);
  const struct ct_memo_entry *hit = memo_find (ct, die, NULL, MEMO_MEMBER);
  if (hit != NULL)
    {
      m = hit->member;
      pthread_mutex_unlock (&mct->lock);
      return m;
    }
  char *slot_class = NULL, *class_name = NULL;
  read_member (ct->dwarf, die, &m, &slot_class, &class_name);
  pthread_mutex_unlock (&mct->lock);
  /* Interned outside the lock, which interning takes.  */
  if (slot_class != NULL)
    m.slot_class = __calltab_intern_free (ct, slot_class);
  if (class_name != NULL)
    m.class_name = __calltab_intern_free (ct, class_name);
  pthread_mutex_lock (&mct->lock);
  memo_add (ct, &(struct ct_memo_entry) {
    .die = die, .kind = MEMO_MEMBER, .member = m });
  pthread_mutex_unlock (&mct->lock);
  return m;
}

int
__calltab_member_slot (const Calltab *ct, uint64_t die, uint64_t *slot,
		       uint64_t *class_die, const char **class_name)
{
  struct member_info m = member_info (ct, die);
  if (m.slot_ret == 1)
    *slot = m.slot;
  *class_die = m.slot_class_die;
  *class_name = m.slot_class;
  return m.slot_ret;
}

int
__calltab_member_function (const Calltab *ct, uint64_t die,
			   uint64_t *class_die, const char **class_name,
			   bool *dynamic, bool *ctor)
{
  struct member_info m = member_info (ct, die);
  *class_die = m.member_ret ? m.class_die : 0;
  *class_name = m.member_ret ? m.class_name : NULL;
  *dynamic = m.dynamic;
  *ctor = m.ctor;
  return m.member_ret;
}

/* The scope the function whose DIE is DIE is declared in: the
   namespaces and classes around its declaration (down its
   specification / abstract origin chain), as qualified_name writes
   them; malloc'ed, NULL at the top level.  Under the handle's lock.  */
static char *
read_scope (Dwarf *dw, uint64_t die)
{
  Dwarf_Die d;
  if (dwarf_offdie (dw, die, &d) == NULL)
    return NULL;
  for (int hops = 0; hops < 8; hops++)
    {
      Dwarf_Attribute attr;
      if ((dwarf_attr (&d, DW_AT_specification, &attr) == NULL
	   && dwarf_attr (&d, DW_AT_abstract_origin, &attr) == NULL)
	  || dwarf_formref_die (&attr, &d) == NULL)
	break;
    }
  uint64_t class_die = 0;
  char *scope = member_class (&d, &class_die);
  if (scope != NULL && *scope == '\0')
    {
      free (scope);
      scope = NULL;
    }
  return scope;
}

int
__calltab_qualified_name (const Calltab *ct, uint64_t die, const char *name,
			  const char **qname)
{
  Calltab *mct = (Calltab *) ct;
  *qname = NULL;
  if (ct->dwarf == NULL || die == 0 || name == NULL)
    return 0;
  pthread_mutex_lock (&mct->lock);
  const struct ct_memo_entry *hit = memo_find (ct, die, NULL, MEMO_SCOPE);
  const char *scope = hit != NULL ? hit->scope : NULL;
  char *read = hit != NULL ? NULL : read_scope (ct->dwarf, die);
  pthread_mutex_unlock (&mct->lock);
  if (hit == NULL)
    {
      /* Interned outside the lock, which interning takes.  */
      if (read != NULL && (scope = __calltab_intern_free (ct, read)) == NULL)
	goto nomem;
      pthread_mutex_lock (&mct->lock);
      memo_add (ct, &(struct ct_memo_entry) {
	.die = die, .kind = MEMO_SCOPE, .scope = scope });
      pthread_mutex_unlock (&mct->lock);
    }
  if (scope == NULL)
    return 0;
  size_t len = strlen (scope) + 2 + strlen (name) + 1;
  char *q = malloc (len);
  if (q == NULL)
    goto nomem;
  snprintf (q, len, "%s::%s", scope, name);
  if ((*qname = __calltab_intern_free (ct, q)) == NULL)
    goto nomem;
  return 0;

nomem:
  __calltab_seterr (CALLTAB_E_NOMEM, NULL);
  return -1;
}

/* The definition of the class named REST (the qualified name, or what
   is left of it) among the children of SCOPE (a unit, namespace or
   class), into *OUT.  */
static bool
find_class_in (Dwarf_Die *scope, const char *rest, Dwarf_Die *out)
{
  Dwarf_Die child;
  if (dwarf_child (scope, &child) != 0)
    return false;
  do
    {
      int tag = dwarf_tag (&child);
      if (tag != DW_TAG_namespace && tag != DW_TAG_class_type
	  && tag != DW_TAG_structure_type)
	continue;
      const char *s = calltab_die_string (&child, DW_AT_name);
      if (s == NULL)
	s = "(anonymous namespace)";
      size_t slen = strlen (s);
      if (strncmp (rest, s, slen) != 0)
	continue;
      if (rest[slen] == '\0' && tag != DW_TAG_namespace
	  && !dwarf_hasattr (&child, DW_AT_declaration))
	{
	  *out = child;
	  return true;
	}
      if (strncmp (rest + slen, "::", 2) == 0
	  && find_class_in (&child, rest + slen + 2, out))
	return true;
    }
  while (dwarf_siblingof (&child, &child) == 0);
  return false;
}

/* The definition of the class named QNAME in any unit of DW, into *OUT
   (a class only declared in one unit is defined in another).  */
static bool
find_class (Dwarf *dw, const char *qname, Dwarf_Die *out)
{
  Dwarf_CU *cu = NULL;
  Dwarf_Die cudie;
  uint8_t unit_type;
  while (dwarf_get_units (dw, cu, &cu, NULL, &unit_type, &cudie, NULL) == 0)
    if (find_class_in (&cudie, qname, out))
      return true;
  return false;
}

/* Whether class CLS is the class named NAME (qualified) or derives from
   it: 1 yes, 0 no (every base's definition seen), -1 not known (a base
   defined nowhere, too deep, out of memory).  By name: one class has a
   DIE in every unit that uses it, a declaration where it is not
   defined.  Under the handle's lock.  */
static int
is_or_derives (Dwarf *dw, Dwarf_Die *cls, const char *name, int depth)
{
  Dwarf_Die *scopes;
  int n = dwarf_getscopes_die (cls, &scopes);
  char *q = n > 0 ? qualified_name (scopes, n, 0) : NULL;
  if (n > 0)
    free (scopes);
  if (q == NULL)
    return -1;
  bool same = strcmp (q, name) == 0;
  Dwarf_Die def;
  bool declared = dwarf_hasattr (cls, DW_AT_declaration);
  /* A class in an anonymous namespace has a namesake in every unit:
     its definition elsewhere may be another class.  */
  bool found = declared && !same
	       && strstr (q, "(anonymous namespace)") == NULL
	       && find_class (dw, q, &def);
  free (q);
  if (same)
    return 1;
  if (depth > 32 || (declared && !found))
    return -1;
  if (declared)
    cls = &def;
  int ret = 0;
  Dwarf_Die child;
  if (dwarf_child (cls, &child) != 0)
    return 0;
  do
    {
      Dwarf_Attribute attr;
      Dwarf_Die b;
      if (dwarf_tag (&child) != DW_TAG_inheritance)
	continue;
      if (dwarf_attr (&child, DW_AT_type, &attr) == NULL
	  || dwarf_formref_die (&attr, &b) == NULL)
	return -1;
      int r = is_or_derives (dw, &b, name, depth + 1);
      if (r == 1)
	return 1;
      if (r < 0)
	ret = -1;
    }
  while (dwarf_siblingof (&child, &child) == 0);
  return ret;
}

int
__calltab_class_is_base (const Calltab *ct, uint64_t cls, const char *name)
{
  Calltab *mct = (Calltab *) ct;
  /* A name in an anonymous namespace is no class's own: every unit may
     have one.  */
  if (ct->dwarf == NULL || cls == 0 || name == NULL
      || strstr (name, "(anonymous namespace)") != NULL)
    return -1;
  pthread_mutex_lock (&mct->lock);
  const struct ct_memo_entry *hit = memo_find (ct, cls, name, MEMO_IS_BASE);
  Dwarf_Die d;
  int r = hit != NULL ? hit->ret
	  : dwarf_offdie (ct->dwarf, cls, &d) != NULL
	  ? is_or_derives (ct->dwarf, &d, name, 0) : -1;
  if (hit == NULL)
    memo_add (ct, &(struct ct_memo_entry) {
      .die = cls, .name = name, .kind = MEMO_IS_BASE, .ret = r });
  pthread_mutex_unlock (&mct->lock);
  return r;
}

uint64_t
__calltab_class_by_name (const Calltab *ct, const char *qname)
{
  Calltab *mct = (Calltab *) ct;
  if (ct->dwarf == NULL || qname == NULL
      || strstr (qname, "(anonymous namespace)") != NULL)
    return 0;
  pthread_mutex_lock (&mct->lock);
  /* By the name's address (the callers' names are the handle's): the
     key's DIE is a placeholder.  */
  const struct ct_memo_entry *hit = memo_find (ct, 1, qname, MEMO_CLASS);
  Dwarf_Die d;
  uint64_t off = hit != NULL ? hit->class_die
		 : find_class (ct->dwarf, qname, &d) ? dwarf_dieoffset (&d) : 0;
  if (hit == NULL)
    memo_add (ct, &(struct ct_memo_entry) {
      .die = 1, .name = qname, .kind = MEMO_CLASS, .class_die = off });
  pthread_mutex_unlock (&mct->lock);
  return off;
}
