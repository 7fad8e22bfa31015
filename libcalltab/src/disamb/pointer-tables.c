/* pointer-tables.c: which function a word of read-only data names, and
   which word a call through memory loaded.

   A call `call *8(%rax)' loads its target from the word at rax + 8.
   When that word is in a read-only variable the plugin described
   (docs/format.md, "Pointer tables"), the variable's DIE names the
   function the word holds: its initializer's, which the linker resolved
   to the folded code's address when it merged the function with
   others.  The registers and memory come from the frame
   (calltab_disambiguate's Calltab_Query); where the word was loaded from
   comes from the file's code, the instructions that run straight to the
   call (the machine's target_word: x86_64-flow.c).  */

#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include "disamb.h"
#include "code/call-target.h"
#include "code/cfg.h"
#include "backends/target.h"

static bool
table_before (const void *elt, const void *key)
{
  return ((const struct ct_vtable *) elt)->addr <= *(const uint64_t *) key;
}

/* The word at OFFSET of the lost table T (its place dropped by the
   linker) may be the word at OFFSET of a table of SIZE bytes naming
   SYMBOL: T could have been folded into it (a linker folds only
   sections of the same size and contents) and names another function
   there.  */
static bool
lost_differs (const struct ct_disamb *st, const struct ct_vtable *t,
	      uint64_t size, uint64_t offset, const char *symbol)
{
  if (t->size != size)
    return false;
  if (!t->entries_known)
    return true;
  const char *other = __calltab_vtable_entry (st, t, offset);
  return other != NULL && strcmp (other, symbol) != 0;
}

int
__calltab_pointer_word (const struct ct_disamb *st, uint64_t addr,
			const char **symbol, const struct ct_vtable **table,
			char *why, size_t whysize)
{
  /* The tables whose object holds ADDR: those at the last address at
     or before it (objects do not overlap; folded ones share a place).  */
  size_t end = __calltab_partition (st->ptables, st->nptables,
				    sizeof *st->ptables, table_before, &addr);
  const char *sym = NULL;
  const struct ct_vtable *first = NULL;
  uint64_t at = end > 0 ? st->ptables[end - 1].addr : 0;
  for (size_t i = end; at != 0 && i-- > 0 && st->ptables[i].addr == at;)
    {
      const struct ct_vtable *t = &st->ptables[i];
      if (addr >= t->addr + t->size)
	continue;
      const char *name = t->class_name ? t->class_name : "?";
      if (!t->entries_known)
	{
	  snprintf (why, whysize, "the pointer table '%s' at 0x%" PRIx64
		    " holds it, but its words are not known (an alias GCC "
		    "made of another table)", name, t->addr);
	  return 0;
	}
      const char *s = __calltab_vtable_entry (st, t, addr - t->addr);
      if (s == NULL)
	{
	  snprintf (why, whysize, "the pointer table '%s' at 0x%" PRIx64
		    " holds it, but its initializer puts no function's "
		    "address at offset %" PRIu64, name, t->addr,
		    addr - t->addr);
	  return 0;
	}
      if (sym != NULL && strcmp (sym, s) != 0)
	{
	  snprintf (why, whysize, "the pointer tables '%s' and '%s' both "
		    "start at 0x%" PRIx64 " (the linker folded them) and "
		    "name '%s' and '%s' there", first->class_name
		    ? first->class_name : "?", name, t->addr, sym, s);
	  return 0;
	}
      sym = s;
      if (first == NULL)
	first = t;
    }
  if (first == NULL)
    {
      snprintf (why, whysize, "no pointer table the plugin recorded holds "
		"the word at 0x%" PRIx64 " (run-time data, a writable "
		"variable, or code built without the plugin)", addr);
      return 0;
    }
  for (size_t i = 0; i < st->nptables && st->ptables[i].addr == 0; i++)
    if (lost_differs (st, &st->ptables[i], first->size, addr - first->addr,
		      sym))
      {
	snprintf (why, whysize, "the linker dropped the place of the "
		  "pointer table '%s', as large as '%s' (folded into it?), "
		  "which names another function at that offset",
		  st->ptables[i].class_name ? st->ptables[i].class_name : "?",
		  first->class_name ? first->class_name : "?");
	return 0;
      }
  *symbol = sym;
  *table = first;
  return 1;
}

/* The first instruction of the straight run of code that ends in the
   instruction at OFFSET of the code at PLACE: the start of its basic
   block (cfg.h) in the function whose code holds it, its symbol's
   [LOW, LOW + SIZE), or later: after the last place in it a direct jump
   of the file (from a .cold part too) reaches.  OFFSET itself when the
   blocks cannot be built, or when the function jumps through a pointer
   elsewhere (a jump table's targets, which the blocks do not know
   without the file's relocations).  */
struct func_range
{
  uint64_t low, high;
};

static bool
in_range (uint64_t target, void *arg)
{
  const struct func_range *r = arg;
  return target >= r->low && target < r->high;
}

static bool
no_place (const struct ct_place *t, uint64_t *addr, void *arg)
{
  (void) t, (void) addr, (void) arg;
  return false;
}

static size_t
run_start (const Calltab *ct, const struct ct_disamb *st,
	   const struct ct_place *place, uint64_t base, size_t offset)
{
  uint64_t at = base + offset;
  Calltab_Function *f = NULL;
  size_t n = 0;
  if (__calltab_functions_at (ct, st, at, &f, &n) < 0 || n == 0
      || f[0].size == 0 || f[0].low_pc > at || f[0].low_pc < base)
    {
      free (f);
      return offset;
    }
  struct func_range r = { f[0].low_pc, f[0].low_pc + f[0].size };
  free (f);
  if (at >= r.high)
    return offset;
  struct ct_place low = { place->scnidx, r.low - base };
  struct ct_blocks b = { 0 };
  size_t start = offset;
  if (__calltab_cfg_add_range (st->code, &low, r.low, r.high, in_range,
			       no_place, &r, NULL, &b, NULL) == 1
      && __calltab_cfg_finish (&b) == 0 && b.n > 0)
    {
      uint64_t leader = b.leaders[__calltab_cfg_block_of (&b, at)];
      if (leader >= r.low && leader <= at)
	start = (size_t) (leader - base);
    }
  __calltab_cfg_free (&b);
  /* The function's other jumps through a pointer, and the direct jumps
     into the run.  */
  const struct ct_target *target = __calltab_code_target (st->code);
  size_t size;
  const unsigned char *bytes = __calltab_code_bytes (st->code, place->scnidx,
						     &size);
  for (uint64_t a = r.low; bytes != NULL && a < r.high;)
    {
      struct ct_insn in;
      if (!target->decode (bytes, size, (size_t) (a - base), &in))
	return offset;
      if (in.kind == CT_INSN_JUMP && !in.direct && a != at)
	return offset;
      const struct ct_jump *jumps;
      size_t njumps;
      if (a > base + start && a <= at
	  && (__calltab_direct_jumps (ct, st, a, &jumps, &njumps) != 0
	      || njumps > 0))
	start = (size_t) (a - base);
      a += in.length;
    }
  return bytes != NULL ? start : offset;
}

int
__calltab_loaded_word (const Calltab *ct, const struct ct_disamb *st,
		       uint64_t end, bool jump, const struct ct_frame_state *fs,
		       uint64_t *word, char *why, size_t whysize)
{
  struct ct_place place;
  struct ct_call c[2];
  const char *what = jump ? "jump" : "call";
  size_t n = 0;
  if (st->code != NULL && __calltab_code_locate (st->code, end, &place))
    n = jump ? __calltab_code_jumps_at (st->code, &place, c, 2)
	     : __calltab_code_calls_at (st->code, &place, c, 2);
  const struct ct_target *target = n == 1
    ? __calltab_code_target (st->code) : NULL;
  size_t size;
  const unsigned char *bytes = n == 1
    ? __calltab_code_bytes (st->code, place.scnidx, &size) : NULL;
  if (n != 1 || c[0].insn.kind != CT_INSN_CALL_INDIRECT || target == NULL
      || target->target_word == NULL || bytes == NULL)
    {
      snprintf (why, whysize, "the %s ending at 0x%" PRIx64 " does not "
		"decode as one through a pointer", what, end);
      return 0;
    }
  uint64_t base = end - place.offset;
  struct ct_word_expr e;
  size_t start = run_start (ct, st, &place, base, c[0].insn.start);
  if (start > c[0].insn.start)
    start = c[0].insn.start;
  if (!target->target_word (bytes, size, start, &c[0].insn, base, &e))
    {
      snprintf (why, whysize, "the code before the %s ending at 0x%" PRIx64
		" does not show where it loaded its target from", what, end);
      return 0;
    }
  uint64_t v;
  if (e.reg < 0)
    v = e.addr + fs->bias;
  else if (e.reg >= CALLTAB_MAX_REGS
	   || !(fs->usable & fs->regs->known & (uint64_t) 1 << e.reg))
    {
      snprintf (why, whysize, "the %s ending at 0x%" PRIx64 " loads its "
		"target through DWARF register %d, whose value there is not "
		"known", what, end, e.reg);
      return 0;
    }
  else
    v = fs->regs->value[e.reg] + (e.reg == target->sp_reg
				  ? fs->sp_adjust : 0);
  if (e.nloads > 0 && fs->read_memory == NULL)
    {
      snprintf (why, whysize, "the %s ending at 0x%" PRIx64 " loads its "
		"target through %zu pointer%s in memory, which %s", what,
		end, e.nloads, e.nloads > 1 ? "s" : "", fs->at_entry
		? "cannot be read" : "may have changed since the call");
      return 0;
    }
  unsigned asize = gelf_getclass (ct->elf) == ELFCLASS32 ? 4 : 8;
  bool msb = ct->ehdr.e_ident[EI_DATA] == ELFDATA2MSB;
  for (size_t i = 0; i < e.nloads; i++)
    {
      unsigned char buf[8];
      v += (uint64_t) e.off[i];
      if (fs->read_memory (fs->memory_arg, v, buf, asize) != 0)
	{
	  snprintf (why, whysize, "the %s ending at 0x%" PRIx64 " loads its "
		    "target through the pointer at 0x%" PRIx64 ", which "
		    "cannot be read", what, end, v);
	  return 0;
	}
      v = __calltab_read_uint (buf, asize, msb);
    }
  *word = v + (uint64_t) e.off[e.nloads] - fs->bias;
  return 1;
}
