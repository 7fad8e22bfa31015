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
#include "elf/elf-index.h"
#include "backends/target.h"

static int
compare_relocs (const void *a, const void *b)
{
  const struct ct_reloc *x = a, *y = b;
  return x->offset < y->offset ? -1 : x->offset > y->offset;
}

static void
put (const Calltab *ct, unsigned char *p, size_t width, uint64_t v)
{
  bool le = ct->ehdr.e_ident[EI_DATA] != ELFDATA2MSB;
  for (size_t i = 0; i < width; i++)
    p[le ? i : width - 1 - i] = (unsigned char) (v >> (8 * i));
}

struct apply
{
  Calltab *ct;
  size_t secno;
  const struct ct_target *target;
};

/* __calltab_reloc_walk callback: apply one relocation to the copy.  */
static int
apply_one (const struct ct_rel *rel, void *arg)
{
  struct apply *a = arg;
  Calltab *ct = a->ct;
  size_t secno = a->secno;
  struct ct_section *sec = &ct->sections[secno];
  if (rel->type == 0)		/* R_*_NONE */
    return 0;
  bool is_signed = false;
  size_t width = a->target != NULL && a->target->reloc_width != NULL
		 ? a->target->reloc_width (rel->type, &is_signed) : 0;
  int rc = 0;
  if (width == 0)
    rc = __calltab_problem (ct, CALLTAB_E_BAD_RELOC, CALLTAB_ERROR, secno,
			    rel->offset,
			    "unsupported relocation type %u", rel->type);
  else if (rel->offset > sec->size || sec->size - rel->offset < width)
    rc = __calltab_problem (ct, CALLTAB_E_BAD_RELOC, CALLTAB_ERROR, secno,
			    rel->offset,
			    "relocation of %zu bytes past the end of the "
			    "section (size 0x%zx)", width, sec->size);
  else if (!rel->have_sym)
    rc = __calltab_problem (ct, CALLTAB_E_BAD_RELOC, CALLTAB_ERROR, secno,
			    rel->offset,
			    "relocation symbol index %zu out of range",
			    rel->symndx);
  else if ((rel->sym.st_shndx < SHN_LORESERVE
	    || rel->sym.st_shndx == SHN_XINDEX)
	   && rel->shndx >= ct->relindex->nscns)
    rc = __calltab_problem (ct, CALLTAB_E_BAD_RELOC, CALLTAB_ERROR, secno,
			    rel->offset,
			    "relocation symbol %zu is in section %zu, past the "
			    "last section (%zu)", rel->symndx, rel->shndx,
			    ct->relindex->nscns - 1);
  else
    {
      size_t shndx = rel->shndx;
      if (rel->sym.st_shndx != SHN_XINDEX && shndx >= SHN_LORESERVE)
	shndx = 0;		/* SHN_ABS, SHN_COMMON: no section */
      unsigned char *where = sec->data + rel->offset;
      uint64_t addend = rel->implicit ? ct_read_uint (ct, where, width)
				      : (uint64_t) rel->addend;
      uint64_t v = rel->sym.st_value + addend;
      if (width == 4
	  && (is_signed ? (int64_t) v != (int32_t) v : v > UINT32_MAX))
	rc = __calltab_problem (ct, CALLTAB_E_BAD_RELOC, CALLTAB_ERROR,
				secno, rel->offset,
				"relocated value 0x%" PRIx64
				" does not fit in 32 bits", v);
      put (ct, where, width, v);
      if (__calltab_reserve (&sec->relocs, &sec->relocs_alloc,
			     sec->nrelocs + 1, sizeof *sec->relocs) < 0)
	return -1;
      sec->relocs[sec->nrelocs++] = (struct ct_reloc) {
	.offset = rel->offset, .width = width, .sym_scn = shndx };
    }
  return rc < 0 ? -1 : 0;
}

/* Apply the relocation section RSCN to section SECNO.  */
static int
apply_relocs (Calltab *ct, size_t secno, Elf_Scn *rscn)
{
  struct apply a = { ct, secno, __calltab_target (ct->ehdr.e_machine) };
  if (!__calltab_reloc_has_symtab (ct->tables_elf, rscn))
    return __calltab_problem (ct, CALLTAB_E_BAD_RELOC, CALLTAB_ERROR, secno, 0,
			      "relocation section [%zu] has no usable symbol table",
			      elf_ndxscn (rscn));
  return __calltab_reloc_walk_ix (ct->tables_elf, ct->relindex, rscn,
				  apply_one, &a);
}

int
__calltab_load_section (Calltab *ct, size_t secno, Elf_Scn *scn)
{
  struct ct_section *sec = &ct->sections[secno];
  GElf_Shdr shdr_mem, *shdr = gelf_getshdr (scn, &shdr_mem);
  if (shdr == NULL)
    return __calltab_problem (ct, CALLTAB_E_LIBELF, CALLTAB_ERROR, secno, 0,
			      "cannot read section header: %s", elf_errmsg (-1));
  GElf_Chdr chdr;
  if ((shdr->sh_flags & SHF_COMPRESSED) != 0
      && gelf_getchdr (scn, &chdr) != NULL
      && !__calltab_chdr_plausible (&chdr, shdr->sh_size))
    return __calltab_problem (ct, CALLTAB_E_LIBELF, CALLTAB_ERROR, secno, 0,
			      "cannot decompress section: it claims 0x%"
			      PRIx64 " bytes from 0x%" PRIx64 ", more than"
			      " its format gives", (uint64_t) chdr.ch_size,
			      (uint64_t) shdr->sh_size);
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
  /* The relocation sections for this one, in section order (the index
     of the file, built once: an object has one per COMDAT group).  */
  if (ct->relindex == NULL
      && (ct->relindex = __calltab_relindex (ct->tables_elf)) == NULL)
    return -1;
  const struct ct_relindex *ix = ct->relindex;
  for (size_t i = sec->scn < ix->nscns ? ix->first[sec->scn] : 0;
       sec->scn < ix->nscns && i < ix->first[sec->scn + 1]; i++)
    {
      Elf_Scn *r = elf_getscn (ct->tables_elf, ix->rels[i]);
      GElf_Shdr rshdr;
      if (r == NULL || gelf_getshdr (r, &rshdr) == NULL
	  || (rshdr.sh_type != SHT_RELA && rshdr.sh_type != SHT_REL)
	  || rshdr.sh_info != sec->scn)
	continue;
      if (apply_relocs (ct, secno, r) < 0)
	return -1;
    }
  if (sec->nrelocs > 1)
    qsort (sec->relocs, sec->nrelocs, sizeof *sec->relocs, compare_relocs);
  return 0;
}

static bool
reloc_before (const void *elt, const void *key)
{
  return ((const struct ct_reloc *) elt)->offset < *(const uint64_t *) key;
}

size_t
__calltab_reloc_scn (const struct ct_section *sec, uint64_t offset)
{
  size_t lo = __calltab_partition (sec->relocs, sec->nrelocs,
				   sizeof *sec->relocs, reloc_before, &offset);
  return lo < sec->nrelocs && sec->relocs[lo].offset == offset
	 ? sec->relocs[lo].sym_scn : 0;
}
