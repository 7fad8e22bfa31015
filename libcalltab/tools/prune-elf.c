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

/* A copy being written: IN_PATH read, OUT_PATH written through TMP.  */
struct copy
{
  const char *in_path, *out_path;
  const struct prune_edit *edit;
  char *err;
  size_t errlen;
  int in_fd, out_fd;
  Elf *in, *out;
  GElf_Ehdr ehdr;
  size_t shnum, phnum;
  mode_t mode;			/* IN's, given to OUT */
  unsigned char *patched;	/* the patched section's new bytes */
  char *tmp;			/* the temporary file, until renamed */
};

/* Open the input: an ELF file with the sections EDIT names.  */
static int
open_input (struct copy *c)
{
  c->in_fd = open (c->in_path, O_RDONLY);
  struct stat st;
  if (c->in_fd < 0 || fstat (c->in_fd, &st) != 0)
    return fail (c->err, c->errlen, "%s: %s", c->in_path, strerror (errno));
  c->mode = st.st_mode & 07777;
  c->in = elf_begin (c->in_fd, ELF_C_READ, NULL);
  if (c->in == NULL || elf_kind (c->in) != ELF_K_ELF
      || gelf_getehdr (c->in, &c->ehdr) == NULL
      || elf_getshdrnum (c->in, &c->shnum) != 0
      || elf_getphdrnum (c->in, &c->phnum) != 0)
    return fail (c->err, c->errlen, "%s: %s", c->in_path, elf_errmsg (-1));
  const struct prune_edit *edit = c->edit;
  if (edit->table_scn == 0 || edit->table_scn >= c->shnum
      || edit->patch_scn >= c->shnum)
    return fail (c->err, c->errlen, "%s: no such section", c->in_path);
  return 0;
}

/* The patched section: a copy of its bytes with the values replaced,
   each checked to hold the old value first.  */
static int
patch_section (struct copy *c)
{
  const struct prune_edit *edit = c->edit;
  if (edit->patch_scn == 0)
    return 0;
  Elf_Data *pdata = elf_rawdata (elf_getscn (c->in, edit->patch_scn), NULL);
  if (pdata == NULL || pdata->d_buf == NULL)
    return fail (c->err, c->errlen, "%s: section [%zu]: %s", c->in_path,
		 edit->patch_scn, elf_errmsg (-1));
  c->patched = malloc (pdata->d_size ? pdata->d_size : 1);
  if (c->patched == NULL)
    return fail (c->err, c->errlen, "out of memory");
  memcpy (c->patched, pdata->d_buf, pdata->d_size);
  bool msb = c->ehdr.e_ident[EI_DATA] == ELFDATA2MSB;
  for (size_t i = 0; i < edit->npatches; i++)
    {
      const struct prune_patch *p = &edit->patches[i];
      if (p->offset > pdata->d_size || p->size > pdata->d_size - p->offset
	  || prune_get_value (c->patched + p->offset, p->size, msb) != p->old)
	return fail (c->err, c->errlen, "%s: section [%zu] offset 0x%" PRIx64
		     ": the value to patch is not where the DWARF reader"
		     " found it", c->in_path, edit->patch_scn, p->offset);
      prune_put_value (c->patched + p->offset, p->size, p->value, msb);
    }
  return 0;
}

/* The output: a temporary file in OUT's directory with IN's mode (so
   that OUT is whole or not there), IN's ELF class and program
   headers.  */
static int
create_output (struct copy *c)
{
  size_t len = strlen (c->out_path);
  c->tmp = malloc (len + 16);
  if (c->tmp == NULL)
    return fail (c->err, c->errlen, "out of memory");
  snprintf (c->tmp, len + 16, "%s.tmpXXXXXX", c->out_path);
  c->out_fd = mkstemp (c->tmp);
  if (c->out_fd < 0)
    {
      fail (c->err, c->errlen, "%s: %s", c->tmp, strerror (errno));
      free (c->tmp);
      c->tmp = NULL;
      return -1;
    }
  if (fchmod (c->out_fd, c->mode) != 0)
    return fail (c->err, c->errlen, "%s: %s", c->tmp, strerror (errno));
  c->out = elf_begin (c->out_fd, ELF_C_WRITE, NULL);
  if (c->out == NULL || gelf_newehdr (c->out, gelf_getclass (c->in)) == NULL
      || (c->phnum > 0 && gelf_newphdr (c->out, c->phnum) == NULL))
    return fail (c->err, c->errlen, "%s: %s", c->out_path, elf_errmsg (-1));
  for (size_t i = 0; i < c->phnum; i++)
    {
      GElf_Phdr ph;
      if (gelf_getphdr (c->in, (int) i, &ph) == NULL
	  || gelf_update_phdr (c->out, (int) i, &ph) == 0)
	return fail (c->err, c->errlen, "%s: %s", c->out_path,
		     elf_errmsg (-1));
    }
  return 0;
}

/* Where each section goes (layout), by section index; index 0 is the
   section header table's.  NULL when out of memory (ERR set).  */
static uint64_t *
new_offsets (struct copy *c)
{
  struct item *items = calloc (c->shnum + 1, sizeof *items);
  uint64_t *new_off = calloc (c->shnum + 1, sizeof *new_off);
  if (items == NULL || new_off == NULL)
    {
      free (items);
      free (new_off);
      fail (c->err, c->errlen, "out of memory");
      return NULL;
    }
  size_t nitems = layout (c->in, &c->ehdr, c->shnum, c->edit, items);
  for (size_t k = 0; k < nitems; k++)
    new_off[items[k].scn] = items[k].new_off;
  free (items);
  return new_off;
}

/* Section I of the output: IN's header at offset OFF, and its bytes,
   the new table's, or the patched ones.  */
static int
copy_section (struct copy *c, size_t i, uint64_t off)
{
  Elf_Scn *is = elf_getscn (c->in, i);
  Elf_Scn *os = elf_newscn (c->out);
  GElf_Shdr sh;
  if (is == NULL || os == NULL || gelf_getshdr (is, &sh) == NULL)
    return fail (c->err, c->errlen, "%s: %s", c->out_path, elf_errmsg (-1));
  Elf_Data *od = elf_newdata (os);
  Elf_Data *id = NULL;
  if (sh.sh_type != SHT_NOBITS && sh.sh_size > 0)
    {
      id = elf_rawdata (is, NULL);
      if (id == NULL)
	return fail (c->err, c->errlen, "%s: section [%zu]: %s", c->in_path,
		     i, elf_errmsg (-1));
    }
  if (od == NULL)
    return fail (c->err, c->errlen, "%s: %s", c->out_path, elf_errmsg (-1));
  od->d_type = ELF_T_BYTE;
  od->d_version = EV_CURRENT;
  od->d_align = 1;
  od->d_off = 0;
  od->d_buf = id != NULL ? id->d_buf : NULL;
  od->d_size = id != NULL ? id->d_size : sh.sh_size;
  if (i == c->edit->table_scn)
    {
      od->d_buf = (void *) c->edit->table;
      od->d_size = c->edit->table_size;
      sh.sh_size = c->edit->table_size;
    }
  else if (i == c->edit->patch_scn)
    od->d_buf = c->patched;
  sh.sh_offset = off;
  if (gelf_update_shdr (os, &sh) == 0)
    return fail (c->err, c->errlen, "%s: %s", c->out_path, elf_errmsg (-1));
  return 0;
}

/* Every section and the ELF header of the output, at their new
   offsets.  */
static int
copy_sections (struct copy *c)
{
  uint64_t *new_off = new_offsets (c);
  if (new_off == NULL)
    return -1;
  c->ehdr.e_shoff = new_off[0];
  for (size_t i = 1; i < c->shnum; i++)
    if (copy_section (c, i, new_off[i]) != 0)
      {
	free (new_off);
	return -1;
      }
  free (new_off);
  /* Section 0 carries the counts of files with many sections.  */
  if (c->shnum > 1)
    {
      GElf_Shdr sh0;
      if (gelf_getshdr (elf_getscn (c->in, 0), &sh0) == NULL
	  || gelf_update_shdr (elf_getscn (c->out, 0), &sh0) == 0)
	return fail (c->err, c->errlen, "%s: %s", c->out_path,
		     elf_errmsg (-1));
    }
  if (gelf_update_ehdr (c->out, &c->ehdr) == 0)
    return fail (c->err, c->errlen, "%s: %s", c->out_path, elf_errmsg (-1));
  return 0;
}

/* Write the output with the layout given (ELF_F_LAYOUT: libelf moves
   nothing), then rename it to OUT.  */
static int
finish_output (struct copy *c)
{
  elf_flagelf (c->out, ELF_C_SET, ELF_F_LAYOUT);
  if (elf_update (c->out, ELF_C_WRITE) < 0)
    return fail (c->err, c->errlen, "%s: writing: %s", c->out_path,
		 elf_errmsg (-1));
  elf_end (c->out);
  c->out = NULL;
  int r = close (c->out_fd);
  c->out_fd = -1;
  if (r != 0)
    return fail (c->err, c->errlen, "%s: %s", c->tmp, strerror (errno));
  if (rename (c->tmp, c->out_path) != 0)
    return fail (c->err, c->errlen, "%s: %s", c->out_path, strerror (errno));
  free (c->tmp);
  c->tmp = NULL;
  return 0;
}

int
prune_write_elf (const char *in_path, const char *out_path,
		 const struct prune_edit *edit, char *err, size_t errlen)
{
  struct copy c = { .in_path = in_path, .out_path = out_path,
		    .edit = edit, .err = err, .errlen = errlen,
		    .in_fd = -1, .out_fd = -1 };
  elf_version (EV_CURRENT);
  int ret = -1;
  if (open_input (&c) == 0 && patch_section (&c) == 0
      && create_output (&c) == 0 && copy_sections (&c) == 0
      && finish_output (&c) == 0)
    ret = 0;
  if (c.out != NULL)
    elf_end (c.out);
  if (c.out_fd >= 0)
    close (c.out_fd);
  if (c.tmp != NULL)
    {
      unlink (c.tmp);
      free (c.tmp);
    }
  if (c.in != NULL)
    elf_end (c.in);
  if (c.in_fd >= 0)
    close (c.in_fd);
  free (c.patched);
  return ret;
}
