/* x86_64-flow.c: where an x86-64 call or jump through a pointer loaded
   its target from (target.h, target_word).

   The instructions before it that run straight to it are executed on
   symbols: each general register holds the symbol of its value where
   they start, a word loaded from an address computed from symbols, a
   symbol plus a constant, or something unknown.  The target is the word
   loaded last; the address it was loaded from is then written over the
   registers the call sees: -O2's `mov 0x8(%rbx),%rax; mov (%rax),%rax;
   mov %rbx,%rdi; pop %rbx; jmp *%rax' loads from the word at rdi + 8,
   plus 0.  Only the instructions whose effect on the general registers
   is known are followed (moves, lea, push and pop, arithmetic, compares,
   SSE moves); after a call, a store to memory after a load, or any
   other instruction, the run starts again.  */

#include <string.h>
#include "x86_64.h"

#define MAX_NODES 512

enum node_kind
{
  N_UNKNOWN,
  N_SYM,			/* the register's value where the run starts */
  N_ADDR,			/* a file address (RIP-relative) */
  N_ADD,			/* CHILD + VALUE */
  N_LOAD			/* the word at CHILD */
};

struct node
{
  enum node_kind kind;
  int child;
  int reg;			/* N_SYM */
  uint64_t value;		/* N_ADDR, N_ADD */
};

struct flow
{
  struct node n[MAX_NODES];
  int nn;
  int reg[16];			/* by DWARF register number */
  bool loaded;			/* a load was made: stores end the search */
};

static int
node (struct flow *f, enum node_kind kind, int child, int reg,
      uint64_t value)
{
  if (kind == N_ADD && f->n[child].kind == N_ADD)
    {
      value += f->n[child].value;
      child = f->n[child].child;
    }
  if (kind == N_ADD && value == 0)
    return child;
  if (f->nn == MAX_NODES)
    return 0;			/* node 0: unknown */
  f->n[f->nn] = (struct node) { kind, child, reg, value };
  return f->nn++;
}

static int
unknown_if (struct flow *f, int child)
{
  return f->n[child].kind == N_UNKNOWN ? 0 : child;
}

static void
set (struct flow *f, int reg, int value)
{
  f->reg[reg] = value;
}

/* Whether INSN's prefixes make its memory operand other than a flat
   64-bit address: fs, gs (thread-local), 67 (32-bit addresses).  */
static bool
odd_address (const unsigned char *code, const struct ct_insn *insn)
{
  for (size_t i = insn->start; i < insn->opcode; i++)
    if (code[i] == 0x64 || code[i] == 0x65 || code[i] == 0x67)
      return true;
  return false;
}

/* The memory operand of INSN (at CODE[INSN->start]) as a node (the
   address, not the word), 0 when it is not a flat register plus a
   displacement or PC-relative.  END is the file address after INSN.  */
static int
address (struct flow *f, const unsigned char *code,
	 const struct ct_insn *insn, uint64_t end)
{
  if (odd_address (code, insn))
    return 0;
  if (insn->pc_relative)
    return node (f, N_ADDR, 0, -1, end + (uint64_t) insn->disp);
  if (!insn->base_disp || insn->base_reg < 0)
    return 0;
  return unknown_if (f, node (f, N_ADD, unknown_if (f, f->reg[insn->base_reg]),
			      -1, (uint64_t) insn->disp));
}

/* A write to the memory operand: after a load, the run starts again.  */
static bool
store (struct flow *f)
{
  return !f->loaded;
}

/* Forget REG; without REX, byte registers 4-7 are ah, ch, dh and bh,
   parts of registers 0-3 by encoding.  */
static void
clobber_byte (struct flow *f, unsigned hw, unsigned rex)
{
  set (f, __calltab_x86_64_dwarf_reg[hw], 0);
  if (rex == 0 && hw >= 4 && hw < 8)
    set (f, __calltab_x86_64_dwarf_reg[hw - 4], 0);
}

/* Forget the register of encoding HW, written whole or (BYTE) one byte
   of it.  */
static void
clobber (struct flow *f, unsigned hw, unsigned rex, bool byte)
{
  if (byte)
    clobber_byte (f, hw, rex);
  else
    set (f, __calltab_x86_64_dwarf_reg[hw], 0);
}

static int64_t
imm_at (const unsigned char *p, size_t len)
{
  uint64_t v = 0;
  for (size_t i = len; i-- > 0;)
    v = v << 8 | p[i];
  if (len == 1)
    return (int8_t) v;
  return (int32_t) v;
}

/* Step F over INSN at CODE[INSN->start], file address ADDR: false when
   its effect is not known.  */
static bool
step (struct flow *f, const unsigned char *code, const struct ct_insn *insn,
      uint64_t addr)
{
  if (insn->kind != CT_INSN_OTHER)
    return false;
  size_t o = insn->opcode, end = insn->start + insn->length;
  unsigned rex = o > insn->start && (code[o - 1] & 0xf0) == 0x40
		 ? code[o - 1] : 0;
  bool w = (rex & 8) != 0;
  bool opsize = memchr (code + insn->start, 0x66, o - insn->start) != NULL;
  unsigned op = code[o];
  bool two = op == 0x0f;
  size_t m = o + (two ? 2 : 1);
  unsigned mod = 0, reg = 0, rm = 0;
  if (m < end)
    {
      mod = code[m] >> 6;
      reg = ((code[m] >> 3) & 7) | (rex & 4) << 1;
      rm = (code[m] & 7) | (rex & 1) << 3;
    }
  int dreg = __calltab_x86_64_dwarf_reg[reg];
  int drm = __calltab_x86_64_dwarf_reg[rm];
  uint64_t next = addr + insn->length;
  const int sp = 7;
  if (two)
    {
      unsigned op2 = code[o + 1];
      if (op2 == 0x1f || op2 == 0xa3)	/* nop, bt */
	return true;
      if (op2 == 0x1e)			/* endbr64, endbr32; not rdssp */
	return m < end && (code[m] == 0xfa || code[m] == 0xfb);
      if ((op2 >= 0x40 && op2 <= 0x4f) || op2 == 0xaf
	  || op2 == 0xb6 || op2 == 0xb7 || op2 == 0xbe || op2 == 0xbf)
	{
	  set (f, dreg, 0);
	  return true;
	}
      if (op2 >= 0x90 && op2 <= 0x9f)	/* setcc */
	{
	  if (mod != 3)
	    return store (f);
	  clobber_byte (f, rm, rex);
	  return true;
	}
      /* SSE moves and logic: the XMM registers and memory.  */
      if (op2 == 0x10 || op2 == 0x12 || op2 == 0x16 || op2 == 0x28
	  || op2 == 0x57 || op2 == 0x6e || op2 == 0x6f || op2 == 0xef)
	return true;
      if (op2 == 0x11 || op2 == 0x13 || op2 == 0x17 || op2 == 0x29
	  || op2 == 0x2b || op2 == 0x7f || op2 == 0xd6 || op2 == 0xe7)
	return mod == 3 || store (f);
      return false;
    }
  if (op < 0x40 && (op & 7) < 6)
    {
      /* add, or, adc, sbb, and, sub, xor, cmp.  */
      bool cmp = (op >> 3) == 7;
      switch (op & 7)
	{
	case 0: case 1:
	  if (mod != 3)
	    return cmp || store (f);
	  if (!cmp)
	    clobber (f, rm, rex, (op & 7) == 0);
	  return true;
	case 2: case 3:
	  if (!cmp)
	    clobber (f, reg, rex, (op & 7) == 2);
	  return true;
	default:
	  if (!cmp)
	    set (f, 0, 0);
	  return true;
	}
    }
  if (op >= 0x50 && op <= 0x5f && opsize)
    return false;			/* 16-bit push and pop */
  if (op >= 0x50 && op <= 0x57)	/* push: a store */
    {
      if (f->loaded)
	return false;
      set (f, sp, unknown_if (f, node (f, N_ADD, unknown_if (f, f->reg[sp]),
				       -1, (uint64_t) -8)));
      return true;
    }
  if (op >= 0x58 && op <= 0x5f)	/* pop */
    {
      set (f, __calltab_x86_64_dwarf_reg[(op & 7) | (rex & 1) << 3], 0);
      set (f, sp, unknown_if (f, node (f, N_ADD, unknown_if (f, f->reg[sp]),
				       -1, 8)));
      return true;
    }
  switch (op)
    {
    case 0x63: case 0x69: case 0x6b:	/* movsxd, imul */
      set (f, dreg, 0);
      return true;
    case 0x80: case 0x81: case 0x83:
      if (reg == 7)
	return true;		/* cmp */
      if (mod != 3)
	return store (f);
      if (drm == sp && w && op != 0x80 && (reg == 0 || reg == 5))
	{
	  int64_t imm = imm_at (code + end - (op == 0x81 ? 4 : 1),
				op == 0x81 ? 4 : 1);
	  set (f, sp, unknown_if (f, node (f, N_ADD,
					   unknown_if (f, f->reg[sp]), -1,
					   (uint64_t) (reg == 0 ? imm
						       : -imm))));
	}
      else
	clobber (f, rm, rex, op == 0x80);
      return true;
    case 0x84: case 0x85: case 0xa8: case 0xa9:
      return true;			/* test */
    case 0x90:
      return (rex & 1) == 0;		/* nop; REX.B 90 is xchg %r8 */
    case 0x88:
      if (mod != 3)
	return store (f);
      clobber_byte (f, rm, rex);
      return true;
    case 0x8a:
      clobber_byte (f, reg, rex);
      return true;
    case 0x89:
      if (mod != 3)
	return store (f);
      set (f, drm, w && !opsize ? f->reg[dreg] : 0);
      return true;
    case 0x8b:
      if (!w || opsize)
	set (f, dreg, 0);
      else if (mod == 3)
	set (f, dreg, f->reg[drm]);
      else
	{
	  int a = address (f, code, insn, next);
	  set (f, dreg, a != 0 ? node (f, N_LOAD, a, -1, 0) : 0);
	  f->loaded = true;
	}
      return true;
    case 0x8d:				/* lea */
      set (f, dreg, w && !opsize && mod != 3
		    ? address (f, code, insn, next) : 0);
      return true;
    case 0x98: case 0x99:		/* cltq, cqto */
      set (f, op == 0x98 ? 0 : 1, 0);
      return true;
    case 0xc0: case 0xc1: case 0xd0: case 0xd1: case 0xd2: case 0xd3:
    case 0xc6: case 0xc7:
      if (mod != 3)
	return store (f);
      clobber (f, rm, rex, op == 0xc0 || op == 0xd0 || op == 0xd2
			   || op == 0xc6);
      return true;
    case 0xf6: case 0xf7:
      if (reg < 2)
	return true;			/* test */
      if (reg < 4)
	{
	  if (mod != 3)
	    return store (f);
	  clobber (f, rm, rex, op == 0xf6);
	  return true;
	}
      set (f, 0, 0);
      set (f, 1, 0);
      return true;
    case 0xfe: case 0xff:
      if (reg == 6 && op == 0xff)	/* push: a store */
	{
	  if (f->loaded || opsize)
	    return false;
	  set (f, sp, unknown_if (f, node (f, N_ADD,
					   unknown_if (f, f->reg[sp]), -1,
					   (uint64_t) -8)));
	  return true;
	}
      if (reg > 1)
	return false;
      if (mod != 3)
	return store (f);
      clobber (f, rm, rex, op == 0xfe);
      return true;
    }
  if (op >= 0xb0 && op <= 0xbf)		/* mov $imm, %reg */
    {
      clobber (f, (op & 7) | (rex & 1) << 3, rex, op < 0xb8);
      return true;
    }
  return false;
}

/* Whether a register at the end holds node X, or X plus a constant
   (the stack pointer after pops): into *E.  */
static bool
held (const struct flow *f, int x, struct ct_word_expr *e)
{
  int first = f->n[x].kind == N_SYM ? f->n[x].reg : 0;
  for (int pass = 0; pass < 2; pass++)
    for (int k = 0; k < 16; k++)
      {
	int r = (first + k) % 16;
	const struct node *v = &f->n[f->reg[r]];
	if (pass == 0 ? f->reg[r] == x : v->kind == N_ADD && v->child == x)
	  {
	    e->reg = r;
	    e->nloads = 0;
	    e->off[0] = pass == 0 ? 0 : -(int64_t) v->value;
	    return true;
	  }
      }
  return false;
}

/* Write node X, the address of the word, over the registers at the end
   (F's state there) into *E: a register that holds it, else its parts,
   with as few words read as the registers allow.  */
static bool
express (const struct flow *f, int x, struct ct_word_expr *e)
{
  const struct node *n = &f->n[x];
  if (n->kind == N_UNKNOWN)
    return false;
  if (held (f, x, e))
    return true;
  switch (n->kind)
    {
    case N_ADD:
      if (!express (f, n->child, e))
	return false;
      e->off[e->nloads] += (int64_t) n->value;
      return true;
    case N_LOAD:
      if (!express (f, n->child, e) || e->nloads == CT_MAX_LOADS)
	return false;
      e->off[++e->nloads] = 0;
      return true;
    case N_ADDR:
      e->reg = -1;
      e->addr = n->value;
      e->nloads = 0;
      e->off[0] = 0;
      return true;
    default:
      return false;
    }
}

int
__calltab_x86_64_target_word (const unsigned char *code, size_t size,
			      size_t start, const struct ct_insn *insn,
			      uint64_t base, struct ct_word_expr *e)
{
  static struct flow zero;
  struct flow f;
  /* From START, or from after the last instruction whose effect is not
     known (a call): a later start only knows less.  */
  for (size_t off = start, from = start; off <= insn->start;)
    {
      if (off == from)
	{
	  f = zero;
	  f.n[0].kind = N_UNKNOWN;
	  f.nn = 1;
	  for (int r = 0; r < 16; r++)
	    f.reg[r] = node (&f, N_SYM, 0, r, 0);
	}
      if (off == insn->start)
	break;
      struct ct_insn in;
      if (!__calltab_x86_64_decode (code, size, off, &in)
	  || off + in.length > insn->start)
	return 0;
      off += in.length;
      if (!step (&f, code, &in, base + off - in.length))
	from = off;
    }
  /* The call or jump: FF /2 or /4, through a register or memory.  */
  size_t o = insn->opcode;
  if (code[o] != 0xff || o + 1 >= insn->start + insn->length)
    return 0;
  unsigned rex = o > insn->start && (code[o - 1] & 0xf0) == 0x40
		 ? code[o - 1] : 0;
  unsigned modrm = code[o + 1];
  int target;
  if (modrm >> 6 == 3)
    target = f.reg[__calltab_x86_64_dwarf_reg[(modrm & 7) | (rex & 1) << 3]];
  else
    {
      int a = address (&f, code, insn, base + insn->start + insn->length);
      target = a != 0 ? node (&f, N_LOAD, a, -1, 0) : 0;
    }
  if (f.n[target].kind != N_LOAD)
    return 0;
  memset (e, 0, sizeof *e);
  return express (&f, f.n[target].child, e) ? 1 : 0;
}
