/* jumps.c: the ways into a function's entry other than a call, in a
   linked file's own code and data.

   A frame whose return address names a call of B runs B or a function
   reached from B by jumps.  Where .debug_tcall cannot follow every jump
   (one goes through a pointer, or a function has no record of its tail
   calls), the jumps can still be bounded from the file: a jump through
   a pointer reaches an entry only if its address is taken somewhere (a
   relocation or a word of data holds it, an instruction computes it, or
   the dynamic symbol table exports it); a direct jump to it is one of
   the direct jumps the code holds, found by decoding every executable
   section.  The decoded jumps are indexed once per handle, on first use,
   under the handle's lock; a section that does not decode throughout
   makes the index incomplete, and nothing is then proved from it.  */

#include <stdlib.h>
#include <string.h>
#include "disamb.h"
#include "elf/code-index.h"
#include "backends/target.h"

/* What the code holds: direct jumps (target, the end of the jump) and
   the code addresses instructions compute (PC-relative operands),
   both sorted by target.  */
struct ct_jumps
{
  bool complete;
  struct ct_jump *jumps;
  size_t njumps;
  uint64_t *refs;
  size_t nrefs;
  uint64_t (*functions)[2];	/* sized function symbols: [start, end),
				   sorted by start */
  size_t nfunctions;
};

static int
cmp_jump (const void *a, const void *b)
{
  const struct ct_jump *x = a, *y = b;
  if (x->target != y->target)
    return x->target < y->target ? -1 : 1;
  return x->site < y->site ? -1 : x->site > y->site;
}

static int
cmp_u64 (const void *a, const void *b)
{
  const uint64_t *x = a, *y = b;
  return *x < *y ? -1 : *x > *y;
}

struct ranges
{
  uint64_t (*r)[2];
  size_t n, alloc;
};

static int
add_range (const GElf_Sym *sym, const char *name, void *arg)
{
  (void) name;
  struct ranges *rs = arg;
  if (GELF_ST_TYPE (sym->st_info) != STT_FUNC || sym->st_shndx == SHN_UNDEF
      || sym->st_size == 0)
    return 0;
  if (__calltab_reserve (&rs->r, &rs->alloc, rs->n + 1, sizeof *rs->r) < 0)
    return -1;
  rs->r[rs->n][0] = sym->st_value;
  rs->r[rs->n++][1] = sym->st_value + sym->st_size;
  return 0;
}

/* The sized function symbols of ELF's symbol table: their code, as
   sorted [start, end) ranges, into *R (*N of them).  */
static int
function_ranges (Elf *elf, uint64_t (**r)[2], size_t *n)
{
  struct ranges rs = { NULL, 0, 0 };
  int rc = __calltab_symbols_walk (elf, SHT_SYMTAB, add_range, &rs);
  *r = rs.r;
  *n = rs.n;
  if (rc < 0)
    return -1;
  if (*n > 1)
    qsort (*r, *n, sizeof **r, cmp_u64);	/* by start */
  return 0;
}

/* Decode [FROM, TO) of a section (BYTES at BASE) into J.  Returns 0, 1
   when an instruction does not decode or runs past TO, -1 out of
   memory.  */
static int
decode_range (const struct ct_target *target, const unsigned char *bytes,
	      uint64_t base, size_t from, size_t to, struct ct_jumps *j,
	      size_t *jalloc, size_t *ralloc)
{
  for (size_t off = from; off < to;)
    {
      struct ct_insn insn;
      if (!target->decode (bytes, to, off, &insn) || insn.length == 0)
	return 1;
      uint64_t end = base + off + insn.length;
      if ((insn.kind == CT_INSN_JUMP || insn.kind == CT_INSN_BRANCH)
	  && insn.direct)
	{
	  if (__calltab_reserve (&j->jumps, jalloc, j->njumps + 1,
				 sizeof *j->jumps) < 0)
	    return -1;
	  j->jumps[j->njumps++]
	    = (struct ct_jump) { end + (uint64_t) insn.rel, end };
	}
      if (insn.memory && insn.pc_relative)
	{
	  if (__calltab_reserve (&j->refs, ralloc, j->nrefs + 1,
				 sizeof *j->refs) < 0)
	    return -1;
	  j->refs[j->nrefs++] = end + (uint64_t) insn.disp;
	}
      off += insn.length;
    }
  return 0;
}

/* Whether BYTES[FROM, TO) is padding between functions: zeros, int3,
   and nops of any length.  */
static bool
padding (const struct ct_target *target, const unsigned char *bytes,
	 size_t from, size_t to)
{
  for (size_t i = from; i < to;)
    {
      struct ct_insn insn;
      if (bytes[i] == 0x00 || bytes[i] == 0x90 || bytes[i] == 0xcc)
	i++;
      else if (target->decode (bytes, to, i, &insn) && insn.nop
	       && insn.length > 0)
	i += insn.length;
      else
	return false;
    }
  return true;
}

/* Decode every executable section of CODE (ELF's), function by
   function from the symbol table; the bytes between functions must
   decode too, or be padding.  */
static struct ct_jumps *
build (const struct ct_code *code, Elf *elf)
{
  const struct ct_target *target = __calltab_code_target (code);
  struct ct_jumps *j = calloc (1, sizeof *j);
  uint64_t (*fr)[2] = NULL;
  size_t nfr = 0;
  if (j == NULL || function_ranges (elf, &fr, &nfr) < 0)
    goto nomem;
  j->complete = target != NULL && target->decode != NULL;
  size_t jalloc = 0, ralloc = 0, k = 0;
  for (size_t s = 1; j->complete && s < __calltab_code_nsections (code); s++)
    {
      size_t size;
      const unsigned char *bytes;
      if (!__calltab_code_is_exec (code, s)
	  || (bytes = __calltab_code_bytes (code, s, &size)) == NULL)
	continue;
      uint64_t base = __calltab_code_scn_addr (code, s);
      while (k > 0 && fr[k - 1][0] >= base)
	k--;
      while (k < nfr && fr[k][0] < base)
	k++;
      size_t off = 0;
      while (off < size && j->complete)
	{
	  /* The next function in the section, or the section's end.  */
	  while (k < nfr && fr[k][0] < base + off)
	    k++;
	  size_t next = k < nfr && fr[k][0] < base + size
			? (size_t) (fr[k][0] - base) : size;
	  if (next > off)
	    {
	      int rc = decode_range (target, bytes, base, off, next, j,
				     &jalloc, &ralloc);
	      if (rc < 0)
		goto nomem;
	      if (rc > 0 && !padding (target, bytes, off, next))
		j->complete = false;
	      off = next;
	      continue;
	    }
	  /* A function: to its end (overlapping symbols: the furthest).  */
	  size_t end = (size_t) (fr[k][1] - base);
	  while (k + 1 < nfr && fr[k + 1][0] < base + end)
	    {
	      k++;
	      if (fr[k][1] - base > end)
		end = (size_t) (fr[k][1] - base);
	    }
	  k++;
	  if (end > size)
	    end = size;
	  int rc = decode_range (target, bytes, base, off, end, j, &jalloc,
				 &ralloc);
	  if (rc < 0)
	    goto nomem;
	  if (rc > 0)
	    j->complete = false;
	  off = end;
	}
    }
  j->functions = fr;
  j->nfunctions = nfr;
  if (j->njumps > 1)
    qsort (j->jumps, j->njumps, sizeof *j->jumps, cmp_jump);
  if (j->nrefs > 1)
    qsort (j->refs, j->nrefs, sizeof *j->refs, cmp_u64);
  return j;

nomem:
  free (fr);
  if (j != NULL)
    {
      free (j->jumps);
      free (j->refs);
      free (j);
    }
  return NULL;
}

void
__calltab_jumps_free (struct ct_jumps *j)
{
  if (j == NULL)
    return;
  free (j->jumps);
  free (j->refs);
  free (j->functions);
  free (j);
}

/* The index of CT's jumps, built on the first call (under the handle's
   lock); NULL when out of memory or when the file has no code index.  */
static const struct ct_jumps *
jumps_of (const Calltab *ct, const struct ct_disamb *st)
{
  Calltab *mct = (Calltab *) ct;
  struct ct_disamb *mst = (struct ct_disamb *) st;
  pthread_mutex_lock (&mct->lock);
  if (mst->jumps == NULL && mst->code != NULL)
    mst->jumps = build (mst->code, ct->elf);
  pthread_mutex_unlock (&mct->lock);
  return mst->jumps;
}

/* Whether the LEN bytes of VALUE (little or big endian as the file)
   occur anywhere in BYTES.  */
static bool
holds_value (const unsigned char *bytes, size_t size, uint64_t value,
	     size_t len, bool msb)
{
  unsigned char pat[8];
  for (size_t i = 0; i < len; i++)
    pat[msb ? len - 1 - i : i] = (unsigned char) (value >> (8 * i));
  for (size_t i = 0; i + len <= size; i++)
    if (bytes[i] == pat[0] && memcmp (bytes + i, pat, len) == 0)
      return true;
  return false;
}

/* A symbol of the dynamic symbol table defined at *ARG.  */
static int
exported_at (const GElf_Sym *sym, const char *name, void *arg)
{
  (void) name;
  return sym->st_shndx != SHN_UNDEF && sym->st_value == *(uint64_t *) arg;
}

/* Whether the address ADDR of code is taken anywhere in the file: 1
   yes (or cannot be excluded), 0 no.  */
static int
address_taken (const Calltab *ct, const struct ct_disamb *st,
	       const struct ct_jumps *j, uint64_t addr)
{
  const struct ct_code *code = st->code;
  /* Computed by an instruction (lea ADDR(%rip)).  */
  if (bsearch (&addr, j->refs, j->nrefs, sizeof *j->refs, cmp_u64) != NULL)
    return 1;
  /* Held by a dynamic relocation (R_X86_64_RELATIVE's addend, a
     symbol's address).  */
  size_t nrel;
  const struct ct_code_reloc *rel = __calltab_code_relocs (code, &nrel);
  for (size_t i = 0; i < nrel; i++)
    if ((rel[i].sym_name == NULL || rel[i].sym_name[0] == '\0'
	 ? (uint64_t) rel[i].addend
	 : rel[i].sym_value + (uint64_t) rel[i].addend) == addr)
      return 1;
  /* Exported: dlsym can find it.  */
  if (__calltab_symbols_walk (ct->elf, SHT_DYNSYM, exported_at, &addr) > 0)
    return 1;
  /* Held as bytes: a word of data (a pointer in a position-dependent
     file, a GOT slot the linker filled), or an immediate of code
     (mov $ADDR): every allocated section, every byte position.  */
  bool msb = ct->ehdr.e_ident[EI_DATA] == ELFDATA2MSB;
  unsigned asize = gelf_getclass (ct->elf) == ELFCLASS32 ? 4 : 8;
  for (size_t s = 1; s < __calltab_code_nsections (code); s++)
    {
      const GElf_Shdr *sh = __calltab_code_shdr (code, s);
      size_t size;
      const unsigned char *bytes;
      if (sh == NULL || !(sh->sh_flags & SHF_ALLOC)
	  || (bytes = __calltab_code_bytes (code, s, &size)) == NULL)
	continue;
      if (holds_value (bytes, size, addr, asize, msb)
	  || (addr <= UINT32_MAX && holds_value (bytes, size, addr, 4, msb)))
	return 1;
    }
  return 0;
}

/* The direct jumps of J to ADDR: *N of them from the returned one.  */
static const struct ct_jump *
jumps_into (const struct ct_jumps *j, uint64_t addr, size_t *n)
{
  struct ct_jump key = { addr, 0 };
  size_t lo = 0, hi = j->njumps;
  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;
      if (cmp_jump (&j->jumps[mid], &key) < 0)
	lo = mid + 1;
      else
	hi = mid;
    }
  size_t k = 0;
  while (lo + k < j->njumps && j->jumps[lo + k].target == addr)
    k++;
  *n = k;
  return j->jumps + lo;
}

uint64_t
__calltab_function_holding (const struct ct_disamb *st, uint64_t site)
{
  const struct ct_jumps *j = st->jumps;
  if (j == NULL)
    return 0;
  /* The last function starting before the jump's last byte.  */
  size_t lo = 0, hi = j->nfunctions;
  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;
      if (j->functions[mid][0] < site)
	lo = mid + 1;
      else
	hi = mid;
    }
  for (size_t i = lo; i-- > 0;)
    if (j->functions[i][0] < site && site <= j->functions[i][1])
      return j->functions[i][0];
  return 0;
}

int
__calltab_direct_jumps (const Calltab *ct, const struct ct_disamb *st,
			uint64_t addr, const struct ct_jump **jumps, size_t *n)
{
  const struct ct_jumps *j = jumps_of (ct, st);
  if (j == NULL || !j->complete)
    return -1;
  *jumps = jumps_into (j, addr, n);
  return 0;
}

int
__calltab_entry_ways (const Calltab *ct, const struct ct_disamb *st,
		      uint64_t addr, const struct ct_jump **jumps, size_t *n)
{
  int r = __calltab_direct_jumps (ct, st, addr, jumps, n);
  if (r != 0)
    return r;
  return address_taken (ct, st, jumps_of (ct, st), addr) ? 1 : 0;
}
