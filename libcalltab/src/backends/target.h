/* target.h: what libcalltab needs to know about a machine (internal).

   In the style of elfutils' libebl: the generic code (code-index.c,
   call-target.c, cfg.c, reloc.c) calls through one small hook table per
   machine, found by e_machine in target.c.  Each machine's code sits in
   files named for it (x86_64-decode.c, x86_64-target.c, i386-target.c);
   a second target is new files plus one entry in target.c.

   One instruction decoder per machine (as binutils' opcodes): the call
   checks, the basic-block builder and the test tools share it.  */

#ifndef CALLTAB_TARGET_H
#define CALLTAB_TARGET_H 1

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The longest instruction of any supported machine.  */
#define CT_MAX_INSN 15

/* A field an instruction does not have.  */
#define CT_NO_FIELD ((size_t) -1)

/* What an instruction does to the flow of control.  */
enum ct_insn_kind
{
  CT_INSN_OTHER = 0,		/* falls through, not a call */
  CT_INSN_CALL,			/* direct call (DIRECT, REL) */
  CT_INSN_CALL_INDIRECT,	/* call through a register or memory */
  CT_INSN_JUMP,			/* unconditional jump, direct or not */
  CT_INSN_BRANCH,		/* conditional jump: falls through too */
  CT_INSN_RETURN		/* return, or no fall-through (ud2) */
};

/* One decoded instruction.  Offsets are in the code buffer given to the
   decoder.  */
struct ct_insn
{
  enum ct_insn_kind kind;
  size_t start;			/* first byte, prefixes included */
  size_t opcode;		/* the opcode byte */
  size_t length;		/* whole instruction */
  /* A PC-relative target: target = end of the instruction + REL.  */
  bool direct;
  int64_t rel;
  size_t rel_field;		/* offset of a 32-bit REL field, or
				   CT_NO_FIELD (shorter or none) */
  /* The memory operand, if any.  */
  bool memory;
  bool pc_relative;		/* [pc + disp32] */
  bool base_disp;		/* [reg + disp]: no index, not PC-relative */
  int base_reg;			/* BASE_DISP: reg, a DWARF register number */
  int64_t disp;
  size_t disp_field;		/* offset of a 32-bit DISP field, or
				   CT_NO_FIELD */
  bool nop;			/* a padding form */
};

#include "elf/code-index.h"

/* The names a call's own resolution keeps; every symbol at the target
   is reached through __calltab_call_name_next.  */
#define CT_MAX_NAMES 8

/* One call that ends at a place, and its target.  */
struct ct_call
{
  struct ct_insn insn;
  bool resolved;		/* the target is known */
  bool via_plt;			/* linked: through a PLT stub */
  bool via_got;			/* through a GOT slot */
  size_t nnames;		/* symbols naming the target (0: none known):
				   the relocation's or GOT slot's symbol,
				   then the first symbols at the target */
  const char *names[CT_MAX_NAMES];
  bool placed;			/* TARGET (and TARGET_SCN) is a place in
				   the file's code */
  uint64_t target;		/* linked: address; relocatable: offset in
				   section TARGET_SCN (0: undefined symbol) */
  size_t target_scn;
};


/* How many words an address expression reads.  */
#define CT_MAX_LOADS 4

/* Where a call or jump through a pointer loaded its target from, over
   the registers and memory at the call: the value of DWARF register
   REG (-1: the file address ADDR) plus OFF[0]; then NLOADS times the
   word at that address plus OFF[I].  */
struct ct_word_expr
{
  int reg;
  uint64_t addr;
  size_t nloads;
  int64_t off[CT_MAX_LOADS + 1];
};

struct ct_target
{
  const char *name;
  unsigned int machine;		/* EM_* */
  /* The shortest call instruction.  */
  size_t min_call;
  /* Decode the instruction at CODE[OFF] (CODE has SIZE bytes).  Returns 1
     and fills *INSN, 0 if the bytes are not a valid instruction or it
     does not fit.  Never reads outside CODE[0, SIZE).  NULL: the machine
     has no decoder (its calls are not checked).  */
  int (*decode) (const unsigned char *code, size_t size, size_t off,
		 struct ct_insn *insn);
  /* Fill in C's target (names, via_plt, via_got) for the call C->insn
     ending at PLACE: through relocations in objects, through PLT stubs
     and GOT slots in linked files.  */
  void (*resolve_call) (const struct ct_code *code,
			const struct ct_place *place, struct ct_call *c);
  /* Bytes an absolute relocation TYPE writes, 0 if unsupported;
     *IS_SIGNED for a sign-extended 32-bit field.  */
  size_t (*reloc_width) (unsigned int type, bool *is_signed);
  /* Bytes a PC-relative relocation TYPE writes (S + A - P), 0 if it is
     not one; NULL: none known.  */
  size_t (*pc_reloc_width) (unsigned int type);
  /* The type of a copy relocation (the dynamic linker copies a shared
     library's object into the executable), 0 if none is known.  */
  unsigned int copy_reloc;
  /* Where the call or jump through a pointer INSN, at CODE[INSN->start]
     (CODE has SIZE bytes, the first at file address BASE), loaded its
     target from, by the instructions CODE[START, INSN->start) that run
     straight to it: 1 with *E, 0 when they do not show it (an
     instruction whose effect is not modelled, a call, a store after a
     load).  NULL: not known.  */
  int (*target_word) (const unsigned char *code, size_t size, size_t start,
		      const struct ct_insn *insn, uint64_t base,
		      struct ct_word_expr *e);
  /* The registers a callee preserves (bit R for DWARF register R): an
     unwinder's value of one in a caller's frame is the one it had at
     its call.  */
  uint64_t callee_saved;
  /* The stack pointer's DWARF register number, and how far a call moves
     it (the return address it pushes; 0 when it pushes none).  */
  int sp_reg;
  unsigned int call_push;
};

/* The hooks of machine MACHINE (EM_*), NULL if it is not supported.  */
const struct ct_target *__calltab_target (unsigned int machine);

/* The hooks of CODE's machine, NULL if it is not supported.  */
const struct ct_target *__calltab_code_target (const struct ct_code *code);

extern const struct ct_target __calltab_x86_64_target;
extern const struct ct_target __calltab_i386_target;

/* The calls that end exactly at offset END of CODE, decoded by TARGET:
   tries the start offsets END - CT_MAX_INSN .. END - TARGET->min_call and
   stores up to MAX matches in OUT, longest first, one per opcode byte (a
   match and the same instruction without some of its prefixes count
   once).  Returns the number of matches (0: no call ends there).
   Several matches mean the bytes are ambiguous (e.g. FF D0 inside the
   rel32 of an E8).  (call-target.c)  */
size_t __calltab_calls_ending_at (const struct ct_target *target,
				  const unsigned char *code, size_t size,
				  size_t end, struct ct_insn *out,
				  size_t max);

/* Whether INSN is a call.  */
static inline bool
__calltab_insn_is_call (const struct ct_insn *insn)
{
  return insn->kind == CT_INSN_CALL || insn->kind == CT_INSN_CALL_INDIRECT;
}

#endif /* target.h */
