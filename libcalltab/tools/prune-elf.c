/* prune-elf.c: write a copy of a linked ELF file with one section's
   contents replaced (shorter) and a few fixed-size values of another
   patched in place, through libelf (docs/prune.md, "The output file").  */

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <gelf.h>
#include <libelf.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "prune-elf.h"

static int
fail (char *err, size_t errlen, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (err, errlen, fmt, ap);
  va_end (ap);
  return -1;
}

/* One item of the file's layout: a section or the section header table
   (SCN == 0).  */
struct item
{
  size_t scn;
  uint64_t off, size, align;
  bool fixed;			/* must stay at OFF */
  uint64_t new_off;
};

static int
cmp_item (const void *a, const void *b)
{
  const struct item *x = a, *y = b;
  if (x->off != y->off)
    return x->off < y->off ? -1 : 1;
  return x->scn < y->scn ? -1 : x->scn > y->scn;
}

static uint64_t
align_up (uint64_t v, uint64_t a)
{
  return a > 1 ? (v + a - 1) / a * a : v;
}

void
prune_put_value (unsigned char *p, unsigned int size, uint64_t value,
		 bool msb)
{
  for (unsigned int i = 0; i < size; i++)
    p[i] = (unsigned char) (value >> (msb ? 8 * (size - 1 - i) : 8 * i));
}

uint64_t
prune_get_value (const unsigned char *p, unsigned int size, bool msb)
{
  uint64_t v = 0;
  for (unsigned int i = 0; i < size; i++)
    v |= (uint64_t) p[i] << (msb ? 8 * (size - 1 - i) : 8 * i);
  return v;
}

/* Fill ITEMS (room for SHNUM + 1) with IN's layout and compute where
   each goes.  Returns the number of items.  */
static size_t
layout (Elf *in, const GElf_Ehdr *ehdr, size_t shnum,
	const struct prune_edit *edit, struct item *items)
{
  size_t phnum = 0;
  elf_getphdrnum (in, &phnum);
  uint64_t table_off = 0;
  size_t n = 0;
  for (size_t i = 1; i < shnum; i++)
    {
      GElf_Shdr sh;
      if (gelf_getshdr (elf_getscn (in, i), &sh) == NULL)
	continue;
      struct item *it = &items[n++];
      it->scn = i;
      it->off = sh.sh_offset;
      it->size = sh.sh_type == SHT_NOBITS ? 0 : sh.sh_size;
      if (i == edit->table_scn)
	{
	  table_off = sh.sh_offset;
	  it->size = edit->table_size;
	}
      it->align = sh.sh_addralign;
      it->fixed = (sh.sh_flags & SHF_ALLOC) != 0;
      for (size_t p = 0; p < phnum && !it->fixed; p++)
	{
	  GElf_Phdr ph;
	  if (gelf_getphdr (in, (int) p, &ph) != NULL && ph.p_filesz > 0
	      && it->off < ph.p_offset + ph.p_filesz
	      && it->off + it->size > ph.p_offset)
	    it->fixed = true;
	}
    }
  struct item *sht = &items[n++];
  sht->scn = 0;
  sht->off = ehdr->e_shoff;
  sht->size = (uint64_t) shnum * ehdr->e_shentsize;
  sht->align = gelf_getclass (in) == ELFCLASS64 ? 8 : 4;
  sht->fixed = false;
  qsort (items, n, sizeof *items, cmp_item);

  /* Everything after the replaced section that is not allocated (nor
     in a segment) moves down; the rest stays.  Sizes only shrink, so a
     moved item never reaches the next fixed one.  */
  uint64_t end = 0;
  for (size_t k = 0; k < n; k++)
    {
      struct item *it = &items[k];
      if (it->fixed || it->off <= table_off)
	it->new_off = it->off;
      else
	{
	  it->new_off = align_up (end, it->align);
	  if (it->new_off > it->off)
	    it->new_off = it->off;
	}
      if (it->new_off + it->size > end)
	end = it->new_off + it->size;
    }
  return n;
}

int
prune_write_elf (const char *in_path, const char *out_path,
		 const struct prune_edit *edit, char *err, size_t errlen)
{
  int ret = -1;
  int in_fd = -1, out_fd = -1;
  Elf *in = NULL, *out = NULL;
  struct item *items = NULL;
  unsigned char *patched = NULL;
  char *tmp = NULL;

  elf_version (EV_CURRENT);
  in_fd = open (in_path, O_RDONLY);
  if (in_fd < 0)
    {
      fail (err, errlen, "%s: %s", in_path, strerror (errno));
      goto out;
    }
  struct stat st;
  if (fstat (in_fd, &st) != 0)
    {
      fail (err, errlen, "%s: %s", in_path, strerror (errno));
      goto out;
    }
  in = elf_begin (in_fd, ELF_C_READ, NULL);
  GElf_Ehdr ehdr;
  size_t shnum, phnum;
  if (in == NULL || elf_kind (in) != ELF_K_ELF
      || gelf_getehdr (in, &ehdr) == NULL
      || elf_getshdrnum (in, &shnum) != 0
      || elf_getphdrnum (in, &phnum) != 0)
    {
      fail (err, errlen, "%s: %s", in_path, elf_errmsg (-1));
      goto out;
    }
  if (edit->table_scn == 0 || edit->table_scn >= shnum
      || edit->patch_scn >= shnum)
    {
      fail (err, errlen, "%s: no such section", in_path);
      goto out;
    }

  /* The patched section: a copy of its bytes with the values replaced.  */
  Elf_Data *pdata = NULL;
  if (edit->patch_scn != 0)
    {
      pdata = elf_rawdata (elf_getscn (in, edit->patch_scn), NULL);
      if (pdata == NULL || pdata->d_buf == NULL)
	{
	  fail (err, errlen, "%s: section [%zu]: %s", in_path,
		edit->patch_scn, elf_errmsg (-1));
	  goto out;
	}
      patched = malloc (pdata->d_size ? pdata->d_size : 1);
      if (patched == NULL)
	{
	  fail (err, errlen, "out of memory");
	  goto out;
	}
      memcpy (patched, pdata->d_buf, pdata->d_size);
      bool msb = ehdr.e_ident[EI_DATA] == ELFDATA2MSB;
      for (size_t i = 0; i < edit->npatches; i++)
	{
	  const struct prune_patch *p = &edit->patches[i];
	  if (p->offset > pdata->d_size || p->size > pdata->d_size - p->offset
	      || prune_get_value (patched + p->offset, p->size, msb) != p->old)
	    {
	      fail (err, errlen, "%s: section [%zu] offset 0x%" PRIx64
		    ": the value to patch is not where the DWARF reader"
		    " found it", in_path, edit->patch_scn, p->offset);
	      goto out;
	    }
	  prune_put_value (patched + p->offset, p->size, p->value, msb);
	}
    }

  size_t len = strlen (out_path);
  tmp = malloc (len + 16);
  if (tmp == NULL)
    {
      fail (err, errlen, "out of memory");
      goto out;
    }
  snprintf (tmp, len + 16, "%s.tmpXXXXXX", out_path);
  out_fd = mkstemp (tmp);
  if (out_fd < 0)
    {
      fail (err, errlen, "%s: %s", tmp, strerror (errno));
      free (tmp);
      tmp = NULL;
      goto out;
    }
  if (fchmod (out_fd, st.st_mode & 07777) != 0)
    {
      fail (err, errlen, "%s: %s", tmp, strerror (errno));
      goto out;
    }
  out = elf_begin (out_fd, ELF_C_WRITE, NULL);
  if (out == NULL || gelf_newehdr (out, gelf_getclass (in)) == NULL
      || (phnum > 0 && gelf_newphdr (out, phnum) == NULL))
    {
      fail (err, errlen, "%s: %s", out_path, elf_errmsg (-1));
      goto out;
    }
  for (size_t i = 0; i < phnum; i++)
    {
      GElf_Phdr ph;
      if (gelf_getphdr (in, (int) i, &ph) == NULL
	  || gelf_update_phdr (out, (int) i, &ph) == 0)
	{
	  fail (err, errlen, "%s: %s", out_path, elf_errmsg (-1));
	  goto out;
	}
    }

  items = calloc (shnum + 1, sizeof *items);
  if (items == NULL)
    {
      fail (err, errlen, "out of memory");
      goto out;
    }
  size_t nitems = layout (in, &ehdr, shnum, edit, items);
  uint64_t *new_off = calloc (shnum + 1, sizeof *new_off);
  if (new_off == NULL)
    {
      fail (err, errlen, "out of memory");
      goto out;
    }
  for (size_t k = 0; k < nitems; k++)
    new_off[items[k].scn] = items[k].new_off;
  ehdr.e_shoff = new_off[0];

  for (size_t i = 1; i < shnum; i++)
    {
      Elf_Scn *is = elf_getscn (in, i);
      Elf_Scn *os = elf_newscn (out);
      GElf_Shdr sh;
      if (is == NULL || os == NULL || gelf_getshdr (is, &sh) == NULL)
	{
	  fail (err, errlen, "%s: %s", out_path, elf_errmsg (-1));
	  free (new_off);
	  goto out;
	}
      Elf_Data *od = elf_newdata (os);
      Elf_Data *id = NULL;
      if (sh.sh_type != SHT_NOBITS && sh.sh_size > 0)
	{
	  id = elf_rawdata (is, NULL);
	  if (id == NULL)
	    {
	      fail (err, errlen, "%s: section [%zu]: %s", in_path, i,
		    elf_errmsg (-1));
	      free (new_off);
	      goto out;
	    }
	}
      if (od == NULL)
	{
	  fail (err, errlen, "%s: %s", out_path, elf_errmsg (-1));
	  free (new_off);
	  goto out;
	}
      od->d_type = ELF_T_BYTE;
      od->d_version = EV_CURRENT;
      od->d_align = 1;
      od->d_off = 0;
      od->d_buf = id != NULL ? id->d_buf : NULL;
      od->d_size = id != NULL ? id->d_size : sh.sh_size;
      if (i == edit->table_scn)
	{
	  od->d_buf = (void *) edit->table;
	  od->d_size = edit->table_size;
	  sh.sh_size = edit->table_size;
	}
      else if (i == edit->patch_scn)
	od->d_buf = patched;
      sh.sh_offset = new_off[i];
      if (gelf_update_shdr (os, &sh) == 0)
	{
	  fail (err, errlen, "%s: %s", out_path, elf_errmsg (-1));
	  free (new_off);
	  goto out;
	}
    }
  free (new_off);
  /* Section 0 carries the counts of files with many sections.  */
  if (shnum > 1)
    {
      GElf_Shdr sh0;
      if (gelf_getshdr (elf_getscn (in, 0), &sh0) == NULL
	  || gelf_update_shdr (elf_getscn (out, 0), &sh0) == 0)
	{
	  fail (err, errlen, "%s: %s", out_path, elf_errmsg (-1));
	  goto out;
	}
    }
  if (gelf_update_ehdr (out, &ehdr) == 0)
    {
      fail (err, errlen, "%s: %s", out_path, elf_errmsg (-1));
      goto out;
    }
  elf_flagelf (out, ELF_C_SET, ELF_F_LAYOUT);
  if (elf_update (out, ELF_C_WRITE) < 0)
    {
      fail (err, errlen, "%s: writing: %s", out_path, elf_errmsg (-1));
      goto out;
    }
  elf_end (out);
  out = NULL;
  if (close (out_fd) != 0)
    {
      out_fd = -1;
      fail (err, errlen, "%s: %s", tmp, strerror (errno));
      goto out;
    }
  out_fd = -1;
  if (rename (tmp, out_path) != 0)
    {
      fail (err, errlen, "%s: %s", out_path, strerror (errno));
      goto out;
    }
  free (tmp);
  tmp = NULL;
  ret = 0;

out:
  if (out != NULL)
    elf_end (out);
  if (out_fd >= 0)
    close (out_fd);
  if (tmp != NULL)
    {
      unlink (tmp);
      free (tmp);
    }
  if (in != NULL)
    elf_end (in);
  if (in_fd >= 0)
    close (in_fd);
  free (items);
  free (patched);
  return ret;
}
