/* reloc.c: copy a table section and apply its relocations.

   In a relocatable object the call_site fields and the dcall header's
   debug_info field hold zero plus a relocation (RELA) or an addend (REL).
   The copy gets S + A written in; each relocation also remembers which
   section its symbol is defined in, which is what a call_site is an
   offset into.  Linked files have no relocations for these sections.  */

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "libcalltabP.h"

static int
compare_relocs (const void *a, const void *b)
{
  const struct ct_reloc *x = a, *y = b;
  return x->offset < y->offset ? -1 : x->offset > y->offset;
}

/* Bytes a relocation TYPE of machine MACHINE writes, 0 if unsupported;
   *IS_SIGNED for a sign-extended 32-bit field.  Debug sections only see
   absolute relocations.  */
static size_t
reloc_width (unsigned int machine, unsigned int type, bool *is_signed)
{
  *is_signed = false;
  switch (machine)
    {
    case EM_X86_64:
      switch (type)
	{
	case R_X86_64_64: return 8;
	case R_X86_64_32: return 4;
	case R_X86_64_32S: *is_signed = true; return 4;
	}
      break;
    case EM_386:
      if (type == R_386_32)
	return 4;
      break;
    }
  return 0;
}

static void
put (const Calltab *ct, unsigned char *p, size_t width, uint64_t v)
{
  bool le = ct->ehdr.e_ident[EI_DATA] != ELFDATA2MSB;
  for (size_t i = 0; i < width; i++)
    p[le ? i : width - 1 - i] = (unsigned char) (v >> (8 * i));
}

/* Apply the relocation section RSCN (header RSHDR) to section SECNO.  */
static int
apply_relocs (Calltab *ct, size_t secno, Elf_Scn *rscn, GElf_Shdr *rshdr)
{
  struct ct_section *sec = &ct->sections[secno];
  Elf_Data *rdata = elf_getdata (rscn, NULL);
  Elf_Scn *symscn = elf_getscn (ct->tables_elf, rshdr->sh_link);
  GElf_Shdr symshdr_mem, *symshdr = symscn ? gelf_getshdr (symscn, &symshdr_mem) : NULL;
  Elf_Data *symdata = symscn ? elf_getdata (symscn, NULL) : NULL;
  if (rdata == NULL || symshdr == NULL || symdata == NULL
      || (symshdr->sh_type != SHT_SYMTAB && symshdr->sh_type != SHT_DYNSYM))
    return __calltab_problem (ct, CALLTAB_E_BAD_RELOC, CALLTAB_ERROR, secno, 0,
			      "relocation section [%zu] has no usable symbol table",
			      elf_ndxscn (rscn));
  Elf_Data *xndx = NULL;
  for (Elf_Scn *s = NULL; (s = elf_nextscn (ct->tables_elf, s)) != NULL;)
    {
      GElf_Shdr sh;
      if (gelf_getshdr (s, &sh) != NULL && sh.sh_type == SHT_SYMTAB_SHNDX
	  && sh.sh_link == elf_ndxscn (symscn))
	xndx = elf_getdata (s, NULL);
    }

  bool rela = rshdr->sh_type == SHT_RELA;
  size_t entsize = gelf_fsize (ct->tables_elf, rela ? ELF_T_RELA : ELF_T_REL,
			       1, EV_CURRENT);
  size_t symentsize = gelf_fsize (ct->tables_elf, ELF_T_SYM, 1, EV_CURRENT);
  if (entsize == 0 || symentsize == 0)
    return 0;
  size_t n = rdata->d_size / entsize;
  size_t nsyms = symdata->d_size / symentsize;

  struct ct_reloc *r = realloc (sec->relocs, (sec->nrelocs + n) * sizeof *r);
  if (r == NULL && sec->nrelocs + n != 0)
    {
      __calltab_seterr (CALLTAB_E_NOMEM, NULL);
      return -1;
    }
  sec->relocs = r;

  for (size_t i = 0; i < n; i++)
    {
      GElf_Rela rel;
      if (rela)
	{
	  if (gelf_getrela (rdata, (int) i, &rel) == NULL)
	    continue;
	}
      else
	{
	  GElf_Rel rl;
	  if (gelf_getrel (rdata, (int) i, &rl) == NULL)
	    continue;
	  rel.r_offset = rl.r_offset;
	  rel.r_info = rl.r_info;
	  rel.r_addend = 0;
	}
      /* gelf gives r_info in the 64-bit layout for both classes.  */
      unsigned int type = (unsigned int) GELF_R_TYPE (rel.r_info);
      unsigned int symndx = (unsigned int) GELF_R_SYM (rel.r_info);
      if (type == 0)		/* R_*_NONE */
	continue;
      bool is_signed;
      size_t width = reloc_width (ct->ehdr.e_machine, type, &is_signed);
      int rc = 0;
      if (width == 0)
	rc = __calltab_problem (ct, CALLTAB_E_BAD_RELOC, CALLTAB_ERROR, secno,
				rel.r_offset,
				"unsupported relocation type %u", type);
      else if (rel.r_offset > sec->size || sec->size - rel.r_offset < width)
	rc = __calltab_problem (ct, CALLTAB_E_BAD_RELOC, CALLTAB_ERROR, secno,
				rel.r_offset,
				"relocation of %zu bytes past the end of the "
				"section (size 0x%zx)", width, sec->size);
      else if (symndx >= nsyms)
	rc = __calltab_problem (ct, CALLTAB_E_BAD_RELOC, CALLTAB_ERROR, secno,
				rel.r_offset,
				"relocation symbol index %u out of range", symndx);
      else
	{
	  GElf_Sym sym;
	  Elf32_Word shndx_ext;
	  if (gelf_getsymshndx (symdata, xndx, (int) symndx, &sym, &shndx_ext)
	      == NULL)
	    continue;
	  size_t shndx = sym.st_shndx;
	  if (shndx == SHN_XINDEX)
	    shndx = shndx_ext;
	  else if (shndx >= SHN_LORESERVE)
	    shndx = 0;		/* SHN_ABS, SHN_COMMON: no section */
	  unsigned char *where = sec->data + rel.r_offset;
	  uint64_t addend = rela ? (uint64_t) rel.r_addend
				 : __calltab_read_uint (ct, where, width);
	  uint64_t v = sym.st_value + addend;
	  if (width == 4
	      && (is_signed ? (int64_t) v != (int32_t) v : v > UINT32_MAX))
	    rc = __calltab_problem (ct, CALLTAB_E_BAD_RELOC, CALLTAB_ERROR,
				    secno, rel.r_offset,
				    "relocated value 0x%" PRIx64
				    " does not fit in 32 bits", v);
	  put (ct, where, width, v);
	  sec->relocs[sec->nrelocs++] = (struct ct_reloc) {
	    .offset = rel.r_offset, .width = width, .sym_scn = shndx };
	}
      if (rc < 0)
	return -1;
    }
  return 0;
}

int
__calltab_load_section (Calltab *ct, size_t secno, Elf_Scn *scn)
{
  struct ct_section *sec = &ct->sections[secno];
  GElf_Shdr shdr_mem, *shdr = gelf_getshdr (scn, &shdr_mem);
  if (shdr == NULL)
    return __calltab_problem (ct, CALLTAB_E_LIBELF, CALLTAB_ERROR, secno, 0,
			      "cannot read section header: %s", elf_errmsg (-1));
  if ((shdr->sh_flags & SHF_COMPRESSED) != 0 && elf_compress (scn, 0, 0) < 0)
    return __calltab_problem (ct, CALLTAB_E_LIBELF, CALLTAB_ERROR, secno, 0,
			      "cannot decompress section: %s", elf_errmsg (-1));
  Elf_Data *data = elf_getdata (scn, NULL);
  if (data == NULL)
    return __calltab_problem (ct, CALLTAB_E_LIBELF, CALLTAB_ERROR, secno, 0,
			      "cannot read section data: %s", elf_errmsg (-1));
  sec->size = data->d_buf != NULL ? data->d_size : 0;
  sec->data = malloc (sec->size ? sec->size : 1);
  if (sec->data == NULL)
    {
      __calltab_seterr (CALLTAB_E_NOMEM, NULL);
      return -1;
    }
  if (sec->size)
    memcpy (sec->data, data->d_buf, sec->size);

  if (ct->ehdr.e_type != ET_REL)
    return 0;
  for (Elf_Scn *r = NULL; (r = elf_nextscn (ct->tables_elf, r)) != NULL;)
    {
      GElf_Shdr rshdr;
      if (gelf_getshdr (r, &rshdr) == NULL
	  || (rshdr.sh_type != SHT_RELA && rshdr.sh_type != SHT_REL)
	  || rshdr.sh_info != sec->scn)
	continue;
      if (apply_relocs (ct, secno, r, &rshdr) < 0)
	return -1;
    }
  if (sec->nrelocs > 1)
    qsort (sec->relocs, sec->nrelocs, sizeof *sec->relocs, compare_relocs);
  return 0;
}

size_t
__calltab_reloc_scn (const struct ct_section *sec, uint64_t offset)
{
  size_t lo = 0, hi = sec->nrelocs;
  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;
      if (sec->relocs[mid].offset < offset)
	lo = mid + 1;
      else
	hi = mid;
    }
  return lo < sec->nrelocs && sec->relocs[lo].offset == offset
	 ? sec->relocs[lo].sym_scn : 0;
}

int
__calltab_foreach_reloc (Elf *elf, size_t scn,
			 int (*fn) (const GElf_Rela *, const GElf_Sym *, void *),
			 void *arg)
{
  for (Elf_Scn *s = NULL; (s = elf_nextscn (elf, s)) != NULL;)
    {
      GElf_Shdr sh;
      if (gelf_getshdr (s, &sh) == NULL || sh.sh_info != scn
	  || (sh.sh_type != SHT_RELA && sh.sh_type != SHT_REL))
	continue;
      Elf_Data *rd = elf_getdata (s, NULL);
      Elf_Scn *symscn = elf_getscn (elf, sh.sh_link);
      Elf_Data *sd = symscn ? elf_getdata (symscn, NULL) : NULL;
      if (rd == NULL || sd == NULL)
	continue;
      for (int i = 0;; i++)
	{
	  GElf_Rela rela;
	  if (sh.sh_type == SHT_RELA)
	    {
	      if (gelf_getrela (rd, i, &rela) == NULL)
		break;
	    }
	  else
	    {
	      GElf_Rel rel;
	      if (gelf_getrel (rd, i, &rel) == NULL)
		break;
	      rela = (GElf_Rela) { .r_offset = rel.r_offset,
				   .r_info = rel.r_info, .r_addend = 0 };
	    }
	  GElf_Sym sym;
	  if (gelf_getsym (sd, (int) GELF_R_SYM (rela.r_info), &sym) == NULL)
	    continue;
	  int r = fn (&rela, &sym, arg);
	  if (r != 0)
	    return r;
	}
    }
  return 0;
}
