/* groups.c: DIEs in the further .debug_info sections of an object.

   A relocatable object may hold several sections named .debug_info: one
   per COMDAT group when a producer (GCC with -fdebug-types-section, or
   the calltab plugin for callers in groups) puts a unit into the group.
   libdw takes only the first section of each name and ignores sections
   of groups (SHF_GROUP).  To read the unit of section N, libdw is given
   a view of the object in which N is the only .debug_info and is not
   grouped, the debug sections N's relocations refer to (its "chosen"
   sections) are ungrouped and hide the other sections of their names,
   and the rest is as in the object.

   The view (the usual way): libdwfl has already relocated every debug
   section of the object, grouped or not, when it opened the object for
   the handle (ct->dwarf).  An in-memory ELF image (elf_memory) holds a
   copy of those relocated bytes: the ungrouped debug sections once, and
   per group only its own sections; each view is a small header (an
   ELF header, a handful of section headers, their names) written in
   front of that data, and dwarf_begin_elf reads the view.  One libdwfl
   relocation for the whole object, and per group work in proportion to
   the group: linear in the number of groups (bench/comdat-scaling.sh).

   The copy (the fallback, when the handle's libdwfl did not relocate
   the object itself: no ungrouped .debug_info, a separate debug file, a
   relocation libdwfl stopped at, GNU-compressed .zdebug sections): the
   object is copied into a memfd in which N and the debug sections its
   relocations refer to lose SHF_GROUP, and the other sections of their
   names lose their names; libdwfl then opens the copy.

   Either way only sections the tables use get a view, one at a time,
   released once their DIEs are cached.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <elfutils/libdw.h>
#include "libcalltabP.h"
#include "elf/elf-index.h"

/* The copy is an object: its DWARF is in it, never in another file.  */
static int
no_debuginfo (Dwfl_Module *mod __attribute__ ((unused)),
	      void **userdata __attribute__ ((unused)),
	      const char *modname __attribute__ ((unused)),
	      Dwarf_Addr base __attribute__ ((unused)),
	      const char *file_name __attribute__ ((unused)),
	      const char *debuglink_file __attribute__ ((unused)),
	      GElf_Word debuglink_crc __attribute__ ((unused)),
	      char **debuginfo_file_name __attribute__ ((unused)))
{
  return -1;
}

static const Dwfl_Callbacks copy_callbacks = {
  .find_debuginfo = no_debuginfo,
  .section_address = dwfl_offline_section_address,
};

size_t
__calltab_info_key (const Calltab *ct, size_t scn)
{
  if (ct->ehdr.e_type != ET_REL || scn == ct->debug_info_scn)
    return 0;
  return scn;
}

/* The index of the groups and the image of the views.  */
struct ct_group_index
{
  size_t nscns;
  bool *used;			/* a dcall unit's debug_info is in section I */
  bool *table;			/* section I is a table section */
  /* The views.  */
  bool fast;			/* views can be made (else: copies) */
  Elf *relocated;		/* libdwfl's Elf of the object */
  const char **names;		/* section names of the object, NULL: none */
  size_t *base;			/* ungrouped debug sections, the first of
				   each name, in section order */
  uint64_t *base_off;		/* where their bytes are in IMAGE */
  size_t nbase;
  unsigned char *image;		/* [header slot][base bytes][group bytes] */
  size_t slot, base_end, image_alloc;
  /* The view alive, if any.  */
  size_t view_scn;
  Elf *view;
  Dwarf *view_dwarf;
  size_t *view_map;		/* view section index -> object's */
  size_t view_n, view_map_alloc;
  /* Scratch for one view.  */
  size_t *pick;
  size_t npick, pick_alloc;
};

/* Names libdw may take a section of (it reads .debug_*, .zdebug_*,
   .gnu.debuglto_.debug_* and, for DWZ, .gnu_debugaltlink).  */
static bool
debugish (const char *name)
{
  return name != NULL
	 && (strncmp (name, ".debug", 6) == 0
	     || strncmp (name, ".zdebug", 7) == 0
	     || strncmp (name, ".gnu.debuglto_", 14) == 0
	     || strcmp (name, ".gnu_debugaltlink") == 0);
}

static void
view_end (struct ct_group_index *gi)
{
  if (gi->view_dwarf != NULL)
    dwarf_end (gi->view_dwarf);
  if (gi->view != NULL)
    elf_end (gi->view);
  gi->view_dwarf = NULL;
  gi->view = NULL;
  gi->view_scn = 0;
  gi->view_n = 0;
}

static void
gindex_free (struct ct_group_index *gi)
{
  if (gi == NULL)
    return;
  view_end (gi);
  free (gi->used);
  free (gi->table);
  free (gi->names);
  free (gi->base);
  free (gi->base_off);
  free (gi->image);
  free (gi->view_map);
  free (gi->pick);
  free (gi);
}

static uint64_t
align_up (uint64_t v, uint64_t a)
{
  return (v + a - 1) / a * a;
}

/* The bytes of section I as libdwfl left them (relocated), or NULL.  */
static Elf_Data *
relocated_data (struct ct_group_index *gi, size_t i)
{
  Elf_Scn *s = elf_getscn (gi->relocated, i);
  return s != NULL ? elf_rawdata (s, NULL) : NULL;
}

/* Make room for SIZE bytes in IMAGE; a new slot of SLOT bytes moves the
   bytes after it.  Returns 0, or -1 when out of memory.  */
static int
image_reserve (struct ct_group_index *gi, size_t slot, size_t size)
{
  if (slot <= gi->slot && size <= gi->image_alloc)
    return 0;
  if (slot < gi->slot)
    slot = gi->slot;
  size_t grow = slot - gi->slot;
  size_t need = size + grow, alloc = gi->image_alloc ? gi->image_alloc : 4096;
  while (alloc < need)
    alloc *= 2;
  unsigned char *image = malloc (alloc);
  if (image == NULL)
    {
      __calltab_seterr (CALLTAB_E_NOMEM, NULL);
      return -1;
    }
  if (gi->image != NULL)
    memcpy (image + slot, gi->image + gi->slot, gi->base_end - gi->slot);
  for (size_t b = 0; b < gi->nbase; b++)
    gi->base_off[b] += grow;
  gi->base_end += grow;
  free (gi->image);
  gi->image = image;
  gi->image_alloc = alloc;
  gi->slot = slot;
  return 0;
}

/* Whether views can be made for CT (1, with the copy of the ungrouped
   debug sections made) or not (0).  Returns -1 when out of memory.  */
static int
fast_setup (Calltab *ct, struct ct_group_index *gi)
{
  /* libdwfl relocated the object itself (its relocation succeeded, or
     there would be no Dwarf) and its sections are the object's.  */
  if (ct->dwarf == NULL || ct->module == NULL || !ct->layout_ok)
    return 0;
  const char *debugfile = NULL;
  dwfl_module_info (ct->module, NULL, NULL, NULL, NULL, NULL, NULL,
		    &debugfile);
  size_t n, shstrndx;
  gi->relocated = dwarf_getelf (ct->dwarf);
  if ((debugfile != NULL && strcmp (debugfile, ct->path) != 0)
      || gi->relocated == NULL || elf_getshdrnum (gi->relocated, &n) < 0
      || n != gi->nscns || elf_getshdrstrndx (ct->elf, &shstrndx) < 0)
    return 0;
  gi->names = calloc (n ? n : 1, sizeof *gi->names);
  gi->base = malloc ((n ? n : 1) * sizeof *gi->base);
  gi->base_off = malloc ((n ? n : 1) * sizeof *gi->base_off);
  if (gi->names == NULL || gi->base == NULL || gi->base_off == NULL)
    {
      __calltab_seterr (CALLTAB_E_NOMEM, NULL);
      return -1;
    }
  size_t total = 0;
  for (size_t i = 1; i < n; i++)
    {
      GElf_Shdr sh;
      Elf_Scn *s = elf_getscn (ct->elf, i);
      if (s == NULL || gelf_getshdr (s, &sh) == NULL)
	continue;
      gi->names[i] = elf_strptr (ct->elf, shstrndx, sh.sh_name);
      if (!debugish (gi->names[i]))
	continue;
      /* libdwfl decompressed the .zdebug sections it relocated and left
	 their names: what libdw then makes of them is not copied.  */
      if (strncmp (gi->names[i], ".zdebug", 7) == 0)
	return 0;
      if ((sh.sh_flags & SHF_GROUP) != 0)
	continue;
      bool seen = false;
      for (size_t b = 0; b < gi->nbase && !seen; b++)
	seen = strcmp (gi->names[gi->base[b]], gi->names[i]) == 0;
      if (seen)
	continue;
      Elf_Data *d = NULL;
      if (sh.sh_type != SHT_NOBITS && (d = relocated_data (gi, i)) == NULL)
	return 0;
      gi->base_off[gi->nbase] = total;
      gi->base[gi->nbase++] = i;
      if (d != NULL && d->d_buf != NULL)
	total = align_up (total + d->d_size, 8);
    }
  gi->slot = 0;
  gi->base_end = total;
  if (image_reserve (gi, 0, total ? total : 1) < 0)
    return -1;
  for (size_t b = 0; b < gi->nbase; b++)
    {
      GElf_Shdr sh;
      Elf_Data *d;
      if (gelf_getshdr (elf_getscn (ct->elf, gi->base[b]), &sh) != NULL
	  && sh.sh_type != SHT_NOBITS
	  && (d = relocated_data (gi, gi->base[b])) != NULL
	  && d->d_buf != NULL && d->d_size != 0)
	memcpy (gi->image + gi->base_off[b], d->d_buf, d->d_size);
    }
  return 1;
}

/* The index of CT's groups, built on first use; NULL when out of
   memory.  */
static struct ct_group_index *
gindex (Calltab *ct)
{
  if (ct->gindex != NULL)
    return ct->gindex;
  struct ct_group_index *gi = calloc (1, sizeof *gi);
  size_t n;
  if (gi == NULL)
    goto nomem;
  if (elf_getshdrnum (ct->elf, &n) < 0)
    n = 0;
  gi->nscns = n;
  gi->used = calloc (n ? n : 1, sizeof *gi->used);
  gi->table = calloc (n ? n : 1, sizeof *gi->table);
  if (gi->used == NULL || gi->table == NULL)
    goto nomem;
  for (int t = 0; t < CT_NTABLES; t++)
    {
      const struct ct_table *tab = &ct->tables[t];
      for (size_t i = 0; ct_table_has_callee (t) && i < tab->nunits; i++)
	if (tab->units[i].info_scn < n)
	  gi->used[tab->units[i].info_scn] = true;
    }
  for (size_t i = 0; i < ct->nsections; i++)
    if (ct->sections[i].scn < n)
      gi->table[ct->sections[i].scn] = true;
  int fast = fast_setup (ct, gi);
  if (fast < 0)
    goto fail;
  gi->fast = fast == 1;
  ct->gindex = gi;
  return gi;

nomem:
  __calltab_seterr (CALLTAB_E_NOMEM, NULL);
fail:
  gindex_free (gi);
  return NULL;
}

/* The relocation index of the object, NULL if the tables are elsewhere
   (then the relocation walks look at every section).  */
static const struct ct_relindex *
object_relindex (const Calltab *ct)
{
  return ct->tables_elf == ct->elf ? ct->relindex : NULL;
}

static int
pick_target (const struct ct_rel *rel, void *arg)
{
  Calltab *ct = arg;
  struct ct_group_index *gi = ct->gindex;
  if (rel->sym.st_shndx == SHN_UNDEF
      || (rel->sym.st_shndx >= SHN_LORESERVE
	  && rel->sym.st_shndx != SHN_XINDEX)
      || rel->shndx >= gi->nscns)
    return 0;
  if (__calltab_reserve (&gi->pick, &gi->pick_alloc, gi->npick + 1,
			 sizeof *gi->pick) < 0)
    return -1;
  gi->pick[gi->npick++] = rel->shndx;
  return 0;
}

static int
compare_size (const void *a, const void *b)
{
  size_t x = *(const size_t *) a, y = *(const size_t *) b;
  return x < y ? -1 : x > y;
}

/* The ELF header EH of the view at P, in the object's class (in host
   byte order: see write_view).  */
static void
put_ehdr (unsigned char *p, int class, const GElf_Ehdr *eh)
{
  if (class == ELFCLASS32)
    {
      Elf32_Ehdr e = {
	.e_type = eh->e_type, .e_machine = eh->e_machine,
	.e_version = (Elf32_Word) eh->e_version,
	.e_entry = (Elf32_Addr) eh->e_entry,
	.e_phoff = (Elf32_Off) eh->e_phoff, .e_shoff = (Elf32_Off) eh->e_shoff,
	.e_flags = eh->e_flags, .e_ehsize = eh->e_ehsize,
	.e_phentsize = eh->e_phentsize, .e_phnum = eh->e_phnum,
	.e_shentsize = eh->e_shentsize, .e_shnum = eh->e_shnum,
	.e_shstrndx = eh->e_shstrndx };
      memcpy (e.e_ident, eh->e_ident, EI_NIDENT);
      memcpy (p, &e, sizeof e);
    }
  else
    memcpy (p, eh, sizeof (Elf64_Ehdr));	/* GElf_Ehdr is Elf64_Ehdr */
}

/* A section header of the view, the same way.  */
static void
put_shdr (unsigned char *p, int class, const GElf_Shdr *sh)
{
  if (class == ELFCLASS32)
    {
      Elf32_Shdr s = {
	.sh_name = sh->sh_name, .sh_type = sh->sh_type,
	.sh_flags = (Elf32_Word) sh->sh_flags,
	.sh_addr = (Elf32_Addr) sh->sh_addr,
	.sh_offset = (Elf32_Off) sh->sh_offset,
	.sh_size = (Elf32_Word) sh->sh_size, .sh_link = sh->sh_link,
	.sh_info = sh->sh_info,
	.sh_addralign = (Elf32_Word) sh->sh_addralign,
	.sh_entsize = (Elf32_Word) sh->sh_entsize };
      memcpy (p, &s, sizeof s);
    }
  else
    memcpy (p, sh, sizeof (Elf64_Shdr));	/* GElf_Shdr is Elf64_Shdr */
}

/* The sections of the view of .debug_info section SCN, in section order,
   into GI->pick[0..*NVIEW): SCN, the debug sections its relocations
   refer to (as write_copy marks them), the ungrouped ones they do not
   hide, each name once.  Returns 1; 0 when no view can be made (the
   caller makes a copy); -1 when out of memory.  */
static int
view_sections (Calltab *ct, struct ct_group_index *gi, size_t scn,
	       size_t *nview)
{
  gi->npick = 0;
  if (__calltab_foreach_reloc_ix (ct->elf, object_relindex (ct), scn,
				  pick_target, ct) < 0
      || __calltab_reserve (&gi->pick, &gi->pick_alloc,
			    gi->npick + gi->nbase + 1, sizeof *gi->pick) < 0)
    return -1;
  size_t nchosen = 0;
  for (size_t i = 0; i < gi->npick; i++)
    {
      size_t t = gi->pick[i];
      if (t == scn || t == 0)
	continue;
      if (gi->names[t] == NULL)
	return 0;		/* libdw would stop at it: copy */
      /* Only N is a .debug_info; other names libdw does not read do not
	 matter.  */
      if (debugish (gi->names[t]) && strcmp (gi->names[t], ".debug_info") != 0)
	gi->pick[nchosen++] = t;
    }
  gi->pick[nchosen++] = scn;
  qsort (gi->pick, nchosen, sizeof *gi->pick, compare_size);
  size_t n = 0;
  for (size_t i = 0; i < nchosen; i++)
    if (n == 0 || gi->pick[n - 1] != gi->pick[i])
      gi->pick[n++] = gi->pick[i];
  nchosen = n;
  /* The ungrouped ones stay unless a chosen section has their .debug_
     name (then the copy takes their name away).  */
  for (size_t b = 0; b < gi->nbase; b++)
    {
      size_t i = gi->base[b];
      const char *name = gi->names[i];
      bool hidden = strcmp (name, ".debug_info") == 0;
      for (size_t c = 0; c < nchosen && !hidden; c++)
	hidden = gi->pick[c] == i
		 || (strncmp (name, ".debug_", 7) == 0
		     && strcmp (gi->names[gi->pick[c]], name) == 0);
      if (!hidden)
	gi->pick[n++] = i;
    }
  qsort (gi->pick, n, sizeof *gi->pick, compare_size);
  /* libdw takes the first section of a name: the later ones of the same
     name can go.  */
  *nview = 0;
  for (size_t i = 0; i < n; i++)
    {
      bool dup = false;
      for (size_t j = 0; j < *nview && !dup; j++)
	dup = strcmp (gi->names[gi->pick[j]], gi->names[gi->pick[i]]) == 0;
      if (!dup)
	gi->pick[(*nview)++] = gi->pick[i];
    }
  return *nview + 2 < SHN_LORESERVE;
}

/* Write the view of the NVIEW sections GI->pick[0..NVIEW) into GI->image:
   in the header slot, the ELF header, the section headers (a null one,
   the sections, .shstrtab) and their names; after the base bytes, the
   bytes of the sections that are not in the base.  *SIZE: the image's
   size.  Returns 1; 0 when a section cannot be read; -1 when out of
   memory.  */
static int
write_view (Calltab *ct, struct ct_group_index *gi, size_t nview,
	    size_t *size)
{
  /* Header slot: ELF header, section headers, section names.  */
  int class = gelf_getclass (ct->elf);
  size_t ehsize = class == ELFCLASS32 ? sizeof (Elf32_Ehdr) : sizeof (Elf64_Ehdr);
  size_t shsize = class == ELFCLASS32 ? sizeof (Elf32_Shdr) : sizeof (Elf64_Shdr);
  size_t nshdr = nview + 2;
  size_t names = 1 + sizeof ".shstrtab";
  for (size_t i = 0; i < nview; i++)
    names += strlen (gi->names[gi->pick[i]]) + 1;
  size_t shoff = align_up (ehsize, 8);
  size_t stroff = shoff + nshdr * shsize;
  size_t slot = align_up (stroff + names, 8);
  /* Group bytes: the view's sections that are not in the base.  */
  size_t group_bytes = 0;
  for (size_t i = 0; i < nview; i++)
    {
      bool in_base = false;
      for (size_t b = 0; b < gi->nbase && !in_base; b++)
	in_base = gi->base[b] == gi->pick[i];
      Elf_Data *d;
      if (!in_base && (d = relocated_data (gi, gi->pick[i])) != NULL)
	group_bytes = align_up (group_bytes + d->d_size, 8);
    }
  if (image_reserve (gi, slot, gi->base_end + group_bytes + 1) < 0
      || __calltab_reserve (&gi->view_map, &gi->view_map_alloc, nshdr,
			    sizeof *gi->view_map) < 0)
    return -1;

  unsigned char *hdr = gi->image;
  memset (hdr, 0, gi->slot);
  unsigned char *strtab = hdr + stroff;
  size_t strsize = 1;
  size_t group_off = gi->base_end;
  gi->view_map[0] = 0;
  for (size_t v = 0; v < nview; v++)
    {
      size_t i = gi->pick[v];
      GElf_Shdr sh, rsh;
      Elf_Scn *rs = elf_getscn (gi->relocated, i);
      if (rs == NULL || gelf_getshdr (rs, &rsh) == NULL
	  || gelf_getshdr (elf_getscn (ct->elf, i), &sh) == NULL)
	return 0;
      /* As libdwfl left it (decompressed where it relocated), not in a
	 group.  */
      GElf_Shdr out = {
	.sh_name = (GElf_Word) strsize, .sh_type = rsh.sh_type,
	.sh_flags = rsh.sh_flags & ~(GElf_Xword) SHF_GROUP,
	.sh_addralign = rsh.sh_addralign, .sh_entsize = rsh.sh_entsize,
	.sh_size = rsh.sh_size };
      if (rsh.sh_type != SHT_NOBITS)
	{
	  Elf_Data *d = relocated_data (gi, i);
	  if (d == NULL)
	    return 0;
	  out.sh_size = d->d_buf != NULL ? d->d_size : 0;
	  size_t b;
	  for (b = 0; b < gi->nbase && gi->base[b] != i; b++)
	    ;
	  if (b < gi->nbase)
	    out.sh_offset = gi->base_off[b];
	  else
	    {
	      out.sh_offset = group_off;
	      if (out.sh_size != 0)
		memcpy (gi->image + group_off, d->d_buf, out.sh_size);
	      group_off = align_up (group_off + out.sh_size, 8);
	    }
	}
      const char *name = gi->names[i];
      memcpy (strtab + strsize, name, strlen (name) + 1);
      strsize += strlen (name) + 1;
      put_shdr (hdr + shoff + (v + 1) * shsize, class, &out);
      gi->view_map[v + 1] = i;
    }
  GElf_Shdr str = { .sh_name = (GElf_Word) strsize, .sh_type = SHT_STRTAB,
		    .sh_offset = stroff, .sh_addralign = 1 };
  memcpy (strtab + strsize, ".shstrtab", sizeof ".shstrtab");
  strsize += sizeof ".shstrtab";
  str.sh_size = strsize;
  put_shdr (hdr + shoff + (nview + 1) * shsize, class, &str);
  gi->view_map[nview + 1] = 0;
  gi->view_n = nshdr;
  GElf_Ehdr eh = {
    .e_type = ct->ehdr.e_type, .e_machine = ct->ehdr.e_machine,
    .e_version = ct->ehdr.e_version, .e_shoff = shoff,
    .e_flags = ct->ehdr.e_flags, .e_ehsize = (GElf_Half) ehsize,
    .e_shentsize = (GElf_Half) shsize, .e_shnum = (GElf_Half) nshdr,
    .e_shstrndx = (GElf_Half) (nview + 1) };
  memcpy (eh.e_ident, ct->ehdr.e_ident, EI_NIDENT);
  put_ehdr (hdr, class, &eh);
  /* The headers in the object's byte order.  */
  Elf_Data src = { .d_buf = hdr, .d_type = ELF_T_EHDR, .d_size = ehsize,
		   .d_version = EV_CURRENT };
  Elf_Data dst = src;
  if (gelf_xlatetof (ct->elf, &dst, &src, eh.e_ident[EI_DATA]) == NULL)
    return 0;
  src = (Elf_Data) { .d_buf = hdr + shoff, .d_type = ELF_T_SHDR,
		     .d_size = nshdr * shsize, .d_version = EV_CURRENT };
  dst = src;
  if (gelf_xlatetof (ct->elf, &dst, &src, eh.e_ident[EI_DATA]) == NULL)
    return 0;
  *size = group_off;
  return 1;
}

/* Make the view of .debug_info section SCN: 1 with its Dwarf in *DW
   (NULL if libdw reads none); 0 when this view cannot be made (the
   caller makes a copy); -1 when out of memory.  */
static int
fast_view (Calltab *ct, struct ct_group_index *gi, size_t scn, Dwarf **dw)
{
  *dw = NULL;
  view_end (gi);
  size_t nview, size;
  int r = view_sections (ct, gi, scn, &nview);
  if (r == 1)
    r = write_view (ct, gi, nview, &size);
  if (r != 1)
    return r;
  gi->view = elf_memory ((char *) gi->image, size);
  if (gi->view == NULL)
    return 0;
  gi->view_scn = scn;
  gi->view_dwarf = dwarf_begin_elf (gi->view, DWARF_C_READ, NULL);
  *dw = gi->view_dwarf;
  return 1;
}

size_t
__calltab_view_scn (const Calltab *ct, Dwarf *dw, size_t ndx)
{
  const struct ct_group_index *gi = ct->gindex;
  if (gi == NULL || dw == NULL || dw != gi->view_dwarf)
    return ndx;
  return ndx < gi->view_n ? gi->view_map[ndx] : 0;
}

/* Which sections mark_targets has found: CHOSEN[N] for section N.  */
struct targets
{
  bool *chosen;
  size_t nscns;
};

static int
mark_target (const struct ct_rel *rel, void *arg)
{
  struct targets *t = arg;
  if (rel->sym.st_shndx != SHN_UNDEF
      && (rel->sym.st_shndx < SHN_LORESERVE
	  || rel->sym.st_shndx == SHN_XINDEX)
      && rel->shndx < t->nscns)
    t->chosen[rel->shndx] = true;
  return 0;
}

/* Mark in CHOSEN the debug sections the relocations of section SCN
   refer to.  */
static void
mark_targets (Elf *elf, const struct ct_relindex *ix, size_t scn,
	      bool *chosen, size_t nscns)
{
  struct targets t = { .chosen = chosen, .nscns = nscns };
  __calltab_foreach_reloc_ix (elf, ix, scn, mark_target, &t);
}

/* Write the copy of CT's object for section SCN into FD.  Returns 1;
   0 when it cannot be written; -1 when out of memory.  */
static int
write_copy (Calltab *ct, size_t scn, int fd)
{
  size_t size, nscns, shstrndx;
  char *image = elf_rawfile (ct->elf, &size);
  if (image == NULL || elf_getshdrnum (ct->elf, &nscns) < 0
      || elf_getshdrstrndx (ct->elf, &shstrndx) < 0 || scn >= nscns)
    return 0;
  for (size_t done = 0; done < size;)
    {
      ssize_t n = write (fd, image + done, size - done);
      if (n <= 0)
	return 0;
      done += (size_t) n;
    }
  bool *chosen = calloc (nscns, sizeof *chosen);
  if (chosen == NULL)
    {
      __calltab_seterr (CALLTAB_E_NOMEM, NULL);
      return -1;
    }
  mark_targets (ct->elf, object_relindex (ct), scn, chosen, nscns);
  /* SCN is the only .debug_info, whatever its relocations refer to.  */
  for (size_t i = 1; i < nscns; i++)
    {
      GElf_Shdr sh;
      const char *name;
      if (gelf_getshdr (elf_getscn (ct->elf, i), &sh) != NULL
	  && (name = elf_strptr (ct->elf, shstrndx, sh.sh_name)) != NULL
	  && strcmp (name, ".debug_info") == 0)
	chosen[i] = i == scn;
    }
  chosen[scn] = true;

  int ok = 0;
  Elf *copy = elf_begin (fd, ELF_C_RDWR, NULL);
  if (copy == NULL)
    goto out;
  elf_flagelf (copy, ELF_C_SET, ELF_F_LAYOUT);
  for (size_t i = 1; i < nscns; i++)
    {
      GElf_Shdr sh, csh;
      const char *name;
      Elf_Scn *cs = elf_getscn (copy, i);
      if (gelf_getshdr (elf_getscn (ct->elf, i), &sh) == NULL
	  || cs == NULL || gelf_getshdr (cs, &csh) == NULL)
	continue;
      /* libdw ignores sections of a group (SHF_GROUP) unless asked for
	 that group, and then ignores all others: make the chosen debug
	 sections and their relocations ordinary ones.  */
      bool is_rel = sh.sh_type == SHT_RELA || sh.sh_type == SHT_REL;
      if ((chosen[i] || (is_rel && sh.sh_info < nscns && chosen[sh.sh_info]))
	  && (csh.sh_flags & SHF_GROUP) != 0)
	{
	  csh.sh_flags &= ~(GElf_Xword) SHF_GROUP;
	  gelf_update_shdr (cs, &csh);
	}
      if (chosen[i]
	  || (name = elf_strptr (ct->elf, shstrndx, sh.sh_name)) == NULL
	  || strncmp (name, ".debug_", 7) != 0)
	continue;
      /* Hide I if a chosen section has its name.  */
      for (size_t j = 1; j < nscns; j++)
	{
	  GElf_Shdr cj;
	  const char *cname;
	  if (!chosen[j] || gelf_getshdr (elf_getscn (ct->elf, j), &cj) == NULL
	      || (cname = elf_strptr (ct->elf, shstrndx, cj.sh_name)) == NULL
	      || strcmp (cname, name) != 0)
	    continue;
	  csh.sh_name = 0;
	  gelf_update_shdr (cs, &csh);
	  break;
	}
    }
  ok = elf_update (copy, ELF_C_WRITE) >= 0 ? 1 : 0;
  elf_end (copy);
out:
  free (chosen);
  return ok;
}

int
__calltab_group_dwarf (Calltab *ct, size_t scn, Dwarf **dw,
		       Dwfl_Module **mod)
{
  *dw = NULL;
  *mod = NULL;
  if (__calltab_info_key (ct, scn) == 0)
    {
      *mod = ct->module;
      *dw = ct->dwarf;
      return *dw != NULL;
    }
  for (size_t i = 0; i < ct->ngroups; i++)
    if (ct->groups[i].scn == scn)
      {
	*mod = ct->groups[i].module;
	*dw = ct->groups[i].dwarf;
	return *dw != NULL;
      }
  if (!ct->layout_ok)
    return 0;
  struct ct_group_index *gi = gindex (ct);
  if (gi == NULL)
    return -1;
  if (gi->fast)
    {
      int r = fast_view (ct, gi, scn, dw);
      if (r == 1)
	{
	  *mod = ct->module;
	  return *dw != NULL;
	}
      view_end (gi);
      if (r < 0)
	return -1;
    }
  struct ct_dwarf *g = realloc (ct->groups, (ct->ngroups + 1) * sizeof *g);
  if (g == NULL)
    {
      __calltab_seterr (CALLTAB_E_NOMEM, NULL);
      return -1;
    }
  ct->groups = g;
  g = &ct->groups[ct->ngroups++];
  *g = (struct ct_dwarf) { .scn = scn, .fd = -1 };
  g->fd = memfd_create ("calltab-group", MFD_CLOEXEC);
  int r = g->fd < 0 ? 0 : write_copy (ct, scn, g->fd);
  if (r != 1)
    return r;
  char path[64];
  snprintf (path, sizeof path, "/proc/self/fd/%d", g->fd);
  g->dwfl = dwfl_begin (&copy_callbacks);
  if (g->dwfl == NULL)
    {
      __calltab_seterr (CALLTAB_E_NOMEM, NULL);
      return -1;
    }
  dwfl_report_begin (g->dwfl);
  g->module = dwfl_report_offline (g->dwfl, ct->path, path, -1);
  dwfl_report_end (g->dwfl, NULL, NULL);
  Dwarf_Addr bias;
  if (g->module != NULL)
    g->dwarf = dwfl_module_getdwarf (g->module, &bias);
  *mod = g->module;
  *dw = g->dwarf;
  return *dw != NULL;
}

struct table_hit
{
  const bool *table;
  size_t nscns;
};

static int
hits_table (const struct ct_rel *rel, void *arg)
{
  const struct table_hit *h = arg;
  return rel->sym.st_shndx != SHN_UNDEF
	 && (rel->sym.st_shndx < SHN_LORESERVE
	     || rel->sym.st_shndx == SHN_XINDEX)
	 && rel->shndx < h->nscns && h->table[rel->shndx];
}

int
__calltab_group_used (Calltab *ct, size_t scn)
{
  struct ct_group_index *gi = gindex (ct);
  if (gi == NULL)
    return -1;
  if (scn < gi->nscns && gi->used[scn])
    return 1;
  /* Caller attributes: relocations against a table section.  */
  struct table_hit h = { gi->table, gi->nscns };
  return __calltab_foreach_reloc_ix (ct->elf, object_relindex (ct), scn,
				     hits_table, &h) > 0;
}

void
__calltab_group_release (Calltab *ct, size_t scn)
{
  if (ct->gindex != NULL && ct->gindex->view_scn == scn)
    view_end (ct->gindex);
  for (size_t i = 0; i < ct->ngroups; i++)
    if (ct->groups[i].scn == scn)
      {
	__calltab_dwfl_end (ct->groups[i].dwfl);
	if (ct->groups[i].fd >= 0)
	  close (ct->groups[i].fd);
	ct->groups[i] = ct->groups[--ct->ngroups];
	return;
      }
}

void
__calltab_groups_end (Calltab *ct)
{
  for (size_t i = 0; i < ct->ngroups; i++)
    {
      __calltab_dwfl_end (ct->groups[i].dwfl);
      if (ct->groups[i].fd >= 0)
	close (ct->groups[i].fd);
    }
  free (ct->groups);
  gindex_free (ct->gindex);
}
