/* cfg.c: basic blocks of a function's code, over the machine's
   decoder.  */

#include <stdlib.h>
#include "libcalltabP.h"
#include "cfg.h"

static int
add_leader (struct ct_blocks *b, uint64_t a)
{
  if (__calltab_reserve (&b->leaders, &b->alloc, b->n + 1,
			 sizeof *b->leaders) < 0)
    return -1;
  b->leaders[b->n++] = a;
  return 0;
}

int
__calltab_cfg_add_range (const struct ct_code *code,
			 const struct ct_place *place, uint64_t low,
			 uint64_t high,
			 bool (*in_func) (uint64_t target, void *arg),
			 void *arg, struct ct_blocks *b)
{
  const struct ct_target *target = __calltab_code_target (code);
  size_t size;
  const unsigned char *bytes = __calltab_code_bytes (code, place->scnidx,
						     &size);
  if (target == NULL || target->decode == NULL || bytes == NULL
      || place->offset > size || high - low > size - place->offset)
    return 1;
  size_t start = (size_t) place->offset, end = start + (high - low);
  if (add_leader (b, low) < 0)
    return -1;
  /* After a jump, a conditional jump or a return, the alignment padding
     (NOPs the assembler puts before an aligned label) is no block of its
     own: the compiler cannot give it a discriminator, and it belongs with
     the code before it.  Padding is a run of NOPs that ends at an 8-byte
     boundary (GCC aligns labels and functions to 8 or 16); other NOPs are
     code (-O0 emits some, with their own rows).  A jump target inside the
     padding still starts a block (below).  */
  bool after_transfer = false;
  uint64_t pad_start = 0;
  for (size_t off = start; off < end;)
    {
      struct ct_insn insn;
      if (!target->decode (bytes, end, off, &insn))
	return 1;
      uint64_t here = low + (off - start);
      uint64_t next = here + insn.length;
      if (after_transfer && insn.nop && pad_start == 0)
	pad_start = here;
      if (after_transfer && !insn.nop)
	{
	  after_transfer = false;
	  uint64_t leader = pad_start != 0 && here % 8 != 0 ? pad_start : here;
	  pad_start = 0;
	  if (add_leader (b, leader) < 0)
	    return -1;
	}
      bool transfer = insn.kind == CT_INSN_JUMP || insn.kind == CT_INSN_BRANCH
		      || insn.kind == CT_INSN_RETURN;
      if (transfer)
	{
	  after_transfer = true;
	  pad_start = 0;
	}
      /* In an object a relocated displacement (a jump to another
	 function: a sibling call) reads 0 here, not its target.  */
      if (transfer && insn.direct
	  && !(insn.rel_field != CT_NO_FIELD
	       && __calltab_code_reloc_at (code, place->scnidx,
					   insn.rel_field)))
	{
	  uint64_t t = next + (uint64_t) insn.rel;
	  if (in_func (t, arg) && add_leader (b, t) < 0)
	    return -1;
	}
      off += insn.length;
    }
  return 0;
}

static int
cmp_addr (const void *a, const void *b)
{
  const uint64_t *x = a, *y = b;
  return *x < *y ? -1 : *x > *y;
}

void
__calltab_cfg_finish (struct ct_blocks *b)
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

size_t
__calltab_cfg_block_of (const struct ct_blocks *b, uint64_t a)
{
  size_t lo = __calltab_partition (b->leaders, b->n, sizeof *b->leaders,
				   at_or_below, &a);
  return lo > 0 ? lo - 1 : 0;
}
