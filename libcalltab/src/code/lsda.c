/* lsda.c: exception landing pads, from .eh_frame (libdw's
   dwarf_next_cfi) and the LSDAs in .gcc_except_table.  lsda.h says
   what and how.  The LSDA (GCC's unwind-pe.h, the Itanium C++ ABI's
   exception tables):

     LPStart encoding (1 byte), LPStart if not DW_EH_PE_omit;
     TType encoding (1 byte), uleb128 TType offset if not omit;
     call-site encoding (1 byte), uleb128 call-site table length;
     call sites: start, length, landing pad (call-site encoding, offsets
     from the function's start and LPStart), action (uleb128).

   A landing pad of 0 means none.  Every read is bounded by its
   section's, entry's or table's end; what does not decode is counted,
   never read past.  */

#include <dwarf.h>
#include <stdlib.h>
#include <string.h>
#include <elfutils/libdw.h>
#include "common/common.h"
#include "elf/elf-index.h"
#include "lsda.h"

#define PE_OMIT 0xff
#define PE_INDIRECT 0x80
#define PE_APP 0x70
#define PE_ABS 0x00
#define PE_PCREL 0x10
#define PE_FORMAT 0x0f

/* A relocation of .eh_frame or .gcc_except_table in an object: what
   the field at (SCN, OFFSET) points at.  */
struct obj_reloc
{
  size_t scn;
  uint64_t offset;
  size_t target_scn;		/* the symbol's section */
  uint64_t sym_value;
  int64_t addend;
  bool implicit;		/* REL: the addend is the field's value */
};

struct ctx
{
  Elf *elf;
  const struct ct_code *code;
  bool relocatable, msb;
  unsigned addr_size;
  struct obj_reloc *relocs;
  size_t nrelocs, relocs_alloc;
  struct ct_addrmap *map;	/* linked files */
  struct ct_landing_pads *out;
};

/* A pointer: a place (section SCN, offset VALUE) in an object, an
   address (SCN 0) in a linked file.  */
struct ptr
{
  size_t scn;
  uint64_t value;
};

/* Read an unsigned LEB128 at *POS, before END, with the tables' decoder
   (decode.c): one that runs past END or overflows 64 bits does not
   decode.  */
static bool
read_uleb (const unsigned char *b, size_t end, size_t *pos, uint64_t *v)
{
  const unsigned char *p = b + *pos;
  bool overlong;
  int why;
  if (__calltab_uleb128 (&p, b + end, v, &overlong, &why) < 0)
    return false;
  *pos = (size_t) (p - b);
  return true;
}

static bool
read_sleb (const unsigned char *b, size_t end, size_t *pos, uint64_t *v)
{
  uint64_t r = 0;
  unsigned shift = 0;
  while (*pos < end)
    {
      unsigned char c = b[(*pos)++];
      if (shift < 64)
	r |= (uint64_t) (c & 0x7f) << shift;
      shift += 7;
      if ((c & 0x80) == 0)
	{
	  if (shift < 64 && (c & 0x40) != 0)
	    r |= ~(uint64_t) 0 << shift;
	  *v = r;
	  return true;
	}
    }
  return false;
}

/* Read an N-byte integer at *POS, before END; sign-extended if SIGNED.  */
static bool
read_fixed (const struct ctx *c, const unsigned char *b, size_t end,
	    size_t *pos, unsigned n, bool is_signed, uint64_t *v)
{
  if (*pos > end || end - *pos < n)
    return false;
  uint64_t r = 0;
  for (unsigned i = 0; i < n; i++)
    {
      unsigned char byte = b[*pos + (c->msb ? i : n - 1 - i)];
      r = (r << 8) | byte;
    }
  if (is_signed && n < 8 && (r >> (8 * n - 1)) != 0)
    r |= ~(uint64_t) 0 << (8 * n);
  *pos += n;
  *v = r;
  return true;
}

/* Read a value of the format in the low bits of ENC.  */
static bool
read_value (const struct ctx *c, const unsigned char *b, size_t end,
	    size_t *pos, unsigned enc, uint64_t *v)
{
  switch (enc & PE_FORMAT)
    {
    case DW_EH_PE_absptr:
      return read_fixed (c, b, end, pos, c->addr_size, false, v);
    case DW_EH_PE_uleb128:
      return read_uleb (b, end, pos, v);
    case DW_EH_PE_udata2:
      return read_fixed (c, b, end, pos, 2, false, v);
    case DW_EH_PE_udata4:
      return read_fixed (c, b, end, pos, 4, false, v);
    case DW_EH_PE_udata8:
      return read_fixed (c, b, end, pos, 8, false, v);
    case DW_EH_PE_sleb128:
      return read_sleb (b, end, pos, v);
    case DW_EH_PE_sdata2:
      return read_fixed (c, b, end, pos, 2, true, v);
    case DW_EH_PE_sdata4:
      return read_fixed (c, b, end, pos, 4, true, v);
    case DW_EH_PE_sdata8:
      return read_fixed (c, b, end, pos, 8, true, v);
    default:
      return false;
    }
}

static bool
reloc_before (const void *elt, const void *key)
{
  const struct obj_reloc *r = elt, *k = key;
  return r->scn != k->scn ? r->scn < k->scn : r->offset < k->offset;
}

static const struct obj_reloc *
reloc_at (const struct ctx *c, size_t scn, uint64_t offset)
{
  struct obj_reloc key = { .scn = scn, .offset = offset };
  size_t i = __calltab_partition (c->relocs, c->nrelocs, sizeof *c->relocs,
				  reloc_before, &key);
  return (i < c->nrelocs && c->relocs[i].scn == scn
	  && c->relocs[i].offset == offset) ? &c->relocs[i] : NULL;
}

/* Read the pointer encoded ENC at *POS of section SCN (bytes B, read
   before END).  *NUL: it is null (a raw 0 without relocation, as the
   unwinder reads it).  False if it does not decode or its encoding is
   not one a file's own data can resolve (indirect, text-, data- or
   function-relative).  */
static bool
read_ptr (const struct ctx *c, size_t scn, const unsigned char *b,
	  size_t end, size_t *pos, unsigned enc, struct ptr *p, bool *nul)
{
  size_t field = *pos;
  uint64_t raw;
  *nul = false;
  if ((enc & PE_INDIRECT) != 0 || !read_value (c, b, end, pos, enc, &raw))
    return false;
  unsigned app = enc & PE_APP;
  if (app != PE_ABS && app != PE_PCREL)
    return false;
  uint64_t mask = c->addr_size >= 8 ? ~(uint64_t) 0
		  : ((uint64_t) 1 << (8 * c->addr_size)) - 1;
  if (c->relocatable)
    {
      const struct obj_reloc *r = reloc_at (c, scn, field);
      if (r != NULL)
	{
	  /* S + A: what both an absolute and a PC-relative field point
	     at.  */
	  *p = (struct ptr) { r->target_scn,
			      r->sym_value + (r->implicit ? raw
					      : (uint64_t) r->addend) };
	  return true;
	}
      if (raw == 0)
	{
	  *nul = true;
	  return true;
	}
      if (app != PE_PCREL)
	return false;		/* an absolute value without relocation */
      *p = (struct ptr) { scn, (field + raw) & mask };
      return true;
    }
  if (raw == 0)
    {
      *nul = true;
      return true;
    }
  uint64_t base = app == PE_PCREL
		  ? __calltab_code_scn_addr (c->code, scn) + field : 0;
  *p = (struct ptr) { 0, (base + raw) & mask };
  return true;
}

static void
mark_bad (struct ctx *c, size_t scn, uint64_t offset)
{
  if (c->out->bad++ == 0)
    c->out->first_bad = (struct ct_place) { scn, offset };
}

/* Add the landing pad PAD (none if it is in no code).  Returns 0, or
   -1 when out of memory.  */
static int
add_pad (struct ctx *c, struct ptr pad)
{
  struct ct_place place;
  if (pad.scn != 0)
    place = (struct ct_place) { pad.scn, pad.value };
  else
    {
      /* An address: the executable section holding its byte.  */
      if (pad.value == UINT64_MAX
	  || !__calltab_code_locate (c->code, pad.value + 1, &place))
	return 0;
      place.offset--;
    }
  struct ct_landing_pads *o = c->out;
  if (__calltab_reserve (&o->pads, &o->alloc, o->n + 1, sizeof *o->pads) < 0)
    return -1;
  o->pads[o->n++] = place;
  return 0;
}

/* The bytes of the section holding pointer P, and P's offset in it.  */
static const unsigned char *
ptr_bytes (const struct ctx *c, struct ptr p, size_t *scn, size_t *size,
	   size_t *pos)
{
  uint64_t off = p.value;
  *scn = p.scn;
  if (p.scn == 0)
    {
      const struct ct_range *r = __calltab_addrmap_find (c->map, p.value);
      if (r == NULL || r->nobits)
	return NULL;
      *scn = r->scn;
      off = p.value - r->addr;
    }
  const unsigned char *b = __calltab_code_bytes (c->code, *scn, size);
  if (b == NULL || off >= *size)
    return NULL;
  *pos = (size_t) off;
  return b;
}

/* Decode the LSDA at LSDA of the function starting at FUNC (one that
   does not decode is counted).  Returns 0, or -1 when out of memory.  */
static int
decode_lsda (struct ctx *c, struct ptr lsda, struct ptr func)
{
  size_t scn, size, pos;
  const unsigned char *b = ptr_bytes (c, lsda, &scn, &size, &pos);
  if (b == NULL)
    {
      mark_bad (c, lsda.scn, lsda.value);
      return 0;
    }
  uint64_t start = pos;
  struct ptr lpstart = func;
  uint64_t v, cs_len;
  bool nul;
  if (pos >= size)
    goto bad;
  unsigned enc = b[pos++];
  if (enc != PE_OMIT && (!read_ptr (c, scn, b, size, &pos, enc, &lpstart,
				    &nul) || nul))
    goto bad;
  if (pos >= size)
    goto bad;
  enc = b[pos++];		/* TType */
  if (enc != PE_OMIT && !read_uleb (b, size, &pos, &v))
    goto bad;
  if (pos >= size)
    goto bad;
  unsigned cs_enc = b[pos++];
  if ((cs_enc & (PE_APP | PE_INDIRECT)) != 0
      || !read_uleb (b, size, &pos, &cs_len) || cs_len > size - pos)
    goto bad;
  size_t end = pos + (size_t) cs_len;
  while (pos < end)
    {
      uint64_t cs_start, len, lp, action;
      if (!read_value (c, b, end, &pos, cs_enc, &cs_start)
	  || !read_value (c, b, end, &pos, cs_enc, &len))
	goto bad;
      size_t lp_field = pos;
      if (!read_value (c, b, end, &pos, cs_enc, &lp)
	  || !read_uleb (b, end, &pos, &action))
	goto bad;
      /* An object may relocate the landing pad itself.  */
      const struct obj_reloc *r = c->relocatable
				  ? reloc_at (c, scn, lp_field) : NULL;
      if ((r != NULL
	   && add_pad (c, (struct ptr) { r->target_scn,
					 r->sym_value
					 + (r->implicit ? lp
					    : (uint64_t) r->addend) }) < 0)
	  || (r == NULL && lp != 0
	      && add_pad (c, (struct ptr) { lpstart.scn,
					    lpstart.value + lp }) < 0))
	return -1;
    }
  return 0;
bad:
  mark_bad (c, scn, start);
  return 0;
}

/* What an FDE needs of its CIE.  */
struct cie
{
  Dwarf_Off offset;
  bool ok;			/* the augmentation was understood */
  bool z;
  unsigned fde_enc, lsda_enc;
};

static void
parse_cie (const struct ctx *c, const Dwarf_CIE *e, struct cie *cie)
{
  cie->ok = false;
  cie->z = false;
  cie->fde_enc = DW_EH_PE_absptr;
  cie->lsda_enc = PE_OMIT;
  const char *aug = e->augmentation;
  if (aug == NULL || aug[0] == '\0')
    {
      cie->ok = true;
      return;
    }
  if (aug[0] != 'z')
    {
      /* "eh" (old GCC) carries no LSDA; anything else is not known.  */
      cie->ok = strchr (aug, 'L') == NULL && strchr (aug, 'R') == NULL
		&& strchr (aug, 'P') == NULL;
      return;
    }
  cie->z = true;
  const unsigned char *d = e->augmentation_data;
  size_t size = d != NULL ? e->augmentation_data_size : 0, pos = 0;
  for (const char *a = aug + 1; *a != '\0'; a++)
    switch (*a)
      {
      case 'L':
	if (pos >= size)
	  return;
	cie->lsda_enc = d[pos++];
	break;
      case 'R':
	if (pos >= size)
	  return;
	cie->fde_enc = d[pos++];
	break;
      case 'P':
	{
	  uint64_t v;
	  if (pos >= size)
	    return;
	  unsigned enc = d[pos++];
	  if (!read_value (c, d, size, &pos, enc, &v))
	    return;
	  break;
	}
      case 'S':
      case 'B':
      case 'G':
	break;
      default:
	/* Unknown: the rest of the data cannot be placed.  */
	return;
      }
  cie->ok = true;
}

/* Find the landing pads of the FDEs of .eh_frame section SCN (DATA).
   Returns 0, or -1 when out of memory.  */
static int
walk_eh_frame (struct ctx *c, size_t scn, Elf_Data *data,
	       const unsigned char *ident)
{
  struct cie cie = { .offset = (Dwarf_Off) -1 };
  const unsigned char *b = data->d_buf;
  Dwarf_Off off = 0, next;
  Dwarf_CFI_Entry e;
  int rc;
  while ((rc = dwarf_next_cfi (ident, data, true, off, &next, &e)) == 0)
    {
      Dwarf_Off here = off;
      off = next;
      if (dwarf_cfi_cie_p (&e))
	continue;
      if (e.fde.CIE_pointer != cie.offset)
	{
	  Dwarf_CFI_Entry ce;
	  Dwarf_Off cnext;
	  cie.offset = e.fde.CIE_pointer;
	  if (dwarf_next_cfi (ident, data, true, cie.offset, &cnext, &ce) != 0
	      || !dwarf_cfi_cie_p (&ce))
	    cie.ok = false;
	  else
	    parse_cie (c, &ce.cie, &cie);
	}
      if (!cie.ok)
	{
	  mark_bad (c, scn, here);
	  continue;
	}
      if (cie.lsda_enc == PE_OMIT)
	continue;
      if (e.fde.start < b || e.fde.end < e.fde.start
	  || (size_t) (e.fde.end - b) > data->d_size)
	{
	  mark_bad (c, scn, here);
	  continue;
	}
      size_t pos = (size_t) (e.fde.start - b), end = (size_t) (e.fde.end - b);
      struct ptr func, lsda;
      uint64_t range, auglen;
      bool fnul, lnul;
      if (!read_ptr (c, scn, b, end, &pos, cie.fde_enc, &func, &fnul)
	  || !read_value (c, b, end, &pos, cie.fde_enc & PE_FORMAT, &range)
	  || (cie.z && (!read_uleb (b, end, &pos, &auglen)
			|| auglen > end - pos))
	  || !read_ptr (c, scn, b, cie.z ? pos + (size_t) auglen : end, &pos,
			cie.lsda_enc, &lsda, &lnul))
	{
	  mark_bad (c, scn, here);
	  continue;
	}
      /* No LSDA, or an FDE of discarded code (initial location 0).  */
      if (lnul || fnul || range == 0)
	continue;
      if (decode_lsda (c, lsda, func) < 0)
	return -1;
    }
  if (rc < 0)
    mark_bad (c, scn, off);
  return 0;
}

static int
add_reloc (const struct ct_rel *rel, void *arg)
{
  struct ctx *c = arg;
  if (rel->shndx == SHN_UNDEF || rel->shndx >= SHN_LORESERVE)
    return 0;			/* undefined, absolute, common */
  if (__calltab_reserve (&c->relocs, &c->relocs_alloc, c->nrelocs + 1,
			 sizeof *c->relocs) < 0)
    return -1;
  c->relocs[c->nrelocs++] = (struct obj_reloc) {
    rel->applies_to, rel->offset, rel->shndx, rel->sym.st_value,
    rel->addend, rel->implicit };
  return 0;
}

static int
cmp_reloc (const void *a, const void *b)
{
  const struct obj_reloc *x = a, *y = b;
  if (x->scn != y->scn)
    return x->scn < y->scn ? -1 : 1;
  return x->offset < y->offset ? -1 : x->offset > y->offset;
}

static int
cmp_place (const void *a, const void *b)
{
  return ct_place_cmp (a, b);
}

static bool
is_named (const char *name, const char *prefix)
{
  size_t n = strlen (prefix);
  return name != NULL && strncmp (name, prefix, n) == 0
	 && (name[n] == '\0' || name[n] == '.');
}

int
__calltab_landing_pads (Elf *elf, const struct ct_code *code,
			struct ct_landing_pads *out)
{
  *out = (struct ct_landing_pads) { 0 };
  size_t shstrndx, nident;
  const char *ident = elf_getident (elf, &nident);
  if (ident == NULL || nident < EI_NIDENT
      || elf_getshdrstrndx (elf, &shstrndx) != 0)
    return 0;
  struct ctx c = { .elf = elf, .code = code, .out = out,
		   .relocatable = __calltab_code_relocatable (code),
		   .msb = ident[EI_DATA] == ELFDATA2MSB,
		   .addr_size = ident[EI_CLASS] == ELFCLASS32 ? 4 : 8 };
  /* Objects: the relocations of .eh_frame and .gcc_except_table.  */
  for (Elf_Scn *s = NULL; c.relocatable && (s = elf_nextscn (elf, s)) != NULL;)
    {
      GElf_Shdr sh;
      if (gelf_getshdr (s, &sh) == NULL
	  || (sh.sh_type != SHT_RELA && sh.sh_type != SHT_REL))
	continue;
      const char *target = __calltab_code_scn_name (code, sh.sh_info);
      if ((!is_named (target, ".eh_frame")
	   && !is_named (target, ".gcc_except_table"))
	  || !__calltab_reloc_has_symtab (elf, s))
	continue;
      if (__calltab_reloc_walk (elf, s, add_reloc, &c) < 0)
	goto fail;
    }
  if (c.nrelocs > 0)
    qsort (c.relocs, c.nrelocs, sizeof *c.relocs, cmp_reloc);
  if (!c.relocatable && (c.map = __calltab_addrmap (elf)) == NULL)
    goto fail;
  for (Elf_Scn *s = NULL; (s = elf_nextscn (elf, s)) != NULL;)
    {
      GElf_Shdr sh;
      if (gelf_getshdr (s, &sh) == NULL || sh.sh_type == SHT_NOBITS
	  || strcmp (__calltab_code_scn_name (code, elf_ndxscn (s)),
		     ".eh_frame") != 0)
	continue;
      Elf_Data *data = elf_getdata (s, NULL);
      if (data == NULL || data->d_buf == NULL)
	continue;
      if (walk_eh_frame (&c, elf_ndxscn (s), data,
			 (const unsigned char *) ident) < 0)
	goto fail;
    }
  if (out->n > 0)
    {
      qsort (out->pads, out->n, sizeof *out->pads, cmp_place);
      size_t n = 1;
      for (size_t i = 1; i < out->n; i++)
	if (cmp_place (&out->pads[i], &out->pads[n - 1]) != 0)
	  out->pads[n++] = out->pads[i];
      out->n = n;
    }
  free (c.relocs);
  free (c.map);
  return 0;

fail:
  free (c.relocs);
  free (c.map);
  __calltab_landing_pads_free (out);
  return -1;
}

static bool
pad_before (const void *elt, const void *key)
{
  return cmp_place (elt, key) < 0;
}

size_t
__calltab_landing_pad_from (const struct ct_landing_pads *p, size_t scnidx,
			    uint64_t offset)
{
  struct ct_place key = { scnidx, offset };
  return __calltab_partition (p->pads, p->n, sizeof *p->pads, pad_before,
			      &key);
}

void
__calltab_landing_pads_free (struct ct_landing_pads *p)
{
  free (p->pads);
  *p = (struct ct_landing_pads) { 0 };
}
