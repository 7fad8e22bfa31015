/* elf-alloc-digest: print what the code-identity invariant compares.

   elf-alloc-digest FILE

   One line per allocated section (name, type, flags, size, alignment,
   64-bit FNV-1a of the contents), one per relocation that applies to an
   allocated section (offset, type, symbol or section name, addend) and
   one per symbol defined in an allocated section.  Symbol table indexes
   and the offsets of non-allocated sections are left out on purpose: the
   plugin adds debug sections and so shifts them, without changing code.
   Two objects whose digests are equal have identical generated code.  */

#include <fcntl.h>
#include <gelf.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *file;

static void __attribute__ ((noreturn))
die (const char *what)
{
  fprintf (stderr, "elf-alloc-digest: %s: %s: %s\n", file, what,
	   elf_errmsg (-1));
  exit (2);
}

static uint64_t
fnv1a (const unsigned char *p, size_t n)
{
  uint64_t h = 0xcbf29ce484222325ULL;
  for (size_t i = 0; i < n; i++)
    h = (h ^ p[i]) * 0x100000001b3ULL;
  return h;
}

static int
is_alloc (Elf *elf, size_t ndx)
{
  GElf_Shdr shdr;
  Elf_Scn *scn = elf_getscn (elf, ndx);
  return scn != NULL && gelf_getshdr (scn, &shdr) != NULL
	 && (shdr.sh_flags & SHF_ALLOC) != 0;
}

static const char *
section_name (Elf *elf, size_t shstrndx, size_t ndx)
{
  GElf_Shdr shdr;
  Elf_Scn *scn = elf_getscn (elf, ndx);
  if (scn == NULL || gelf_getshdr (scn, &shdr) == NULL)
    return "?";
  const char *n = elf_strptr (elf, shstrndx, shdr.sh_name);
  return n != NULL ? n : "?";
}

/* The name a relocation or symbol entry stands for: its own name, or for
   a section symbol the section's name.  */
static const char *
symbol_name (Elf *elf, size_t shstrndx, Elf_Data *syms, size_t strndx,
	     size_t i)
{
  GElf_Sym sym;
  if (syms == NULL || gelf_getsym (syms, (int) i, &sym) == NULL)
    return "?";
  if (GELF_ST_TYPE (sym.st_info) == STT_SECTION)
    return section_name (elf, shstrndx, sym.st_shndx);
  const char *n = elf_strptr (elf, strndx, sym.st_name);
  return n != NULL ? n : "?";
}

static void
print_relocs (Elf *elf, size_t shstrndx, Elf_Scn *scn, const GElf_Shdr *shdr)
{
  Elf_Scn *symscn = elf_getscn (elf, shdr->sh_link);
  GElf_Shdr symshdr;
  if (symscn == NULL || gelf_getshdr (symscn, &symshdr) == NULL)
    die ("relocation section without symbol table");
  Elf_Data *syms = elf_getdata (symscn, NULL);
  Elf_Data *data = elf_getdata (scn, NULL);
  if (data == NULL)
    die ("cannot read relocations");
  const char *target = section_name (elf, shstrndx, shdr->sh_info);
  size_t n = shdr->sh_entsize ? shdr->sh_size / shdr->sh_entsize : 0;
  for (size_t i = 0; i < n; i++)
    {
      GElf_Rela r;
      if (shdr->sh_type == SHT_RELA)
	{
	  if (gelf_getrela (data, (int) i, &r) == NULL)
	    die ("bad relocation");
	}
      else
	{
	  GElf_Rel rel;
	  if (gelf_getrel (data, (int) i, &rel) == NULL)
	    die ("bad relocation");
	  r.r_offset = rel.r_offset;
	  r.r_info = rel.r_info;
	  r.r_addend = 0;
	}
      printf ("reloc %s+%#" PRIx64 " type=%u %s%+" PRId64 "\n", target,
	      r.r_offset, (unsigned) GELF_R_TYPE (r.r_info),
	      symbol_name (elf, shstrndx, syms, symshdr.sh_link,
			   GELF_R_SYM (r.r_info)),
	      r.r_addend);
    }
}

static void
print_symbols (Elf *elf, size_t shstrndx, Elf_Scn *scn, const GElf_Shdr *shdr)
{
  Elf_Data *data = elf_getdata (scn, NULL);
  if (data == NULL)
    die ("cannot read symbol table");
  size_t n = shdr->sh_entsize ? shdr->sh_size / shdr->sh_entsize : 0;
  for (size_t i = 1; i < n; i++)
    {
      GElf_Sym sym;
      if (gelf_getsym (data, (int) i, &sym) == NULL)
	die ("bad symbol");
      int type = GELF_ST_TYPE (sym.st_info);
      if (type == STT_SECTION || type == STT_FILE
	  || sym.st_shndx == SHN_UNDEF || sym.st_shndx >= SHN_LORESERVE
	  || !is_alloc (elf, sym.st_shndx))
	continue;
      printf ("symbol %s in %s value=%#" PRIx64 " size=%" PRIu64
	      " type=%d bind=%d other=%d\n",
	      symbol_name (elf, shstrndx, data, shdr->sh_link, i),
	      section_name (elf, shstrndx, sym.st_shndx), sym.st_value,
	      sym.st_size, type, GELF_ST_BIND (sym.st_info), sym.st_other);
    }
}

int
main (int argc, char **argv)
{
  if (argc != 2)
    {
      fputs ("usage: elf-alloc-digest FILE\n", stderr);
      return 2;
    }
  file = argv[1];
  elf_version (EV_CURRENT);
  int fd = open (file, O_RDONLY);
  if (fd < 0)
    {
      perror (file);
      return 2;
    }
  Elf *elf = elf_begin (fd, ELF_C_READ, NULL);
  size_t shstrndx;
  if (elf == NULL || elf_kind (elf) != ELF_K_ELF
      || elf_getshdrstrndx (elf, &shstrndx) != 0)
    die ("not a readable ELF file");

  for (Elf_Scn *scn = NULL; (scn = elf_nextscn (elf, scn)) != NULL;)
    {
      GElf_Shdr shdr;
      if (gelf_getshdr (scn, &shdr) == NULL)
	die ("bad section header");
      const char *name = section_name (elf, shstrndx, elf_ndxscn (scn));
      if (shdr.sh_flags & SHF_ALLOC)
	{
	  uint64_t h = 0;
	  if (shdr.sh_type != SHT_NOBITS)
	    {
	      Elf_Data *d = elf_rawdata (scn, NULL);
	      if (d == NULL)
		die ("cannot read section");
	      h = fnv1a (d->d_buf, d->d_size);
	    }
	  printf ("section %s type=%u flags=%#" PRIx64 " size=%" PRIu64
		  " align=%" PRIu64 " hash=%016" PRIx64 "\n", name,
		  shdr.sh_type, shdr.sh_flags, shdr.sh_size,
		  shdr.sh_addralign, h);
	}
      else if ((shdr.sh_type == SHT_RELA || shdr.sh_type == SHT_REL)
	       && is_alloc (elf, shdr.sh_info))
	print_relocs (elf, shstrndx, scn, &shdr);
      else if (shdr.sh_type == SHT_SYMTAB)
	print_symbols (elf, shstrndx, scn, &shdr);
    }
  elf_end (elf);
  close (fd);
  return 0;
}
