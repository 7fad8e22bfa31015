/* cfg.c: basic blocks of a function's code, over the machine's
   decoder.  cfg.h says what a leader and what padding is.  */

#include <stdlib.h>
#include "common/common.h"
#include "cfg.h"

static int
add_addr (uint64_t **a, size_t *n, size_t *alloc, uint64_t addr)
{
  if (__calltab_reserve (a, alloc, *n + 1, sizeof **a) < 0)
    return -1;
  (*a)[(*n)++] = addr;
  return 0;
}

static int
add_run (struct ct_blocks *b, uint64_t low, uint64_t high, bool after_jump,
	 bool at_end, bool fill)
{
  /* Padding ends at an aligned label.  */
  if (high % 8 != 0)
    return 0;
  if (__calltab_reserve (&b->pads, &b->pads_alloc, b->npads + 1,
			 sizeof *b->pads) < 0)
    return -1;
  b->pads[b->npads++] = (struct ct_span) { low, high, after_jump, at_end,
					     fill, false };
  return 0;
}

/* The table that INSN's memory operand names (its displacement field
   at INSN->disp_field of section SCN; NEXT the address after it), or
   NULL.  Objects: through the field's relocation, S + A, plus for a
   PC-relative operand the distance from the field to the instruction's
   end; linked files: the operand's address.  */
static const struct ct_data_table *
named_table (const struct ct_code *code, const struct ct_data_refs *refs,
	     const struct ct_insn *insn, size_t scn, uint64_t next)
{
  if (!__calltab_code_relocatable (code))
    return __calltab_data_table_at (refs, 0,
				    insn->pc_relative
				    ? next + (uint64_t) insn->disp
				    : (uint64_t) insn->disp);
  const struct ct_code_reloc *r = __calltab_code_reloc (code, scn,
							insn->disp_field);
  if (r == NULL || r->implicit || r->sym_shndx == SHN_UNDEF
      || r->sym_shndx >= SHN_LORESERVE)
    return NULL;
  uint64_t at = r->sym_value + (uint64_t) r->addend;
  if (insn->pc_relative)
    at += insn->start + insn->length - insn->disp_field;
  return __calltab_data_table_at (refs, r->sym_shndx, at);
}

/* Record the jump at AT through TABLE, and its targets in the function
   as leaders.  */
static int
add_table_jump (struct ct_blocks *b, const struct ct_data_table *table,
		const struct ct_data_refs *refs, uint64_t at,
		bool (*place_in_func) (const struct ct_place *t,
				       uint64_t *addr, void *arg),
		void *arg)
{
  if (__calltab_reserve (&b->tjumps, &b->tjumps_alloc, b->ntjumps + 1,
			 sizeof *b->tjumps) < 0)
    return -1;
  struct ct_table_jump *j = &b->tjumps[b->ntjumps++];
  *j = (struct ct_table_jump) { at, b->ntable_targets, 0 };
  for (size_t i = table->first; i < table->first + table->n; i++)
    {
      uint64_t t;
      if (!place_in_func (&refs->entries[i], &t, arg))
	continue;
      if (add_addr (&b->table_targets, &b->ntable_targets,
		    &b->table_targets_alloc, t) < 0
	  || add_addr (&b->leaders, &b->n, &b->alloc, t) < 0)
	return -1;
      j->n++;
    }
  return 0;
}

bool
__calltab_cfg_decodable (const struct ct_code *code,
			 const struct ct_place *place, uint64_t len)
{
  const struct ct_target *target = __calltab_code_target (code);
  size_t size;
  const unsigned char *bytes = __calltab_code_bytes (code, place->scnidx,
						     &size);
  return target != NULL && target->decode != NULL && bytes != NULL
	 && place->offset <= size && len <= size - place->offset;
}

int
__calltab_cfg_add_range (const struct ct_code *code,
			 const struct ct_place *place, uint64_t low,
			 uint64_t high,
			 bool (*in_func) (uint64_t target, void *arg),
			 bool (*place_in_func) (const struct ct_place *target,
						uint64_t *addr, void *arg),
			 void *arg, const struct ct_data_refs *refs,
			 struct ct_blocks *b, uint64_t *bad_addr)
{
  if (bad_addr != NULL)
    *bad_addr = low;
  if (!__calltab_cfg_decodable (code, place, high - low))
    return 0;
  const struct ct_target *target = __calltab_code_target (code);
  size_t size;
  const unsigned char *bytes = __calltab_code_bytes (code, place->scnidx,
						     &size);
  size_t start = (size_t) place->offset, end = start + (high - low);
  if (add_addr (&b->leaders, &b->n, &b->alloc, low) < 0)
    return -1;
  /* The places in the range that data refers to.  */
  for (size_t i = refs != NULL
		  ? __calltab_data_target_from (refs, place->scnidx,
						place->offset) : 0;
       refs != NULL && i < refs->ntargets
       && refs->targets[i].scnidx == place->scnidx
       && refs->targets[i].offset - place->offset < high - low; i++)
    if (add_addr (&b->leaders, &b->n, &b->alloc,
		  low + (refs->targets[i].offset - place->offset)) < 0)
      return -1;
  /* The table the last instructions named, until a transfer.  */
  const struct ct_data_table *table = NULL;
  /* The NOP runs that may be padding (decided in cfg_finish, once every
     jump target is known), and the instructions after transfers.  */
  bool in_run = false, run_after_jump = false, after_jump = false;
  bool run_fill = false;
  uint64_t run_start = 0;
  for (size_t off = start; off < end;)
    {
      struct ct_insn insn;
      uint64_t here = low + (off - start);
      if (!target->decode (bytes, end, off, &insn))
	{
	  if (bad_addr != NULL)
	    *bad_addr = here;
	  return 0;
	}
      uint64_t next = here + insn.length;
      if (insn.nop && !in_run)
	{
	  in_run = true;
	  run_start = here;
	  run_after_jump = after_jump;
	  run_fill = false;
	}
      /* A NOP of several bytes is the assembler's fill: GCC's own NOP
	 insns are one byte.  */
      if (insn.nop && insn.length > 1)
	run_fill = true;
      else if (!insn.nop && in_run)
	{
	  in_run = false;
	  if (add_run (b, run_start, here, run_after_jump, false,
		       run_fill) < 0)
	    return -1;
	}
      if (refs != NULL && insn.memory && insn.disp_field != CT_NO_FIELD)
	{
	  const struct ct_data_table *t = named_table (code, refs, &insn,
						       place->scnidx, next);
	  if (t != NULL)
	    table = t;
	}
      bool transfer = insn.kind == CT_INSN_JUMP || insn.kind == CT_INSN_BRANCH
		      || insn.kind == CT_INSN_RETURN;
      if (table != NULL && insn.kind == CT_INSN_JUMP && !insn.direct
	  && add_table_jump (b, table, refs, here, place_in_func, arg) < 0)
	return -1;
      if (transfer || __calltab_insn_is_call (&insn))
	table = NULL;
      after_jump = insn.kind == CT_INSN_JUMP || insn.kind == CT_INSN_RETURN;
      if (transfer && next < high
	  && add_addr (&b->falls, &b->nfalls, &b->falls_alloc, next) < 0)
	return -1;
      if (insn.kind == CT_INSN_BRANCH)
	{
	  if (__calltab_reserve (&b->branches, &b->branches_alloc,
				 b->nbranches + 1, sizeof *b->branches) < 0)
	    return -1;
	  b->branches[b->nbranches++] = (struct ct_branch) { here, next, 0,
							     next < high,
							     false };
	}
      if (transfer && insn.direct)
	{
	  const struct ct_code_reloc *r = NULL;
	  if (insn.rel_field != CT_NO_FIELD
	      && __calltab_code_relocatable (code))
	    r = __calltab_code_reloc (code, place->scnidx, insn.rel_field);
	  uint64_t t = next + (uint64_t) insn.rel;
	  bool found;
	  if (r == NULL)
	    found = in_func (t, arg);
	  else
	    {
	      /* In an object a relocated displacement reads 0 (or the
		 addend), not the target: the relocation's symbol and
		 addend give it (S + A - P, from the end of the
		 instruction).  A jump to the function's other part (hot
		 to .cold) is a jump target as any other; a jump to
		 another function (a sibling call) is not.  */
	      int64_t addend = r->implicit ? insn.rel : r->addend;
	      struct ct_place tp = {
		r->sym_shndx,
		r->sym_value + (uint64_t) addend
		+ (off + insn.length - insn.rel_field) };
	      found = r->sym_shndx != SHN_UNDEF
		      && r->sym_shndx < SHN_LORESERVE
		      && place_in_func (&tp, &t, arg);
	    }
	  if (found && add_addr (&b->leaders, &b->n, &b->alloc, t) < 0)
	    return -1;
	  if (found && insn.kind == CT_INSN_BRANCH)
	    {
	      b->branches[b->nbranches - 1].target = t;
	      b->branches[b->nbranches - 1].has_target = true;
	    }
	}
      off += insn.length;
    }
  if (in_run && add_run (b, run_start, high, run_after_jump, true,
			 run_fill) < 0)
    return -1;
  return 1;
}

int
__calltab_cfg_add_leader (struct ct_blocks *b, uint64_t addr)
{
  return add_addr (&b->leaders, &b->n, &b->alloc, addr);
}

static int
cmp_addr (const void *a, const void *b)
{
  const uint64_t *x = a, *y = b;
  return *x < *y ? -1 : *x > *y;
}

static int
cmp_span (const void *a, const void *b)
{
  const struct ct_span *x = a, *y = b;
  return x->low < y->low ? -1 : x->low > y->low;
}

static void
sort_leaders (struct ct_blocks *b)
{
  if (b->n == 0)
    return;
  qsort (b->leaders, b->n, sizeof *b->leaders, cmp_addr);
  size_t n = 1;
  for (size_t i = 1; i < b->n; i++)
    if (b->leaders[i] != b->leaders[n - 1])
      b->leaders[n++] = b->leaders[i];
  b->n = n;
}

static bool
at_or_below (const void *elt, const void *key)
{
  return *(const uint64_t *) elt <= *(const uint64_t *) key;
}

static bool
below (const void *elt, const void *key)
{
  return *(const uint64_t *) elt < *(const uint64_t *) key;
}

static bool
span_at_or_below (const void *elt, const void *key)
{
  return ((const struct ct_span *) elt)->low <= *(const uint64_t *) key;
}

/* The padding span holding A, or NULL.  */
static const struct ct_span *
pad_at (const struct ct_blocks *b, uint64_t a)
{
  size_t lo = __calltab_partition (b->pads, b->npads, sizeof *b->pads,
				   span_at_or_below, &a);
  return lo > 0 && a < b->pads[lo - 1].high ? &b->pads[lo - 1] : NULL;
}

void
__calltab_cfg_own_rows (struct ct_blocks *b,
			bool (*same_line_rows) (uint64_t low, uint64_t high,
						void *arg),
			void *arg)
{
  for (size_t i = 0; i < b->npads; i++)
    {
      struct ct_span *s = &b->pads[i];
      s->own_row = !s->fill && same_line_rows (s->low, s->high, arg);
    }
}

int
__calltab_cfg_finish (struct ct_blocks *b)
{
  /* The leaders so far: entries and jump targets.  */
  sort_leaders (b);
  size_t npads = 0;
  for (size_t i = 0; i < b->npads; i++)
    {
      struct ct_span s = b->pads[i];
      /* Nothing jumps into padding ...  */
      size_t k = __calltab_partition (b->leaders, b->n, sizeof *b->leaders,
				      below, &s.low);
      if (k < b->n && b->leaders[k] < s.high)
	continue;
      /* ... and it ends at a label: jumped to, after a transfer, or
	 in the assembler's fill form (a label reached through a jump
	 table that the code does not show, and by falling through).  */
      bool target = k < b->n && b->leaders[k] == s.high;
      /* A run with a row of its own is code, unless nothing reaches it
	 but a jump table (after a transfer) or it ends the code.  */
      if (s.own_row && !s.after_jump && !s.at_end)
	continue;
      if (target || s.at_end || s.after_jump || s.fill)
	b->pads[npads++] = s;
    }
  b->npads = npads;
  if (npads > 0)
    qsort (b->pads, npads, sizeof *b->pads, cmp_span);
  /* After a transfer, the block starts past the padding.  */
  for (size_t i = 0; i < b->nfalls; i++)
    {
      uint64_t a = b->falls[i];
      const struct ct_span *pad = pad_at (b, a);
      if (pad != NULL)
	{
	  if (pad->at_end)
	    continue;
	  a = pad->high;
	}
      if (add_addr (&b->leaders, &b->n, &b->alloc, a) < 0)
	return -1;
    }
  free (b->falls);
  b->falls = NULL;
  b->nfalls = b->falls_alloc = 0;
  sort_leaders (b);
  return 0;
}

size_t
__calltab_cfg_block_of (const struct ct_blocks *b, uint64_t a)
{
  size_t lo = __calltab_partition (b->leaders, b->n, sizeof *b->leaders,
				   at_or_below, &a);
  return lo > 0 ? lo - 1 : 0;
}

size_t
__calltab_cfg_fall_block (const struct ct_blocks *b,
			  const struct ct_branch *br)
{
  if (!br->has_next)
    return (size_t) -1;
  size_t k = __calltab_partition (b->leaders, b->n, sizeof *b->leaders,
				  below, &br->next);
  /* The leader placed after the jump, past the padding there.  */
  const struct ct_span *pad = pad_at (b, br->next);
  uint64_t expect = pad != NULL ? pad->high : br->next;
  return k < b->n && b->leaders[k] == expect ? k : (size_t) -1;
}

bool
__calltab_cfg_trim (const struct ct_blocks *b, uint64_t *low, uint64_t *high)
{
  if (*low >= *high)
    return false;
  const struct ct_span *pad = pad_at (b, *low);
  if (pad != NULL)
    *low = pad->high;
  if (*low >= *high)
    return false;
  pad = pad_at (b, *high - 1);
  if (pad != NULL)
    *high = pad->low;
  return *low < *high;
}

void
__calltab_cfg_free (struct ct_blocks *b)
{
  free (b->leaders);
  free (b->pads);
  free (b->falls);
  free (b->branches);
  free (b->tjumps);
  free (b->table_targets);
  *b = (struct ct_blocks) { 0 };
}
