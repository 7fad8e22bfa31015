/* cfg.h: basic blocks of a function's code (internal), over the
   machine's decoder (target.h).

   Leaders: the function's entry, direct jump and branch targets inside
   the function, and after a jump, a conditional jump or a return the
   first instruction past the alignment padding; calls do not end
   blocks.  */

#ifndef CALLTAB_CFG_H
#define CALLTAB_CFG_H 1

#include "code-index.h"

/* The sorted addresses of a function's block leaders.  */
struct ct_blocks
{
  uint64_t *leaders;
  size_t n, alloc;
};

/* Add the leaders of the code at address LOW..HIGH, which is at PLACE
   (section, offset) of CODE.  IN_FUNC (TARGET, ARG) says whether a jump
   target is in the same function.  Returns 0; 1 if the code is not there
   or does not decode; -1 if memory ran out (CALLTAB_E_NOMEM set).  */
int __calltab_cfg_add_range (const struct ct_code *code,
			     const struct ct_place *place, uint64_t low,
			     uint64_t high,
			     bool (*in_func) (uint64_t target, void *arg),
			     void *arg, struct ct_blocks *b);

/* Sort the leaders and drop duplicates.  */
void __calltab_cfg_finish (struct ct_blocks *b);

/* The index of the block holding A.  */
size_t __calltab_cfg_block_of (const struct ct_blocks *b, uint64_t a);

#endif /* cfg.h */
