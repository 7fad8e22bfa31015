/* groups.c: DIEs in the further .debug_info sections of an object.

   A relocatable object may hold several sections named .debug_info: one
   per COMDAT group when a producer (GCC with -fdebug-types-section, or
   the calltab plugin for callers in groups) puts a unit into the group.
   libdw takes only the first section of each name and ignores sections
   of groups (SHF_GROUP).  To read the unit of section N with libdw (and
   have libdwfl relocate it), the object is copied into a memfd in which
   N and the debug sections its relocations refer to lose SHF_GROUP, and
   the other sections of their names lose their names; libdwfl then
   opens the copy.  Only sections the tables use get a copy, one at a
   time, released once their DIEs are cached.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "libcalltabP.h"
#include "elf-index.h"

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
mark_targets (Elf *elf, size_t scn, bool *chosen, size_t nscns)
{
  struct targets t = { .chosen = chosen, .nscns = nscns };
  __calltab_foreach_reloc (elf, scn, mark_target, &t);
}

/* Write the copy of CT's object for section SCN into FD.  */
static bool
write_copy (Calltab *ct, size_t scn, int fd, bool *nomem)
{
  size_t size, nscns, shstrndx;
  char *image = elf_rawfile (ct->elf, &size);
  if (image == NULL || elf_getshdrnum (ct->elf, &nscns) < 0
      || elf_getshdrstrndx (ct->elf, &shstrndx) < 0 || scn >= nscns)
    return false;
  for (size_t done = 0; done < size;)
    {
      ssize_t n = write (fd, image + done, size - done);
      if (n <= 0)
	return false;
      done += (size_t) n;
    }
  bool *chosen = calloc (nscns, sizeof *chosen);
  if (chosen == NULL)
    {
      *nomem = true;
      return false;
    }
  mark_targets (ct->elf, scn, chosen, nscns);
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

  bool ok = false;
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
  ok = elf_update (copy, ELF_C_WRITE) >= 0;
  elf_end (copy);
out:
  free (chosen);
  return ok;
}

Dwarf *
__calltab_group_dwarf (Calltab *ct, size_t scn, Dwfl_Module **mod,
		       bool *nomem)
{
  *nomem = false;
  if (__calltab_info_key (ct, scn) == 0)
    {
      *mod = ct->module;
      return ct->dwarf;
    }
  for (size_t i = 0; i < ct->ngroups; i++)
    if (ct->groups[i].scn == scn)
      {
	*mod = ct->groups[i].module;
	return ct->groups[i].dwarf;
      }
  *mod = NULL;
  if (!ct->layout_ok)
    return NULL;
  struct ct_dwarf *g = realloc (ct->groups, (ct->ngroups + 1) * sizeof *g);
  if (g == NULL)
    {
      *nomem = true;
      return NULL;
    }
  ct->groups = g;
  g = &ct->groups[ct->ngroups++];
  *g = (struct ct_dwarf) { .scn = scn, .fd = -1 };
  *mod = NULL;
  g->fd = memfd_create ("calltab-group", MFD_CLOEXEC);
  if (g->fd < 0 || !write_copy (ct, scn, g->fd, nomem))
    return NULL;
  char path[64];
  snprintf (path, sizeof path, "/proc/self/fd/%d", g->fd);
  g->dwfl = dwfl_begin (&copy_callbacks);
  if (g->dwfl == NULL)
    {
      *nomem = true;
      return NULL;
    }
  dwfl_report_begin (g->dwfl);
  g->module = dwfl_report_offline (g->dwfl, ct->path, path, -1);
  dwfl_report_end (g->dwfl, NULL, NULL);
  Dwarf_Addr bias;
  if (g->module != NULL)
    g->dwarf = dwfl_module_getdwarf (g->module, &bias);
  *mod = g->module;
  return g->dwarf;
}

bool
__calltab_group_used (Calltab *ct, size_t scn, bool *nomem)
{
  *nomem = false;
  const struct ct_table *tab = &ct->tables[CALLTAB_DCALL];
  for (size_t i = 0; i < tab->nunits; i++)
    if (tab->units[i].info_scn == scn)
      return true;
  /* Caller attributes: relocations against a table section.  */
  size_t nscns;
  if (elf_getshdrnum (ct->elf, &nscns) < 0)
    return false;
  bool *table = calloc (nscns ? nscns : 1, sizeof *table);
  if (table == NULL)
    {
      *nomem = true;
      return false;
    }
  for (size_t i = 0; i < ct->nsections; i++)
    if (ct->sections[i].scn < nscns)
      table[ct->sections[i].scn] = true;
  bool *hit = calloc (nscns ? nscns : 1, sizeof *hit);
  bool used = false;
  if (hit == NULL)
    *nomem = true;
  else
    {
      mark_targets (ct->elf, scn, hit, nscns);
      for (size_t i = 0; i < nscns && !used; i++)
	used = hit[i] && table[i];
    }
  free (hit);
  free (table);
  return used;
}

void
__calltab_group_release (Calltab *ct, size_t scn)
{
  for (size_t i = 0; i < ct->ngroups; i++)
    if (ct->groups[i].scn == scn)
      {
	if (ct->groups[i].dwfl != NULL)
	  dwfl_end (ct->groups[i].dwfl);
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
      if (ct->groups[i].dwfl != NULL)
	dwfl_end (ct->groups[i].dwfl);
      if (ct->groups[i].fd >= 0)
	close (ct->groups[i].fd);
    }
  free (ct->groups);
}
