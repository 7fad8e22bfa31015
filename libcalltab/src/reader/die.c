/* die.c: callee and caller DIEs through libdw.

   At open, every DIE a dcall entry names is resolved once (name, linkage
   name, declaration file and line) and cached by offset, and the
   declaration units (DW_AT_producer "calltab ...") are read for the
   caller association of docs/format.md.  Lookups after open only search
   these sorted arrays; calltab_func on a DIE outside the cache calls
   libdw under the handle's lock.  */

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dwarf.h>
#include "libcalltabP.h"
#include "elf/elf-index.h"
#include "elf/code-index.h"

/* The table of a caller DIE marked DW_AT_calltab_dcall_implicit until
   its unit is known: sorts before CALLTAB_DCALL.  */
#define CT_IMPLICIT (-1)

static int
compare_funcs (const void *a, const void *b)
{
  const struct ct_func *x = a, *y = b;
  if (x->f.scn != y->f.scn)
    return x->f.scn < y->f.scn ? -1 : 1;
  return x->f.die < y->f.die ? -1 : x->f.die > y->f.die;
}

/* Among the callers of one unit: live callers before discarded copies,
   then by DIE.  */
static int
caller_rank (const struct ct_caller *x, const struct ct_caller *y)
{
  if (x->discarded != y->discarded)
    return x->discarded ? 1 : -1;
  if (x->die != y->die)
    return x->die < y->die ? -1 : 1;
  return x->info_scn < y->info_scn ? -1 : x->info_scn > y->info_scn;
}

static int
compare_callers (const void *a, const void *b)
{
  const struct ct_caller *x = a, *y = b;
  if (x->table != y->table)
    return x->table < y->table ? -1 : 1;
  if (x->unit_offset != y->unit_offset)
    return x->unit_offset < y->unit_offset ? -1 : 1;
  /* In an object every group's unit is at offset 0 of its own section:
     the section the attribute's relocation names orders them, so that
     a unit finds its callers without looking at every group's.  */
  if (x->scn != y->scn)
    return x->scn < y->scn ? -1 : 1;
  return caller_rank (x, y);
}

/* Resolve the DIE at OFFSET of .debug_info section SCN (a key of
   __calltab_info_key) with DW into *F (no cache): a DIE that does not
   resolve has its error in *F.  Returns 0, or -1 when out of memory.  */
static int
resolve_one (Calltab *ct, Dwarf *dw, size_t scn, uint64_t offset,
	     struct ct_func *f)
{
  memset (f, 0, sizeof *f);
  f->f.die = offset;
  f->f.scn = scn;
  char buf[256];
  Dwarf_Die die;
  if (dw == NULL)
    {
      f->error = CALLTAB_E_NO_DWARF;
      snprintf (buf, sizeof buf, "%s: no DWARF: %s", ct->path,
		ct->dwarf_error ? ct->dwarf_error : "no .debug_info");
    }
  else if (dwarf_offdie (dw, offset, &die) == NULL)
    {
      f->error = CALLTAB_E_BAD_DIE;
      if (scn != 0)
	snprintf (buf, sizeof buf, "%s: .debug_info(%zu)[0x%08" PRIx64 "]: "
		  "no DIE at this offset: %s", ct->path, scn, offset,
		  dwarf_errmsg (-1));
      else
	snprintf (buf, sizeof buf, "%s: .debug_info[0x%08" PRIx64 "]: "
		  "no DIE at this offset: %s", ct->path, offset,
		  dwarf_errmsg (-1));
    }
  else
    {
      f->f.tag = dwarf_tag (&die);
      f->unit = dwarf_dieoffset (&die) - dwarf_cuoffset (&die);
      f->f.name = calltab_die_string (&die, DW_AT_name);
      f->f.linkage_name = __calltab_die_linkage_name (&die);
      f->f.decl_file = __calltab_decl_file (&die);
      int line;
      if (dwarf_decl_line (&die, &line) == 0)
	f->f.decl_line = line;
      return 0;
    }
  if ((f->errmsg = strdup (buf)) == NULL)
    {
      __calltab_seterr (CALLTAB_E_NOMEM, NULL);
      return -1;
    }
  return 0;
}

static const struct ct_func *
find_func (const Calltab *ct, size_t scn, uint64_t die)
{
  struct ct_func key = { .f.die = die, .f.scn = scn };
  if (ct->nfuncs == 0)
    return NULL;
  return bsearch (&key, ct->funcs, ct->nfuncs, sizeof key, compare_funcs);
}

/* A .debug_info section of the Elf libdw reads: its bytes, and its
   index in the object.  */
struct info_bytes
{
  const unsigned char *b;
  size_t size;
  size_t ndx;
};

/* A relocation of that section: where, the section of its symbol (0 if
   none), its place in the walk.  */
struct rel_at
{
  uint64_t offset;
  size_t seq;
  size_t scn;
};

/* What the caller attributes of one DWARF share, built on first use:
   its .debug_info sections by address, and the relocations of the one
   holding the attributes by offset (one walk, not one per attribute).  */
struct scan
{
  Calltab *ct;
  Dwarf *dw;
  Dwfl_Module *mod;
  size_t info_scn;		/* key of the .debug_info being scanned */
  bool have_infos, overlap;
  struct info_bytes *infos;
  size_t ninfos, infos_alloc;
  bool have_rels;
  size_t rels_ndx;
  struct rel_at *rels;
  size_t nrels, rels_alloc;
};

static void
scan_end (struct scan *sc)
{
  free (sc->infos);
  free (sc->rels);
}

static int
compare_infos (const void *a, const void *b)
{
  const struct info_bytes *x = a, *y = b;
  if (x->b != y->b)
    return x->b < y->b ? -1 : 1;
  return x->size < y->size ? -1 : x->size > y->size;
}

static int
compare_info_ndx (const void *a, const void *b)
{
  const struct info_bytes *x = a, *y = b;
  return x->ndx < y->ndx ? -1 : x->ndx > y->ndx;
}

static bool
info_before (const void *elt, const void *key)
{
  return ((const struct info_bytes *) elt)->b
	 <= *(const unsigned char *const *) key;
}

/* Collect the .debug_info sections of dwarf_getelf (DW).  Returns 1; 0
   when the Elf cannot be read; -1 when out of memory.  */
static int
build_infos (struct scan *sc)
{
  Elf *delf = dwarf_getelf (sc->dw);
  size_t shstrndx;
  if (delf == NULL || elf_getshdrstrndx (delf, &shstrndx) < 0)
    return 0;
  for (Elf_Scn *s = NULL; (s = elf_nextscn (delf, s)) != NULL;)
    {
      GElf_Shdr sh;
      const char *name;
      if (gelf_getshdr (s, &sh) == NULL
	  || (name = elf_strptr (delf, shstrndx, sh.sh_name)) == NULL
	  || strcmp (name, ".debug_info") != 0)
	continue;
      Elf_Data *d = elf_getdata (s, NULL);
      /* Too small for any value (4 or 8 bytes).  */
      if (d == NULL || d->d_buf == NULL || d->d_size < 4)
	continue;
      if (__calltab_reserve (&sc->infos, &sc->infos_alloc, sc->ninfos + 1,
			     sizeof *sc->infos) < 0)
	return -1;
      sc->infos[sc->ninfos++] = (struct info_bytes) {
	.b = d->d_buf, .size = d->d_size,
	.ndx = __calltab_view_scn (sc->ct, sc->dw, elf_ndxscn (s)) };
    }
  if (sc->ninfos > 1)
    qsort (sc->infos, sc->ninfos, sizeof *sc->infos, compare_infos);
  for (size_t i = 1; i < sc->ninfos && !sc->overlap; i++)
    sc->overlap = sc->infos[i].b < sc->infos[i - 1].b + sc->infos[i - 1].size;
  /* Sections sharing bytes (a malformed file): the last in section
     order wins, as a walk over them finds it.  */
  if (sc->overlap)
    qsort (sc->infos, sc->ninfos, sizeof *sc->infos, compare_info_ndx);
  return 1;
}

/* Whether P and the OFFSET_SIZE bytes at it lie in I.  */
static bool
info_holds (const struct info_bytes *i, const unsigned char *p,
	    unsigned int offset_size)
{
  return i->size >= offset_size && p >= i->b
	 && (size_t) (p - i->b) <= i->size - offset_size;
}

static int
collect_rel (const struct ct_rel *rel, void *arg)
{
  struct scan *sc = arg;
  if (__calltab_reserve (&sc->rels, &sc->rels_alloc, sc->nrels + 1,
			 sizeof *sc->rels) < 0)
    return -1;
  sc->rels[sc->nrels] = (struct rel_at) {
    .offset = rel->offset, .seq = sc->nrels,
    .scn = rel->sym.st_shndx < SHN_LORESERVE
	   || rel->sym.st_shndx == SHN_XINDEX ? rel->shndx : 0 };
  sc->nrels++;
  return 0;
}

static int
compare_rel_at (const void *a, const void *b)
{
  const struct rel_at *x = a, *y = b;
  if (x->offset != y->offset)
    return x->offset < y->offset ? -1 : 1;
  return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static bool
rel_before (const void *elt, const void *key)
{
  return ((const struct rel_at *) elt)->offset < *(const uint64_t *) key;
}

/* The section of the symbol of the first relocation (in section order)
   at offset WHERE of .debug_info section NDX of the object, 0 if none.
   Returns 0, -1 when out of memory.  */
static int
section_of_reloc_at (struct scan *sc, size_t ndx, uint64_t where,
		     size_t *scn)
{
  Calltab *ct = sc->ct;
  if (!sc->have_rels || sc->rels_ndx != ndx)
    {
      sc->nrels = 0;
      if (__calltab_foreach_reloc_ix (ct->elf, ct->tables_elf == ct->elf
					       ? ct->relindex : NULL,
				      ndx, collect_rel, sc) < 0)
	return -1;
      if (sc->nrels > 1)
	qsort (sc->rels, sc->nrels, sizeof *sc->rels, compare_rel_at);
      sc->have_rels = true;
      sc->rels_ndx = ndx;
    }
  size_t lo = __calltab_partition (sc->rels, sc->nrels, sizeof *sc->rels,
				   rel_before, &where);
  if (lo < sc->nrels && sc->rels[lo].offset == where)
    *scn = sc->rels[lo].scn;
  return 0;
}

/* Read a DW_FORM_sec_offset attribute: its value, and in a relocatable
   object the section its relocation is against.  Returns 1, 0 when it
   is not one, -1 when out of memory.  */
static int
sec_offset (struct scan *sc, Dwarf_Attribute *attr,
	    unsigned int offset_size, uint64_t *value, size_t *scn)
{
  Calltab *ct = sc->ct;
  *scn = 0;
  /* The plugin writes an offset-sized constant (DW_FORM_data4/data8,
     docs/format.md: elfutils rejects sec_offset on unknown attributes);
     DW_FORM_sec_offset is read alike.  */
  unsigned int form = dwarf_whatform (attr);
  if (form != DW_FORM_sec_offset
      && form != CALLTAB_UNIT_ATTR_FORM (offset_size))
    return 0;
  /* libdw checks sec_offset values against the section it associates
     with the attribute; a vendor attribute has none, so read the
     (relocated) bytes libdw located.  */
  const unsigned char *p = (const unsigned char *) attr->valp;
  if (p == NULL)
    return 0;
  if (!sc->have_infos)
    {
      int rc = build_infos (sc);
      if (rc <= 0)
	return rc;
      sc->have_infos = true;
    }
  /* Where the value is in .debug_info; it must lie wholly inside.  */
  const struct info_bytes *in = NULL;
  if (sc->overlap)
    {
      for (size_t i = 0; i < sc->ninfos; i++)
	if (info_holds (&sc->infos[i], p, offset_size))
	  in = &sc->infos[i];
    }
  else
    {
      size_t lo = __calltab_partition (sc->infos, sc->ninfos,
				       sizeof *sc->infos, info_before, &p);
      if (lo > 0 && info_holds (&sc->infos[lo - 1], p, offset_size))
	in = &sc->infos[lo - 1];
    }
  if (in == NULL || in->ndx == 0)
    return 0;
  *value = ct_read_uint (ct, p, offset_size);
  if (ct->ehdr.e_type != ET_REL)
    return 1;
  /* Which .debug_dcall/.debug_vcall section (one per COMDAT group): the
     symbol of the relocation at this place of .debug_info.  */
  return section_of_reloc_at (sc, in->ndx, (uint64_t) (p - in->b), scn) < 0
	 ? -1 : 1;
}

/* Read the caller association of one declaration unit.  */
static int
read_callers (struct scan *sc, Dwarf_Die *cudie, unsigned int offset_size,
	      size_t *alloc)
{
  Calltab *ct = sc->ct;
  Dwfl_Module *mod = sc->mod;
  Dwarf_Die child;
  if (dwarf_child (cudie, &child) != 0)
    return 0;
  do
    {
      if (dwarf_tag (&child) != DW_TAG_subprogram)
	continue;
      /* A caller DIE whose .debug_dcall unit is implicit: recorded with
	 table CT_IMPLICIT, its unit's offset in UNIT_OFFSET and the
	 .debug_info it is in as SCN, until associate_implicit ().  */
      if (dwarf_hasattr (&child, DW_AT_calltab_dcall_implicit))
	{
	  if (__calltab_reserve (&ct->callers, alloc, ct->ncallers + 1,
				 sizeof *ct->callers) < 0)
	    return -1;
	  ct->callers[ct->ncallers++] = (struct ct_caller) {
	    .table = CT_IMPLICIT, .info_scn = sc->info_scn,
	    .scn = sc->info_scn,
	    .unit_offset = dwarf_dieoffset (cudie) - dwarf_cuoffset (cudie),
	    .die = dwarf_dieoffset (&child) };
	}
      static const struct { int at, table; } attrs[] = {
	{ DW_AT_calltab_dcall_unit, CALLTAB_DCALL },
	{ DW_AT_calltab_vcall_unit, CALLTAB_VCALL },
	{ DW_AT_calltab_tcall_unit, CALLTAB_TCALL },
	{ DW_AT_calltab_pcall_unit, CALLTAB_PCALL } };
      for (size_t i = 0; i < sizeof attrs / sizeof attrs[0]; i++)
	{
	  Dwarf_Attribute attr;
	  uint64_t value;
	  size_t scn;
	  if (dwarf_attr (&child, attrs[i].at, &attr) == NULL)
	    continue;
	  int rc = sec_offset (sc, &attr, offset_size, &value, &scn);
	  if (rc < 0)
	    {
	      __calltab_seterr (CALLTAB_E_NOMEM, NULL);
	      return -1;
	    }
	  if (rc == 0)
	    continue;
	  if (__calltab_reserve (&ct->callers, alloc, ct->ncallers + 1,
				 sizeof *ct->callers) < 0)
	    return -1;
	  Dwarf_Addr low_pc = 0;
	  bool have_pc = dwarf_lowpc (&child, &low_pc) == 0;
	  /* libdwfl lays the sections of a relocatable object out at
	     addresses of its own; report section offsets, as call_site.  */
	  size_t pc_scn;
	  if (have_pc && ct->ehdr.e_type == ET_REL && mod != NULL
	      && __calltab_dwfl_place (mod, &low_pc, &pc_scn, true) < 0)
	    return -1;
	  unsigned int asz = gelf_getclass (ct->elf) == ELFCLASS32 ? 4 : 8;
	  uint64_t ones = asz == 8 ? UINT64_MAX : UINT32_MAX;
	  ct->callers[ct->ncallers++] = (struct ct_caller) {
	    .table = attrs[i].table, .info_scn = sc->info_scn, .scn = scn,
	    .unit_offset = value,
	    .die = dwarf_dieoffset (&child), .low_pc = low_pc,
	    .have_pc = have_pc,
	    .discarded = ct->ehdr.e_type != ET_REL && have_pc
			 && (low_pc == 0 || low_pc == ones) };
	}
    }
  while (dwarf_siblingof (&child, &child) == 0);
  return 0;
}

static int
add_func (Calltab *ct, size_t scn, uint64_t die, size_t *alloc)
{
  if (__calltab_reserve (&ct->funcs, alloc, ct->nfuncs + 1,
			 sizeof *ct->funcs) < 0)
    return -1;
  memset (&ct->funcs[ct->nfuncs], 0, sizeof *ct->funcs);
  ct->funcs[ct->nfuncs].f.scn = scn;
  ct->funcs[ct->nfuncs++].f.die = die;
  return 0;
}

/* Read the caller association of every declaration unit in DW.  */
static int
scan_units (Calltab *ct, Dwarf *dw, Dwfl_Module *mod, size_t info_scn,
	    size_t *alloc)
{
  struct scan sc = { .ct = ct, .dw = dw, .mod = mod, .info_scn = info_scn };
  Dwarf_Off off = 0, next;
  size_t hsize;
  uint8_t asz, osz;
  int rc = 0;
  while (rc == 0
	 && dwarf_nextcu (dw, off, &next, &hsize, NULL, &asz, &osz) == 0)
    {
      Dwarf_Die cudie;
      const char *producer;
      if (dwarf_offdie (dw, off + hsize, &cudie) != NULL
	  && (producer = calltab_die_string (&cudie, DW_AT_producer)) != NULL
	  && strncmp (producer, CALLTAB_PRODUCER_PREFIX,
		      CALLTAB_PRODUCER_PREFIX_LEN) == 0
	  && read_callers (&sc, &cudie, osz, alloc) < 0)
	rc = -1;
      off = next;
    }
  scan_end (&sc);
  return rc;
}

/* Sort the functions, drop duplicate keys (none of which is resolved
   yet for the section being added).  */
static void
dedup_funcs (Calltab *ct)
{
  if (ct->nfuncs > 1)
    qsort (ct->funcs, ct->nfuncs, sizeof *ct->funcs, compare_funcs);
  size_t n = 0;
  for (size_t i = 0; i < ct->nfuncs; i++)
    if (n == 0 || compare_funcs (&ct->funcs[n - 1], &ct->funcs[i]) != 0)
      ct->funcs[n++] = ct->funcs[i];
  ct->nfuncs = n;
}

/* Keep a handle-owned copy of *S (NULL stays NULL).  */
static int
own (Calltab *ct, const char **s)
{
  if (*s != NULL && (*s = __calltab_strdup (ct, *s)) == NULL)
    {
      __calltab_seterr (CALLTAB_E_NOMEM, NULL);
      return -1;
    }
  return 0;
}

/* Resolve CT->funcs[LO..HI), of .debug_info key SCN, with DW.  The
   strings of a group's view go away with the view: keep copies.  */
static int
resolve_range (Calltab *ct, Dwarf *dw, size_t scn, size_t lo, size_t hi)
{
  for (size_t i = lo; i < hi; i++)
    {
      Calltab_Func *f = &ct->funcs[i].f;
      if (resolve_one (ct, dw, scn, f->die, &ct->funcs[i]) < 0
	  || (scn != 0 && (own (ct, &f->name) < 0
			   || own (ct, &f->linkage_name) < 0
			   || own (ct, &f->decl_file) < 0)))
	return -1;
    }
  return 0;
}

static bool
func_scn_before (const void *elt, const void *key)
{
  return ((const struct ct_func *) elt)->f.scn < *(const size_t *) key;
}

static bool
func_scn_not_after (const void *elt, const void *key)
{
  return ((const struct ct_func *) elt)->f.scn <= *(const size_t *) key;
}

/* The functions of key SCN in the sorted CT->funcs[0..N): [*LO, *HI).  */
static void
funcs_of (const Calltab *ct, size_t n, size_t scn, size_t *lo, size_t *hi)
{
  *lo = __calltab_partition (ct->funcs, n, sizeof *ct->funcs,
			     func_scn_before, &scn);
  *hi = __calltab_partition (ct->funcs, n, sizeof *ct->funcs,
			     func_scn_not_after, &scn);
}

static int
add_caller_funcs (Calltab *ct, size_t from, size_t *alloc)
{
  for (size_t i = from; i < ct->ncallers; i++)
    if (add_func (ct, ct->callers[i].info_scn, ct->callers[i].die, alloc) < 0)
      return -1;
  return 0;
}

/* The callers of a group's section NDX added CT->funcs[TAIL..): sort
   them, and drop the ones already in [LO, HI) of the sorted part or
   twice in the tail.  */
static void
merge_tail (Calltab *ct, size_t tail, size_t lo, size_t hi)
{
  size_t n = ct->nfuncs - tail;
  if (n == 0)
    return;			/* CT->funcs may be NULL */
  struct ct_func *t = ct->funcs + tail;
  if (n > 1)
    qsort (t, n, sizeof *t, compare_funcs);
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    if ((k == 0 || compare_funcs (&t[k - 1], &t[i]) != 0)
	&& (hi == lo || bsearch (&t[i], ct->funcs + lo, hi - lo, sizeof *t,
				 compare_funcs) == NULL))
      t[k++] = t[i];
  ct->nfuncs = tail + k;
}

static int derive_part_starts (Calltab *ct);
static int associate_implicit (Calltab *ct);

int
__calltab_resolve (Calltab *ct)
{
  size_t alloc = 0, calloc_n = 0;
  /* Callee DIEs (of direct calls and tail calls; a tail call whose
     target is not known names none).  */
  for (int t = CALLTAB_DCALL; t < CT_NTABLES; t++)
    {
      const struct ct_table *tab = &ct->tables[t];
      for (size_t i = 0; ct_table_has_callee (t) && i < tab->nentries; i++)
	{
	  const struct ct_entry *e = &tab->entries[i];
	  const struct ct_unit *u = &tab->units[e->unit];
	  if (t == CALLTAB_TCALL && e->value == CALLTAB_TCALL_INDIRECT)
	    continue;
	  if (add_func (ct, u->info_scn, u->debug_info + e->value, &alloc) < 0)
	    return -1;
	}
    }

  /* Callers of the declaration units in libdw's .debug_info.  */
  if (ct->dwarf != NULL
      && (scan_units (ct, ct->dwarf, ct->module, 0, &calloc_n) < 0
	  || add_caller_funcs (ct, 0, &alloc) < 0))
    return -1;
  dedup_funcs (ct);
  size_t nsorted = ct->nfuncs, lo, hi;
  funcs_of (ct, nsorted, 0, &lo, &hi);
  if (resolve_range (ct, ct->dwarf, 0, lo, hi) < 0)
    return -1;

  /* In an object, each further .debug_info section that the tables use
     (declaration units inside COMDAT groups), one at a time: its view
     is only needed until its DIEs are cached.  Its callers' DIEs are
     appended after the sorted functions, and everything is sorted once
     at the end.  */
  if (ct->ehdr.e_type == ET_REL && ct->tables_elf == ct->elf)
    {
      size_t shstrndx;
      if (elf_getshdrstrndx (ct->elf, &shstrndx) == 0)
	for (Elf_Scn *s = NULL; (s = elf_nextscn (ct->elf, s)) != NULL;)
	  {
	    GElf_Shdr sh;
	    const char *name;
	    size_t ndx = elf_ndxscn (s);
	    int used = 0;
	    if (gelf_getshdr (s, &sh) == NULL || sh.sh_type == SHT_NOBITS
		|| (name = elf_strptr (ct->elf, shstrndx, sh.sh_name)) == NULL
		|| strcmp (name, ".debug_info") != 0
		|| __calltab_info_key (ct, ndx) == 0
		|| (used = __calltab_group_used (ct, ndx)) == 0)
	      continue;
	    Dwfl_Module *mod;
	    Dwarf *dw;
	    if (used < 0 || __calltab_group_dwarf (ct, ndx, &dw, &mod) < 0)
	      return -1;
	    size_t from = ct->ncallers, tail = ct->nfuncs;
	    if (dw != NULL
		&& (scan_units (ct, dw, mod, ndx, &calloc_n) < 0
		    || add_caller_funcs (ct, from, &alloc) < 0))
	      {
		__calltab_group_release (ct, ndx);
		return -1;
	      }
	    funcs_of (ct, nsorted, ndx, &lo, &hi);
	    merge_tail (ct, tail, lo, hi);
	    int rc = resolve_range (ct, dw, ndx, lo, hi);
	    if (rc == 0)
	      rc = resolve_range (ct, dw, ndx, tail, ct->nfuncs);
	    __calltab_group_release (ct, ndx);
	    if (rc < 0)
	      return -1;
	  }
    }
  dedup_funcs (ct);
  if (ct->ncallers > 1)
    qsort (ct->callers, ct->ncallers, sizeof *ct->callers, compare_callers);
  if (associate_implicit (ct) < 0 || derive_part_starts (ct) < 0)
    return -1;
  return 0;
}

CALLTAB_EXPORT int
calltab_func (const Calltab *ct, uint64_t die, Calltab_Func *func)
{
  if (ct == NULL || func == NULL)
    {
      __calltab_seterr (CALLTAB_E_INVALID_ARG, NULL);
      return -1;
    }
  const struct ct_func *f = find_func (ct, 0, die);
  struct ct_func tmp;
  if (f == NULL)
    {
      Calltab *mct = (Calltab *) ct;
      pthread_mutex_lock (&mct->lock);
      int rc = resolve_one (mct, mct->dwarf, 0, die, &tmp);
      pthread_mutex_unlock (&mct->lock);
      if (rc < 0)
	return -1;
      f = &tmp;
    }
  if (f->error != 0)
    {
      __calltab_seterr_msg (f->error, f->errmsg ? f->errmsg : "");
      if (f == &tmp)
	free (tmp.errmsg);
      return -1;
    }
  *func = f->f;
  return 0;
}

CALLTAB_EXPORT int
calltab_callee (const Calltab *ct, const Calltab_Entry *entry,
		Calltab_Func *func)
{
  if (ct == NULL || entry == NULL || func == NULL
      || entry->table < 0 || entry->table >= CT_NTABLES
      || !ct_table_has_callee (entry->table)
      || entry->unit >= ct->tables[entry->table].nunits
      || entry->die == 0)
    {
      __calltab_seterr (CALLTAB_E_INVALID_ARG, NULL);
      return -1;
    }
  const struct ct_unit *u = &ct->tables[entry->table].units[entry->unit];
  const struct ct_func *f = find_func (ct, entry->die_scn, entry->die);
  if (f == NULL)		/* every entry's DIE is resolved at open */
    {
      __calltab_seterr (CALLTAB_E_INVALID_ARG, NULL);
      return -1;
    }
  if (f->error != 0)
    {
      __calltab_seterr_msg (f->error, f->errmsg ? f->errmsg : "");
      return -1;
    }
  uint64_t cu = f->unit;
  if (cu != u->debug_info)
    {
      char buf[400];
      snprintf (buf, sizeof buf, "%s: %s[0x%08" PRIx64 "]: callee_die 0x%"
		PRIx64 " names DIE 0x%08" PRIx64 " of the unit at 0x%08" PRIx64
		", not of the unit at 0x%08" PRIx64 " that debug_info names",
		ct->tables_path, ct->sections[u->section].label, entry->offset,
		entry->value, entry->die, cu, u->debug_info);
      __calltab_seterr_msg (CALLTAB_E_BAD_DIE, buf);
      return -1;
    }
  *func = f->f;
  return 0;
}

/* Order of CT->callers: by table, unit offset, then section; KEY is a
   struct ct_caller.  */
static bool
caller_before (const void *elt, const void *key)
{
  const struct ct_caller *c = elt, *k = key;
  if (c->table != k->table)
    return c->table < k->table;
  if (c->unit_offset != k->unit_offset)
    return c->unit_offset < k->unit_offset;
  return c->scn < k->scn;
}

/* The first caller of unit (TABLE, OFFSET) whose attribute names section
   SCN, NULL if none.  */
static const struct ct_caller *
first_caller (const Calltab *ct, int table, uint64_t offset, size_t scn)
{
  struct ct_caller key = { .table = table, .unit_offset = offset, .scn = scn };
  size_t lo = __calltab_partition (ct->callers, ct->ncallers,
				   sizeof ct->callers[0], caller_before, &key);
  if (lo < ct->ncallers && ct->callers[lo].table == table
      && ct->callers[lo].unit_offset == offset && ct->callers[lo].scn == scn)
    return &ct->callers[lo];
  return NULL;
}

/* A .debug_dcall unit that no DW_AT_calltab_dcall_unit names: the
   declaration unit its debug_info names, and its index (section
   order).  */
struct cand
{
  size_t info_scn;
  uint64_t debug_info;
  size_t unit;
};

static int
compare_cands (const void *a, const void *b)
{
  const struct cand *x = a, *y = b;
  if (x->info_scn != y->info_scn)
    return x->info_scn < y->info_scn ? -1 : 1;
  if (x->debug_info != y->debug_info)
    return x->debug_info < y->debug_info ? -1 : 1;
  return x->unit < y->unit ? -1 : x->unit > y->unit;
}

static bool
cand_before (const void *elt, const void *key)
{
  const struct cand *c = elt, *k = key;
  if (c->info_scn != k->info_scn)
    return c->info_scn < k->info_scn;
  return c->debug_info < k->debug_info;
}

static bool
cand_not_after (const void *elt, const void *key)
{
  const struct cand *c = elt, *k = key;
  if (c->info_scn != k->info_scn)
    return c->info_scn < k->info_scn;
  return c->debug_info <= k->debug_info;
}

/* The implicit association (docs/format.md "Which caller an entry
   belongs to"): the .debug_dcall units whose debug_info names a
   declaration unit D and that no DW_AT_calltab_dcall_unit names belong,
   in section order, one to one to D's caller DIEs marked
   DW_AT_calltab_dcall_implicit, in DIE order.  CT->callers is sorted,
   its marked DIEs (CT_IMPLICIT) first, by D, then DIE.  A count that
   differs is a problem (CALLTAB_E_BAD_DIE: the only problem of that
   code, calltab verify's implicit-callers) and leaves D's marked DIEs
   and those units without each other.  A file without .debug_dcall has
   nothing to associate.  */
static int
associate_implicit (Calltab *ct)
{
  size_t nmarked = 0;
  while (nmarked < ct->ncallers && ct->callers[nmarked].table == CT_IMPLICIT)
    nmarked++;
  if (nmarked == 0)
    return 0;
  bool have_dcall = false;
  for (size_t k = 0; k < ct->nsections && !have_dcall; k++)
    have_dcall = ct->sections[k].table == CALLTAB_DCALL;
  /* No .debug_dcall at all (removed: calltab verify's no-tables says
     so): no unit to associate, nothing more to report.  */
  if (!have_dcall)
    {
      memmove (ct->callers, ct->callers + nmarked,
	       (ct->ncallers - nmarked) * sizeof *ct->callers);
      ct->ncallers -= nmarked;
      return 0;
    }
  bool rel = ct->ehdr.e_type == ET_REL;
  const struct ct_table *tab = &ct->tables[CALLTAB_DCALL];
  struct cand *cands = malloc ((tab->nunits + 1) * sizeof *cands);
  if (cands == NULL)
    {
      __calltab_seterr (CALLTAB_E_NOMEM, NULL);
      return -1;
    }
  size_t ncands = 0;
  for (size_t k = 0; k < tab->nunits; k++)
    {
      const struct ct_unit *u = &tab->units[k];
      /* Named as calltab_unit_caller finds a caller.  */
      if (first_caller (ct, CALLTAB_DCALL, u->offset, 0) != NULL
	  || (rel && first_caller (ct, CALLTAB_DCALL, u->offset,
				   ct->sections[u->section].scn) != NULL))
	continue;
      cands[ncands++] = (struct cand) { u->info_scn, u->debug_info, k };
    }
  if (ncands > 1)
    qsort (cands, ncands, sizeof *cands, compare_cands);

  size_t ndropped = 0;
  for (size_t i = 0, j; i < nmarked; i = j)
    {
      struct ct_caller *m = ct->callers;
      for (j = i + 1; j < nmarked && m[j].unit_offset == m[i].unit_offset
	   && m[j].scn == m[i].scn; j++)
	;
      struct cand key = { m[i].scn, m[i].unit_offset, 0 };
      size_t lo = __calltab_partition (cands, ncands, sizeof *cands,
				       cand_before, &key);
      size_t hi = __calltab_partition (cands, ncands, sizeof *cands,
				       cand_not_after, &key);
      if (hi - lo == j - i)
	{
	  for (size_t t = 0; t < j - i; t++)
	    {
	      const struct ct_unit *u = &tab->units[cands[lo + t].unit];
	      m[i + t].table = CALLTAB_DCALL;
	      m[i + t].unit_offset = u->offset;
	      m[i + t].scn = rel ? ct->sections[u->section].scn : 0;
	    }
	  continue;
	}
      char info[48];
      if (m[i].scn != 0)
	snprintf (info, sizeof info, ".debug_info(%zu)", m[i].scn);
      else
	snprintf (info, sizeof info, ".debug_info");
      int rc;
      if (lo < hi)
	{
	  const struct ct_unit *u = &tab->units[cands[lo].unit];
	  rc = __calltab_problem (ct, CALLTAB_E_BAD_DIE, CALLTAB_ERROR,
				  u->section, u->offset,
				  "%zu .debug_dcall units (the first here)"
				  " name the declaration unit at %s[0x%08"
				  PRIx64 "] without a caller DIE naming them,"
				  " but it has %zu caller DIEs marked"
				  " DW_AT_calltab_dcall_implicit: their"
				  " callers are unknown", hi - lo, info,
				  m[i].unit_offset, j - i);
	}
      else
	rc = __calltab_problem (ct, CALLTAB_E_BAD_DIE, CALLTAB_ERROR,
				(size_t) -1, 0, "%s[0x%08" PRIx64 "]: the"
				" declaration unit has %zu caller DIEs marked"
				" DW_AT_calltab_dcall_implicit (the first at"
				" 0x%08" PRIx64 ") but no .debug_dcall unit"
				" names it without a caller DIE naming it:"
				" their units are unknown", info,
				m[i].unit_offset, j - i, m[i].die);
      if (rc < 0)
	{
	  free (cands);
	  return -1;
	}
      for (size_t t = i; t < j; t++)
	m[t].table = CT_NTABLES;	/* sorts last, then dropped */
      ndropped += j - i;
    }
  free (cands);
  qsort (ct->callers, ct->ncallers, sizeof *ct->callers, compare_callers);
  ct->ncallers -= ndropped;
  return 0;
}

/* The start of the part of a function whose code holds the byte before
   return address END (section SCN: in an object END is an offset in it),
   from the sized function symbols of CODE, else (a linked file whose
   code sections are NOBITS: the tables are in a separate debug file)
   from libdwfl's symbol lookup; (uint64_t) -1 if none holds it.  */
static uint64_t
part_start (const Calltab *ct, const struct ct_code *code, size_t scn,
	    uint64_t end)
{
  bool rel = ct->ehdr.e_type == ET_REL;
  uint64_t base = rel ? 0 : __calltab_code_scn_addr (code, scn);
  uint64_t start = __calltab_code_func_start (code, scn, end - base);
  if (start != (uint64_t) -1)
    return start + base;
  GElf_Off off;
  GElf_Sym sym;
  if (!rel && ct->module != NULL
      && dwfl_module_addrinfo (ct->module, end - 1, &off, &sym, NULL, NULL,
			       NULL) != NULL
      && (GELF_ST_TYPE (sym.st_info) == STT_FUNC
	  || GELF_ST_TYPE (sym.st_info) == STT_GNU_IFUNC))
    return end - 1 - off;
  return (uint64_t) -1;
}

/* The callers whose DIE has no DW_AT_low_pc (docs/format.md: the caller
   DIE carries no address): the part starts where the sized function
   symbol holding its unit's first live call_site starts; a unit whose
   entries are all dead (a discarded or folded copy) has a discarded
   caller; an empty unit (emptied by calltab prune) leaves low_pc 0.  */
static int
derive_part_starts (Calltab *ct)
{
  bool any = false;
  for (size_t i = 0; i < ct->ncallers && !any; i++)
    any = !ct->callers[i].have_pc;
  if (!any)
    return 0;
  struct ct_code *code = NULL;
  bool rel = ct->ehdr.e_type == ET_REL;
  bool any_discarded = false;
  for (int t = 0; t < CT_NTABLES; t++)
    {
      const struct ct_table *tab = &ct->tables[t];
      for (size_t k = 0; k < tab->nunits; k++)
	{
	  const struct ct_unit *u = &tab->units[k];
	  size_t scns[2] = { 0, ct->sections[u->section].scn };
	  const struct ct_entry *live = NULL;
	  for (size_t j = 0; j < u->nentries && live == NULL; j++)
	    if (!tab->entries[u->first + j].tombstone)
	      live = &tab->entries[u->first + j];
	  uint64_t start = 0;
	  if (live != NULL && live->call_scn != 0)
	    {
	      if (code == NULL
		  && (code = __calltab_code_begin (ct->tables_elf)) == NULL)
		return -1;
	      start = part_start (ct, code, live->call_scn, live->call_site);
	      if (start == (uint64_t) -1)
		start = 0;
	    }
	  for (int s = 0; s < (rel ? 2 : 1); s++)
	    {
	      struct ct_caller key = { .table = t, .unit_offset = u->offset,
				       .scn = scns[s] };
	      for (size_t lo = __calltab_partition (ct->callers, ct->ncallers,
						    sizeof ct->callers[0],
						    caller_before, &key);
		   lo < ct->ncallers && ct->callers[lo].table == t
		   && ct->callers[lo].unit_offset == u->offset
		   && ct->callers[lo].scn == scns[s]; lo++)
		{
		  struct ct_caller *c = &ct->callers[lo];
		  if (c->have_pc)
		    continue;
		  c->low_pc = start;
		  c->discarded = !rel && u->nentries > 0 && live == NULL;
		  any_discarded |= c->discarded;
		}
	    }
	}
    }
  __calltab_code_end (code);
  /* Discarded callers rank after live ones: only a caller found
     discarded here moves.  */
  if (any_discarded && ct->ncallers > 1)
    qsort (ct->callers, ct->ncallers, sizeof *ct->callers, compare_callers);
  return 0;
}

CALLTAB_EXPORT int
calltab_unit_caller (const Calltab *ct, const Calltab_Unit *unit,
		     Calltab_Caller *caller)
{
  if (ct == NULL || unit == NULL || caller == NULL
      || unit->table < 0 || unit->table >= CT_NTABLES)
    {
      __calltab_seterr (CALLTAB_E_INVALID_ARG, NULL);
      return -1;
    }
  /* The first, live before discarded, of the callers whose attribute
     names the unit's section or none (0).  */
  const struct ct_caller *c = first_caller (ct, unit->table, unit->offset, 0);
  if (unit->scn != 0)
    {
      const struct ct_caller *d = first_caller (ct, unit->table, unit->offset,
						unit->scn);
      if (c == NULL || (d != NULL && caller_rank (d, c) < 0))
	c = d;
    }
  if (c != NULL)
    {
      const struct ct_func *f = find_func (ct, c->info_scn, c->die);
      if (f == NULL || f->error != 0)
	{
	  if (f != NULL)
	    __calltab_seterr_msg (f->error, f->errmsg ? f->errmsg : "");
	  else
	    __calltab_seterr (CALLTAB_E_UNKNOWN, NULL);
	  return -1;
	}
      caller->func = f->f;
      caller->low_pc = c->low_pc;
      caller->discarded = c->discarded;
      return 0;
    }
  return 1;
}
