/* estimate.c: counts of the sampled basic blocks and head counts of
   the functions, from the samples (afdo.h; docs/fdo.md, "Counts").

   Without a branch record (no LBR: a cpu-clock recording), a sample
   says only where the program was.  Every instruction of a basic block
   runs as often as the block, so each one's samples estimate the
   block's count, and the block's count is the largest of them
   (create_gcov takes the same maximum, per source position instead of
   per block).  Every instruction of a sampled block gets that count,
   so that each source position the block holds has the block's count
   even where no sample landed on it: a position's count is then the
   largest count of the blocks that hold it.  (Samples per instruction,
   the block's samples over its instructions, measured worse: docs/
   fdo.md.)  The blocks are the machine's, from the binary's own code
   (cfg.h: leaders at jump targets and after every transfer of control;
   no data references, so a jump table's targets are leaders only where
   they follow a transfer, as in GCC's code they do).

   A function's head count (how often it was entered) is the larger of
   its entry block's count and the sum of the counts of the sampled
   blocks that call it directly: few samples land on an entry block (a
   function that loops spends its time elsewhere), while its callers'
   blocks each add their own.  */

#include <stdlib.h>
#include <string.h>
#include "reader/libcalltabP.h"
#include "code/cfg.h"
#include "afdo/afdo.h"

struct func_span
{
  uint64_t low, high;
};

static bool
in_span (uint64_t target, void *arg)
{
  const struct func_span *f = arg;
  return f->low <= target && target < f->high;
}

static bool
no_place (const struct ct_place *t, uint64_t *addr, void *arg)
{
  (void) t;
  (void) addr;
  (void) arg;
  return false;
}

/* Whether ADDR is alignment padding of B (PAD: a cursor into B's
   sorted pads, moved forward).  */
static bool
is_padding (const struct ct_blocks *b, size_t *pad, uint64_t addr)
{
  while (*pad < b->npads && b->pads[*pad].high <= addr)
    ++*pad;
  return *pad < b->npads && b->pads[*pad].low <= addr;
}

/* Append (ADDR, COUNT) to OUT.  */
static int
put (struct afdo_samples *out, uint64_t addr, uint64_t count)
{
  if (__calltab_reserve (&out->v, &out->alloc, out->n + 1,
			 sizeof *out->v) != 0)
    return -1;
  out->v[out->n++] = (struct afdo_sample) { addr, count };
  return 0;
}

/* What a function's head count is made of: its entry block's count
   (ENTRY), or the count of a sampled block that calls it.  */
struct head
{
  uint64_t addr, count;
  bool entry;
};

struct heads
{
  struct head *v;
  size_t n, alloc;
};

static int
put_head (struct heads *h, uint64_t addr, uint64_t count, bool entry)
{
  if (__calltab_reserve (&h->v, &h->alloc, h->n + 1, sizeof *h->v) != 0)
    return -1;
  h->v[h->n++] = (struct head) { addr, count, entry };
  return 0;
}

/* The function F (its sized ELF symbol: a .cold part is a function of
   its own here) at PLACE, holding the samples S[0..N): every
   instruction of its sampled blocks with the block's count into EST,
   its entry block's count and every direct call from a sampled block
   (to the callee's entry, with the calling block's count) into HEADS.
   Returns 1, 0 when the code cannot be split into blocks, -1 out of
   memory.  */
static int
estimate_function (const struct ct_code *code, const struct ct_place *place,
		   struct func_span f, const struct afdo_sample *s, size_t n,
		   struct afdo_samples *est, struct heads *heads)
{
  const struct ct_target *target = __calltab_code_target (code);
  struct ct_blocks b = { 0 };
  int rc = __calltab_cfg_add_range (code, place, f.low, f.high, in_span,
				    no_place, &f, NULL, &b, NULL);
  if (rc == 1)
    rc = __calltab_cfg_finish (&b) == 0 ? 1 : -1;
  if (rc != 1 || b.n == 0)
    {
      __calltab_cfg_free (&b);
      return rc < 0 ? -1 : 0;
    }
  /* The count of each block: the most samples of one of its
     instructions.  */
  uint64_t *count = calloc (b.n, sizeof *count);
  int status = count != NULL ? 1 : -1;
  size_t scn_size, pad = 0;
  const unsigned char *bytes = __calltab_code_bytes (code, place->scnidx,
						     &scn_size);
  uint64_t base = f.low - place->offset;
  for (size_t k = 0; status == 1 && k < n; k++)
    {
      size_t blk = __calltab_cfg_block_of (&b, s[k].addr);
      if (count[blk] < s[k].count)
	count[blk] = s[k].count;
    }
  if (status == 1
      && put_head (heads, f.low, count[__calltab_cfg_block_of (&b, f.low)],
		   true) != 0)
    status = -1;
  for (uint64_t a = f.low; status == 1 && a < f.high;)
    {
      struct ct_insn insn;
      if (!target->decode (bytes, scn_size, a - base, &insn))
	break;
      uint64_t c = count[__calltab_cfg_block_of (&b, a)];
      if (c > 0 && !is_padding (&b, &pad, a)
	  && (put (est, a, c) != 0
	      || (insn.kind == CT_INSN_CALL && insn.direct
		  && put_head (heads, a + insn.length + (uint64_t) insn.rel,
			       c, false) != 0)))
	status = -1;
      a += insn.length;
    }
  free (count);
  __calltab_cfg_free (&b);
  return status;
}

static int
cmp_head (const void *a, const void *b)
{
  const struct head *x = a, *y = b;
  return x->addr < y->addr ? -1 : x->addr > y->addr;
}

/* H made one head count per address into OUT: the larger of the entry
   block's count and the calls' sum.  */
static int
sum_heads (struct heads *h, struct afdo_samples *out)
{
  qsort (h->v, h->n, sizeof *h->v, cmp_head);
  for (size_t i = 0; i < h->n;)
    {
      uint64_t addr = h->v[i].addr, sum = 0, entry = 0;
      for (; i < h->n && h->v[i].addr == addr; i++)
	if (h->v[i].entry)
	  entry = h->v[i].count;
	else
	  sum += h->v[i].count;
      if (put (out, addr, entry > sum ? entry : sum) != 0)
	return -1;
    }
  return 0;
}

int
__calltab_afdo_estimate (Calltab *ct, const struct afdo_sample *s, size_t n,
			 struct afdo_samples *est, struct afdo_samples *heads)
{
  est->n = 0;
  heads->n = 0;
  struct ct_code *code = __calltab_code_begin (ct->elf);
  if (code == NULL)
    return -1;
  const struct ct_target *target = __calltab_code_target (code);
  struct heads h = { 0 };
  int status = 0;
  for (size_t i = 0; i < n && status == 0;)
    {
      struct ct_place place;
      uint64_t start;
      if (target == NULL || target->decode == NULL
	  || !__calltab_code_locate (code, s[i].addr + 1, &place)
	  || (start = __calltab_code_func_start (code, place.scnidx,
						 place.offset))
	     == (uint64_t) -1)
	{
	  /* In no function: the sample as it is.  */
	  status = put (est, s[i].addr, s[i].count);
	  i++;
	  continue;
	}
      uint64_t scn_addr = __calltab_code_scn_addr (code, place.scnidx);
      struct func_span f = { scn_addr + start, 0 };
      f.high = f.low + __calltab_code_func_size (code, place.scnidx, f.low);
      size_t last = i + 1;
      while (last < n && s[last].addr < f.high)
	last++;
      place.offset = start;
      int rc = estimate_function (code, &place, f, s + i, last - i, est,
				  &h);
      if (rc < 0)
	status = -1;
      else if (rc == 0)
	for (; i < last && status == 0; i++)
	  status = put (est, s[i].addr, s[i].count);
      i = last;
    }
  __calltab_code_end (code);
  if (status == 0)
    status = sum_heads (&h, heads);
  free (h.v);
  return status;
}
