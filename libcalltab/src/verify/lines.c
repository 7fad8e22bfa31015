/* lines.c: the line table's discriminator rules (docs/discriminators.md).

   Through libdw only (dwarf_getsrclines, dwarf_linediscriminator,
   dwarf_linebeginstatement).  Checked, as warnings:
   - a row with a non-zero discriminator is not is_stmt (it is not a
     breakpoint location);
   - in each function, the discriminators of each source line (file,
     line) are 0..n-1: none is skipped;
   - with the basic blocks of the final code (cfg.c, cfg.h: leaders are
     the function's entry, jump targets, the places data refers to
     (jump-table targets, function pointers, computed gotos' labels:
     data-refs.h, where the file has the relocations: objects, and
     linked files with --emit-relocs), and after a jump, a conditional
     jump or a return the first instruction past the alignment padding;
     calls do not end blocks; padding holds no line): a line whose code
     lies in one block carries discriminator 0 (a block's discriminator
     does not leak onto it), and, per key (function, inline instance,
     file, line), each block that a conditional jump whose row has the
     key leads to (its fall-through or its target, the jump's own block
     for a loop of one block), or that a table jump whose row has the
     key reaches (each of its targets), carries a discriminator that no
     other block of the key carries (check_branches); other blocks may
     share.
   Rows that hold no code (the next row of the sequence has the same
   address) and rows outside every function are left out.

   Which function a row belongs to: the one of the unit whose range
   holds the row's address.  In a linked file, a function whose code
   is not in the file (a copy the linker discarded, at its tombstone)
   is not judged at all, and counted (discriminator-unchecked,
   drop_absent).  Several functions of a unit can share addresses:
   COMDAT copies that the linker points at the kept copy, and functions
   folded by ICF.  libdw sorts a unit's rows by address, so the rows of
   their line sequences interleave and cannot be told apart: such
   functions are not judged by the per-function rules, and counted
   (mark_overlaps).  So is a function in code that several line
   sequences of its unit cover though no other function of the unit
   does (a section folded by --icf=all whose function has no DIE with a
   range: mark_folded_sequences).

   Exception landing pads are leaders too: the unwinder transfers
   control there, and nothing in the code shows it (a landing pad
   usually follows a call that does not return, to __cxa_rethrow or
   _Unwind_Resume).  They come from the LSDAs that the FDEs of .eh_frame
   point at (lsda.c), found once per file; exception tables that do not
   decode are counted (discriminator-unchecked): their landing pads are
   not known.

   The block rules need the code's bytes: a function whose code has
   none in the file (a separate debug file) is not judged by them; one
   whose code is there but does not decode is counted
   (discriminator-unchecked), never passed silently.

   Hierarchical discriminators (a unit built with
   -fplugin-arg-calltab-discriminators=hierarchical, calltab-format.h):
   blocks are told apart by base and copy ID, so the is_stmt and block
   rules judge those two fields (the multiplicity names no block), and
   the density rule numbers the base field.

   discriminators=fs (a unit whose DW_AT_producer records
   -fplugin-arg-calltab-discriminators=fs): each block of a line carries
   the number its code's group had before GCC's bbpart pass (docs/fdo.md,
   "Flow-sensitive AutoFDO"), so blocks that bb-reorder, jump2 or
   if-conversion copied, split or joined after it share numbers, and a
   group may leave no block behind: the rule on jumps and the density
   rule are not judged in such a unit; is_stmt and single-block are.  */

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <dwarf.h>
#include "verify.h"
#include "code/cfg.h"
#include "code/lsda.h"

/* A function of the unit: its name, and where its opening line is
   (what a row at its entry address carries).  */
struct func_decl
{
  const char *name;
  const char *file;		/* NULL: not known */
  int line;
};

struct range
{
  Dwarf_Addr low, high;
  size_t func;
};

/* A range of a DW_TAG_inlined_subroutine: the code of one inline
   instance (nested ones have greater DEPTH).  */
struct inl
{
  Dwarf_Addr low, high;
  unsigned depth;
  Dwarf_Off off;		/* the DIE's offset: the instance */
  size_t func;			/* the function it is inlined into */
};

struct funcs
{
  struct range *ranges;
  size_t nranges, alloc;
  Dwarf_Addr *maxhigh;		/* the highest end of ranges[0..k] */
  bool *overlapped;		/* per function: shares code with another */
  struct func_decl *decls;	/* per function */
  size_t ndecls, decls_alloc;
  struct inl *inls;		/* the unit's inlined subroutines' ranges */
  size_t ninls, inls_alloc;
  bool nomem;			/* an allocation failed */
};

static int
cmp_range (const void *a, const void *b)
{
  const struct range *x = a, *y = b;
  if (x->low != y->low)
    return x->low < y->low ? -1 : 1;
  if (x->high != y->high)
    return x->high < y->high ? -1 : 1;
  return x->func < y->func ? -1 : x->func > y->func;
}

/* Add the ranges of the inlined subroutines under PARENT, at DEPTH, in
   function FUNC.  */
static void
add_inlines (struct funcs *f, Dwarf_Die *parent, unsigned depth, size_t func)
{
  Dwarf_Die child;
  if (dwarf_child (parent, &child) != 0)
    return;
  do
    {
      int tag = dwarf_tag (&child);
      if (tag == DW_TAG_inlined_subroutine)
	{
	  ptrdiff_t off = 0;
	  Dwarf_Addr base, low, high;
	  while ((off = dwarf_ranges (&child, off, &base, &low, &high)) > 0)
	    {
	      if (__calltab_reserve (&f->inls, &f->inls_alloc, f->ninls + 1,
				     sizeof *f->inls) < 0)
		{
		  f->nomem = true;
		  return;
		}
	      f->inls[f->ninls++] = (struct inl) { low, high, depth,
						   dwarf_dieoffset (&child),
						   func };
	    }
	  add_inlines (f, &child, depth + 1, func);
	}
      else if (tag == DW_TAG_lexical_block)
	add_inlines (f, &child, depth, func);
    }
  while (dwarf_siblingof (&child, &child) == 0);
}

static int
add_func (Dwarf_Die *die, void *arg)
{
  struct funcs *f = arg;
  if (__calltab_reserve (&f->decls, &f->decls_alloc, f->ndecls + 1,
			 sizeof *f->decls) < 0)
    {
      f->nomem = true;
      return DWARF_CB_ABORT;
    }
  size_t index = f->ndecls++;
  struct func_decl *d = &f->decls[index];
  d->name = calltab_die_string (die, DW_AT_name);
  /* check_unit read the unit's line table: libdw can read its
     DW_AT_comp_dir.  */
  d->file = dwarf_decl_file (die);
  if (dwarf_decl_line (die, &d->line) != 0)
    d->file = NULL;
  ptrdiff_t off = 0;
  Dwarf_Addr base, low, high;
  while ((off = dwarf_ranges (die, off, &base, &low, &high)) > 0)
    {
      if (__calltab_reserve (&f->ranges, &f->alloc, f->nranges + 1,
			     sizeof *f->ranges) < 0)
	{
	  f->nomem = true;
	  return DWARF_CB_ABORT;
	}
      f->ranges[f->nranges++] = (struct range) { low, high, index };
    }
  add_inlines (f, die, 0, index);
  return f->nomem ? DWARF_CB_ABORT : DWARF_CB_OK;
}

static bool
starts_at_or_below (const void *elt, const void *key)
{
  return ((const struct range *) elt)->low <= *(const Dwarf_Addr *) key;
}

#define NO_FUNC ((size_t) -1)
#define SEVERAL_FUNCS ((size_t) -2)

/* The function holding ADDR: NO_FUNC when none does, SEVERAL_FUNCS
   when several do.  */
static size_t
func_at (const struct funcs *f, Dwarf_Addr addr)
{
  size_t lo = __calltab_partition (f->ranges, f->nranges, sizeof *f->ranges,
				   starts_at_or_below, &addr);
  size_t found = NO_FUNC;
  /* Back over the ranges starting at or below ADDR while one of them
     may still reach it (MAXHIGH: the highest end up to there).  */
  for (size_t k = lo; k-- > 0 && f->maxhigh[k] > addr; )
    if (addr < f->ranges[k].high && f->ranges[k].func != found)
      {
	if (found != NO_FUNC)
	  return SEVERAL_FUNCS;
	found = f->ranges[k].func;
      }
  return found;
}

struct row
{
  size_t func;
  Dwarf_Off inst;		/* the inline instance holding the row's start
				   (its DIE), 0: the function's own code */
  const char *file;
  int line;
  unsigned disc;		/* what tells blocks apart (hierarchical
				   discriminators: base and copy ID) */
  unsigned base;		/* what the density rule numbers (the base
				   field of hierarchical discriminators, the
				   copy ID of layered ones) */
  unsigned sub;			/* layered discriminators: GCC's own number
				   (below the copy ID), which the density
				   rule numbers per; else 0 */
  unsigned own;			/* what must be 0 on a line in one block
				   and on an is_stmt row: the whole value,
				   the copy ID of layered ones */
  size_t index;
  Dwarf_Addr addr, end;		/* the code the row covers */
  size_t block;			/* block rules: one block it touches */
  bool stmt;			/* is_stmt */
};

/* Order by key: function, inline instance, position (file, line).  */
static int
cmp_key (const struct row *x, const struct row *y)
{
  if (x->func != y->func)
    return x->func < y->func ? -1 : 1;
  if (x->inst != y->inst)
    return x->inst < y->inst ? -1 : 1;
  int c = strcmp (x->file, y->file);
  if (c != 0)
    return c;
  if (x->line != y->line)
    return x->line < y->line ? -1 : 1;
  return 0;
}

/* Order by key and discriminator.  */
static int
cmp_position (const struct row *x, const struct row *y)
{
  int c = cmp_key (x, y);
  if (c != 0)
    return c;
  if (x->disc != y->disc)
    return x->disc < y->disc ? -1 : 1;
  return 0;
}

static const char *
base_name (const char *path)
{
  const char *slash = strrchr (path, '/');
  return slash != NULL ? slash + 1 : path;
}

/* "SECTION+0xOFFSET" (or the address) of line-table address ADDR.  */
static void
describe_addr (struct verify *v, Dwarf_Addr addr, char *buf, size_t size)
{
  struct ct_place p;
  if (verify_dwarf_place (v, addr, false, &p))
    verify_describe_place (v, &p, buf, size);
  else
    snprintf (buf, size, "0x%" PRIx64, (uint64_t) addr);
}

/* Order by key and, for layered discriminators, GCC's own number: what
   the density rule numbers per.  */
static int
cmp_density_key (const struct row *x, const struct row *y)
{
  int c = cmp_key (x, y);
  if (c != 0)
    return c;
  return x->sub < y->sub ? -1 : x->sub > y->sub;
}

/* Order by density key, base and row.  */
static int
cmp_base (const void *a, const void *b)
{
  const struct row *x = a, *y = b;
  int c = cmp_density_key (x, y);
  if (c != 0)
    return c;
  if (x->base != y->base)
    return x->base < y->base ? -1 : 1;
  return x->index < y->index ? -1 : x->index > y->index;
}

static void
check_density (struct verify *v, struct verify_place *place,
	       const struct funcs *f, struct row *rows, size_t n,
	       const char *field)
{
  qsort (rows, n, sizeof *rows, cmp_base);
  for (size_t i = 0; i < n; )
    {
      size_t j = i;
      while (j < n && cmp_density_key (&rows[j], &rows[i]) == 0)
	j++;
      /* Distinct discriminators of the group, in order: 0, 1, 2, ...  */
      unsigned expect = 0;
      size_t bad = (size_t) -1;
      for (size_t k = i; k < j; k++)
	{
	  if (k > i && rows[k].base == rows[k - 1].base)
	    continue;
	  if (rows[k].base != expect)
	    {
	      bad = k;
	      break;
	    }
	  expect++;
	}
      if (bad != (size_t) -1)
	{
	  char list[200];
	  size_t len = 0, count = 0;
	  list[0] = '\0';
	  for (size_t k = i; k < j && len < sizeof list - 16; k++)
	    if (k == i || rows[k].base != rows[k - 1].base)
	      {
		len += (size_t) snprintf (list + len, sizeof list - len, "%s%u",
					  count ? ", " : "", rows[k].base);
		count++;
	      }
	  const char *fname = f->decls[rows[i].func].name != NULL
			      ? f->decls[rows[i].func].name : "?";
	  place->index = rows[bad].index;
	  verify_report (v, VC_DISCRIMINATOR_DENSITY, place,
			 "%s:%d in '%s' has %sdiscriminators %s, not 0..%zu",
			 base_name (rows[i].file), rows[i].line, fname,
			 field, list, count - 1);
	}
      i = j;
    }
}

/* The basic blocks of one function (cfg.h).  */
struct blocks
{
  bool done, ok;
  struct ct_blocks b;
};

struct in_func
{
  struct verify *v;
  const struct funcs *f;
  const size_t *byfunc;
  size_t first, last;		/* the function's ranges in BYFUNC */
};

static bool
target_in_func (uint64_t target, void *arg)
{
  const struct in_func *in = arg;
  for (size_t k = in->first; k < in->last; k++)
    {
      const struct range *rg = &in->f->ranges[in->byfunc[k]];
      if (rg->low <= target && target < rg->high)
	return true;
    }
  return false;
}

/* The file's landing pads and its data references into code
   (data-refs.h), found when the first function's blocks are.  */
struct pads
{
  bool done, ok;
  struct ct_landing_pads p;
  bool refs_done, refs_ok;
  struct ct_data_refs refs;
};

/* Objects: whether the function holds place T (a relocated jump's
   target), and at which address (*ADDR).  */
static bool
place_in_func (const struct ct_place *t, uint64_t *addr, void *arg)
{
  const struct in_func *in = arg;
  for (size_t k = in->first; k < in->last; k++)
    {
      const struct range *rg = &in->f->ranges[in->byfunc[k]];
      struct ct_place p;
      if (rg->low < rg->high && verify_dwarf_place (in->v, rg->low, false, &p)
	  && p.scnidx == t->scnidx && p.offset <= t->offset
	  && t->offset - p.offset < rg->high - rg->low)
	{
	  *addr = rg->low + (t->offset - p.offset);
	  return true;
	}
    }
  return false;
}

/* What the block rules could not judge in a unit.  */
struct unchecked
{
  size_t undecodable;		/* functions whose code does not decode */
  Dwarf_Addr first_bad;		/* the first such function's bad address */
  const char *first_name;
  size_t shared_code;		/* functions sharing addresses */
  const char *first_shared;
  size_t shared_seq;		/* functions in code that several line
				   sequences of the unit cover */
  const char *first_seq;
  size_t absent;		/* functions whose code is not in the file
				   (drop_absent) */
  const char *first_absent;
  struct pads *pads;		/* the file's */
};

/* Decode function FUNC's code and find its leaders.  BYFUNC lists the
   indexes of F's ranges ordered by function, FIRST[FUNC] where FUNC's
   start in it.  A function whose code is not in the file is left out
   (not judged); one whose code does not decode is counted in UC.  */
/* Where a row begins, and its line (__calltab_cfg_own_rows).  */
struct row_start
{
  uint64_t addr;
  const char *file;
  int line;
  bool stmt;
};

struct row_starts
{
  struct row_start *s;
  size_t n;
};

static int
cmp_start (const void *a, const void *b)
{
  const struct row_start *x = a, *y = b;
  return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static bool
start_below (const void *elt, const void *key)
{
  return ((const struct row_start *) elt)->addr < *(const uint64_t *) key;
}

/* Whether rows of one line begin at LOW and at HIGH, the one at LOW a
   statement: GCC's own nop of an empty statement.  A row that is not
   is_stmt at LOW is a view repeat final.cc emits at an alignment insn
   (GCC 14's loop alignment: discrim-repeat.c), and the nop padding.  */
static bool
same_line_rows (uint64_t low, uint64_t high, void *arg)
{
  const struct row_starts *rs = arg;
  size_t i = __calltab_partition (rs->s, rs->n, sizeof *rs->s, start_below,
				  &low);
  size_t j = __calltab_partition (rs->s, rs->n, sizeof *rs->s, start_below,
				  &high);
  for (; i < rs->n && rs->s[i].addr == low; i++)
    for (size_t k = j; k < rs->n && rs->s[k].addr == high; k++)
      if (rs->s[i].stmt && rs->s[i].line == rs->s[k].line
	  && strcmp (rs->s[i].file, rs->s[k].file) == 0)
	return true;
  return false;
}

static void
find_blocks (struct verify *v, const struct funcs *f, const size_t *byfunc,
	     const size_t *first, size_t func, struct row_starts *starts,
	     struct blocks *b, struct unchecked *uc)
{
  b->done = true;
  struct in_func in = { v, f, byfunc, first[func], first[func + 1] };
  if (!uc->pads->refs_done)
    {
      uc->pads->refs_done = true;
      if (__calltab_data_refs (v->elf, v->code, &uc->pads->refs) < 0)
	v->nomem = true;
      else
	uc->pads->refs_ok = true;
    }
  for (size_t k = first[func]; k < first[func + 1]; k++)
    {
      const struct range *rg = &f->ranges[byfunc[k]];
      if (rg->high <= rg->low)
	continue;
      struct ct_place p;
      if (!verify_dwarf_place (v, rg->low, false, &p))
	return;
      /* A machine without a decoder (no-decoder) or code not in the
	 file (no-code) is reported as such.  */
      if (!__calltab_cfg_decodable (v->code, &p, rg->high - rg->low))
	return;
      uint64_t bad;
      int rc = __calltab_cfg_add_range (v->code, &p, rg->low, rg->high,
					target_in_func, place_in_func, &in,
					uc->pads->refs_ok ? &uc->pads->refs
							  : NULL,
					&b->b, &bad);
      if (rc < 0)
	v->nomem = true;
      else if (rc == 0 && uc->undecodable++ == 0)
	{
	  uc->first_bad = bad;
	  uc->first_name = f->decls[func].name;
	}
      if (rc != 1)
	return;
      /* The landing pads in the range.  */
      if (!uc->pads->done)
	{
	  uc->pads->done = true;
	  if (__calltab_landing_pads (v->elf, v->code, &uc->pads->p) < 0)
	    v->nomem = true;
	  else
	    uc->pads->ok = true;
	}
      const struct ct_landing_pads *lp = &uc->pads->p;
      /* Exception tables that do not decode (counted, a warning): which
	 functions' landing pads are missing is not known, and a block
	 rule judged without them is a false alarm (a landing pad's code
	 taken for the block before it), so no function of the file is
	 judged by the block rules.  */
      if (lp->bad > 0)
	return;
      for (size_t i = __calltab_landing_pad_from (lp, p.scnidx, p.offset);
	   i < lp->n && lp->pads[i].scnidx == p.scnidx
	   && lp->pads[i].offset - p.offset < rg->high - rg->low; i++)
	if (__calltab_cfg_add_leader (&b->b, rg->low + (lp->pads[i].offset
							- p.offset)) < 0)
	  {
	    v->nomem = true;
	    return;
	  }
    }
  if (b->b.n == 0)
    return;
  __calltab_cfg_own_rows (&b->b, same_line_rows, starts);
  if (__calltab_cfg_finish (&b->b) < 0)
    {
      v->nomem = true;
      return;
    }
  b->ok = true;
}

static int
cmp_hit (const void *a, const void *b)
{
  const struct row *x = a, *y = b;
  int c = cmp_position (x, y);
  if (c != 0)
    return c;
  if (x->block != y->block)
    return x->block < y->block ? -1 : 1;
  return x->index < y->index ? -1 : x->index > y->index;
}

/* Order of (key, block, address): the hits sorted for look-ups of a
   key's first row in a block.  */
static int
cmp_key_block (const void *a, const void *b)
{
  const struct row *x = a, *y = b;
  int c = cmp_key (x, y);
  if (c != 0)
    return c;
  if (x->block != y->block)
    return x->block < y->block ? -1 : 1;
  return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static bool
key_block_below (const void *elt, const void *key)
{
  const struct row *x = elt, *k = key;
  struct row e = *x;
  e.addr = 0;
  return cmp_key_block (&e, k) < 0;
}

/* The first row (lowest address) of KEY's rows in BLOCK, or NULL.  */
static const struct row *
first_in_block (const struct row *kb, size_t n, const struct row *key,
		size_t block)
{
  struct row probe = *key;
  probe.block = block;
  probe.addr = 0;
  size_t lo = __calltab_partition (kb, n, sizeof *kb, key_block_below,
				   &probe);
  if (lo < n && kb[lo].block == block && cmp_key (&kb[lo], key) == 0)
    return &kb[lo];
  return NULL;
}

static bool
row_at_or_below (const void *elt, const void *key)
{
  return ((const struct row *) elt)->addr <= *(const Dwarf_Addr *) key;
}

/* Whether hit X orders before the (key, discriminator) of hit KEY
   (HITS are sorted by cmp_hit: key, discriminator, block, row).  */
static bool
position_below (const void *elt, const void *key)
{
  return cmp_position (elt, key) < 0;
}

/* The first hit of KEY's key carrying KEY's discriminator in a block
   other than BLOCK (the lowest such block, its first row), or NULL.  */
static const struct row *
other_with_disc (const struct row *hits, size_t n, const struct row *key,
		 size_t block)
{
  size_t k = __calltab_partition (hits, n, sizeof *hits, position_below,
				  key);
  for (; k < n && cmp_position (&hits[k], key) == 0; k++)
    if (hits[k].block != block)
      return &hits[k];
  return NULL;
}

/* Where the code of hit H in its block begins: the row's start, or the
   block's when the row begins in a block before.  */
static Dwarf_Addr
hit_start (const struct blocks *b, const struct row *h)
{
  Dwarf_Addr leader = b->b.leaders[h->block];
  return h->addr > leader ? h->addr : leader;
}

/* A pair of blocks of a key found sharing a discriminator.  */
struct shared_pair
{
  size_t row;			/* a row of the key (the first row's index) */
  size_t lo, hi;		/* the two blocks */
};

/* What check_branches judges with.  */
struct judge
{
  struct verify *v;
  struct verify_place *place;
  const struct funcs *f;
  const struct row *hits, *kb;
  size_t nhits;
  struct shared_pair *seen;
  size_t nseen, seen_alloc;
};

/* Judge block SUCC of function FN, after the jump at AT (a table jump
   when TABLE) whose row is KEY: its first row of KEY's key carries a
   discriminator on no row of the key in another block.  Returns 0, or
   -1 if memory ran out.  */
static int
judge_succ (struct judge *j, size_t fn, const struct blocks *b,
	    const struct row *key, Dwarf_Addr at, bool table, size_t succ)
{
  const struct row *in = first_in_block (j->kb, j->nhits, key, succ);
  if (in == NULL)
    return 0;			/* S holds no code of K */
  const struct row *other = other_with_disc (j->hits, j->nhits, in, succ);
  if (other == NULL)
    return 0;
  /* Once per pair of blocks of the key.  */
  size_t lo = in->block < other->block ? in->block : other->block;
  size_t hi = in->block ^ other->block ^ lo;
  const struct row *first = first_in_block (j->kb, j->nhits, key, lo);
  for (size_t s = 0; s < j->nseen; s++)
    if (j->seen[s].row == first->index && j->seen[s].lo == lo
	&& j->seen[s].hi == hi)
      return 0;
  if (__calltab_reserve (&j->seen, &j->seen_alloc, j->nseen + 1,
			 sizeof *j->seen) < 0)
    return -1;
  j->seen[j->nseen++] = (struct shared_pair) { first->index, lo, hi };
  char jat[512], where[512], with[512];
  describe_addr (j->v, at, jat, sizeof jat);
  describe_addr (j->v, hit_start (b, in), where, sizeof where);
  describe_addr (j->v, hit_start (b, other), with, sizeof with);
  j->place->index = in->index;
  verify_report (j->v, VC_DISCRIMINATOR_SHARED, j->place,
		 "%s:%d in '%s': the line's code at %s, after the"
		 " %s jump at %s, shares discriminator %u"
		 " with the line's code at %s",
		 base_name (key->file), key->line,
		 j->f->decls[fn].name != NULL ? j->f->decls[fn].name : "?",
		 where, table ? "table" : "conditional", jat, in->disc, with);
  return 0;
}

/* The row of function FN covering the jump at AT, or NULL.  */
static const struct row *
jump_row (const struct row *rows, size_t n, size_t fn, Dwarf_Addr at)
{
  size_t r = __calltab_partition (rows, n, sizeof *rows, row_at_or_below,
				  &at);
  if (r == 0 || rows[r - 1].func != fn || at >= rows[r - 1].end)
    return NULL;
  return &rows[r - 1];
}

/* The rule on conditional and table jumps: in every key K (function,
   inline instance, file, line), each block that begins after a
   conditional jump J whose row has key K, its fall-through S1 or its
   target S2 (J's own block when the jump goes back to its start: a
   loop of one block), or that a table jump whose row has key K reaches
   (each of its targets that the file shows: cfg.h), carries a
   discriminator that no other block of K carries.  Checked on the
   first row of K in S: its discriminator is on no row of K in another
   block.  Other blocks of K may share numbers.  (The first row of K in
   S, not every row: the compiler may start a block at a label nothing
   jumps to in the end, which the code does not show, and number the
   part after it on its own.)  One warning per pair of blocks that
   share.  ROWS are in address order (libdw's), HITS one per (row,
   block) it touches, sorted by cmp_hit.  */
static void
check_branches (struct verify *v, struct verify_place *place,
		const struct funcs *f, const struct blocks *blocks,
		const struct row *rows, size_t n, const struct row *hits,
		size_t nhits)
{
  if (nhits == 0)
    return;
  struct row *kb = malloc (nhits * sizeof *kb);
  if (kb == NULL)
    {
      v->nomem = true;
      return;
    }
  memcpy (kb, hits, nhits * sizeof *kb);
  qsort (kb, nhits, sizeof *kb, cmp_key_block);
  struct judge j = { v, place, f, hits, kb, nhits, NULL, 0, 0 };
  for (size_t fn = 0; fn < f->ndecls; fn++)
    {
      const struct blocks *b = &blocks[fn];
      if (!b->ok)
	continue;
      for (size_t k = 0; k < b->b.nbranches; k++)
	{
	  const struct ct_branch *br = &b->b.branches[k];
	  const struct row *key = jump_row (rows, n, fn, br->at);
	  if (key == NULL)
	    continue;		/* no row covers the jump */
	  size_t succ[2] = {
	    __calltab_cfg_fall_block (&b->b, br),
	    br->has_target ? __calltab_cfg_block_of (&b->b, br->target)
			   : (size_t) -1 };
	  for (int x = 0; x < 2; x++)
	    if (succ[x] != (size_t) -1 && (x == 0 || succ[1] != succ[0])
		&& judge_succ (&j, fn, b, key, br->at, false, succ[x]) < 0)
	      goto nomem;
	}
      for (size_t k = 0; k < b->b.ntjumps; k++)
	{
	  const struct ct_table_jump *tj = &b->b.tjumps[k];
	  const struct row *key = jump_row (rows, n, fn, tj->at);
	  if (key == NULL)
	    continue;
	  for (size_t t = tj->first; t < tj->first + tj->n; t++)
	    {
	      size_t succ = __calltab_cfg_block_of (&b->b,
						    b->b.table_targets[t]);
	      bool again = false;
	      for (size_t u = tj->first; u < t && !again; u++)
		again = __calltab_cfg_block_of (&b->b, b->b.table_targets[u])
			== succ;
	      if (!again
		  && judge_succ (&j, fn, b, key, tj->at, true, succ) < 0)
		goto nomem;
	    }
	}
    }
  goto out;
nomem:
  v->nomem = true;
out:
  free (j.seen);
  free (kb);
}

static void
check_blocks (struct verify *v, struct verify_place *place,
	      const struct funcs *f, const struct row *rows, size_t n,
	      struct unchecked *uc, bool branches)
{
  struct blocks *blocks = calloc (f->ndecls + 1, sizeof *blocks);
  size_t *first = calloc (f->ndecls + 2, sizeof *first);
  size_t *byfunc = calloc (f->nranges + 1, sizeof *byfunc);
  struct row *hits = NULL;
  size_t nhits = 0, alloc = 0;
  /* Where rows begin, sorted (__calltab_cfg_own_rows).  */
  struct row_starts starts = { calloc (n + 1, sizeof *starts.s), n };
  if (blocks == NULL || first == NULL || byfunc == NULL || starts.s == NULL)
    {
      v->nomem = true;
      goto out;
    }
  for (size_t i = 0; i < n; i++)
    starts.s[i] = (struct row_start) { rows[i].addr, rows[i].file,
				       rows[i].line, rows[i].stmt };
  qsort (starts.s, n, sizeof *starts.s, cmp_start);
  /* The ranges grouped by function (a counting sort).  */
  for (size_t r = 0; r < f->nranges; r++)
    first[f->ranges[r].func + 1]++;
  for (size_t i = 0; i < f->ndecls; i++)
    first[i + 1] += first[i];
  {
    size_t *next = calloc (f->ndecls + 1, sizeof *next);
    if (next == NULL)
      {
	v->nomem = true;
	goto out;
      }
    for (size_t r = 0; r < f->nranges; r++)
      {
	size_t fn = f->ranges[r].func;
	byfunc[first[fn] + next[fn]++] = r;
      }
    free (next);
  }
  /* One hit per (row, block it touches).  */
  for (size_t i = 0; i < n; i++)
    {
      struct blocks *b = &blocks[rows[i].func];
      if (!b->done)
	find_blocks (v, f, byfunc, first, rows[i].func, &starts, b, uc);
      uint64_t low = rows[i].addr, high = rows[i].end;
      /* Alignment padding holds no line.  */
      if (!b->ok || !__calltab_cfg_trim (&b->b, &low, &high))
	continue;
      size_t first_block = __calltab_cfg_block_of (&b->b, low);
      size_t last_block = __calltab_cfg_block_of (&b->b, high - 1);
      for (size_t k = first_block; k <= last_block; k++)
	{
	  if (__calltab_reserve (&hits, &alloc, nhits + 1, sizeof *hits) < 0)
	    {
	      v->nomem = true;
	      goto out;
	    }
	  hits[nhits] = rows[i];
	  hits[nhits++].block = k;
	}
    }
  if (nhits > 0)
    qsort (hits, nhits, sizeof *hits, cmp_hit);
  for (size_t i = 0; i < nhits; )
    {
      size_t j = i;
      while (j < nhits && hits[j].func == hits[i].func
	     && hits[j].inst == hits[i].inst && hits[j].line == hits[i].line
	     && strcmp (hits[j].file, hits[i].file) == 0)
	j++;
      /* Blocks of the key, and a non-zero discriminator in them.  */
      size_t nblocks = 0, nonzero = (size_t) -1;
      for (size_t k = i; k < j; k++)
	{
	  bool seen = false;
	  for (size_t m = i; m < k && !seen; m++)
	    seen = hits[m].block == hits[k].block;
	  nblocks += !seen;
	  if (hits[k].own != 0
	      && (nonzero == (size_t) -1 || hits[k].index < hits[nonzero].index))
	    nonzero = k;
	}
      const char *fname = f->decls[hits[i].func].name != NULL
			  ? f->decls[hits[i].func].name : "?";
      if (nblocks == 1 && nonzero != (size_t) -1)
	{
	  place->index = hits[nonzero].index;
	  verify_report (v, VC_DISCRIMINATOR_SINGLE_BLOCK, place,
			 "%s:%d in '%s' lies in one basic block but has"
			 " discriminator %u", base_name (hits[i].file),
			 hits[i].line, fname, hits[nonzero].disc);
	}
      i = j;
    }
  if (branches)
    check_branches (v, place, f, blocks, rows, n, hits, nhits);
out:
  for (size_t i = 0; blocks != NULL && i < f->ndecls; i++)
    __calltab_cfg_free (&blocks[i].b);
  free (blocks);
  free (first);
  free (byfunc);
  free (hits);
  free (starts.s);
}

/* The end of a line sequence: its address and the position of its
   last row.  */
struct seq_end
{
  Dwarf_Addr addr;
  const char *file;
  int line;
  unsigned disc;
};

static int
cmp_seq_end (const void *a, const void *b)
{
  const struct seq_end *x = a, *y = b;
  if (x->addr != y->addr)
    return x->addr < y->addr ? -1 : 1;
  int c = strcmp (x->file, y->file);
  if (c != 0)
    return c;
  if (x->line != y->line)
    return x->line < y->line ? -1 : 1;
  return x->disc < y->disc ? -1 : x->disc > y->disc;
}

static bool
end_below (const void *elt, const void *key)
{
  return ((const struct seq_end *) elt)->addr < *(const Dwarf_Addr *) key;
}

/* Line sequences of a unit may overlap where no two functions of the
   unit do: in a file linked with --icf=all, a section folded into
   another of the unit whose function has no DIE with its own range
   (GCC's IPA ICF leaves a copy of a function's body with a line
   sequence of its own and only the abstract DIE; gold keeps its range
   in the unit's DW_AT_ranges, lld makes it a tombstone there but not in
   the line table).  The rows of the two sequences interleave (libdw
   sorts a unit's rows by address): a row of one seems to end where a
   row of the other starts.  A function's code lies in one sequence, so
   the sequences that end in (low, high] of one of its ranges are one at
   most, at HIGH; two ends there with different last rows mean another
   sequence covers some of its code.  (libdw also flags a row at the
   end address as ending the sequence: ends at one address with the
   same file, line and discriminator count once.  Sequences folded with
   the same rows throughout need no telling apart.)  Mark those
   functions and count them in UC.  */
static void
mark_folded_sequences (struct verify *v, Dwarf_Lines *lines, size_t nlines,
		       struct funcs *f, struct unchecked *uc)
{
  struct seq_end *ends = NULL;
  size_t n = 0, alloc = 0;
  for (size_t i = 0; i < nlines; i++)
    {
      Dwarf_Line *l = dwarf_onesrcline (lines, i);
      struct seq_end e;
      bool end;
      if (l == NULL || dwarf_lineendsequence (l, &end) != 0 || !end
	  || dwarf_lineaddr (l, &e.addr) != 0
	  || dwarf_lineno (l, &e.line) != 0
	  || dwarf_linediscriminator (l, &e.disc) != 0
	  || (e.file = dwarf_linesrc (l, NULL, NULL)) == NULL)
	continue;
      if (__calltab_reserve (&ends, &alloc, n + 1, sizeof *ends) < 0)
	{
	  v->nomem = true;
	  free (ends);
	  return;
	}
      ends[n++] = e;
    }
  if (n > 1)
    qsort (ends, n, sizeof *ends, cmp_seq_end);
  for (size_t r = 0; r < f->nranges; r++)
    {
      const struct range *rg = &f->ranges[r];
      if (f->overlapped[rg->func] || rg->low >= rg->high)
	continue;
      Dwarf_Addr after = rg->low + 1;
      size_t k = __calltab_partition (ends, n, sizeof *ends, end_below,
				      &after);
      size_t count = 0;
      for (size_t j = k; j < n && ends[j].addr <= rg->high && count < 2; j++)
	if (j == k || cmp_seq_end (&ends[j - 1], &ends[j]) != 0)
	  count++;
      if (count < 2)
	continue;
      f->overlapped[rg->func] = true;
      if (uc->shared_seq++ == 0)
	uc->first_seq = f->decls[rg->func].name;
    }
  free (ends);
}

/* Mark the functions of F whose ranges overlap a range of another
   function of the unit, and count them in UC.  The line table of a unit
   can hold several sequences over the same addresses: in a linked file,
   discarded COMDAT copies that ld.bfd or gold point at the kept copy,
   and functions folded by ICF (copies at a tombstone are gone already:
   drop_absent).  libdw returns the rows of a unit sorted by address, so
   the rows of overlapping sequences interleave and cannot be told
   apart: such a function is not judged by the per-function rules, and
   is counted (a note).  */
static void
mark_overlaps (struct verify *v, Dwarf_Lines *lines, size_t nlines,
	       struct funcs *f, struct unchecked *uc)
{
  f->overlapped = calloc (f->ndecls + 1, sizeof *f->overlapped);
  if (f->overlapped == NULL)
    {
      v->nomem = true;
      f->nranges = 0;
      return;
    }
  for (size_t k = 1; k < f->nranges; k++)
    for (size_t j = k; j-- > 0 && f->maxhigh[j] > f->ranges[k].low; )
      if (f->ranges[j].high > f->ranges[k].low
	  && f->ranges[j].low < f->ranges[j].high
	  && f->ranges[k].low < f->ranges[k].high
	  && f->ranges[j].func != f->ranges[k].func)
	{
	  f->overlapped[f->ranges[j].func] = true;
	  f->overlapped[f->ranges[k].func] = true;
	}
  for (size_t k = 0; k < f->nranges; k++)
    {
      size_t fn = f->ranges[k].func;
      if (!f->overlapped[fn])
	continue;
      /* Count each function once, at its first range.  */
      bool first = true;
      for (size_t j = 0; j < k && first; j++)
	first = f->ranges[j].func != fn;
      if (!first)
	continue;
      if (uc->shared_code++ == 0)
	uc->first_shared = f->decls[fn].name;
    }
  mark_folded_sequences (v, lines, nlines, f, uc);
}

/* Linked files: whether the code at [LOW, HIGH) is in the file: inside
   one executable section, and not at a tombstone.  The linker points
   the debug information of code it did not keep (a COMDAT copy it
   discarded, a section --gc-sections removed, with lld a section ICF
   folded) at a tombstone: 0 (lld; ld.bfd and gold where they do not
   point it at the kept copy), in a PIE the ELF header, which no
   executable section holds; or all ones.  */
static bool
range_in_code (struct verify *v, Dwarf_Addr low, Dwarf_Addr high)
{
  if (low == 0 || low >= high)
    return false;
  struct ct_place first, last;
  return verify_dwarf_place (v, low, false, &first)
	 && verify_dwarf_place (v, high - 1, false, &last)
	 && first.scnidx == last.scnidx;
}

/* Linked files: leave out of F the functions whose code is not in the
   file (a range, not empty, outside it: range_in_code), with their
   ranges and inline instances, and count them in UC: none of their
   rows is judged.  Such a copy's rows no longer match its DIEs: lld and
   ld.bfd write the tombstone without the relocation's addend, so the
   copy's inline instances start at 0 (a rnglist's base address too)
   while its rows keep their offsets from the start of their sequence;
   a row then took the key of an instance it is not in (before, with a
   lone discarded copy of F: "inl.h:12 in 'F' has discriminators 2, 4,
   not 0..1", testsuite/calltab.verify/discrim-tomb/).  Several copies
   at one tombstone were left out already, as functions sharing
   addresses (mark_overlaps); a lone one was judged.  In objects every
   function's code is there.  */
static void
drop_absent (struct verify *v, struct funcs *f, struct unchecked *uc)
{
  if (__calltab_code_relocatable (v->code) || f->nranges == 0)
    return;
  bool *absent = calloc (f->ndecls + 1, sizeof *absent);
  if (absent == NULL)
    {
      v->nomem = true;
      f->nranges = f->ninls = 0;
      return;
    }
  for (size_t r = 0; r < f->nranges; r++)
    {
      const struct range *rg = &f->ranges[r];
      if (rg->low < rg->high && !absent[rg->func]
	  && !range_in_code (v, rg->low, rg->high))
	{
	  absent[rg->func] = true;
	  if (uc->absent++ == 0)
	    uc->first_absent = f->decls[rg->func].name;
	}
    }
  size_t n = 0;
  for (size_t r = 0; r < f->nranges; r++)
    if (!absent[f->ranges[r].func])
      f->ranges[n++] = f->ranges[r];
  f->nranges = n;
  n = 0;
  for (size_t k = 0; k < f->ninls; k++)
    if (!absent[f->inls[k].func])
      f->inls[n++] = f->inls[k];
  f->ninls = n;
  free (absent);
}

static int
cmp_inl (const void *a, const void *b)
{
  const struct inl *x = a, *y = b;
  if (x->low != y->low)
    return x->low < y->low ? -1 : 1;
  if (x->depth != y->depth)
    return x->depth < y->depth ? -1 : 1;
  return x->off < y->off ? -1 : x->off > y->off;
}

/* The key of a row includes its inline instance: the innermost inlined
   subroutine whose ranges hold the row's start.  Inline ranges nest, so
   a sweep over the rows in address order (libdw's) with a stack of the
   open ranges finds it.  */
static void
set_instances (struct verify *v, struct funcs *f, struct row *rows,
	       size_t n)
{
  if (f->ninls == 0)
    return;
  qsort (f->inls, f->ninls, sizeof *f->inls, cmp_inl);
  const struct inl **stack = malloc (f->ninls * sizeof *stack);
  if (stack == NULL)
    {
      v->nomem = true;
      return;
    }
  size_t depth = 0, next = 0;
  Dwarf_Addr prev = 0;
  for (size_t i = 0; i < n; i++)
    {
      Dwarf_Addr a = rows[i].addr;
      if (a < prev)
	depth = next = 0;	/* not in address order: start over */
      prev = a;
      for (; next < f->ninls && f->inls[next].low <= a; next++)
	{
	  while (depth > 0 && stack[depth - 1]->high <= f->inls[next].low)
	    depth--;
	  if (f->inls[next].low < f->inls[next].high)
	    stack[depth++] = &f->inls[next];
	}
      while (depth > 0 && stack[depth - 1]->high <= a)
	depth--;
      /* Ranges that do not nest (code shared by folding) may leave an
	 outer range above an inner one that ended: look down for one
	 that holds A.  */
      size_t k = depth;
      while (k > 0 && !(stack[k - 1]->low <= a && a < stack[k - 1]->high))
	k--;
      rows[i].inst = k > 0 ? stack[k - 1]->off : 0;
    }
  free (stack);
}

/* Whether row J's file and line are FUNC's opening line, or those of
   a row of FUNC's code after ADDR (rows from K on, below HIGH), or lie
   in FUNC's file from its opening line (DW_AT_decl_line) to the line of
   its first row after ADDR on a line after the opening one: the
   opening brace, which GCC 16 gives the
   first instruction of a cold part (`CharData_Init.cold' of expat's
   chardata.c at -O2: rows of lines 33 and 32 at its start, 33 after;
   DW_AT_decl_line 31).  */
static bool
row_of_func (Dwarf_Lines *lines, size_t j, const struct func_decl *d,
	     size_t k, Dwarf_Addr high)
{
  Dwarf_Line *l = dwarf_onesrcline (lines, j);
  const char *file;
  int line;
  if (l == NULL || dwarf_lineno (l, &line) != 0
      || (file = dwarf_linesrc (l, NULL, NULL)) == NULL)
    return false;
  bool in_file = d->file != NULL && strcmp (file, d->file) == 0;
  if (in_file && line == d->line)
    return true;
  bool first = true;
  for (; (l = dwarf_onesrcline (lines, k)) != NULL; k++)
    {
      Dwarf_Addr a;
      int kline;
      const char *kfile;
      if (dwarf_lineaddr (l, &a) != 0 || a >= high)
	break;
      if (dwarf_lineno (l, &kline) != 0
	  || (kfile = dwarf_linesrc (l, NULL, NULL)) == NULL
	  || strcmp (kfile, file) != 0)
	continue;
      if (kline == line)
	return true;
      /* The opening line again bounds nothing: the prologue that
	 shrink-wrapping moved after the function's first test
	 (googletest's sample 3, Queue::Clear, at -Og: rows of lines 81
	 and 82 at its start, 81 at the prologue, 84 after); nor does a
	 line above it, which is no line of the function's own code but
	 of a function inlined into it (hashtable.h's _M_move_assign at
	 -O1: 1397 and 1401 at its start, 1397 at the prologue, then 465
	 of _M_begin).  */
      if (in_file && kline <= d->line)
	continue;
      if (first && in_file && d->line < line && line < kline)
	return true;
      first = false;
    }
  return false;
}

/* Which row at ADDR holds its code, the last row there being row I.
   Of the rows a sequence has at one address, its last holds the code;
   but a sequence that ends at ADDR may have rows there too (GCC 14
   ends a section's sequence with a row at its end address), which
   hold nothing, and libdw sorts the rows of one address by sequence
   after the ends of sequences there: the empty ones may come last.
   Only at such an address: the code is FUNC's, which starts there,
   and its row is the last one there that is FUNC's opening line or a
   line of FUNC's code further on (the ending sequence's rows are the
   end of other code); when none is, row I.  */
static size_t
code_row (Dwarf_Lines *lines, size_t i, Dwarf_Addr addr,
	  const struct funcs *f, size_t func)
{
  if (func == SEVERAL_FUNCS)
    return i;
  size_t first = i;
  bool ends = false;
  while (first > 0)
    {
      Dwarf_Line *l = dwarf_onesrcline (lines, first - 1);
      Dwarf_Addr a;
      if (l == NULL || dwarf_lineaddr (l, &a) != 0 || a != addr)
	break;
      first--;
      if (dwarf_lineendsequence (l, &ends) != 0 || ends)
	break;
    }
  if (!ends)
    return i;
  Dwarf_Addr high = addr;
  for (size_t r = 0; r < f->nranges; r++)
    if (f->ranges[r].func == func && f->ranges[r].low <= addr
	&& addr < f->ranges[r].high)
      high = f->ranges[r].high;
  for (size_t j = i + 1; j-- > first + 1; )
    if (row_of_func (lines, j, &f->decls[func], i + 1, high))
      return j;
  return i;
}

/* The parts of discriminator DISC the block rules tell blocks apart by:
   all of it, or with hierarchical discriminators base and copy ID (the
   multiplicity scales a count, it names no block).  */
static unsigned
distinguishing (unsigned disc, bool hierarchical)
{
  if (!hierarchical)
    return disc;
  return disc & ~(((1u << CALLTAB_DISCR_MULT_BITS) - 1)
		  << CALLTAB_DISCR_MULT_SHIFT);
}

static void
check_unit (struct verify *v, Dwarf_Die *cudie, struct pads *pads)
{
  Dwarf_Lines *lines;
  size_t nlines;
  Dwarf_Attribute attr;
  Dwarf_Word stmt_list;
  if (dwarf_attr (cudie, DW_AT_stmt_list, &attr) == NULL
      || dwarf_formudata (&attr, &stmt_list) != 0
      || __calltab_getsrclines (cudie, &lines, &nlines) != 1)
    return;			/* reported by __calltab_verify_units */
  struct verify_place place = { ".debug_line", stmt_list, "row", 0 };
  struct unchecked uc = { .pads = pads };
  /* The unit's mode: the last discriminators option its DW_AT_producer
     records (GCC's -grecord-gcc-switches, the default), else the
     plugin's default for the GCC it names.  */
  const char *producer = calltab_die_string (cudie, DW_AT_producer);
  bool hierarchical = __calltab_producer_mode_is
			(producer, CALLTAB_DISCR_HIERARCHICAL_OPTION);
  /* discriminators=layered: GCC's own number below the plugin's field,
     the plugin's in it; the rule on jumps judges the whole value, the
     others the plugin's part, per line and GCC number.  */
  unsigned layered_shift = __calltab_producer_layered_shift (producer);
  bool layered = layered_shift != 0;
  /* discriminators=fs: the numbers are those of the blocks before
     bbpart; blocks after a jump of the final code share them where code
     was copied, split or joined after that point (docs/fdo.md), which
     the final code cannot tell: the rules on jumps and density are not
     judged.  */
  bool fs = __calltab_producer_mode_is (producer, CALLTAB_DISCR_FS_OPTION);

  struct funcs f = { 0 };
  dwarf_getfuncs (cudie, add_func, &f, 0);
  if (f.nomem)
    v->nomem = true;
  drop_absent (v, &f, &uc);
  if (f.nranges > 0)
    {
      qsort (f.ranges, f.nranges, sizeof *f.ranges, cmp_range);
      f.maxhigh = malloc (f.nranges * sizeof *f.maxhigh);
      if (f.maxhigh == NULL)
	{
	  v->nomem = true;
	  f.nranges = 0;
	}
      for (size_t k = 0; k < f.nranges; k++)
	f.maxhigh[k] = (k > 0 && f.maxhigh[k - 1] > f.ranges[k].high
			? f.maxhigh[k - 1] : f.ranges[k].high);
    }
  mark_overlaps (v, lines, nlines, &f, &uc);

  struct row *rows = calloc (nlines + 1, sizeof *rows);
  size_t nrows = 0;
  if (rows == NULL)
    v->nomem = true;
  for (size_t i = 0; i < nlines; i++)
    {
      Dwarf_Line *l = dwarf_onesrcline (lines, i);
      Dwarf_Addr addr;
      bool end;
      if (l == NULL || dwarf_lineaddr (l, &addr) != 0
	  || dwarf_lineendsequence (l, &end) != 0 || end)
	continue;
      /* A row holds code up to the next row's address.  */
      Dwarf_Line *nl = dwarf_onesrcline (lines, i + 1);
      Dwarf_Addr next = addr;
      if (nl == NULL || dwarf_lineaddr (nl, &next) != 0)
	next = addr;
      else if (next == addr)
	continue;
      size_t func = func_at (&f, addr);
      if (func == NO_FUNC)
	continue;
      size_t holder = code_row (lines, i, addr, &f, func);
      int line;
      unsigned disc;
      bool stmt;
      const char *file;
      if ((l = dwarf_onesrcline (lines, holder)) == NULL
	  || dwarf_lineno (l, &line) != 0
	  || dwarf_linediscriminator (l, &disc) != 0
	  || dwarf_linebeginstatement (l, &stmt) != 0
	  || (file = dwarf_linesrc (l, NULL, NULL)) == NULL)
	continue;
      v->rows++;
      unsigned raw = disc;
      disc = distinguishing (raw, hierarchical);
      /* Layered: in GCC 16's layout whichever GCC built the unit.  */
      unsigned canon = layered ? CALLTAB_DISCR_LAYERED_CANONICAL
				   (raw, layered_shift) : raw;
      unsigned own = layered ? CALLTAB_DISCR_FIELD (canon,
						    CALLTAB_DISCR_COPY_SHIFT,
						    CALLTAB_DISCR_COPY_BITS)
			     : disc;
      if (own != 0 && stmt)
	{
	  char where[512];
	  describe_addr (v, addr, where, sizeof where);
	  place.index = holder;
	  verify_report (v, VC_DISCRIMINATOR_IS_STMT, &place,
			 "%s:%d at %s has discriminator %u and is_stmt",
			 base_name (file), line, where, raw);
	}
      if (func == SEVERAL_FUNCS || f.overlapped[func])
	continue;		/* counted by mark_overlaps */
      unsigned base = hierarchical
		      ? CALLTAB_DISCR_FIELD (raw, 0, CALLTAB_DISCR_BASE_BITS)
		      : layered ? own : raw;
      unsigned sub = layered ? canon & CALLTAB_DISCR_GCC_MASK : 0;
      if (rows != NULL)
	rows[nrows++] = (struct row) { func, 0, file, line, disc, base, sub,
				       own, holder, addr, next, 0, stmt };
    }
  if (rows != NULL)
    set_instances (v, &f, rows, nrows);
  if (rows != NULL)
    {
      /* The block rules first: check_density sorts the rows.  */
      check_blocks (v, &place, &f, rows, nrows, &uc, !fs);
      if (!fs)
	check_density (v, &place, &f, rows, nrows,
		       hierarchical ? "base " : layered ? "copy IDs of "
		       : "");
    }
  place.item = NULL;
  if (uc.undecodable > 0)
    {
      char where[512];
      describe_addr (v, uc.first_bad, where, sizeof where);
      verify_report (v, VC_DISCRIMINATOR_UNCHECKED, &place,
		     "the code of %zu function%s does not decode (the first:"
		     " '%s' at %s): %s basic-block rules not checked",
		     uc.undecodable, uc.undecodable == 1 ? "" : "s",
		     uc.first_name != NULL ? uc.first_name : "?", where,
		     uc.undecodable == 1 ? "its" : "their");
    }
  if (uc.shared_code > 0)
    verify_report_as (v, VC_DISCRIMINATOR_UNCHECKED, V_NOTE, &place,
		   "%zu function%s share%s code with other functions of the"
		   " unit (the first: '%s'): %s rows cannot be told apart,"
		   " not judged by the per-function rules", uc.shared_code,
		   uc.shared_code == 1 ? "" : "s",
		   uc.shared_code == 1 ? "s" : "",
		   uc.first_shared != NULL ? uc.first_shared : "?",
		   uc.shared_code == 1 ? "its" : "their");
  if (uc.shared_seq > 0)
    verify_report_as (v, VC_DISCRIMINATOR_UNCHECKED, V_NOTE, &place,
		      "%zu function%s lie%s in code that several line"
		      " sequences of the unit cover (the first: '%s'; sections"
		      " folded by the linker): %s rows cannot be told apart,"
		      " not judged by the per-function rules", uc.shared_seq,
		      uc.shared_seq == 1 ? "" : "s",
		      uc.shared_seq == 1 ? "s" : "",
		      uc.first_seq != NULL ? uc.first_seq : "?",
		      uc.shared_seq == 1 ? "its" : "their");
  if (uc.absent > 0)
    verify_report_as (v, VC_DISCRIMINATOR_UNCHECKED, V_NOTE, &place,
		      "%zu function%s the linker discarded (COMDAT copies,"
		      " --gc-sections, ICF) lie%s outside the file's code"
		      " (the first: '%s'): %s rows are not judged",
		      uc.absent, uc.absent == 1 ? "" : "s",
		      uc.absent == 1 ? "s" : "",
		      uc.first_absent != NULL ? uc.first_absent : "?",
		      uc.absent == 1 ? "its" : "their");
  free (rows);
  free (f.overlapped);
  free (f.ranges);
  free (f.maxhigh);
  free (f.decls);
  free (f.inls);
}

void
verify_lines (struct verify *v)
{
  if (v->dwarf == NULL)
    return;
  Dwarf_Off off = 0, next;
  size_t hsize;
  struct pads pads = { 0 };
  while (dwarf_nextcu (v->dwarf, off, &next, &hsize, NULL, NULL, NULL) == 0)
    {
      Dwarf_Die cudie;
      /* Units built without the plugin are not judged by its rules
	 (verify_units has said so).  */
      if (verify_unit_checked (v, off)
	  && dwarf_offdie (v->dwarf, off + hsize, &cudie) != NULL)
	check_unit (v, &cudie, &pads);
      off = next;
    }
  if (pads.ok && pads.p.bad > 0)
    {
      char where[512];
      verify_describe_place (v, &pads.p.first_bad, where, sizeof where);
      verify_report (v, VC_DISCRIMINATOR_UNCHECKED, NULL,
		     "%zu exception-table entr%s (.eh_frame FDE or LSDA) do%s"
		     " not decode (the first at %s): %s landing pads are not"
		     " known as block starts", pads.p.bad,
		     pads.p.bad == 1 ? "y" : "ies", pads.p.bad == 1 ? "es" : "",
		     where, pads.p.bad == 1 ? "its" : "their");
    }
  __calltab_landing_pads_free (&pads.p);
  __calltab_data_refs_free (&pads.refs);
}
