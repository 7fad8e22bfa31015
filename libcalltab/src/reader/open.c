/* open.c: calltab_begin and calltab_end.

   The tables are read with libelf from the file itself, or from its
   separate debug file when the file has none; DWARF comes through
   libdwfl, which finds separate debug files (build-id, .gnu_debuglink)
   and relocates .debug_info of relocatable objects.  */

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
#include "libcalltabP.h"
#include "elf/elf-index.h"

#ifndef CALLTAB_VERSION
# error "CALLTAB_VERSION must be defined by the build"
#endif

CALLTAB_EXPORT const char *
calltab_version (void)
{
  return CALLTAB_VERSION;
}

static int
table_of (const char *name)
{
  for (int t = 0; t < CT_NTABLES; t++)
    if (strcmp (name, ct_table_section (t)) == 0)
      return t;
  return -1;
}

/* Whether ELF has at least one table section with contents.  */
static bool
has_tables (Elf *elf)
{
  size_t shstrndx;
  if (elf_getshdrstrndx (elf, &shstrndx) < 0)
    return false;
  for (Elf_Scn *s = NULL; (s = elf_nextscn (elf, s)) != NULL;)
    {
      GElf_Shdr sh;
      const char *name;
      if (gelf_getshdr (s, &sh) != NULL && sh.sh_type != SHT_NOBITS
	  && (name = elf_strptr (elf, shstrndx, sh.sh_name)) != NULL
	  && table_of (name) >= 0)
	return true;
    }
  return false;
}

/* What is wrong with a file's layout, in the words of the reader's
   problem.  */
struct why
{
  char text[128];
};

/* __calltab_elf_layout callback: the first defect into the struct why
   at ARG; stops the walk.  */
static int
first_defect (const struct ct_layout *d, void *arg)
{
  struct why *w = arg;
  switch (d->what)
    {
    case CT_LAYOUT_EHDR:
    case CT_LAYOUT_SHDRS:
    case CT_LAYOUT_SHDR:
      snprintf (w->text, sizeof w->text, "%s", d->libelf);
      break;
    case CT_LAYOUT_TABLE:
      snprintf (w->text, sizeof w->text,
		"header table extends past the end of the file");
      break;
    case CT_LAYOUT_SECTION:
      snprintf (w->text, sizeof w->text,
		"section [%zu] extends past the end of the file", d->scn);
      break;
    case CT_LAYOUT_COMPRESSED:
      snprintf (w->text, sizeof w->text, "compressed section [%zu] claims 0x%"
		PRIx64 " bytes from 0x%" PRIx64 ", more than its format gives",
		d->scn, d->claimed, d->size);
      break;
    }
  return 1;
}

/* Whether the headers and sections of CT's file lie inside it
   (__calltab_elf_layout); libdwfl is given only such a file.  Else *WHY
   says the first thing that is wrong.  */
static bool
layout_sane (Calltab *ct, struct why *why)
{
  struct stat st;
  if (fstat (ct->fd, &st) < 0)
    {
      snprintf (why->text, sizeof why->text, "cannot stat: %s",
		strerror (errno));
      return false;
    }
  return __calltab_elf_layout (ct->elf, (uint64_t) st.st_size, first_defect,
			       why) == 0;
}

/* Find the DWARF through libdwfl; its absence is not an error here (it
   is kept in CT->dwarf_error).  Returns 0, or -1 when out of memory.  */
static int
open_dwarf (Calltab *ct)
{
  Dwfl_Module *mod;
  Dwarf_Addr bias;
  int found = __calltab_dwfl_offline (&ct->callbacks, &ct->debuginfo_path,
				      ct->path, &ct->dwfl, &mod, &ct->dwarf,
				      &bias);
  ct->module = mod;
  if (found < 0)
    return -1;
  if (found == 0)
    {
      const char *msg = dwfl_errmsg (-1);
      ct->dwarf_error = strdup (msg != NULL ? msg : "no DWARF found");
      if (ct->dwarf_error == NULL)
	{
	  __calltab_seterr (CALLTAB_E_NOMEM, NULL);
	  return -1;
	}
      return 0;
    }
  const char *debugfile = NULL;
  dwfl_module_info (mod, NULL, NULL, NULL, NULL, NULL, NULL, &debugfile);
  Elf *debug_elf = dwarf_getelf (ct->dwarf);
  /* A separate debug file holds the tables when the file itself has
     none (objcopy --only-keep-debug moves every .debug_* there).  */
  if (debugfile != NULL && strcmp (debugfile, ct->path) != 0
      && debug_elf != NULL && !has_tables (ct->elf) && has_tables (debug_elf))
    {
      ct->tables_elf = debug_elf;
      free (ct->tables_path);
      ct->tables_path = strdup (debugfile);
    }
  return 0;
}

/* Find the table sections of CT->tables_elf, load and decode them.  */
static int
read_tables (Calltab *ct)
{
  Elf *elf = ct->tables_elf;
  size_t shstrndx, nscns;
  if (elf_getshdrstrndx (elf, &shstrndx) < 0 || elf_getshdrnum (elf, &nscns) < 0)
    {
      __calltab_seterr (CALLTAB_E_LIBELF, "%s", ct->tables_path);
      return -1;
    }
  ct->sections = calloc (nscns ? nscns : 1, sizeof *ct->sections);
  if (ct->sections == NULL)
    {
      __calltab_seterr (CALLTAB_E_NOMEM, NULL);
      return -1;
    }
  size_t count[CT_NTABLES] = { 0 };
  for (Elf_Scn *s = NULL; (s = elf_nextscn (elf, s)) != NULL;)
    {
      GElf_Shdr sh;
      const char *name;
      if (gelf_getshdr (s, &sh) == NULL
	  || (name = elf_strptr (elf, shstrndx, sh.sh_name)) == NULL)
	continue;
      /* libdw's .debug_info: the first one outside a section group
	 (libdw ignores grouped ones; groups.c reads those).  */
      if (strcmp (name, ".debug_info") == 0 && sh.sh_type != SHT_NOBITS
	  && (sh.sh_flags & SHF_GROUP) == 0 && !ct->have_debug_info)
	{
	  ct->have_debug_info = true;
	  ct->debug_info_scn = elf_ndxscn (s);
	  ct->debug_info_size = sh.sh_size;
	  if ((sh.sh_flags & SHF_COMPRESSED) != 0)
	    {
	      GElf_Chdr chdr;
	      if (gelf_getchdr (s, &chdr) != NULL)
		ct->debug_info_size = chdr.ch_size;
	    }
	}
      int table = table_of (name);
      if (table < 0 || sh.sh_type == SHT_NOBITS)
	continue;
      struct ct_section *sec = &ct->sections[ct->nsections++];
      sec->table = table;
      sec->scn = elf_ndxscn (s);
      sec->name = name;
      sec->label = name;
      count[table]++;
    }
  /* The one place labels are made (the reader's and calltab_verify's
     messages): "name(N)" for a name that repeats (one per COMDAT group
     in an object); __calltab_section_label finds them.  */
  for (size_t i = 0; i < ct->nsections; i++)
    {
      struct ct_section *sec = &ct->sections[i];
      if (count[sec->table] > 1)
	{
	  char buf[64];
	  snprintf (buf, sizeof buf, "%s(%zu)", sec->name, sec->scn);
	  if ((sec->label = __calltab_strdup (ct, buf)) == NULL)
	    {
	      __calltab_seterr (CALLTAB_E_NOMEM, NULL);
	      return -1;
	    }
	}
    }
  for (size_t i = 0; i < ct->nsections; i++)
    if (__calltab_load_section (ct, i, elf_getscn (elf, ct->sections[i].scn)) < 0
	|| __calltab_decode_section (ct, i) < 0)
      return -1;
  return 0;
}

const char *
__calltab_section_label (const Calltab *ct, const char *name, size_t scn)
{
  if (name == NULL)
    return "?";
  /* CT->sections are in section index order (read_tables): a binary
     search, not a walk per label (verify asks once per unit).  */
  size_t lo = 0, hi = ct->nsections;
  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;
      if (ct->sections[mid].scn < scn)
	lo = mid + 1;
      else
	hi = mid;
    }
  if (lo < ct->nsections && ct->sections[lo].scn == scn
      && strcmp (ct->sections[lo].name, name) == 0)
    return ct->sections[lo].label;
  return name;
}

CALLTAB_EXPORT Calltab *
calltab_begin (const char *path)
{
  return calltab_begin_debuginfo (path, NULL);
}

CALLTAB_EXPORT Calltab *
calltab_begin_debuginfo (const char *path, const char *debuginfo_path)
{
  if (path == NULL)
    {
      __calltab_seterr (CALLTAB_E_INVALID_ARG, NULL);
      return NULL;
    }
  if (elf_version (EV_CURRENT) == EV_NONE)
    {
      __calltab_seterr (CALLTAB_E_LIBELF, "%s: %s", path, elf_errmsg (-1));
      return NULL;
    }

  Calltab *ct = calloc (1, sizeof *ct);
  if (ct == NULL || (ct->path = strdup (path)) == NULL
      || (ct->tables_path = strdup (path)) == NULL)
    {
      if (ct != NULL)
	free (ct->path);
      free (ct);
      __calltab_seterr (CALLTAB_E_NOMEM, NULL);
      return NULL;
    }
  ct->fd = -1;
  pthread_mutex_init (&ct->lock, NULL);
  if (debuginfo_path != NULL
      && (ct->debuginfo_path = strdup (debuginfo_path)) == NULL)
    {
      __calltab_seterr (CALLTAB_E_NOMEM, NULL);
      goto fail;
    }

  ct->fd = open (path, O_RDONLY | O_CLOEXEC);
  if (ct->fd < 0)
    {
      __calltab_seterr (CALLTAB_E_IO, "%s: %s", path, strerror (errno));
      goto fail;
    }
  ct->elf = elf_begin (ct->fd, ELF_C_READ_MMAP, NULL);
  if (ct->elf == NULL)
    {
      __calltab_seterr (CALLTAB_E_LIBELF, "%s: %s", path, elf_errmsg (-1));
      goto fail;
    }
  if (elf_kind (ct->elf) != ELF_K_ELF)
    {
      __calltab_seterr (CALLTAB_E_NOELF, "%s", path);
      goto fail;
    }
  size_t shstrndx;
  if (gelf_getehdr (ct->elf, &ct->ehdr) == NULL
      || elf_getshdrstrndx (ct->elf, &shstrndx) < 0)
    {
      __calltab_seterr (CALLTAB_E_LIBELF, "%s: %s", path, elf_errmsg (-1));
      goto fail;
    }
  ct->tables_elf = ct->elf;
  struct why why;
  if ((ct->layout_ok = layout_sane (ct, &why)))
    {
      if (open_dwarf (ct) < 0)
	goto fail;
    }
  else
    {
      if ((ct->dwarf_error = strdup (why.text)) == NULL)
	{
	  __calltab_seterr (CALLTAB_E_NOMEM, NULL);
	  goto fail;
	}
      if (__calltab_problem (ct, CALLTAB_E_LIBELF, CALLTAB_ERROR, (size_t) -1,
			     0, "malformed ELF file, DWARF not read: %s",
			     why.text) < 0)
	goto fail;
    }
  if (ct->tables_path == NULL
      || gelf_getehdr (ct->tables_elf, &ct->ehdr) == NULL)
    {
      __calltab_seterr (CALLTAB_E_NOMEM, NULL);
      goto fail;
    }
  if (read_tables (ct) < 0 || __calltab_build_index (ct) < 0
      || __calltab_resolve (ct) < 0)
    goto fail;
  return ct;

fail:
  calltab_end (ct);
  return NULL;
}

CALLTAB_EXPORT void
calltab_end (Calltab *ct)
{
  if (ct == NULL)
    return;
  for (size_t i = 0; i < ct->nsections; i++)
    {
      free (ct->sections[i].data);
      free (ct->sections[i].relocs);
    }
  free (ct->sections);
  free (ct->ranges);
  for (int t = 0; t < CT_NTABLES; t++)
    {
      free (ct->tables[t].units);
      free (ct->tables[t].entries);
      free (ct->tables[t].index);
    }
  for (size_t i = 0; i < ct->nproblems; i++)
    {
      free (ct->problems[i].message);
      free (ct->problems[i].text);
    }
  free (ct->problems);
  for (size_t i = 0; i < ct->nfuncs; i++)
    free (ct->funcs[i].errmsg);
  free (ct->funcs);
  free (ct->callers);
  free (ct->dwarf_error);
  if (ct->disamb != NULL)
    ct->disamb_free (ct->disamb);
  __calltab_groups_end (ct);
  __calltab_relindex_free (ct->relindex);
  __calltab_dwfl_end (ct->dwfl);
  elf_end (ct->elf);
  if (ct->fd >= 0)
    close (ct->fd);
  __calltab_strpool_free (&ct->strings);
  pthread_mutex_destroy (&ct->lock);
  free (ct->debuginfo_path);
  free (ct->tables_path);
  free (ct->path);
  free (ct);
}

CALLTAB_EXPORT const char *
calltab_path (const Calltab *ct)
{
  return ct != NULL ? ct->path : NULL;
}

CALLTAB_EXPORT const char *
calltab_tables_path (const Calltab *ct)
{
  return ct != NULL ? ct->tables_path : NULL;
}

CALLTAB_EXPORT Elf *
calltab_elf (const Calltab *ct)
{
  return ct != NULL ? ct->tables_elf : NULL;
}

CALLTAB_EXPORT Dwarf *
calltab_dwarf (const Calltab *ct)
{
  if (ct == NULL)
    return NULL;
  if (ct->dwarf == NULL)
    __calltab_seterr (CALLTAB_E_NO_DWARF, "%s: %s", ct->path,
		      ct->dwarf_error ? ct->dwarf_error : "no .debug_info");
  return ct->dwarf;
}
