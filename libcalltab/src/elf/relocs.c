/* relocs.c: the one walker over SHT_RELA and SHT_REL relocations.  */

#include <stdlib.h>
#include "elf-index.h"

/* The SHT_SYMTAB_SHNDX section of symbol table SYMSCN: the last one
   linked to it.  */
static Elf_Data *
find_xndx (Elf *elf, Elf_Scn *symscn)
{
  Elf_Data *xndx = NULL;
  for (Elf_Scn *s = NULL; (s = elf_nextscn (elf, s)) != NULL;)
    {
      GElf_Shdr xsh;
      if (gelf_getshdr (s, &xsh) != NULL && xsh.sh_type == SHT_SYMTAB_SHNDX
	  && xsh.sh_link == elf_ndxscn (symscn))
	xndx = elf_getdata (s, NULL);
    }
  return xndx;
}

/* The data of the symbol table named by the sh_link of relocation
   section header SH (*SYMSCN, header *SYMSH), NULL if there is none.  */
static Elf_Data *
symtab_of (Elf *elf, const GElf_Shdr *sh, Elf_Scn **symscn, GElf_Shdr *symsh)
{
  *symscn = sh->sh_link != 0 ? elf_getscn (elf, sh->sh_link) : NULL;
  if (*symscn != NULL && gelf_getshdr (*symscn, symsh) != NULL
      && (symsh->sh_type == SHT_SYMTAB || symsh->sh_type == SHT_DYNSYM))
    return elf_getdata (*symscn, NULL);
  return NULL;
}

bool
__calltab_reloc_has_symtab (Elf *elf, Elf_Scn *rscn)
{
  GElf_Shdr sh, symsh;
  Elf_Scn *symscn;
  return gelf_getshdr (rscn, &sh) != NULL
	 && symtab_of (elf, &sh, &symscn, &symsh) != NULL;
}

static int
walk (Elf *elf, const struct ct_relindex *ix, Elf_Scn *rscn,
      int (*fn) (const struct ct_rel *rel, void *arg), void *arg)
{
  GElf_Shdr sh;
  if (gelf_getshdr (rscn, &sh) == NULL
      || (sh.sh_type != SHT_RELA && sh.sh_type != SHT_REL))
    return 0;
  bool rela = sh.sh_type == SHT_RELA;
  Elf_Scn *symscn;
  GElf_Shdr symsh;
  Elf_Data *symdata = symtab_of (elf, &sh, &symscn, &symsh);
  Elf_Data *xndx = NULL;
  if (symdata != NULL)
    {
      size_t symndx = elf_ndxscn (symscn);
      xndx = ix != NULL && symndx < ix->nscns
	     ? ix->xndx[symndx] : find_xndx (elf, symscn);
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

int
__calltab_reloc_walk (Elf *elf, Elf_Scn *rscn,
		      int (*fn) (const struct ct_rel *rel, void *arg),
		      void *arg)
{
  return walk (elf, NULL, rscn, fn, arg);
}

int
__calltab_reloc_walk_ix (Elf *elf, const struct ct_relindex *ix,
			 Elf_Scn *rscn,
			 int (*fn) (const struct ct_rel *rel, void *arg),
			 void *arg)
{
  return walk (elf, ix, rscn, fn, arg);
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

/* Whether S is a relocation section applying to section SCN.  */
static bool
applies_to (Elf_Scn *s, size_t scn)
{
  GElf_Shdr sh;
  return gelf_getshdr (s, &sh) != NULL && sh.sh_info == scn
	 && (sh.sh_type == SHT_RELA || sh.sh_type == SHT_REL);
}

static int
foreach_in (Elf *elf, const struct ct_relindex *ix, Elf_Scn *s,
	    struct have_sym_filter *f)
{
  if (!__calltab_reloc_has_symtab (elf, s))
    return 0;
  return walk (elf, ix, s, only_with_symbol, f);
}

int
__calltab_foreach_reloc_ix (Elf *elf, const struct ct_relindex *ix,
			    size_t scn,
			    int (*fn) (const struct ct_rel *rel, void *arg),
			    void *arg)
{
  struct have_sym_filter f = { fn, arg };
  if (ix != NULL && scn < ix->nscns)
    {
      for (size_t i = ix->first[scn]; i < ix->first[scn + 1]; i++)
	{
	  int rc = foreach_in (elf, ix, elf_getscn (elf, ix->rels[i]), &f);
	  if (rc != 0)
	    return rc;
	}
      return 0;
    }
  for (Elf_Scn *s = NULL; (s = elf_nextscn (elf, s)) != NULL;)
    {
      if (!applies_to (s, scn))
	continue;
      int rc = foreach_in (elf, ix, s, &f);
      if (rc != 0)
	return rc;
    }
  return 0;
}

void
__calltab_relindex_free (struct ct_relindex *ix)
{
  if (ix == NULL)
    return;
  free (ix->first);
  free (ix->rels);
  free (ix->xndx);
  free (ix);
}

struct ct_relindex *
__calltab_relindex (Elf *elf)
{
  size_t n;
  if (elf_getshdrnum (elf, &n) < 0)
    n = 0;
  struct ct_relindex *ix = calloc (1, sizeof *ix);
  if (ix == NULL)
    goto nomem;
  ix->nscns = n;
  ix->first = calloc (n + 1, sizeof *ix->first);
  ix->xndx = calloc (n ? n : 1, sizeof *ix->xndx);
  if (ix->first == NULL || ix->xndx == NULL)
    goto nomem;
  /* Count the relocation sections of each target, then place them.  */
  size_t nrels = 0;
  for (Elf_Scn *s = NULL; (s = elf_nextscn (elf, s)) != NULL;)
    {
      GElf_Shdr sh;
      if (gelf_getshdr (s, &sh) == NULL)
	continue;
      if ((sh.sh_type == SHT_RELA || sh.sh_type == SHT_REL) && sh.sh_info < n)
	{
	  ix->first[sh.sh_info + 1]++;
	  nrels++;
	}
      /* As find_xndx: the last one linked to a section.  */
      if (sh.sh_type == SHT_SYMTAB_SHNDX && sh.sh_link < n)
	ix->xndx[sh.sh_link] = elf_getdata (s, NULL);
    }
  for (size_t i = 0; i < n; i++)
    ix->first[i + 1] += ix->first[i];
  ix->rels = malloc ((nrels ? nrels : 1) * sizeof *ix->rels);
  size_t *fill = calloc (n ? n : 1, sizeof *fill);
  if (ix->rels == NULL || fill == NULL)
    {
      free (fill);
      goto nomem;
    }
  for (Elf_Scn *s = NULL; (s = elf_nextscn (elf, s)) != NULL;)
    {
      GElf_Shdr sh;
      if (gelf_getshdr (s, &sh) != NULL
	  && (sh.sh_type == SHT_RELA || sh.sh_type == SHT_REL) && sh.sh_info < n)
	ix->rels[ix->first[sh.sh_info] + fill[sh.sh_info]++] = elf_ndxscn (s);
    }
  free (fill);
  return ix;

nomem:
  __calltab_relindex_free (ix);
  __calltab_seterr (CALLTAB_E_NOMEM, NULL);
  return NULL;
}

int
__calltab_symbols_walk (Elf *elf, unsigned int shtype,
			int (*fn) (const GElf_Sym *sym, const char *name,
				   void *arg),
			void *arg)
{
  Elf_Scn *scn = NULL;
  while ((scn = elf_nextscn (elf, scn)) != NULL)
    {
      GElf_Shdr sh;
      Elf_Data *data;
      if (gelf_getshdr (scn, &sh) == NULL || sh.sh_type != shtype
	  || sh.sh_entsize == 0 || (data = elf_getdata (scn, NULL)) == NULL)
	continue;
      for (size_t i = 1; i < sh.sh_size / sh.sh_entsize; i++)
	{
	  GElf_Sym sym;
	  if (gelf_getsym (data, (int) i, &sym) == NULL)
	    continue;
	  const char *name = elf_strptr (elf, sh.sh_link, sym.st_name);
	  int rc = fn (&sym, name != NULL ? name : "", arg);
	  if (rc != 0)
	    return rc;
	}
    }
  return 0;
}
