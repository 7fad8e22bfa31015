/* call-target.h: find the call that ends at a return address and the
   function it calls (internal).

   The decode strategy is call-target.c's; naming the target is the
   machine's (target.h: for x86-64, x86_64-target.c: relocations in
   objects, PLT stubs and GOT slots in linked files).  */

#ifndef CALLTAB_CALL_TARGET_H
#define CALLTAB_CALL_TARGET_H 1

#include "elf/code-index.h"
#include "backends/target.h"

/* Every name of C's target, without limit: NAMES, then the other
   function symbols at its place.  *COOKIE is 0 for the first; returns
   NULL after the last.  */
const char *__calltab_call_name_next (const struct ct_code *code,
				      const struct ct_call *c,
				      size_t *cookie);


/* The calls ending at PLACE, with their targets: up to MAX in OUT,
   longest first.  Returns their number, 0 if no call ends there (or
   the section has no contents, or the machine has no decoder).  When a
   sized function symbol holds the place, its code is decoded forwards
   from the symbol and the instruction that ends at PLACE decides,
   without ambiguity; else (no symbol, undecodable bytes, or no
   instruction ends there) the backward search
   (__calltab_calls_ending_at).  */
size_t __calltab_code_calls_at (const struct ct_code *code,
				const struct ct_place *place,
				struct ct_call *out, size_t max);

/* The same for the unconditional jumps ending at PLACE (tail calls):
   each is given as the call it stands for (insn.kind CT_INSN_CALL for a
   direct jump, CT_INSN_CALL_INDIRECT for one through a register or
   memory), its target named the same way.  */
size_t __calltab_code_jumps_at (const struct ct_code *code,
				const struct ct_place *place,
				struct ct_call *out, size_t max);

#endif /* call-target.h */
