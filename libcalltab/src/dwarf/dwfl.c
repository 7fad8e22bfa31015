/* dwfl.c: the library's use of libdwfl: one offline set-up for the
   reader and the verifier, and where libdwfl placed an address of a
   relocatable object.  */

#include <stdlib.h>
#include "dwarf-read.h"

int
__calltab_dwfl_offline (Dwfl_Callbacks *callbacks, char **debuginfo_path,
			const char *path, Dwfl **dwflp, Dwfl_Module **modp,
			Dwarf **dwp, Dwarf_Addr *bias)
{
  /* libdwfl keeps a pointer to the callbacks: the caller keeps them.  A
     NULL *DEBUGINFO_PATH means libdwfl's default
     (":.debug:/usr/lib/debug").  */
  *callbacks = (Dwfl_Callbacks) {
    .find_elf = dwfl_build_id_find_elf,
    .find_debuginfo = dwfl_standard_find_debuginfo,
    .section_address = dwfl_offline_section_address,
    .debuginfo_path = debuginfo_path,
  };
  *modp = NULL;
  *dwp = NULL;
  *bias = 0;
  if ((*dwflp = dwfl_begin (callbacks)) == NULL)
    {
      __calltab_seterr (CALLTAB_E_NOMEM, NULL);
      return -1;
    }
  dwfl_report_begin (*dwflp);
  *modp = dwfl_report_offline (*dwflp, path, path, -1);
  dwfl_report_end (*dwflp, NULL, NULL);
  if (*modp != NULL)
    *dwp = dwfl_module_getdwarf (*modp, bias);
  return *dwp != NULL;
}

/* libdwfl's layout of a relocatable object: dwfl_report_offline gives
   every allocated section an address of its own (it writes sh_addr in
   its copy of the section headers).  dwfl_module_relocate_address and
   dwfl_module_address_section map an address back to its section
   through libdwfl's own table of them, built on first use by a walk that
   searches a list of the allocated sections for every relocation
   section (cache_sections, elfutils 0.188): with thousands of COMDAT
   groups that walk is quadratic (0.5 s at 20,000 groups).  The same
   table is built here once per module from the same section headers,
   kept in the module's user data slot (the callbacks of
   __calltab_dwfl_offline and of groups.c do not use it), and searched as
   libdwfl searches it.  */
struct dwfl_layout
{
  size_t n;
  struct dwfl_secref
  {
    uint64_t start, end;
    size_t scn;
  } refs[];
};

/* The slot's value when the table cannot be built as libdwfl would
   (a separate debug file, a section libdwfl did not place, a libelf or
   symbol table error): libdwfl itself is asked.  */
static const char use_libdwfl;
#define USE_LIBDWFL ((void *) &use_libdwfl)

/* As libdwfl sorts its table: by start, end, section index.  */
static int
compare_secrefs (const void *a, const void *b)
{
  const struct dwfl_secref *x = a, *y = b;
  uint64_t kx[3] = { x->start, x->end, x->scn };
  uint64_t ky[3] = { y->start, y->end, y->scn };
  for (int i = 0; i < 3; i++)
    if (kx[i] != ky[i])
      return kx[i] < ky[i] ? -1 : 1;
  return 0;
}

/* The table of MOD, USE_LIBDWFL, or NULL when out of memory.  */
static struct dwfl_layout *
build_layout (Dwfl_Module *mod)
{
  /* What libdwfl checks before searching (check_module): the symbol
     table and the DWARF load without error.  */
  Dwarf_Addr bias;
  Dwarf *dw = dwfl_module_getdwarf (mod, &bias);
  if (dw == NULL || dwfl_module_getsymtab (mod) < 0)
    return USE_LIBDWFL;
  /* The debug data in the file itself: the Dwarf's ELF is libdwfl's
     main ELF of the module, whose section headers it laid out, and the
     DWARF's bias is the module's.  */
  const char *debugfile = NULL;
  dwfl_module_info (mod, NULL, NULL, NULL, NULL, NULL, NULL, &debugfile);
  Elf *elf = dwarf_getelf (dw);
  GElf_Ehdr eh;
  size_t n, shstrndx;
  if (debugfile != NULL || elf == NULL || gelf_getehdr (elf, &eh) == NULL
      || eh.e_type != ET_REL || elf_getshdrnum (elf, &n) < 0
      || elf_getshdrstrndx (elf, &shstrndx) < 0)
    return USE_LIBDWFL;
  struct dwfl_layout *map = malloc (sizeof *map + n * sizeof map->refs[0]);
  if (map == NULL)
    return NULL;
  map->n = 0;
  for (Elf_Scn *s = NULL; (s = elf_nextscn (elf, s)) != NULL;)
    {
      GElf_Shdr sh;
      if (gelf_getshdr (s, &sh) == NULL)
	goto libdwfl;
      if ((sh.sh_flags & SHF_ALLOC) == 0)
	continue;
      /* Not placed by the layout (libdwfl would ask its callback), or a
	 name libdwfl cannot read (its table fails).  */
      if (sh.sh_addr == 0 || elf_strptr (elf, shstrndx, sh.sh_name) == NULL
	  || map->n >= n)
	goto libdwfl;
      map->refs[map->n++] = (struct dwfl_secref) {
	.start = sh.sh_addr + bias, .end = sh.sh_addr + bias + sh.sh_size,
	.scn = elf_ndxscn (s) };
    }
  if (map->n > 1)
    qsort (map->refs, map->n, sizeof map->refs[0], compare_secrefs);
  return map;

libdwfl:
  free (map);
  return USE_LIBDWFL;
}

int
__calltab_dwfl_place (Dwfl_Module *mod, Dwarf_Addr *addr, size_t *scn,
		      bool relocate_only)
{
  void **slot = NULL;
  dwfl_module_info (mod, &slot, NULL, NULL, NULL, NULL, NULL, NULL);
  if (slot != NULL && *slot == NULL)
    {
      *slot = build_layout (mod);
      if (*slot == NULL)
	{
	  __calltab_seterr (CALLTAB_E_NOMEM, NULL);
	  return -1;
	}
    }
  if (slot == NULL || *slot == USE_LIBDWFL)
    {
      if (relocate_only)
	return dwfl_module_relocate_address (mod, addr) < 0 ? 0 : 1;
      Dwarf_Addr a = *addr, bias;
      Elf_Scn *s = dwfl_module_address_section (mod, &a, &bias);
      if (s == NULL)
	return 0;
      *addr = a;
      *scn = elf_ndxscn (s);
      return 1;
    }
  /* libdwfl's search (find_section): a section's end counts as inside
     it unless the next section starts there.  */
  const struct dwfl_layout *map = *slot;
  size_t l = 0, u = map->n;
  while (l < u)
    {
      size_t idx = (l + u) / 2;
      if (*addr < map->refs[idx].start)
	u = idx;
      else if (*addr > map->refs[idx].end)
	l = idx + 1;
      else
	{
	  if (*addr == map->refs[idx].end && idx + 1 < map->n
	      && *addr == map->refs[idx + 1].start)
	    idx++;
	  *addr -= map->refs[idx].start;
	  *scn = map->refs[idx].scn;
	  return 1;
	}
    }
  return 0;
}

static int
free_layout (Dwfl_Module *mod __attribute__ ((unused)), void **userdata,
	     const char *name __attribute__ ((unused)),
	     Dwarf_Addr start __attribute__ ((unused)),
	     void *arg __attribute__ ((unused)))
{
  if (*userdata != USE_LIBDWFL)
    free (*userdata);
  *userdata = NULL;
  return DWARF_CB_OK;
}

void
__calltab_dwfl_end (Dwfl *dwfl)
{
  if (dwfl == NULL)
    return;
  dwfl_getmodules (dwfl, free_layout, NULL, 0);
  dwfl_end (dwfl);
}
