/* prune-elf.h: the ELF rewriting of calltab prune (prune-elf.c).  */

#ifndef PRUNE_ELF_H
#define PRUNE_ELF_H 1

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Bytes to overwrite in place in one section: SIZE (4 or 8) bytes at
   OFFSET, VALUE in the file's byte order.  OLD is the value they must
   hold before (checked).  */
struct prune_patch
{
  uint64_t offset;
  unsigned int size;
  uint64_t old;
  uint64_t value;
};

/* What to change in the copy.  */
struct prune_edit
{
  size_t table_scn;		/* section whose contents are replaced */
  const void *table;		/* its new contents */
  size_t table_size;		/* no larger than the old */
  size_t patch_scn;		/* section patched in place (0: none) */
  const struct prune_patch *patches;
  size_t npatches;
};

/* Write a copy of the linked ELF file IN to OUT (through a temporary
   file in OUT's directory, renamed at the end; OUT gets IN's mode) with
   EDIT applied: every other section byte for byte the same, allocated
   sections and every section before the replaced one at their offsets,
   the non-allocated sections after it moved down over the bytes it lost
   (alignment kept), the section header table after them.  Returns 0, or
   -1 with a message in ERR.  */
int prune_write_elf (const char *in, const char *out,
		     const struct prune_edit *edit, char *err, size_t errlen);

/* A value of SIZE bytes at P, the most significant byte first when MSB
   (the file's byte order): the unit lengths prune rewrites, the unit
   offsets it patches.  */
uint64_t prune_get_value (const unsigned char *p, unsigned int size,
			  bool msb);
void prune_put_value (unsigned char *p, unsigned int size, uint64_t value,
		      bool msb);

#endif /* prune-elf.h */
