/* array.c: the one growable-array helper and the one binary search of
   libcalltab.  */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "common.h"

int
__calltab_reserve (void *arrayp, size_t *alloc, size_t need, size_t size)
{
  if (need <= *alloc)
    return 0;
  size_t n = *alloc != 0 ? *alloc : 16;
  while (n < need)
    {
      if (n > SIZE_MAX / 2)
	{
	  n = need;
	  break;
	}
      n *= 2;
    }
  void *old;
  memcpy (&old, arrayp, sizeof old);
  void *p = size != 0 && n <= SIZE_MAX / size ? realloc (old, n * size) : NULL;
  if (p == NULL)
    {
      __calltab_seterr (CALLTAB_E_NOMEM, NULL);
      return -1;
    }
  memcpy (arrayp, &p, sizeof p);
  *alloc = n;
  return 0;
}

size_t
__calltab_partition (const void *base, size_t n, size_t size,
		     bool (*before) (const void *elt, const void *key),
		     const void *key)
{
  size_t lo = 0, hi = n;
  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;
      if (before ((const char *) base + mid * size, key))
	lo = mid + 1;
      else
	hi = mid;
    }
  return lo;
}

int
__calltab_compare_u64 (const void *a, const void *b)
{
  uint64_t x = *(const uint64_t *) a, y = *(const uint64_t *) b;
  return x < y ? -1 : x > y;
}
