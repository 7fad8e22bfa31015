/* x86-call.c: recognize x86-64 near call instructions.

   Only what a call needs is decoded: prefixes, the opcode E8 or FF with
   ModRM reg = 2, and the ModRM/SIB/displacement bytes that give the
   instruction's length (Intel SDM vol. 2, 2.1 and 2.2.1).  */

#include <string.h>
#include "x86-call.h"

static int32_t
read_le32 (const unsigned char *p)
{
  uint32_t v = (uint32_t) p[0] | (uint32_t) p[1] << 8
	       | (uint32_t) p[2] << 16 | (uint32_t) p[3] << 24;
  return (int32_t) v;
}

int
__calltab_x86_decode_call (const unsigned char *code, size_t size,
			   size_t off, struct x86_call *call)
{
  if (code == NULL || off >= size)
    return 0;
  size_t limit = size - off < X86_MAX_INSN ? size - off : X86_MAX_INSN;
  const unsigned char *p = code + off;
  size_t i = 0;
  bool opsize = false;		/* 0x66 */
  unsigned rex = 0;		/* in effect only right before the opcode */

  for (; i < limit; i++)
    {
      unsigned char b = p[i];
      if ((b & 0xf0) == 0x40)
	{
	  rex = b;
	  continue;
	}
      switch (b)
	{
	case 0x66:
	  opsize = true;
	  rex = 0;
	  continue;
	case 0x26: case 0x2e: case 0x36: case 0x3e:	/* segment; 3E notrack */
	case 0x64: case 0x65:
	case 0x67:					/* addr32 */
	case 0xf2:					/* bnd */
	  rex = 0;
	  continue;
	case 0xf0: case 0xf3:	/* lock, rep: not on a call */
	  return 0;
	default:
	  break;
	}
      break;
    }
  if (i >= limit)
    return 0;

  unsigned char opcode = p[i++];
  memset (call, 0, sizeof *call);
  call->start = off;
  call->opcode = off + i - 1;
  call->field = (size_t) -1;

  if (opcode == 0xe8)
    {
      /* Under 0x66 without REX.W, AMD decodes E8 with a rel16; the
	 length would depend on the processor.  */
      if (opsize && (rex & 0x08) == 0)
	return 0;
      if (limit - i < 4)
	return 0;
      call->kind = X86_CALL_DIRECT;
      call->field = off + i;
      call->disp = read_le32 (p + i);
      call->length = i + 4;
      return 1;
    }
  if (opcode != 0xff || i >= limit)
    return 0;

  unsigned char modrm = p[i++];
  unsigned mod = modrm >> 6, reg = (modrm >> 3) & 7, rm = modrm & 7;
  if (reg != 2)			/* FF /3 is a far call; others are not calls */
    return 0;
  call->kind = X86_CALL_INDIRECT;
  if (mod == 3)
    {
      call->length = i;
      return 1;
    }
  call->memory = true;
  size_t disp_size = mod == 1 ? 1 : mod == 2 ? 4 : 0;
  if (rm == 4)
    {
      if (i >= limit)
	return 0;
      unsigned char sib = p[i++];
      if (mod == 0 && (sib & 7) == 5)	/* no base: disp32 */
	disp_size = 4;
    }
  else if (mod == 0 && rm == 5)
    {
      call->rip_relative = true;
      disp_size = 4;
    }
  if (limit - i < disp_size)
    return 0;
  if (disp_size == 4)
    {
      call->field = off + i;
      call->disp = read_le32 (p + i);
    }
  else if (disp_size == 1)
    call->disp = (int8_t) p[i];
  call->length = i + disp_size;
  return 1;
}

size_t
__calltab_x86_calls_ending_at (const unsigned char *code, size_t size,
			       size_t end, struct x86_call *out, size_t max)
{
  size_t n = 0;
  if (code == NULL || end > size || end < 2)
    return 0;
  size_t first = end > X86_MAX_INSN ? end - X86_MAX_INSN : 0;
  /* Longest first: a match starting earlier is the likelier instruction
     when a shorter one hides in its last bytes.  */
  for (size_t start = first; start + 2 <= end && n < max; start++)
    {
      struct x86_call c;
      /* Decode within [0, END) so that nothing past the end is read or
	 taken as part of the instruction.  */
      if (__calltab_x86_decode_call (code, end, start, &c)
	  && start + c.length == end
	  && (n == 0 || out[n - 1].opcode != c.opcode))
	out[n++] = c;
    }
  return n;
}
