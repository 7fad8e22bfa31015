/* addrmap.c: from addresses to the allocated sections holding them.  */

#include <stdlib.h>
#include "elf-index.h"

static int
compare_ranges (const void *a, const void *b)
{
  const struct ct_range *x = a, *y = b;
  /* At the same start, sections with contents last: they win.  */
  uint64_t kx[3] = { x->addr, !x->nobits, x->scn };
  uint64_t ky[3] = { y->addr, !y->nobits, y->scn };
  for (int i = 0; i < 3; i++)
    if (kx[i] != ky[i])
      return kx[i] < ky[i] ? -1 : 1;
  return 0;
}

struct ct_addrmap *
__calltab_addrmap (Elf *elf)
{
  size_t n;
  if (elf_getshdrnum (elf, &n) < 0)
    n = 0;
  struct ct_addrmap *map = malloc (sizeof *map + n * sizeof map->ranges[0]);
  if (map == NULL)
    {
      __calltab_seterr (CALLTAB_E_NOMEM, NULL);
      return NULL;
    }
  map->n = 0;
  for (Elf_Scn *s = NULL; (s = elf_nextscn (elf, s)) != NULL;)
    {
      GElf_Shdr sh;
      if (gelf_getshdr (s, &sh) != NULL && (sh.sh_flags & SHF_ALLOC) != 0
	  && sh.sh_size != 0 && map->n < n)
	map->ranges[map->n++] = (struct ct_range) {
	  .addr = sh.sh_addr, .size = sh.sh_size, .scn = elf_ndxscn (s),
	  .exec = (sh.sh_flags & SHF_EXECINSTR) != 0,
	  .nobits = sh.sh_type == SHT_NOBITS };
    }
  if (map->n > 1)
    qsort (map->ranges, map->n, sizeof map->ranges[0], compare_ranges);
  return map;
}

static bool
starts_at_or_below (const void *elt, const void *key)
{
  return ((const struct ct_range *) elt)->addr <= *(const uint64_t *) key;
}

const struct ct_range *
__calltab_addrmap_find (const struct ct_addrmap *map, uint64_t addr)
{
  if (map == NULL)
    return NULL;
  size_t lo = __calltab_partition (map->ranges, map->n,
				   sizeof map->ranges[0], starts_at_or_below,
				   &addr);
  for (size_t i = lo; i-- > 0;)
    {
      if (addr - map->ranges[i].addr < map->ranges[i].size)
	return &map->ranges[i];
      if (i + 8 < lo)		/* overlaps are rare and shallow */
	break;
    }
  return NULL;
}
