/* x86-insn.h: x86-64 instruction lengths and control flow (internal).

   Enough decoding to walk a function forwards and find its basic blocks
   (leaders: the entry, jump targets, the instruction after a jump or a
   return; calls do not end blocks): the length of every instruction of
   the general-purpose, x87, SSE, VEX and EVEX encodings in 64-bit mode,
   and whether it is a jump (with its target when direct) or a return.
   Tested against objdump's instruction boundaries over compiler output
   (calltab.verify/x86-insn.exp).  */

#ifndef CALLTAB_X86_INSN_H
#define CALLTAB_X86_INSN_H 1

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum x86_flow
{
  X86_FLOW_NEXT = 0,		/* falls through (calls included) */
  X86_FLOW_JUMP,		/* unconditional jump, direct or not */
  X86_FLOW_BRANCH,		/* conditional jump: falls through too */
  X86_FLOW_RETURN		/* ret, iret, ud2 */
};

struct x86_insn
{
  size_t length;
  enum x86_flow flow;
  bool direct;			/* JUMP/BRANCH with a relative target */
  int64_t rel;			/* target = end of the instruction + rel */
  bool nop;			/* a NOP form compilers pad with (90, 66 90,
				   0f 1f /0 with prefixes) */
};

/* Decode the instruction at CODE[OFF] (CODE has SIZE bytes).  Returns 1
   and fills *INSN, or 0 if the bytes are not a valid 64-bit instruction
   or it does not fit.  Never reads outside CODE[0, SIZE).  */
int __calltab_x86_decode_insn (const unsigned char *code, size_t size,
			       size_t off, struct x86_insn *insn);

#endif /* x86-insn.h */
