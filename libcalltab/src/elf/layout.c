/* layout.c: whether an ELF file's headers and sections lie inside it,
   checked before libdwfl (which reads a whole file with sizes from these
   headers) or libelf's decompression (which allocates the size a
   compressed section claims) is given the file.  One walker finds every
   defect: the reader stops at the first (open.c), calltab_verify
   reports each (verify/units.c, truncated-file).  */

#include <stddef.h>
#include <string.h>
#include "elf-index.h"

#ifndef ELFCOMPRESS_ZSTD
# define ELFCOMPRESS_ZSTD 2
#endif

bool
__calltab_chdr_plausible (const GElf_Chdr *chdr, uint64_t compressed)
{
  /* The most a byte of each format can expand to: deflate's longest
     match, 258 bytes, in 2 bits (zlib's figure, which libelf also
     applies); zstd's RLE block, up to 128 KiB from a 3-byte header and
     1 byte.  libelf 0.192 allocates a zstd section's claimed size as
     it is (a 16 KiB file claimed 20 GB).  */
  uint64_t ratio = chdr->ch_type == ELFCOMPRESS_ZLIB ? 1032
		   : chdr->ch_type == ELFCOMPRESS_ZSTD ? 32768 : 0;
  return ratio == 0 || chdr->ch_size / ratio <= compressed;
}

/* What the ELF header says of the two header tables, with the counts
   the gABI puts in section 0 (extended numbering) resolved.  */
struct tables
{
  uint64_t off[2], count[2], entsize[2];
  bool count_known[2];
};

/* Section 0's header of ELF (a file of SIZE bytes, its ELF header EH)
   from the file's bytes, which libelf does not show when the section
   header table does not fit: its sh_size and sh_info in *SH.  False
   when it does not lie inside the file.  */
static bool
read_section0 (Elf *elf, const GElf_Ehdr *eh, uint64_t size, GElf_Shdr *sh)
{
  bool is32 = eh->e_ident[EI_CLASS] == ELFCLASS32;
  bool msb = eh->e_ident[EI_DATA] == ELFDATA2MSB;
  uint64_t shsize = is32 ? sizeof (Elf32_Shdr) : sizeof (Elf64_Shdr);
  size_t rawsize;
  const unsigned char *raw = (const unsigned char *) elf_rawfile (elf,
								 &rawsize);
  if (eh->e_shoff == 0 || eh->e_shoff > size || size - eh->e_shoff < shsize
      || raw == NULL || eh->e_shoff > rawsize
      || rawsize - eh->e_shoff < shsize)
    return false;
  const unsigned char *p = raw + eh->e_shoff;
  memset (sh, 0, sizeof *sh);
  if (is32)
    {
      sh->sh_size = __calltab_read_uint (p + offsetof (Elf32_Shdr, sh_size),
					 4, msb);
      sh->sh_info = (GElf_Word) __calltab_read_uint
	(p + offsetof (Elf32_Shdr, sh_info), 4, msb);
    }
  else
    {
      sh->sh_size = __calltab_read_uint (p + offsetof (Elf64_Shdr, sh_size),
					 8, msb);
      sh->sh_info = (GElf_Word) __calltab_read_uint
	(p + offsetof (Elf64_Shdr, sh_info), 4, msb);
    }
  return true;
}

/* The header tables of ELF.  The gABI's rule for counts that do not fit
   in the ELF header: e_shnum 0 with a section header table (e_shoff not
   0) means the count is section 0's sh_size, and e_phnum PN_XNUM means
   it is section 0's sh_info; libelf's elf_getshdrnum and
   elf_getphdrnum read them so.  A count that lies past the end of the
   file is not known.  A table at offset 0 is no table.  */
static void
header_tables (Elf *elf, const GElf_Ehdr *eh, uint64_t size,
	       struct tables *t)
{
  GElf_Shdr sh0;
  bool have0 = read_section0 (elf, eh, size, &sh0);
  *t = (struct tables) {
    .off = { eh->e_phoff, eh->e_shoff },
    .count = { eh->e_phnum, eh->e_shnum },
    .entsize = { eh->e_phentsize, eh->e_shentsize },
    .count_known = { true, true } };
  if (eh->e_phnum == PN_XNUM && have0)
    t->count[0] = sh0.sh_info;
  if (eh->e_shnum == 0 && eh->e_shoff != 0)
    {
      t->count[1] = have0 ? sh0.sh_size : 0;
      t->count_known[1] = have0;
    }
}

/* The name of section header SH, when the section name table lies
   inside the file (NAMES), else NULL.  */
static const char *
section_name (Elf *elf, bool names, size_t shstrndx, const GElf_Shdr *sh)
{
  return names ? elf_strptr (elf, shstrndx, sh->sh_name) : NULL;
}

static bool
inside (uint64_t off, uint64_t len, uint64_t size)
{
  return off <= size && size - off >= len;
}

/* The sections of ELF: contents inside the file, compressed ones
   plausible (see __calltab_elf_layout).  */
static int
walk_sections (Elf *elf, struct ct_layout *d,
	       int (*fn) (const struct ct_layout *d, void *arg), void *arg)
{
  uint64_t size = d->file_size;
  size_t shnum, shstrndx;
  if (elf_getshdrnum (elf, &shnum) != 0)
    {
      d->what = CT_LAYOUT_SHDRS;
      d->libelf = elf_errmsg (-1);
      return fn (d, arg);
    }
  /* Names only from a section name table inside the file.  */
  GElf_Shdr sh;
  Elf_Scn *strs;
  bool names = elf_getshdrstrndx (elf, &shstrndx) == 0
	       && (strs = elf_getscn (elf, shstrndx)) != NULL
	       && gelf_getshdr (strs, &sh) != NULL
	       && inside (sh.sh_offset, sh.sh_size, size);
  for (Elf_Scn *scn = NULL; (scn = elf_nextscn (elf, scn)) != NULL;)
    {
      int rc = 0;
      d->scn = elf_ndxscn (scn);
      GElf_Chdr chdr;
      if (gelf_getshdr (scn, &sh) == NULL)
	{
	  d->what = CT_LAYOUT_SHDR;
	  d->libelf = elf_errmsg (-1);
	  rc = fn (d, arg);
	}
      else if (sh.sh_type == SHT_NOBITS)
	continue;
      else if (!inside (sh.sh_offset, sh.sh_size, size))
	{
	  d->what = CT_LAYOUT_SECTION;
	  d->offset = sh.sh_offset;
	  d->size = sh.sh_size;
	  d->name = section_name (elf, names, shstrndx, &sh);
	  rc = fn (d, arg);
	}
      else if ((sh.sh_flags & SHF_COMPRESSED) != 0
	       && gelf_getchdr (scn, &chdr) != NULL
	       && !__calltab_chdr_plausible (&chdr, sh.sh_size))
	{
	  d->what = CT_LAYOUT_COMPRESSED;
	  d->offset = sh.sh_offset;
	  d->size = sh.sh_size;
	  d->claimed = chdr.ch_size;
	  d->name = section_name (elf, names, shstrndx, &sh);
	  rc = fn (d, arg);
	}
      if (rc != 0)
	return rc;
    }
  return 0;
}

int
__calltab_elf_layout (Elf *elf, uint64_t size,
		      int (*fn) (const struct ct_layout *d, void *arg),
		      void *arg)
{
  struct ct_layout d = { .file_size = size };
  GElf_Ehdr eh;
  if (gelf_getehdr (elf, &eh) == NULL)
    {
      d.what = CT_LAYOUT_EHDR;
      d.libelf = elf_errmsg (-1);
      return fn (&d, arg);
    }
  struct tables t;
  header_tables (elf, &eh, size, &t);
  bool sections_inside = true;
  for (int i = 0; i < 2; i++)
    {
      if (t.off[i] == 0 || (t.count[i] == 0 && t.count_known[i]))
	continue;
      uint64_t n = t.count_known[i] ? t.count[i] : 1;
      uint64_t ent = t.entsize[i] ? t.entsize[i] : 1;
      if (t.off[i] <= size && (size - t.off[i]) / ent >= n)
	continue;
      if (i == 1)
	sections_inside = false;
      d.what = CT_LAYOUT_TABLE;
      d.section_table = i == 1;
      d.count = t.count[i];
      d.count_known = t.count_known[i];
      d.entsize = t.entsize[i];
      d.offset = t.off[i];
      d.size = d.count * d.entsize;
      int rc = fn (&d, arg);
      if (rc != 0)
	return rc;
    }
  /* libelf shows no sections of a table it cannot hold.  */
  if (!sections_inside)
    return 0;
  d = (struct ct_layout) { .file_size = size };
  return walk_sections (elf, &d, fn, arg);
}
