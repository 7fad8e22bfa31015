/* x86-insn.c: x86-64 instruction lengths and control flow.

   Opcode maps from the Intel SDM vol. 2, appendix A (64-bit mode).  One
   letter per opcode says what follows it:
     -  nothing            M  ModRM           b  ModRM, imm8
     z  ModRM, imm16/32    i  imm8            Z  imm16/32
     w  imm16              e  imm16, imm8     o  moffs (8, or 4 under 67)
     v  imm16/32/64 (REX.W)  F/G  group 3: ModRM, imm8/imm16/32 if /0 /1
     j  branch rel8        J  jmp rel8        c  call rel32   K  jmp rel32
     L  branch rel32 (0F)  r  return          R  return imm16
     u  ud2 (no fall-through)  f  group 5 (FF): /4 /5 are jumps
     7  group 11 (C7): /0 imm16/32, C7 F8 xbegin rel32
     V  VEX  E  EVEX  X  8F: pop or XOP  p  prefix  0/3/A  escapes
     x  invalid in 64-bit mode  */

#include "x86-insn.h"

static const char one_byte[256 + 1] =
  "MMMMiZxxMMMMiZx0"		/* 00 */
  "MMMMiZxxMMMMiZxx"		/* 10 */
  "MMMMiZpxMMMMiZpx"		/* 20 */
  "MMMMiZpxMMMMiZpx"		/* 30 */
  "pppppppppppppppp"		/* 40: REX */
  "----------------"		/* 50 */
  "xxEMppppZzib----"		/* 60 */
  "jjjjjjjjjjjjjjjj"		/* 70 */
  "bzxbMMMMMMMMMMMX"		/* 80 */
  "----------x-----"		/* 90 */
  "oooo----iZ------"		/* A0 */
  "iiiiiiiivvvvvvvv"		/* B0 */
  "bbRrVVb7e-Rr-ixr"		/* C0 */
  "MMMMxxx-MMMMMMMM"		/* D0 */
  "jjjjiiiicKxJ----"		/* E0 */
  "p-pp--FG------Mf";		/* F0 */

static const char two_byte[256 + 1] =
  "MMMMx-----xuxM-b"		/* 0F 00 */
  "MMMMMMMMMMMMMMMM"		/* 0F 10 */
  "MMMMxxxxMMMMMMMM"		/* 0F 20 */
  "--------3xAxxxxx"		/* 0F 30 */
  "MMMMMMMMMMMMMMMM"		/* 0F 40 */
  "MMMMMMMMMMMMMMMM"		/* 0F 50 */
  "MMMMMMMMMMMMMMMM"		/* 0F 60 */
  "bbbbMMM-MMxxMMMM"		/* 0F 70 */
  "LLLLLLLLLLLLLLLL"		/* 0F 80 */
  "MMMMMMMMMMMMMMMM"		/* 0F 90 */
  "---MbMxx---MbMMM"		/* 0F A0 */
  "MMMMMMMMMMbMMMMM"		/* 0F B0 */
  "MMbMbbbM--------"		/* 0F C0 */
  "MMMMMMMMMMMMMMMM"		/* 0F D0 */
  "MMMMMMMMMMMMMMMM"		/* 0F E0 */
  "MMMMMMMMMMMMMMMM";		/* 0F F0 */

static int32_t
read_le (const unsigned char *p, unsigned n)
{
  uint32_t v = 0;
  for (unsigned i = 0; i < n; i++)
    v |= (uint32_t) p[i] << (8 * i);
  if (n == 1)
    return (int8_t) v;
  if (n == 2)
    return (int16_t) v;
  return (int32_t) v;
}

/* Bytes of the ModRM byte at P and what it implies (SIB, displacement),
   or 0 if they do not fit in AVAIL.  */
static size_t
modrm_length (const unsigned char *p, size_t avail)
{
  if (avail < 1)
    return 0;
  unsigned mod = p[0] >> 6, rm = p[0] & 7;
  size_t n = 1, disp = mod == 1 ? 1 : mod == 2 ? 4 : 0;
  if (mod != 3)
    {
      if (rm == 4)
	{
	  if (avail < 2)
	    return 0;
	  n = 2;
	  if (mod == 0 && (p[1] & 7) == 5)
	    disp = 4;
	}
      else if (mod == 0 && rm == 5)
	disp = 4;		/* RIP-relative */
    }
  n += disp;
  return n <= avail ? n : 0;
}

/* VEX, EVEX and XOP: map M, opcode OP; whether an imm8 follows.  */
static size_t
vex_imm (unsigned map, unsigned op)
{
  if (map == 3)
    return 1;
  if (map == 1 && ((op >= 0x70 && op <= 0x73) || op == 0xc2
		   || (op >= 0xc4 && op <= 0xc6)))
    return 1;
  return 0;
}

int
__calltab_x86_decode_insn (const unsigned char *code, size_t size,
			   size_t off, struct x86_insn *insn)
{
  if (code == NULL || off >= size)
    return 0;
  size_t limit = size - off < 15 ? size - off : 15;
  const unsigned char *p = code + off;
  size_t i = 0;
  bool opsize = false, addr32 = false;
  unsigned rex = 0;

  for (; i < limit; i++)
    {
      unsigned char b = p[i];
      if ((b & 0xf0) == 0x40)
	{
	  rex = b;
	  continue;
	}
      if (b == 0x66)
	opsize = true;
      else if (b == 0x67)
	addr32 = true;
      else if (!(b == 0xf0 || b == 0xf2 || b == 0xf3 || b == 0x26
		 || b == 0x2e || b == 0x36 || b == 0x3e || b == 0x64
		 || b == 0x65))
	break;
      rex = 0;			/* REX counts only right before the opcode */
    }
  if (i >= limit)
    return 0;

  insn->flow = X86_FLOW_NEXT;
  insn->direct = false;
  insn->rel = 0;
  unsigned op = p[i++];
  insn->nop = op == 0x90 && (rex & 1) == 0;	/* REX.B 90 is xchg %r8 */
  char kind = one_byte[op];
  size_t immz = opsize && (rex & 8) == 0 ? 2 : 4;
  size_t imm = 0, rel = 0;
  bool modrm = false;

  switch (kind)
    {
    case '-': break;
    case 'M': modrm = true; break;
    case 'b': modrm = true; imm = 1; break;
    case 'z': modrm = true; imm = immz; break;
    case 'i': imm = 1; break;
    case 'Z': imm = immz; break;
    case 'e': imm = 3; break;
    case 'o': imm = addr32 ? 4 : 8; break;
    case 'v': imm = (rex & 8) ? 8 : immz; break;
    case 'j': rel = 1; insn->flow = X86_FLOW_BRANCH; break;
    case 'J': rel = 1; insn->flow = X86_FLOW_JUMP; break;
    case 'c': imm = 4; break;
    case 'K': rel = 4; insn->flow = X86_FLOW_JUMP; break;
    case 'r': insn->flow = X86_FLOW_RETURN; break;
    case 'R': imm = 2; insn->flow = X86_FLOW_RETURN; break;
    case 'F':
    case 'G':
      if (i >= limit)
	return 0;
      modrm = true;
      if (((p[i] >> 3) & 7) < 2)
	imm = kind == 'F' ? 1 : immz;
      break;
    case '7':
      if (i >= limit)
	return 0;
      modrm = true;
      if (p[i] == 0xf8)		/* xbegin: the abort handler is a target */
	{
	  modrm = false;
	  i++;
	  rel = immz;
	  insn->flow = X86_FLOW_BRANCH;
	}
      else
	imm = immz;
      break;
    case 'f':
      if (i >= limit)
	return 0;
      modrm = true;
      if (((p[i] >> 3) & 7) == 4 || ((p[i] >> 3) & 7) == 5)
	insn->flow = X86_FLOW_JUMP;
      break;
    case '0':
      {
	if (i >= limit)
	  return 0;
	unsigned op2 = p[i++];
	insn->nop = op2 == 0x1f;
	char k2 = two_byte[op2];
	switch (k2)
	  {
	  case '-': break;
	  case 'M': modrm = true; break;
	  case 'b': modrm = true; imm = 1; break;
	  case 'L': rel = 4; insn->flow = X86_FLOW_BRANCH; break;
	  case 'u': insn->flow = X86_FLOW_RETURN; break;
	  case '3': case 'A':
	    if (i >= limit)
	      return 0;
	    i++;		/* the third opcode byte */
	    modrm = true;
	    imm = k2 == 'A' ? 1 : 0;
	    break;
	  default:
	    return 0;
	  }
	break;
      }
    case 'V':
    case 'E':
    case 'X':
      {
	size_t payload = kind == 'V' ? (op == 0xc5 ? 1 : 2) : kind == 'E' ? 3 : 2;
	if (kind == 'X')
	  {
	    /* 8F /0 is pop; otherwise AMD's XOP prefix.  */
	    if (i >= limit)
	      return 0;
	    if (((p[i] >> 3) & 7) == 0)
	      {
		modrm = true;
		break;
	      }
	  }
	if (limit - i < payload + 1)
	  return 0;
	unsigned map = op == 0xc5 ? 1 : kind == 'E' ? (p[i] & 7) : (p[i] & 0x1f);
	i += payload;
	unsigned vop = p[i++];
	if (kind == 'X')
	  imm = map == 8 ? 1 : map == 0xa ? 4 : 0;
	else
	  imm = vex_imm (map, vop);
	/* vzeroupper and vzeroall have no ModRM.  */
	modrm = !(kind == 'V' && map == 1 && vop == 0x77);
	break;
      }
    default:			/* 'x' invalid, 'p' cannot happen */
      return 0;
    }

  if (modrm)
    {
      size_t n = modrm_length (p + i, limit - i);
      if (n == 0)
	return 0;
      i += n;
    }
  if (limit - i < imm + rel)
    return 0;
  i += imm;
  if (rel > 0)
    {
      insn->direct = true;
      insn->rel = read_le (p + i, (unsigned) rel);
      i += rel;
    }
  insn->length = i;
  return 1;
}
