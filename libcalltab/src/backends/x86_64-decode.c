/* x86_64-decode.c: the x86-64 instruction decoder.

   For one instruction in 64-bit mode: its length (every general-purpose,
   x87, SSE, VEX and EVEX encoding), its kind (call, jump, conditional
   branch, return, other), a PC-relative target, the memory operand of its
   ModRM byte, and whether it is a padding NOP.  The call checks (the
   backward search of call-target.c) and the basic-block builder (cfg.c)
   both use it; calltab.verify/x86-insn.exp and x86-calls.exp check it
   against objdump over compiler output.

   Prefixes F0 (lock) and F3 (rep) are decoded as prefixes for every
   instruction, as objdump does ("lock call", "repz call", "repz ret"), so
   that lengths and block boundaries match objdump.  But an instruction
   with either is never a call: lock on a call is #UD (lock applies only
   to read-modify-write instructions with a memory destination), and rep
   on a non-string instruction is reserved (Intel SDM vol. 2, 2.1.1); no
   compiler or linker writes either before a call.  Such bytes read as a
   call are far likelier the tail of another instruction, so refusing
   them keeps the backward search unambiguous.  The kind is then OTHER
   (falls through), which is also what the block builder needs.

   Calls are E8 rel32 and FF /2 with the prefixes compilers and linkers
   put on them: REX, 3E (notrack), F2 (bnd), segment overrides, 67
   (addr32, as ld writes when it relaxes a call through the GOT), 66 on
   FF /2, and on E8 only under REX.W (the TLS general-dynamic sequence
   "data16 data16 rex.W call"): under 66 without REX.W AMD decodes E8
   with a rel16, so the length would depend on the processor.

   Opcode maps from the Intel SDM vol. 2, appendix A (64-bit mode).  One
   letter per opcode says what follows it:
     -  nothing            M  ModRM           b  ModRM, imm8
     z  ModRM, imm16/32    i  imm8            Z  imm16/32
     w  imm16              e  imm16, imm8     o  moffs (8, or 4 under 67)
     v  imm16/32/64 (REX.W)  F/G  group 3: ModRM, imm8/imm16/32 if /0 /1
     j  branch rel8        J  jmp rel8        c  call rel32   K  jmp rel32
     L  branch rel32 (0F)  r  return          R  return imm16
     u  ud2 (no fall-through)  f  group 5 (FF): /2 call, /4 /5 jumps
     7  group 11 (C7): /0 imm16/32, C7 F8 xbegin rel32
     V  VEX  E  EVEX  X  8F: pop or XOP  p  prefix  0/3/A  escapes
     x  invalid in 64-bit mode  */

#include <string.h>
#include "x86_64.h"

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

/* The DWARF register number (x86-64 psABI 3.6.2) of each register
   encoding (REX.B << 3 | reg): rax rcx rdx rbx rsp rbp rsi rdi, r8-r15.  */
const int __calltab_x86_64_dwarf_reg[16] =
  { 0, 2, 1, 3, 7, 6, 4, 5, 8, 9, 10, 11, 12, 13, 14, 15 };

/* Bytes of the ModRM byte at P[I] and what it implies (SIB,
   displacement), or 0 if they do not fit in LIMIT.  Fills INSN's memory
   operand; BASE is the offset of P in the code buffer.  */
static size_t
decode_modrm (const unsigned char *p, size_t i, size_t limit, unsigned rex,
	      size_t base, struct ct_insn *insn)
{
  if (i >= limit)
    return 0;
  unsigned mod = p[i] >> 6, rm = p[i] & 7;
  size_t n = 1, disp = mod == 1 ? 1 : mod == 2 ? 4 : 0;
  if (mod == 3)
    return n;
  insn->memory = true;
  insn->base_disp = true;
  insn->base_reg = __calltab_x86_64_dwarf_reg[rm | (rex & 1) << 3];
  if (rm == 4)
    {
      if (limit - i < 2)
	return 0;
      unsigned char sib = p[i + 1];
      n = 2;
      insn->base_reg = __calltab_x86_64_dwarf_reg[(sib & 7) | (rex & 1) << 3];
      if (mod == 0 && (sib & 7) == 5)	/* no base: disp32 */
	{
	  disp = 4;
	  insn->base_disp = false;
	}
      if (((sib >> 3) & 7) != 4 || (rex & 2) != 0)	/* an index */
	insn->base_disp = false;
    }
  else if (mod == 0 && rm == 5)
    {
      disp = 4;			/* RIP-relative */
      insn->pc_relative = true;
      insn->base_disp = false;
    }
  if (limit - i < n + disp)
    return 0;
  if (disp == 4)
    insn->disp_field = base + i + n;
  if (disp != 0)
    insn->disp = read_le (p + i + n, (unsigned) disp);
  return n + disp;
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

/* What decoding an instruction has found so far: the prefixes, where it
   is (P[I], at most LIMIT bytes), and what follows the opcode.  */
struct decoding
{
  const unsigned char *p;
  size_t i, limit;
  bool opsize, addr32, lock_rep;
  unsigned rex;
  size_t immz;			/* bytes of an Iz immediate */
  size_t imm, rel;		/* bytes of immediate and relative target */
  bool modrm;
};

/* Step D over the legacy and REX prefixes.  False if only prefixes fit.  */
static bool
read_prefixes (struct decoding *d)
{
  for (; d->i < d->limit; d->i++)
    {
      unsigned char b = d->p[d->i];
      if ((b & 0xf0) == 0x40)
	{
	  d->rex = b;
	  continue;
	}
      if (b == 0x66)
	d->opsize = true;
      else if (b == 0x67)
	d->addr32 = true;
      else if (b == 0xf0 || b == 0xf3)
	d->lock_rep = true;
      else if (!(b == 0xf2 || b == 0x26
		 || b == 0x2e || b == 0x36 || b == 0x3e || b == 0x64
		 || b == 0x65))
	break;
      d->rex = 0;		/* REX counts only right before the opcode */
    }
  return d->i < d->limit;
}

/* The 0F map: the opcode byte at P[I] and what it takes.  False if
   invalid or cut short.  */
static bool
decode_0f (struct decoding *d, struct ct_insn *insn)
{
  if (d->i >= d->limit)
    return false;
  unsigned op2 = d->p[d->i++];
  insn->nop = op2 == 0x1f;
  char k2 = two_byte[op2];
  switch (k2)
    {
    case '-': break;
    case 'M': d->modrm = true; break;
    case 'b': d->modrm = true; d->imm = 1; break;
    case 'L': d->rel = 4; insn->kind = CT_INSN_BRANCH; break;
    case 'u': insn->kind = CT_INSN_RETURN; break;
    case '3': case 'A':
      if (d->i >= d->limit)
	return false;
      d->i++;			/* the third opcode byte */
      d->modrm = true;
      d->imm = k2 == 'A' ? 1 : 0;
      break;
    default:
      return false;
    }
  return true;
}

/* The VEX (C4, C5), EVEX (62) and XOP (8F) prefixes, KIND 'V', 'E', 'X'
   of opcode OP, and the opcode after them.  False if cut short.  */
static bool
decode_vex (struct decoding *d, char kind, unsigned op)
{
  size_t payload = kind == 'V' ? (op == 0xc5 ? 1 : 2) : kind == 'E' ? 3 : 2;
  const unsigned char *p = d->p;
  if (kind == 'X')
    {
      /* 8F /0 is pop; otherwise AMD's XOP prefix.  */
      if (d->i >= d->limit)
	return false;
      if (((p[d->i] >> 3) & 7) == 0)
	{
	  d->modrm = true;
	  return true;
	}
    }
  if (d->limit - d->i < payload + 1)
    return false;
  unsigned map = op == 0xc5 ? 1 : kind == 'E' ? (p[d->i] & 7) : (p[d->i] & 0x1f);
  d->i += payload;
  unsigned vop = p[d->i++];
  if (kind == 'X')
    d->imm = map == 8 ? 1 : map == 0xa ? 4 : 0;
  else
    d->imm = vex_imm (map, vop);
  /* vzeroupper and vzeroall have no ModRM.  */
  d->modrm = !(kind == 'V' && map == 1 && vop == 0x77);
  return true;
}

/* The one-byte opcode OP of class KIND (one_byte[]): what follows it
   and what it does to the flow of control.  False if invalid or cut
   short.  */
static bool
decode_one_byte (struct decoding *d, char kind, unsigned op,
		 struct ct_insn *insn)
{
  const unsigned char *p = d->p;
  switch (kind)
    {
    case '-': break;
    case 'M': d->modrm = true; break;
    case 'b': d->modrm = true; d->imm = 1; break;
    case 'z': d->modrm = true; d->imm = d->immz; break;
    case 'i': d->imm = 1; break;
    case 'Z': d->imm = d->immz; break;
    case 'e': d->imm = 3; break;
    case 'o': d->imm = d->addr32 ? 4 : 8; break;
    case 'v': d->imm = (d->rex & 8) ? 8 : d->immz; break;
    case 'j': d->rel = 1; insn->kind = CT_INSN_BRANCH; break;
    case 'J': d->rel = 1; insn->kind = CT_INSN_JUMP; break;
    case 'c':
      d->rel = 4;
      /* A call only without F0/F3, and E8 under 66 only with REX.W (see
	 the top of the file).  */
      if (!d->lock_rep && !(d->opsize && (d->rex & 8) == 0))
	insn->kind = CT_INSN_CALL;
      break;
    case 'K': d->rel = 4; insn->kind = CT_INSN_JUMP; break;
    case 'r': insn->kind = CT_INSN_RETURN; break;
    case 'R': d->imm = 2; insn->kind = CT_INSN_RETURN; break;
    case 'F':
    case 'G':
      if (d->i >= d->limit)
	return false;
      d->modrm = true;
      if (((p[d->i] >> 3) & 7) < 2)
	d->imm = kind == 'F' ? 1 : d->immz;
      break;
    case '7':
      if (d->i >= d->limit)
	return false;
      d->modrm = true;
      if (p[d->i] == 0xf8)	/* xbegin: the abort handler is a target */
	{
	  d->modrm = false;
	  d->i++;
	  d->rel = d->immz;
	  insn->kind = CT_INSN_BRANCH;
	}
      else
	d->imm = d->immz;
      break;
    case 'f':
      if (d->i >= d->limit)
	return false;
      d->modrm = true;
      if (((p[d->i] >> 3) & 7) == 4 || ((p[d->i] >> 3) & 7) == 5)
	insn->kind = CT_INSN_JUMP;
      else if (((p[d->i] >> 3) & 7) == 2 && !d->lock_rep)
	insn->kind = CT_INSN_CALL_INDIRECT;	/* /3 is a far call */
      break;
    case '0':
      return decode_0f (d, insn);
    case 'V':
    case 'E':
    case 'X':
      return decode_vex (d, kind, op);
    default:			/* 'x' invalid, 'p' cannot happen */
      return false;
    }
  return true;
}

int
__calltab_x86_64_decode (const unsigned char *code, size_t size,
			 size_t off, struct ct_insn *insn)
{
  if (code == NULL || off >= size)
    return 0;
  struct decoding d = {
    .p = code + off, .limit = size - off < 15 ? size - off : 15 };
  if (!read_prefixes (&d))
    return 0;

  memset (insn, 0, sizeof *insn);
  insn->kind = CT_INSN_OTHER;
  insn->start = off;
  insn->opcode = off + d.i;
  insn->rel_field = CT_NO_FIELD;
  insn->disp_field = CT_NO_FIELD;
  insn->base_reg = -1;
  unsigned op = d.p[d.i++];
  insn->nop = op == 0x90 && (d.rex & 1) == 0;	/* REX.B 90 is xchg %r8 */
  d.immz = d.opsize && (d.rex & 8) == 0 ? 2 : 4;
  if (!decode_one_byte (&d, one_byte[op], op, insn))
    return 0;

  if (d.modrm)
    {
      size_t n = decode_modrm (d.p, d.i, d.limit, d.rex, off, insn);
      if (n == 0)
	return 0;
      d.i += n;
      /* VEX, EVEX and XOP carry REX.B in their payload: the base is not
	 known here.  */
      char k = one_byte[op];
      if (k == 'V' || k == 'E' || k == 'X')
	insn->base_reg = -1;
    }
  if (d.limit - d.i < d.imm + d.rel)
    return 0;
  d.i += d.imm;
  if (d.rel > 0)
    {
      /* A call refused above keeps OTHER: no target either.  */
      insn->direct = insn->kind != CT_INSN_OTHER;
      if (insn->direct)
	{
	  insn->rel = read_le (d.p + d.i, (unsigned) d.rel);
	  if (d.rel == 4)
	    insn->rel_field = off + d.i;
	}
      d.i += d.rel;
    }
  insn->length = d.i;
  return 1;
}
