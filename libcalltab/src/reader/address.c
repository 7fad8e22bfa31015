/* address.c: file (link-time) addresses of a Calltab's file: where a
   file offset is loaded (calltab_file_address: what perf's
   mapping-relative addresses and mmap events give) and where a symbol
   named as nm, nm -C or perf print it is (calltab_symbol_address).
   docs/library.md.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "libcalltabP.h"

CALLTAB_EXPORT int
calltab_file_address (const Calltab *ct, uint64_t offset, uint64_t *addr)
{
  if (ct == NULL || addr == NULL)
    {
      __calltab_seterr (CALLTAB_E_INVALID_ARG, NULL);
      return -1;
    }
  size_t n;
  if (elf_getphdrnum (ct->elf, &n) != 0)
    return 1;
  for (size_t i = 0; i < n; i++)
    {
      GElf_Phdr ph;
      if (gelf_getphdr (ct->elf, (int) i, &ph) != NULL
	  && ph.p_type == PT_LOAD && offset >= ph.p_offset
	  && offset - ph.p_offset < ph.p_filesz)
	{
	  *addr = offset - ph.p_offset + ph.p_vaddr;
	  return 0;
	}
    }
  return 1;
}

/* Whether symbol SYM (its ELF name S) is a definition of code.  */
static bool
code_symbol (const GElf_Sym *sym, const char *s)
{
  return s != NULL && sym->st_shndx != SHN_UNDEF
    && (GELF_ST_TYPE (sym->st_info) == STT_FUNC
	|| GELF_ST_TYPE (sym->st_info) == STT_GNU_IFUNC
	|| GELF_ST_TYPE (sym->st_info) == STT_NOTYPE);
}

CALLTAB_EXPORT int
calltab_symbol_address (const Calltab *ct, const char *name, uint64_t *addr)
{
  if (ct == NULL || name == NULL || addr == NULL)
    {
      __calltab_seterr (CALLTAB_E_INVALID_ARG, NULL);
      return -1;
    }
  Calltab *mct = (Calltab *) ct;
  pthread_mutex_lock (&mct->lock);
  Dwfl_Module *mod = ct->module;
  int n = mod != NULL ? dwfl_module_getsymtab (mod) : -1;
  Dwarf_Addr mbias = 0;
  if (mod == NULL || dwfl_module_getelf (mod, &mbias) == NULL)
    mbias = 0;
  int found = 0;
  uint64_t first = 0;
  /* Pass 0: the ELF names; pass 1, when no ELF name is NAME: the
     demangled names of the C++ symbols, with parameters (perf 6.12, nm
     -C) or, when NAME has none, without (perf 6.1 prints "ns::f"); only
     those whose mangled name holds NAME's identifier as
     <length><identifier>, when it has one.  */
  bool params = strchr (name, '(') != NULL;
  for (int pass = 0; pass < 2 && found == 0; pass++)
    {
      char pattern[64] = "";
      if (pass == 1)
	{
	  const char *b, *e;
	  if (__calltab_base_identifier (name, &b, &e) && e - b < 48)
	    snprintf (pattern, sizeof pattern, "%d%.*s", (int) (e - b),
		      (int) (e - b), b);
	}
      for (int i = 1; i < n; i++)
	{
	  GElf_Sym sym;
	  GElf_Addr value;
	  const char *s = dwfl_module_getsym_info (mod, i, &sym, &value, NULL,
						   NULL, NULL);
	  if (!code_symbol (&sym, s))
	    continue;
	  bool match;
	  if (pass == 0)
	    match = strcmp (s, name) == 0;
	  else
	    {
	      if (strncmp (s, "_Z", 2) != 0
		  || (pattern[0] != '\0' && strstr (s, pattern) == NULL))
		continue;
	      char *dm = params ? __calltab_demangle (s)
		: __calltab_demangle_noparams (s);
	      if (dm == NULL && params)
		{
		  pthread_mutex_unlock (&mct->lock);
		  __calltab_seterr (CALLTAB_E_NOMEM, NULL);
		  return -1;
		}
	      match = dm != NULL && strcmp (dm, name) == 0;
	      free (dm);
	    }
	  if (!match)
	    continue;
	  if (found == 0)
	    {
	      first = value - mbias;
	      found = 1;
	    }
	  else if (value - mbias != first)
	    found = 2;
	}
    }
  pthread_mutex_unlock (&mct->lock);
  if (found == 0)
    return 1;
  *addr = first;
  return found == 1 ? 0 : 2;
}
