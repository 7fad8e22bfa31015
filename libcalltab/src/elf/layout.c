/* layout.c: whether an ELF file's headers and sections lie inside it,
   checked before libdwfl (which reads a whole file with sizes from these
   headers) or libelf's decompression (which allocates the size a
   compressed section claims) is given the file.  */

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
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

/* Whether the section and program headers and every section lie inside
   the file.  libdwfl reads a whole file into memory with sizes taken
   from these headers; a file that fails this is not given to it.  On
   failure *WHY says what is wrong.  */
bool
__calltab_elf_layout_sane (Elf *elf, int fd, char *why, size_t whysize)
{
  struct stat st;
  if (fstat (fd, &st) < 0)
    {
      snprintf (why, whysize, "cannot stat: %s", strerror (errno));
      return false;
    }
  uint64_t size = (uint64_t) st.st_size;
  GElf_Ehdr ehdr;
  if (gelf_getehdr (elf, &ehdr) == NULL)
    {
      snprintf (why, whysize, "%s", elf_errmsg (-1));
      return false;
    }
  size_t shnum, phnum;
  if (elf_getshdrnum (elf, &shnum) < 0 || elf_getphdrnum (elf, &phnum) < 0)
    {
      snprintf (why, whysize, "%s", elf_errmsg (-1));
      return false;
    }
  uint64_t shent = ehdr.e_shentsize, phent = ehdr.e_phentsize;
  if ((shnum != 0 && (ehdr.e_shoff > size
		      || (size - ehdr.e_shoff) / (shent ? shent : 1) < shnum))
      || (phnum != 0 && (ehdr.e_phoff > size
			 || (size - ehdr.e_phoff) / (phent ? phent : 1) < phnum)))
    {
      snprintf (why, whysize, "header table extends past the end of the file");
      return false;
    }
  for (Elf_Scn *s = NULL; (s = elf_nextscn (elf, s)) != NULL;)
    {
      GElf_Shdr sh;
      if (gelf_getshdr (s, &sh) == NULL)
	{
	  snprintf (why, whysize, "%s", elf_errmsg (-1));
	  return false;
	}
      if (sh.sh_type != SHT_NOBITS
	  && (sh.sh_offset > size || size - sh.sh_offset < sh.sh_size))
	{
	  snprintf (why, whysize, "section [%zu] extends past the end of the"
		    " file", elf_ndxscn (s));
	  return false;
	}
      GElf_Chdr chdr;
      if (sh.sh_type != SHT_NOBITS && (sh.sh_flags & SHF_COMPRESSED) != 0
	  && gelf_getchdr (s, &chdr) != NULL
	  && !__calltab_chdr_plausible (&chdr, sh.sh_size))
	{
	  snprintf (why, whysize, "compressed section [%zu] claims 0x%" PRIx64
		    " bytes from 0x%" PRIx64 ", more than its format gives",
		    elf_ndxscn (s), (uint64_t) chdr.ch_size,
		    (uint64_t) sh.sh_size);
	  return false;
	}
    }
  return true;
}

