/* strpool.c: the string pool (common.h): open addressing over FNV-1a
   hashes, grown at half full.  */

#include <stdlib.h>
#include <string.h>
#include "common.h"

static uint64_t
hash_bytes (const char *s, size_t len)
{
  uint64_t h = 1469598103934665603u;
  for (size_t i = 0; i < len; i++)
    h = (h ^ (unsigned char) s[i]) * 1099511628211u;
  return h;
}

/* Double POOL's table.  Returns 0, or -1 with CALLTAB_E_NOMEM set.  */
static int
grow (struct ct_strpool *pool)
{
  size_t nsize = pool->size ? pool->size * 2 : 256;
  char **slots = calloc (nsize, sizeof *slots);
  if (slots == NULL)
    {
      __calltab_seterr (CALLTAB_E_NOMEM, NULL);
      return -1;
    }
  for (size_t i = 0; i < pool->size; i++)
    if (pool->slots[i] != NULL)
      {
	const char *s = pool->slots[i];
	size_t j = hash_bytes (s, strlen (s)) & (nsize - 1);
	while (slots[j] != NULL)
	  j = (j + 1) & (nsize - 1);
	slots[j] = pool->slots[i];
      }
  free (pool->slots);
  pool->slots = slots;
  pool->size = nsize;
  return 0;
}

const char *
__calltab_strpool_add (struct ct_strpool *pool, const char *s, size_t len,
		       char *owned)
{
  if (pool->used * 2 >= pool->size && grow (pool) < 0)
    {
      free (owned);
      return NULL;
    }
  size_t j = hash_bytes (s, len) & (pool->size - 1);
  for (; pool->slots[j] != NULL; j = (j + 1) & (pool->size - 1))
    if (strncmp (pool->slots[j], s, len) == 0 && pool->slots[j][len] == '\0')
      {
	free (owned);
	return pool->slots[j];
      }
  char *copy = owned != NULL ? owned : strndup (s, len);
  if (copy == NULL)
    goto nomem;
  pool->slots[j] = copy;
  pool->used++;
  return copy;

nomem:
  free (owned);
  __calltab_seterr (CALLTAB_E_NOMEM, NULL);
  return NULL;
}

void
__calltab_strpool_free (struct ct_strpool *pool)
{
  for (size_t i = 0; i < pool->size; i++)
    free (pool->slots[i]);
  free (pool->slots);
  pool->slots = NULL;
  pool->size = pool->used = 0;
}
