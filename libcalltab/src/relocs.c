/* relocs.c: the one walker over SHT_RELA and SHT_REL relocations.  */

#include "libcalltabP.h"
#include "elf-index.h"

int
__calltab_reloc_walk (Elf *elf, Elf_Scn *rscn, bool need_symtab,
		      int (*fn) (const struct ct_rel *rel, void *arg),
		      void *arg)
{
  GElf_Shdr sh;
  if (gelf_getshdr (rscn, &sh) == NULL
      || (sh.sh_type != SHT_RELA && sh.sh_type != SHT_REL))
    return 0;
  bool rela = sh.sh_type == SHT_RELA;
  Elf_Scn *symscn = sh.sh_link != 0 ? elf_getscn (elf, sh.sh_link) : NULL;
  GElf_Shdr symsh;
  Elf_Data *symdata = NULL;
  if (symscn != NULL && gelf_getshdr (symscn, &symsh) != NULL
      && (symsh.sh_type == SHT_SYMTAB || symsh.sh_type == SHT_DYNSYM))
    symdata = elf_getdata (symscn, NULL);
  if (symdata == NULL && need_symtab)
    return CT_RELOC_NO_SYMTAB;
  Elf_Data *xndx = NULL;
  for (Elf_Scn *s = NULL; symdata != NULL && (s = elf_nextscn (elf, s)) != NULL;)
    {
      GElf_Shdr xsh;
      if (gelf_getshdr (s, &xsh) != NULL && xsh.sh_type == SHT_SYMTAB_SHNDX
	  && xsh.sh_link == elf_ndxscn (symscn))
	xndx = elf_getdata (s, NULL);
    }
  Elf_Data *data = elf_getdata (rscn, NULL);
  size_t entsize = gelf_fsize (elf, rela ? ELF_T_RELA : ELF_T_REL, 1,
			       EV_CURRENT);
  if (data == NULL || entsize == 0)
    return 0;
  size_t n = data->d_size / entsize;
  for (size_t i = 0; i < n; i++)
    {
      struct ct_rel r = { .applies_to = sh.sh_info, .implicit = !rela,
			  .name = "" };
      GElf_Rela ra;
      if (rela)
	{
	  if (gelf_getrela (data, (int) i, &ra) == NULL)
	    continue;
	  r.addend = ra.r_addend;
	}
      else
	{
	  GElf_Rel rl;
	  if (gelf_getrel (data, (int) i, &rl) == NULL)
	    continue;
	  ra.r_offset = rl.r_offset;
	  ra.r_info = rl.r_info;
	}
      /* gelf gives r_info in the 64-bit layout for both classes.  */
      r.offset = ra.r_offset;
      r.type = (unsigned int) GELF_R_TYPE (ra.r_info);
      r.symndx = GELF_R_SYM (ra.r_info);
      Elf32_Word shndx_ext;
      if (symdata != NULL
	  && gelf_getsymshndx (symdata, xndx, (int) r.symndx, &r.sym,
			       &shndx_ext) != NULL)
	{
	  r.have_sym = true;
	  r.shndx = r.sym.st_shndx == SHN_XINDEX ? shndx_ext : r.sym.st_shndx;
	  const char *name = elf_strptr (elf, symsh.sh_link, r.sym.st_name);
	  r.name = name != NULL ? name : "";
	}
      int rc = fn (&r, arg);
      if (rc != 0)
	return rc;
    }
  return 0;
}

struct have_sym_filter
{
  int (*fn) (const struct ct_rel *rel, void *arg);
  void *arg;
};

static int
only_with_symbol (const struct ct_rel *rel, void *arg)
{
  const struct have_sym_filter *f = arg;
  return rel->have_sym ? f->fn (rel, f->arg) : 0;
}

int
__calltab_foreach_reloc (Elf *elf, size_t scn,
			 int (*fn) (const struct ct_rel *rel, void *arg),
			 void *arg)
{
  struct have_sym_filter f = { fn, arg };
  for (Elf_Scn *s = NULL; (s = elf_nextscn (elf, s)) != NULL;)
    {
      GElf_Shdr sh;
      if (gelf_getshdr (s, &sh) == NULL || sh.sh_info != scn
	  || (sh.sh_type != SHT_RELA && sh.sh_type != SHT_REL))
	continue;
      int rc = __calltab_reloc_walk (elf, s, true, only_with_symbol, &f);
      if (rc == CT_RELOC_NO_SYMTAB)
	continue;
      if (rc != 0)
	return rc;
    }
  return 0;
}
