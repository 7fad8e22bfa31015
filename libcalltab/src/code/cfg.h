/* cfg.h: basic blocks of a function's code (internal), over the
   machine's decoder (target.h).

   Leaders: the function's entry, direct jump and branch targets inside
   the function (in objects, also those reached through a relocation:
   jumps between the hot and .cold parts), the places in it that data
   refers to (data-refs.h: jump-table targets, function pointers,
   computed gotos' labels; in linked files only with --emit-relocs),
   exception landing pads (added by the caller, from the LSDA: lsda.h),
   and the first instruction after a jump, a conditional
   jump or a return, past the alignment padding there; calls do not end
   blocks.

   Alignment padding is a run of NOPs the assembler put before an aligned
   label: it ends at an 8-byte boundary (GCC aligns to 8 or 16) that is a
   jump target, the end of the code, or that follows an unconditional
   jump or a return (the label of a landing pad or a jump-table target,
   which a decoder does not see jumped to), or it holds a NOP of several
   bytes (the assembler's fill; GCC's own NOP insns are one byte); and
   nothing jumps into it.  Other NOPs are code: GCC emits some at -O0,
   with their own rows, and after a conditional jump they run on the
   fall-through path.  A run of one-byte NOPs reached by falling
   through, at whose start a row of a line begins and at whose end
   another row of the same line begins, is code too: GCC's -O0 nop for
   an empty statement (`for (; *p++; )`) before the loop head, which may
   end on an aligned address by chance.  (The assembler may start a row
   on padding, for a statement of no code before an aligned label; the
   label's row is then of another line.)  Padding holds no line
   (docs/discriminators.md: padding "adds no line to a block"): the
   assembler may start the row of the aligned label's line before it.  */

#ifndef CALLTAB_CFG_H
#define CALLTAB_CFG_H 1

#include "backends/target.h"
#include "data-refs.h"

/* An address range [low, high).  */
struct ct_span
{
  uint64_t low, high;
  bool after_jump;		/* a candidate run after a jump or return */
  bool at_end;			/* ... or at the end of its code range */
  bool fill;			/* holds a NOP of several bytes */
  bool own_row;			/* rows of one line begin at LOW and HIGH */
};

/* A conditional jump: where it is, the instruction after it (its
   fall-through, before any padding) and its target.  */
struct ct_branch
{
  uint64_t at, next, target;
  bool has_next;		/* NEXT is in the same code range */
  bool has_target;		/* TARGET is in the function */
};

/* A jump through a table (data-refs.h): an indirect jump that is the
   first transfer of control at or after an instruction naming the
   table, and the table's targets in the function, as addresses
   (TABLE_TARGETS[FIRST..FIRST+N), in table order, repeats kept).  */
struct ct_table_jump
{
  uint64_t at;
  size_t first, n;
};

/* The blocks of a function: the sorted addresses of its leaders and,
   sorted, its alignment padding; its conditional jumps, in address
   order within each range; its jumps through tables.  */
struct ct_blocks
{
  struct ct_branch *branches;
  size_t nbranches, branches_alloc;
  struct ct_table_jump *tjumps;
  size_t ntjumps, tjumps_alloc;
  uint64_t *table_targets;
  size_t ntable_targets, table_targets_alloc;
  uint64_t *leaders;
  size_t n, alloc;
  struct ct_span *pads;
  size_t npads, pads_alloc;
  /* While adding: the first instructions after a transfer of control.  */
  uint64_t *falls;
  size_t nfalls, falls_alloc;
};

/* Whether the LEN bytes at PLACE of CODE can be decoded: the file has
   a decoder for its machine and the bytes (not a separate debug file's
   NOBITS code).  */
bool __calltab_cfg_decodable (const struct ct_code *code,
			      const struct ct_place *place, uint64_t len);

/* Add the leaders of the code at address LOW..HIGH, which is at PLACE
   (section, offset) of CODE.  IN_FUNC (TARGET, ARG) says whether a jump
   target is in the same function; in an object, a jump whose
   displacement is relocated (to the function's .cold part, or a sibling
   call) has its target at a place (section, offset), and
   PLACE_IN_FUNC (TARGET, &ADDR, ARG) says whether the function holds
   it and at which address.  REFS (NULL: none) are the file's data
   references into code: those in the range are leaders, and a jump
   through one of its tables is a table jump whose targets
   PLACE_IN_FUNC places (leaders too).  Returns 1; 0 if the code does not decode
   (*BAD_ADDR, when not NULL, is where; code that is not
   __calltab_cfg_decodable does not, at LOW); -1 if memory ran out
   (CALLTAB_E_NOMEM set).  */
int __calltab_cfg_add_range (const struct ct_code *code,
			     const struct ct_place *place, uint64_t low,
			     uint64_t high,
			     bool (*in_func) (uint64_t target, void *arg),
			     bool (*place_in_func) (const struct ct_place *t,
						    uint64_t *addr,
						    void *arg),
			     void *arg, const struct ct_data_refs *refs,
			     struct ct_blocks *b, uint64_t *bad_addr);

/* Add a leader at ADDR that the code does not show: an exception
   landing pad (lsda.h), where the unwinder transfers control.  Call
   before __calltab_cfg_finish.  Returns 0, or -1 if memory ran out.  */
int __calltab_cfg_add_leader (struct ct_blocks *b, uint64_t addr);

/* Mark the runs of one-byte NOPs [LOW, HIGH) for which
   SAME_LINE_ROWS (LOW, HIGH, ARG) says that rows of one line begin at
   LOW and at HIGH: code, not padding (see above).  Call before
   __calltab_cfg_finish.  */
void __calltab_cfg_own_rows (struct ct_blocks *b,
			     bool (*same_line_rows) (uint64_t low,
						     uint64_t high,
						     void *arg),
			     void *arg);

/* Once every range is added: decide what is padding, place the leaders
   after transfers past it, sort the leaders and drop duplicates.
   Returns 0, or -1 if memory ran out.  */
int __calltab_cfg_finish (struct ct_blocks *b);

/* The index of the block a conditional jump BR falls through to, or
   (size_t) -1 when it has none in the function: the first leader after
   BR->at (the fall-through, past any padding).  */
size_t __calltab_cfg_fall_block (const struct ct_blocks *b,
				 const struct ct_branch *br);

/* The index of the block holding A.  */
size_t __calltab_cfg_block_of (const struct ct_blocks *b, uint64_t a);

/* Narrow [*LOW, *HIGH) to the code it holds, without the alignment
   padding at either end; false if nothing else is left.  */
bool __calltab_cfg_trim (const struct ct_blocks *b, uint64_t *low,
			 uint64_t *high);

/* Free B's arrays.  */
void __calltab_cfg_free (struct ct_blocks *b);

#endif /* cfg.h */
