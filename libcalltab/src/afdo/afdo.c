/* afdo.c: AutoFDO profiles from samples (calltab afdo; docs/fdo.md).

   Samples are file addresses with counts.  Each distinct address is
   mapped through libdwfl/libdw: its line-table row (line,
   discriminator: dwfl_module_getsrc, dwarf_linediscriminator) and its
   inline stack, the chain of the inline tree (inlines.h: the
   DW_TAG_inlined_subroutine nodes with their DW_AT_call_line and
   discriminator, up to the DW_TAG_subprogram).  The
   profile is a tree of function instances as GCC's auto-profile.cc
   reads it: a top-level instance per function name, position counts
   keyed by (line - the function's DW_AT_decl_line) << 16 | discriminator,
   and inlined callees keyed by their call's offset and name.  The
   counts are the basic blocks' (estimate.c): each sampled block's count
   (the most samples of one of its instructions) on every instruction of
   the block, a position's count the largest of its instructions', the
   head counts from the entry blocks and the sampled calls.  Written
   folded (GCC 12), one position per line carries the largest count of
   the line's discriminators.  --blocks shows the samples as they are.  */

#include <dwarf.h>
#include <stdlib.h>
#include <string.h>
#include "calltab-format.h"
#include "reader/libcalltabP.h"
#include "dwarf/dwarf-read.h"
#include "inlines/inlines.h"
#include "afdo/afdo.h"

/* The gcov layout GCC 12 reads (gcc/gcov-io.h, gcc/auto-profile.cc),
   and GCC 16's (version 3: a summary, a file-name table, a timestamp per
   function): GCC's format, not calltab's, so it lives here with its
   reader.  */
#define AFDO_GCOV_DATA_MAGIC 0x67636461u	/* "gcda" */
#define AFDO_VERSION 2u				/* AUTO_PROFILE_VERSION */
#define AFDO_VERSION_GCC16 3u			/* GCC 16's */
#define AFDO_TAG_SUMMARY 0xa8000000u		/* GCOV_TAG_AFDO_SUMMARY */
#define AFDO_TAG_FILE_NAMES 0xaa000000u		/* GCOV_TAG_AFDO_FILE_NAMES */
#define AFDO_TAG_FUNCTION 0xac000000u		/* GCOV_TAG_AFDO_FUNCTION */
#define AFDO_TAG_MODULE_GROUPING 0xae000000u	/* AutoFDO's; GCC 12 skips
						   its tag and length and
						   asserts a zero count */

struct afdo_pos
{
  uint32_t line_off;		/* line - start line (unsigned, as GCC) */
  uint32_t discr;
  uint64_t count;		/* max samples of one instruction */
};

struct afdo_call
{
  uint32_t line_off, discr;
  struct afdo_inst *callee;
};

struct afdo_inst
{
  const char *name;		/* GCC's name: the linkage name up to the
				   first '.' (get_original_name) */
  const char *file;		/* the base name of its declaration's file
				   (GCC 16: DECL_SOURCE_FILE's lbasename) */
  int start_line;		/* DW_AT_decl_line (DECL_SOURCE_LINE) */
  uint64_t head;		/* samples at the function's entry */
  struct afdo_pos *pos;
  size_t npos, pos_alloc;
  struct afdo_call *calls;
  size_t ncalls, calls_alloc;
};

const char *
__calltab_afdo_intern (Calltab_Afdo *p, const char *s, size_t len)
{
  return __calltab_strpool_add (&p->strings, s, len, NULL);
}

CALLTAB_EXPORT Calltab_Afdo *
calltab_afdo_begin (Calltab *ct)
{
  if (ct == NULL)
    {
      __calltab_seterr (CALLTAB_E_INVALID_ARG, NULL);
      return NULL;
    }
  if (ct->dwarf == NULL || ct->module == NULL)
    {
      char msg[512];
      snprintf (msg, sizeof msg, "%s: no debug information (%s; build "
		"with -g)", ct->path, ct->dwarf_error ? ct->dwarf_error
		: "no DWARF");
      __calltab_seterr_msg (CALLTAB_E_NO_DWARF, msg);
      return NULL;
    }
  Calltab_Afdo *p = calloc (1, sizeof *p);
  if (p == NULL)
    {
      __calltab_seterr (CALLTAB_E_NOMEM, NULL);
      return NULL;
    }
  p->ct = ct;
  p->in = calltab_inlines_begin (ct);
  if (p->in == NULL)
    {
      free (p);
      return NULL;
    }
  return p;
}

CALLTAB_EXPORT int
calltab_afdo_add (Calltab_Afdo *p, uint64_t addr, uint64_t count)
{
  if (p == NULL)
    {
      __calltab_seterr (CALLTAB_E_INVALID_ARG, NULL);
      return -1;
    }
  if (__calltab_reserve (&p->samples, &p->samples_alloc, p->nsamples + 1,
			 sizeof *p->samples) != 0)
    return -1;
  p->samples[p->nsamples].addr = addr;
  p->samples[p->nsamples].count = count;
  p->nsamples++;
  p->total += count;
  p->built = false;
  return 0;
}

/* Kept for CALLTAB_0.3: the Calltab's own functions (address.c).  */
CALLTAB_EXPORT int
calltab_afdo_symbol (const Calltab_Afdo *p, const char *name, uint64_t *addr)
{
  if (p == NULL)
    {
      __calltab_seterr (CALLTAB_E_INVALID_ARG, NULL);
      return -1;
    }
  int r = calltab_symbol_address (p->ct, name, addr);
  return r == 2 ? 0 : r;
}

CALLTAB_EXPORT int
calltab_afdo_offset_address (const Calltab_Afdo *p, uint64_t offset,
			     uint64_t *addr)
{
  if (p == NULL)
    {
      __calltab_seterr (CALLTAB_E_INVALID_ARG, NULL);
      return -1;
    }
  return calltab_file_address (p->ct, offset, addr);
}

/* GCC's name of function DIE: get_original_name of its assembler name
   (the linkage name, else DW_AT_name), through abstract origins and
   specifications: cut at the first '.' (common.h, CT_SUFFIX_ANY), as
   GCC 11 to 14's auto-profile.cc looks the profile's names up.  */
static const char *
gcc_name (Calltab_Afdo *p, Dwarf_Die *die)
{
  const char *s = __calltab_die_linkage_name (die);
  if (s == NULL)
    s = calltab_die_string (die, DW_AT_name);
  if (s == NULL)
    s = "";
  return __calltab_afdo_intern (p, s,
				__calltab_symbol_stem (s, CT_SUFFIX_ANY));
}

static struct afdo_inst *
new_inst (Calltab_Afdo *p, const char *name, const char *file,
	  int start_line)
{
  if (__calltab_reserve (&p->insts, &p->insts_alloc, p->ninsts + 1,
			 sizeof *p->insts) != 0)
    return NULL;
  struct afdo_inst *i = calloc (1, sizeof *i);
  if (i == NULL)
    {
      __calltab_seterr (CALLTAB_E_NOMEM, NULL);
      return NULL;
    }
  i->name = name;
  i->file = file;
  i->start_line = start_line;
  p->insts[p->ninsts++] = i;
  return i;
}

static struct afdo_inst *
top_inst (Calltab_Afdo *p, const char *name, const char *file,
	  int start_line)
{
  for (size_t i = 0; i < p->ntops; i++)
    if (p->tops[i]->name == name)
      return p->tops[i];
  struct afdo_inst *t;
  if (__calltab_reserve (&p->tops, &p->tops_alloc, p->ntops + 1,
			 sizeof *p->tops) != 0
      || (t = new_inst (p, name, file, start_line)) == NULL)
    return NULL;
  p->tops[p->ntops++] = t;
  return t;
}

/* The callee instance of INST called at (LINE_OFF, DISCR) named NAME.  */
static struct afdo_inst *
call_inst (Calltab_Afdo *p, struct afdo_inst *inst, uint32_t line_off,
	   uint32_t discr, const char *name, const char *file, int start_line)
{
  for (size_t i = 0; i < inst->ncalls; i++)
    if (inst->calls[i].line_off == line_off && inst->calls[i].discr == discr
	&& inst->calls[i].callee->name == name)
      return inst->calls[i].callee;
  struct afdo_inst *c;
  if (__calltab_reserve (&inst->calls, &inst->calls_alloc, inst->ncalls + 1,
			 sizeof *inst->calls) != 0
      || (c = new_inst (p, name, file, start_line)) == NULL)
    return NULL;
  inst->calls[inst->ncalls].line_off = line_off;
  inst->calls[inst->ncalls].discr = discr;
  inst->calls[inst->ncalls].callee = c;
  inst->ncalls++;
  return c;
}

/* Raise the count at (LINE_OFF, DISCR) of INST to at least COUNT.  */
static int
pos_max (struct afdo_inst *inst, uint32_t line_off, uint32_t discr,
	 uint64_t count)
{
  for (size_t i = 0; i < inst->npos; i++)
    if (inst->pos[i].line_off == line_off && inst->pos[i].discr == discr)
      {
	if (inst->pos[i].count < count)
	  inst->pos[i].count = count;
	return 0;
      }
  if (__calltab_reserve (&inst->pos, &inst->pos_alloc, inst->npos + 1,
			 sizeof *inst->pos) != 0)
    return -1;
  inst->pos[inst->npos].line_off = line_off;
  inst->pos[inst->npos].discr = discr;
  inst->pos[inst->npos].count = count;
  inst->npos++;
  return 0;
}

static int
add_block (Calltab_Afdo *p, const char *function, const char *into,
	   const char *file, int line, unsigned int discr, uint64_t samples)
{
  for (size_t i = 0; i < p->nblocks; i++)
    {
      Calltab_Afdo_Block *b = &p->blocks[i];
      if (b->function == function && b->inlined_into == into
	  && b->file == file && b->line == line && b->discriminator == discr)
	{
	  b->samples += samples;
	  return 0;
	}
    }
  if (__calltab_reserve (&p->blocks, &p->blocks_alloc, p->nblocks + 1,
			 sizeof *p->blocks) != 0)
    return -1;
  Calltab_Afdo_Block *b = &p->blocks[p->nblocks++];
  b->function = function;
  b->inlined_into = into;
  b->file = file;
  b->line = line;
  b->discriminator = discr;
  b->samples = samples;
  return 0;
}

/* The DIE of the function of frame F: the abstract definition of an
   inlined copy, else the subprogram itself.  */
static uint64_t
function_die (const Calltab_Inline_Frame *f)
{
  return f->inlined ? f->origin : f->die;
}

/* The base name of the file of function DIE's declaration
   (DW_AT_decl_file, which libdw reads through abstract origins and
   specifications), as GCC 16's auto-profile.cc names it
   (get_normalized_path: lbasename); "" when unknown.  NULL when out of
   memory.  */
static const char *
decl_base_name (Calltab_Afdo *p, Dwarf_Die *die)
{
  const char *file = __calltab_decl_file (die);
  if (file == NULL)
    file = "";
  const char *slash = strrchr (file, '/');
  if (slash != NULL)
    file = slash + 1;
  return __calltab_afdo_intern (p, file, strlen (file));
}

/* GCC's name of the function of frame F in *NAME, the base name of its
   file in *FILE, its DW_AT_decl_line in *START.  Returns 0, -1 out of
   memory.  */
static int
frame_function (Calltab_Afdo *p, const Calltab_Inline_Frame *f,
		const char **name, const char **file, int *start)
{
  uint64_t off = function_die (f);
  const struct in_name *nm = __calltab_in_name (p->in, off);
  if (nm == NULL)
    return -1;
  Dwarf_Die die;
  if (dwarf_offdie (p->ct->dwarf, off, &die) != NULL)
    {
      *name = gcc_name (p, &die);
      *file = decl_base_name (p, &die);
    }
  else
    *name = *file = __calltab_afdo_intern (p, "", 0);
  *start = nm->decl_line;
  return *name != NULL && *file != NULL ? 0 : -1;
}

/* The name the user wrote of the function of frame F, for the blocks
   (inlines.c's: C++ demangled with parameters, else DW_AT_name, else
   the linkage name).  NULL when out of memory.  */
static const char *
user_name (Calltab_Afdo *p, const Calltab_Inline_Frame *f)
{
  const struct in_name *nm = __calltab_in_name (p->in, function_die (f));
  return nm != NULL ? __calltab_afdo_intern (p, nm->name, strlen (nm->name))
		    : NULL;
}

int
__calltab_afdo_stack (Calltab_Afdo *p, uint64_t addr, uint64_t subprogram,
		      int line, unsigned int discr,
		      Calltab_Inline_Frame **frames, size_t *n, uint64_t *end)
{
  *frames = NULL;
  *n = 0;
  if (end != NULL)
    *end = UINT64_MAX;
  struct in_cu *cu;
  uint32_t node;
  if (__calltab_in_at (p->in, addr, subprogram, &cu, &node) != 0)
    return -1;
  if (node == IN_NONE)
    return 0;
  uint64_t pc = addr + p->in->delta;
  if (end != NULL)
    {
      uint64_t e = __calltab_in_stretch_end (cu, node, pc);
      if (e != UINT64_MAX && e - p->in->delta > addr)
	*end = e - p->in->delta;
    }
  Calltab_Inline_Frame first = { .line = line, .discriminator = discr };
  if (__calltab_in_chain (p->in, cu, node, pc, &first, frames, n) != 0)
    return -1;
  if ((*frames)[*n - 1].inlined)
    {
      /* An inlined copy in no function with code.  */
      free (*frames);
      *frames = NULL;
      *n = 0;
    }
  return 0;
}

int
__calltab_afdo_levels (Calltab_Afdo *p, const Calltab_Inline_Frame *f,
		       size_t n, struct afdo_level *lv)
{
  for (size_t i = 0; i < n; i++)
    {
      const Calltab_Inline_Frame *level = &f[n - 1 - i];
      if (frame_function (p, level, &lv[i].name, &lv[i].file,
			  &lv[i].start) != 0)
	return -1;
      bool inner = i + 1 == n;
      lv[i].call_line = inner ? 0 : level->line;
      lv[i].call_column = inner ? 0 : level->column;
      lv[i].call_discr = inner ? 0 : level->discriminator;
    }
  return 0;
}

/* COUNT at (LINE, DISCR) of the stack F[0..N) into the tree: the
   top-level function, then each inlined call.  Returns 0, -1 out of
   memory.  */
static int
add_to_tree (Calltab_Afdo *p, const Calltab_Inline_Frame *f, size_t n,
	     int line, unsigned int discr, uint64_t count)
{
  struct afdo_level *lv = malloc (n * sizeof *lv);
  if (lv == NULL)
    {
      __calltab_seterr (CALLTAB_E_NOMEM, NULL);
      return -1;
    }
  struct afdo_inst *inst = NULL;
  int status = __calltab_afdo_levels (p, f, n, lv);
  if (status == 0)
    inst = top_inst (p, lv[0].name, lv[0].file, lv[0].start);
  for (size_t i = 1; i < n && inst != NULL; i++)
    inst = call_inst (p, inst, (uint32_t) lv[i - 1].call_line
		      - (uint32_t) inst->start_line, lv[i - 1].call_discr,
		      lv[i].name, lv[i].file, lv[i].start);
  if (status == 0 && inst != NULL)
    status = pos_max (inst, (uint32_t) line - (uint32_t) inst->start_line,
		      discr, count);
  else
    status = -1;
  free (lv);
  return status;
}

/* Map one distinct address with COUNT into the tree (TREE) or the
   blocks (not TREE).  Returns 0 (also when it has no line), -1 out of
   memory.  */
static int
map_address (Calltab_Afdo *p, uint64_t addr, uint64_t count, bool tree)
{
  Dwfl_Module *mod = p->ct->module;
  Dwarf_Addr mbias = 0;
  if (dwfl_module_getelf (mod, &mbias) == NULL)
    mbias = 0;
  Dwarf_Addr dwaddr = addr + mbias;
  Dwarf_Addr ubias;
  Dwarf_Die *udie = dwfl_module_addrdie (mod, dwaddr, &ubias);
  if (udie != NULL && !__calltab_lines_readable (udie))
    return 0;
  Dwfl_Line *dl = dwfl_module_getsrc (mod, dwaddr);
  if (dl == NULL)
    return 0;
  int lineno = 0;
  const char *file = dwfl_lineinfo (dl, NULL, &lineno, NULL, NULL, NULL);
  Dwarf_Addr lbias;
  Dwarf_Line *line = dwfl_dwarf_line (dl, &lbias);
  unsigned int discr = 0;
  if (line != NULL)
    dwarf_linediscriminator (line, &discr);
  if (lineno <= 0)
    return 0;

  Calltab_Inline_Frame *f;
  size_t n;
  if (__calltab_afdo_stack (p, addr, 0, lineno, discr, &f, &n, NULL)
      != 0)
    return -1;
  int status = 0;
  if (n > 0)
    {
      const char *fn, *into = NULL, *fname = "??";
      /* The profiles key a layered unit's numbers in GCC 16's layout
	 (keyed_discr); --blocks shows them as the line table has them.  */
      unsigned shift = 0;
      if (tree && udie != NULL)
	shift = __calltab_producer_layered_shift
		  (calltab_die_string (udie, DW_AT_producer));
      if (tree)
	status = add_to_tree (p, f, n, lineno,
			      shift != 0 ? CALLTAB_DISCR_LAYERED_CANONICAL
					     (discr, shift) : discr, count);
      else if ((fn = user_name (p, &f[0])) == NULL
	       || (n > 1 && (into = user_name (p, &f[n - 1])) == NULL)
	       || (file != NULL
		   && (fname = __calltab_afdo_intern (p, file,
						      strlen (file))) == NULL)
	       || add_block (p, fn, into, fname, lineno, discr, count) != 0)
	status = -1;
    }
  free (f);
  return status;
}

static int
cmp_sample (const void *a, const void *b)
{
  const struct afdo_sample *x = a, *y = b;
  return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static void
free_tree (Calltab_Afdo *p)
{
  for (size_t i = 0; i < p->ninsts; i++)
    {
      free (p->insts[i]->pos);
      free (p->insts[i]->calls);
      free (p->insts[i]);
    }
  p->ninsts = 0;
  p->ntops = 0;
  p->nblocks = 0;
  p->est.n = 0;
}

/* The head count of the function whose entry is ADDR: COUNT, the
   estimate.c's (a top-level instance made when it has no sample).
   Returns 0 (also when ADDR is no function's entry), -1 out of
   memory.  */
static int
set_head (Calltab_Afdo *p, uint64_t addr, uint64_t count)
{
  Calltab_Inline_Frame *f;
  size_t n;
  if (__calltab_afdo_stack (p, addr, 0, 0, 0, &f, &n, NULL) != 0)
    return -1;
  int status = 0;
  Dwarf_Die top;
  Dwarf_Addr entry;
  const char *name, *file;
  int start;
  struct afdo_inst *inst;
  if (n > 0 && dwarf_offdie (p->ct->dwarf, f[n - 1].die, &top) != NULL
      && dwarf_entrypc (&top, &entry) == 0 && entry == addr + p->in->delta)
    {
      if (frame_function (p, &f[n - 1], &name, &file, &start) != 0
	  || (inst = top_inst (p, name, file, start)) == NULL)
	status = -1;
      else
	inst->head = count;
    }
  free (f);
  return status;
}

/* Every function of the file no sample reached gets a top-level entry
   of its own with no counts (docs/fdo.md, "Cold code"), when the
   recording holds at least P->cold_min samples: the instance GCC finds
   for it then says it never ran, where no instance leaves GCC 11 to 15
   guessing.  STARTS[0..NSTARTS): where functions start
   (calltab_function_starts); a start inside a sampled function's
   entry (an alias, a cold part) finds that function's entry.  */
static int
add_cold_functions (Calltab_Afdo *p, const uint64_t *starts, size_t nstarts)
{
  p->ncold = 0;
  for (size_t i = 0; i < nstarts; i++)
    {
      Calltab_Inline_Frame *f;
      size_t n;
      if (__calltab_afdo_stack (p, starts[i], 0, 0, 0, &f, &n, NULL) != 0)
	return -1;
      const char *name, *file;
      int start, status = 0;
      if (n > 0)
	{
	  size_t before = p->ntops;
	  if (frame_function (p, &f[n - 1], &name, &file, &start) != 0
	      || top_inst (p, name, file, start) == NULL)
	    status = -1;
	  else if (p->ntops > before)
	    p->ncold++;
	}
      free (f);
      if (status != 0)
	return -1;
    }
  return 0;
}

int
__calltab_afdo_build (Calltab_Afdo *p)
{
  if (p->built)
    return 0;
  free_tree (p);
  qsort (p->samples, p->nsamples, sizeof *p->samples, cmp_sample);
  size_t n = 0;
  for (size_t i = 0; i < p->nsamples; i++)
    if (n > 0 && p->samples[n - 1].addr == p->samples[i].addr)
      p->samples[n - 1].count += p->samples[i].count;
    else
      p->samples[n++] = p->samples[i];
  p->nsamples = n;
  uint64_t *starts = NULL;
  size_t nstarts = 0;
  bool cold = p->cold_min > 0 && p->total >= p->cold_min;
  if (cold && calltab_function_starts (p->ct, 0, &starts, &nstarts) != 0)
    return -1;
  pthread_mutex_lock (&p->ct->lock);
  int status = 0;
  for (size_t i = 0; i < n && status == 0; i++)
    status = map_address (p, p->samples[i].addr, p->samples[i].count,
			  false);
  /* The tree: each sampled block's count on each of its instructions,
     the head counts (estimate.c).  */
  struct afdo_samples heads = { 0 };
  if (status == 0)
    status = __calltab_afdo_estimate (p->ct, p->samples, n, &p->est,
				      &heads);
  for (size_t i = 0; i < p->est.n && status == 0; i++)
    status = map_address (p, p->est.v[i].addr, p->est.v[i].count, true);
  for (size_t i = 0; i < heads.n && status == 0; i++)
    status = set_head (p, heads.v[i].addr, heads.v[i].count);
  free (heads.v);
  if (status == 0 && cold)
    status = add_cold_functions (p, starts, nstarts);
  free (starts);
  pthread_mutex_unlock (&p->ct->lock);
  if (status != 0)
    {
      free_tree (p);
      return -1;
    }
  /* By address for the late profile (estimate.c writes each function's
     in order, but symbols may overlap).  */
  qsort (p->est.v, p->est.n, sizeof *p->est.v, cmp_sample);
  p->built = true;
  return 0;
}

int
__calltab_afdo_ready (Calltab_Afdo *p, FILE *out)
{
  if (p == NULL || out == NULL)
    {
      __calltab_seterr (CALLTAB_E_INVALID_ARG, NULL);
      return -1;
    }
  return __calltab_afdo_build (p);
}

static int
cmp_block (const void *a, const void *b)
{
  const Calltab_Afdo_Block *x = a, *y = b;
  if (x->samples != y->samples)
    return x->samples > y->samples ? -1 : 1;
  int c = strcmp (x->function, y->function);
  if (c == 0)
    c = strcmp (x->inlined_into ? x->inlined_into : "",
		y->inlined_into ? y->inlined_into : "");
  if (c == 0)
    c = strcmp (x->file, y->file);
  if (c == 0 && x->line != y->line)
    c = x->line < y->line ? -1 : 1;
  if (c == 0 && x->discriminator != y->discriminator)
    c = x->discriminator < y->discriminator ? -1 : 1;
  return c;
}

CALLTAB_EXPORT int
calltab_afdo_blocks (Calltab_Afdo *p, Calltab_Afdo_Block **blocks,
		     size_t *n, uint64_t *total)
{
  if (p == NULL || blocks == NULL || n == NULL)
    {
      __calltab_seterr (CALLTAB_E_INVALID_ARG, NULL);
      return -1;
    }
  if (__calltab_afdo_build (p) != 0)
    return -1;
  *blocks = malloc ((p->nblocks ? p->nblocks : 1) * sizeof **blocks);
  if (*blocks == NULL)
    {
      __calltab_seterr (CALLTAB_E_NOMEM, NULL);
      return -1;
    }
  if (p->nblocks > 0)
    memcpy (*blocks, p->blocks, p->nblocks * sizeof **blocks);
  qsort (*blocks, p->nblocks, sizeof **blocks, cmp_block);
  *n = p->nblocks;
  if (total != NULL)
    *total = p->total;
  return 0;
}

/* How the written profile keys a position and merges the counts that
   get one key, by the GCC that reads it (docs/fdo.md, "GCC versions"):
   - AFDO_FOLD_LINES (GCC 11, 12: one count per line): discriminator 0,
     the largest count;
   - AFDO_KEEP (--keep-discriminators for GCC 11 and 12, and other
     consumers): as it is;
   - AFDO_GCC_NUMBER (GCC 13 to 15: each statement looked up by its whole
     discriminator, GCC's number): the bits below the copy ID field, the
     whole of GCC's number (the plugin's layered discriminators put its
     block numbers above them: calltab-format.h; map_address brings a
     GCC 13 to 15 unit's to GCC 16's layout first);
   - AFDO_BASE (GCC 16: statements are looked up before the passes that
     give copy IDs and multiplicities, so by the base alone): the base;
     a copy's count times its multiplicity (one execution of a vector or
     unrolled copy stands for that many of the source), the largest of
     a statement's copies (as llvm-profgen folds LLVM's copies; the
     plugin's layered discriminators put its blocks there too).  */
enum afdo_keying { AFDO_FOLD_LINES, AFDO_KEEP, AFDO_GCC_NUMBER, AFDO_BASE };

/* DISCR as KEYING keys it, and into *SCALE what its count is
   multiplied by.  */
static uint32_t
keyed_discr (uint32_t discr, enum afdo_keying keying, uint64_t *scale)
{
  *scale = 1;
  switch (keying)
    {
    case AFDO_FOLD_LINES:
      return 0;
    case AFDO_GCC_NUMBER:
      return discr & CALLTAB_DISCR_GCC_MASK;
    case AFDO_BASE:
      {
	uint32_t mult = CALLTAB_DISCR_FIELD (discr, CALLTAB_DISCR_MULT_SHIFT,
					     CALLTAB_DISCR_MULT_BITS);
	*scale = mult > 1 ? mult : 1;
	return CALLTAB_DISCR_FIELD (discr, 0, CALLTAB_DISCR_BASE_BITS);
      }
    case AFDO_KEEP:
    default:
      return discr;
    }
}

/* Copy SRC into DST (a fresh instance, or one SRC merges into), keyed
   as KEYING says: the counts of positions (and the callees inlined at
   one position with one name) that get one key merge by their
   maximum.  */
static int
merge (Calltab_Afdo *p, struct afdo_inst *dst, const struct afdo_inst *src,
       enum afdo_keying keying)
{
  for (size_t i = 0; i < src->npos; i++)
    {
      uint64_t scale;
      uint32_t d = keyed_discr (src->pos[i].discr, keying, &scale);
      if (pos_max (dst, src->pos[i].line_off, d,
		   __calltab_afdo_scaled (src->pos[i].count, scale)) != 0)
	return -1;
    }
  for (size_t i = 0; i < src->ncalls; i++)
    {
      const struct afdo_call *c = &src->calls[i];
      uint64_t scale;
      struct afdo_inst *d = call_inst (p, dst, c->line_off,
				       keyed_discr (c->discr, keying, &scale),
				       c->callee->name, c->callee->file,
				       c->callee->start_line);
      if (d == NULL || merge (p, d, c->callee, keying) != 0)
	return -1;
    }
  return 0;
}

static int
cmp_pos (const void *a, const void *b)
{
  const struct afdo_pos *x = a, *y = b;
  if (x->line_off != y->line_off)
    return x->line_off < y->line_off ? -1 : 1;
  return x->discr < y->discr ? -1 : x->discr > y->discr;
}

static int
cmp_call (const void *a, const void *b)
{
  const struct afdo_call *x = a, *y = b;
  if (x->line_off != y->line_off)
    return x->line_off < y->line_off ? -1 : 1;
  if (x->discr != y->discr)
    return x->discr < y->discr ? -1 : 1;
  return strcmp (x->callee->name, y->callee->name);
}

static int
cmp_inst_name (const void *a, const void *b)
{
  const struct afdo_inst *const *x = a, *const *y = b;
  return strcmp ((*x)->name, (*y)->name);
}

static int
cmp_str (const void *a, const void *b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* A name of the string table and, in GCC 16's, the file of its
   function.  */
struct afdo_name
{
  const char *name, *file;
};

struct afdo_out
{
  FILE *f;
  struct afdo_name *names;	/* sorted by name, one each */
  size_t nnames, names_alloc;
  const char **files;		/* sorted, one each (GCC 16's) */
  size_t nfiles;
  uint64_t *counts;		/* every position's written count (the
				   summary of GCC 16's) */
  size_t ncounts, counts_alloc;
  uint64_t period;
};

static void
put32 (struct afdo_out *o, uint32_t v)
{
  unsigned char b[4] = { v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff,
			 (v >> 24) & 0xff };
  fwrite (b, 1, 4, o->f);
}

/* gcov_read_counter: two words, the low one first.  */
static void
put64 (struct afdo_out *o, uint64_t v)
{
  put32 (o, (uint32_t) v);
  put32 (o, (uint32_t) (v >> 32));
}

/* gcov_read_string: a length in bytes (the NUL included), then exactly
   that many bytes.  */
static void
put_string (struct afdo_out *o, const char *s)
{
  size_t l = strlen (s) + 1;
  put32 (o, (uint32_t) l);
  fwrite (s, 1, l, o->f);
}

static int
cmp_name (const void *a, const void *b)
{
  return strcmp (((const struct afdo_name *) a)->name,
		 ((const struct afdo_name *) b)->name);
}

static uint32_t
name_index (const struct afdo_out *o, const char *name)
{
  struct afdo_name key = { name, NULL };
  const struct afdo_name *s = bsearch (&key, o->names, o->nnames,
				       sizeof *o->names, cmp_name);
  return s ? (uint32_t) (s - o->names) : 0;
}

/* GCC 16's index of FILE in the file-name table; ~0 (GCC's
   unknown_filename) for none.  */
static uint32_t
file_index (const struct afdo_out *o, const char *file)
{
  if (file == NULL || file[0] == '\0')
    return UINT32_MAX;
  const char **s = bsearch (&file, o->files, o->nfiles, sizeof *o->files,
			    cmp_str);
  return s ? (uint32_t) (s - o->files) : UINT32_MAX;
}

/* The names of INST and its callees into O, and the written counts of
   their positions.  */
static int
collect_names (struct afdo_out *o, struct afdo_inst *inst)
{
  if (__calltab_reserve (&o->names, &o->names_alloc, o->nnames + 1,
			 sizeof *o->names) != 0
      || __calltab_reserve (&o->counts, &o->counts_alloc,
			    o->ncounts + inst->npos, sizeof *o->counts) != 0)
    return -1;
  o->names[o->nnames++] = (struct afdo_name) { inst->name, inst->file };
  for (size_t i = 0; i < inst->npos; i++)
    o->counts[o->ncounts++] = __calltab_afdo_scaled (inst->pos[i].count,
						     o->period);
  for (size_t i = 0; i < inst->ncalls; i++)
    if (collect_names (o, inst->calls[i].callee) != 0)
      return -1;
  return 0;
}

/* Sort O's names, one each (the first with a file keeps its file), and
   make the file-name table from them.  */
static int
index_names (struct afdo_out *o)
{
  qsort (o->names, o->nnames, sizeof *o->names, cmp_name);
  size_t n = 0;
  for (size_t i = 0; i < o->nnames; i++)
    if (n > 0 && strcmp (o->names[n - 1].name, o->names[i].name) == 0)
      {
	if (o->names[n - 1].file == NULL || o->names[n - 1].file[0] == '\0')
	  o->names[n - 1].file = o->names[i].file;
      }
    else
      o->names[n++] = o->names[i];
  o->nnames = n;
  o->files = calloc (n ? n : 1, sizeof *o->files);
  if (o->files == NULL)
    {
      __calltab_seterr (CALLTAB_E_NOMEM, NULL);
      return -1;
    }
  for (size_t i = 0; i < n; i++)
    if (o->names[i].file != NULL && o->names[i].file[0] != '\0')
      o->files[o->nfiles++] = o->names[i].file;
  qsort (o->files, o->nfiles, sizeof *o->files, cmp_str);
  size_t m = 0;
  for (size_t i = 0; i < o->nfiles; i++)
    if (m == 0 || strcmp (o->files[m - 1], o->files[i]) != 0)
      o->files[m++] = o->files[i];
  o->nfiles = m;
  return 0;
}

uint64_t
__calltab_afdo_scaled (uint64_t count, uint64_t period)
{
  if (period > 1 && count > UINT64_MAX / period)
    return UINT64_MAX;
  return count * (period ? period : 1);
}

/* read_function_instance's layout: name, counts of positions and
   callsites, each position (offset, no targets, count), each callsite
   (offset, the callee's instance: no head count of its own).  */
static void
write_inst (struct afdo_out *o, struct afdo_inst *inst)
{
  qsort (inst->pos, inst->npos, sizeof *inst->pos, cmp_pos);
  qsort (inst->calls, inst->ncalls, sizeof *inst->calls, cmp_call);
  put32 (o, name_index (o, inst->name));
  put32 (o, (uint32_t) inst->npos);
  put32 (o, (uint32_t) inst->ncalls);
  for (size_t i = 0; i < inst->npos; i++)
    {
      put32 (o, inst->pos[i].line_off << 16 | (inst->pos[i].discr & 0xffff));
      put32 (o, 0);
      put64 (o, __calltab_afdo_scaled (inst->pos[i].count, o->period));
    }
  for (size_t i = 0; i < inst->ncalls; i++)
    {
      put32 (o, inst->calls[i].line_off << 16
	     | (inst->calls[i].discr & 0xffff));
      write_inst (o, inst->calls[i].callee);
    }
}

static int
cmp_count_desc (const void *a, const void *b)
{
  uint64_t x = *(const uint64_t *) a, y = *(const uint64_t *) b;
  return x > y ? -1 : x < y;
}

/* GCC 16's summary (GCOV_TAG_AFDO_SUMMARY, read by summary_info::read,
   no length word): the sum, the largest count, the largest head count,
   how many counts and top-level functions, and for each of the 16
   cutoffs of LLVM's profile summary (parts per million of the sum) the
   smallest count among the largest counts that make up that part of the
   sum, and how many they are.  GCC takes its hot threshold from the
   cutoff of --param=hot-bb-count-ws-permille (990000).  */
static void
write_summary (struct afdo_out *o, struct afdo_inst **tops, size_t ntops)
{
  static const uint32_t cutoffs[16] = {
    10000, 100000, 200000, 300000, 400000, 500000, 600000, 700000, 800000,
    900000, 950000, 990000, 999000, 999900, 999990, 999999 };
  qsort (o->counts, o->ncounts, sizeof *o->counts, cmp_count_desc);
  uint64_t total = 0, max_head = 0;
  for (size_t i = 0; i < o->ncounts; i++)
    total = total > UINT64_MAX - o->counts[i] ? UINT64_MAX
	    : total + o->counts[i];
  for (size_t i = 0; i < ntops; i++)
    {
      uint64_t h = __calltab_afdo_scaled (tops[i]->head, o->period);
      if (h > max_head)
	max_head = h;
    }
  put32 (o, AFDO_TAG_SUMMARY);
  put64 (o, total);
  put64 (o, o->ncounts ? o->counts[0] : 0);
  put64 (o, max_head);
  put64 (o, o->ncounts);
  put64 (o, ntops);
  put64 (o, 16);
  size_t seen = 0;
  unsigned __int128 sum = 0;
  for (int c = 0; c < 16; c++)
    {
      unsigned __int128 want = (unsigned __int128) total * cutoffs[c]
			       / 1000000;
      while (sum < want && seen < o->ncounts)
	sum += o->counts[seen++];
      put32 (o, cutoffs[c]);
      put64 (o, seen ? o->counts[seen - 1] : 0);
      put64 (o, seen);
    }
}

/* Write P's profile for GCC GCC_MAJOR to OUT: version 2 (GCC 11 to
   15) or 3 (GCC 16), keyed as KEYING says.  */
static int
write_profile (Calltab_Afdo *p, FILE *out, const Calltab_Afdo_Options *opts,
	       int gcc_major, enum afdo_keying keying)
{
  if (__calltab_afdo_ready (p, out) != 0)
    return -1;
  bool v3 = gcc_major >= 16;
  struct afdo_out o = { .f = out, .period = opts ? opts->period : 1 };

  /* The written tree: each top-level function merged into a fresh
     instance, keyed as KEYING says.  */
  size_t first = p->ninsts;
  struct afdo_inst **tops = calloc (p->ntops ? p->ntops : 1, sizeof *tops);
  int status = -1;
  if (tops == NULL)
    {
      __calltab_seterr (CALLTAB_E_NOMEM, NULL);
      return -1;
    }
  for (size_t i = 0; i < p->ntops; i++)
    {
      tops[i] = new_inst (p, p->tops[i]->name, p->tops[i]->file,
			  p->tops[i]->start_line);
      if (tops[i] == NULL || merge (p, tops[i], p->tops[i], keying) != 0)
	goto out;
      tops[i]->head = p->tops[i]->head;
    }
  qsort (tops, p->ntops, sizeof *tops, cmp_inst_name);
  /* Index 0 is a name no function has: GCC 12's string_table::get_name
     asserts an index above 0 (gcc_assert (index > 0 && ...)), and asks
     for the names of inlined callees (find_icall_target_map); GCC 16's
     get_symbol_name too.  */
  if (__calltab_reserve (&o.names, &o.names_alloc, 1, sizeof *o.names) != 0)
    goto out;
  o.names[o.nnames++] = (struct afdo_name) { "", "" };
  for (size_t i = 0; i < p->ntops; i++)
    if (collect_names (&o, tops[i]) != 0)
      goto out;
  if (index_names (&o) != 0)
    goto out;

  put32 (&o, AFDO_GCOV_DATA_MAGIC);
  put32 (&o, v3 ? AFDO_VERSION_GCC16 : AFDO_VERSION);
  put32 (&o, 0);
  if (v3)
    write_summary (&o, tops, p->ntops);
  /* The string table; the reader skips its length.  GCC 16's has the
     file names first, then each name with the index of its file.  */
  put32 (&o, AFDO_TAG_FILE_NAMES);
  put32 (&o, 0);
  if (v3)
    {
      put32 (&o, (uint32_t) o.nfiles);
      for (size_t i = 0; i < o.nfiles; i++)
	put_string (&o, o.files[i]);
    }
  put32 (&o, (uint32_t) o.nnames);
  for (size_t i = 0; i < o.nnames; i++)
    {
      put_string (&o, o.names[i].name);
      if (v3)
	put32 (&o, file_index (&o, o.names[i].file));
    }
  /* The functions: the section length is skipped by the reader.  GCC
     16 reads a timestamp (of the first sample, 0: none) after each
     top-level head count.  */
  put32 (&o, AFDO_TAG_FUNCTION);
  put32 (&o, 0);
  put32 (&o, (uint32_t) p->ntops);
  for (size_t i = 0; i < p->ntops; i++)
    {
      put64 (&o, __calltab_afdo_scaled (tops[i]->head, o.period));
      if (v3)
	put64 (&o, 0);
      write_inst (&o, tops[i]);
    }
  put32 (&o, AFDO_TAG_MODULE_GROUPING);
  put32 (&o, 0);
  put32 (&o, 0);
  if (ferror (out))
    __calltab_seterr (CALLTAB_E_IO, "writing the profile");
  else
    status = 0;
 out:
  /* Drop the written tree's instances.  */
  for (size_t i = first; i < p->ninsts; i++)
    {
      free (p->insts[i]->pos);
      free (p->insts[i]->calls);
      free (p->insts[i]);
    }
  p->ninsts = first;
  free (tops);
  free (o.names);
  free (o.files);
  free (o.counts);
  return status;
}

CALLTAB_EXPORT int
calltab_afdo_write (Calltab_Afdo *p, FILE *out,
		    const Calltab_Afdo_Options *opts)
{
  bool keep = opts != NULL && opts->keep_discriminators;
  return write_profile (p, out, opts, 12, keep ? AFDO_KEEP : AFDO_FOLD_LINES);
}

CALLTAB_EXPORT int
calltab_afdo_write_gcc (Calltab_Afdo *p, FILE *out,
			const Calltab_Afdo_Options *opts, int gcc_major)
{
  if (gcc_major < 11)
    {
      __calltab_seterr (CALLTAB_E_INVALID_ARG, NULL);
      return -1;
    }
  bool keep = opts != NULL && opts->keep_discriminators;
  enum afdo_keying keying = !keep ? AFDO_FOLD_LINES
			    : gcc_major >= 16 ? AFDO_BASE
			    : gcc_major >= 13 ? AFDO_GCC_NUMBER : AFDO_KEEP;
  return write_profile (p, out, opts, gcc_major, keying);
}

CALLTAB_EXPORT int
calltab_afdo_cold (Calltab_Afdo *p, uint64_t min_samples, size_t *ncold)
{
  if (p == NULL)
    {
      __calltab_seterr (CALLTAB_E_INVALID_ARG, NULL);
      return -1;
    }
  if (p->cold_min != min_samples)
    {
      p->cold_min = min_samples;
      p->built = false;
    }
  if (__calltab_afdo_build (p) != 0)
    return -1;
  bool dense = min_samples > 0 && p->total >= min_samples;
  if (ncold != NULL)
    *ncold = dense ? p->ncold : 0;
  return dense;
}

CALLTAB_EXPORT void
calltab_afdo_end (Calltab_Afdo *p)
{
  if (p == NULL)
    return;
  free_tree (p);
  free (p->insts);
  free (p->tops);
  free (p->blocks);
  free (p->est.v);
  free (p->samples);
  __calltab_strpool_free (&p->strings);
  calltab_inlines_end (p->in);
  free (p);
}
