/* bytes.c: fixed-width integers and ULEB128, read from bytes that the
   caller has bounded (the table decoder, DIE attributes, relocated
   addends, LSDAs).  */

#include "common.h"

uint64_t
__calltab_read_uint (const unsigned char *p, size_t width, bool big_endian)
{
  uint64_t v = 0;
  for (size_t i = 0; i < width; i++)
    v |= (uint64_t) p[big_endian ? width - 1 - i : i] << (8 * i);
  return v;
}

int
__calltab_uleb128 (const unsigned char **pp, const unsigned char *end,
		   uint64_t *value, bool *overlong, int *why)
{
  const unsigned char *p = *pp;
  uint64_t v = 0;
  unsigned int shift = 0;
  bool overflow = false;
  unsigned char b;
  do
    {
      if (p >= end)
	{
	  *why = CALLTAB_E_TRUNCATED;
	  return -1;
	}
      b = *p++;
      uint64_t bits = b & 0x7f;
      if (shift < 64)
	{
	  if (shift > 0 && (bits >> (64 - shift)) != 0)
	    overflow = true;
	  v |= bits << shift;
	  shift += 7;
	}
      else if (bits != 0)
	overflow = true;
    }
  while (b & 0x80);
  /* The shortest encoding never ends in a zero byte, except zero itself.  */
  *overlong = p - *pp > 1 && b == 0;
  *pp = p;
  if (overflow)
    {
      *why = CALLTAB_E_BAD_LEB128;
      return -1;
    }
  *value = v;
  return 0;
}

unsigned int
__calltab_uleb128_size (uint64_t v)
{
  unsigned int n = 1;
  while (v >>= 7)
    n++;
  return n;
}
