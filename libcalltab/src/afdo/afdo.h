/* afdo.h: what the AutoFDO profile's parts share (internal): the
   profile (afdo.c), the estimator (estimate.c) and the late profile's
   writer (late.c).  */

#ifndef CALLTAB_AFDO_H
#define CALLTAB_AFDO_H 1

#include <stdint.h>
#include "calltab.h"
#include "reader/libcalltabP.h"

/* A file address and its count.  */
struct afdo_sample
{
  uint64_t addr, count;
};

struct afdo_samples
{
  struct afdo_sample *v;
  size_t n, alloc;
};

struct afdo_inst;

struct Calltab_Afdo
{
  Calltab *ct;
  Calltab_Inlines *in;		/* the inline stacks */
  struct afdo_sample *samples;
  size_t nsamples, samples_alloc;
  uint64_t total;
  bool built;
  struct afdo_samples est;	/* the estimated count of every
				   instruction of the sampled blocks, by
				   address (__calltab_afdo_estimate) */
  struct afdo_inst **tops;	/* the raw tree (discriminators kept) */
  size_t ntops, tops_alloc;
  struct afdo_inst **insts;	/* every instance made, for freeing */
  size_t ninsts, insts_alloc;
  Calltab_Afdo_Block *blocks;
  size_t nblocks, blocks_alloc;
  struct ct_strpool strings;	/* names and files: one copy of each, so
				   that equal ones are one pointer */
  uint64_t cold_min;		/* calltab_afdo_cold's MIN_SAMPLES */
  size_t ncold;			/* the functions it added */
};

/* One level of an inline stack as the profiles key it, outermost
   first: the function's GCC name (get_original_name of its linkage
   name), file and first line (DW_AT_decl_line), and the call in it of the
   next level inward (DW_AT_call_line, _column and GCC's discriminator
   of that level's DW_TAG_inlined_subroutine; 0 for the innermost).  */
struct afdo_level
{
  const char *name;
  const char *file;		/* the base name of its DW_AT_decl_file
				   (GCC 16's profiles name each function's
				   file), "" when unknown */
  int start;
  int call_line, call_column;
  unsigned int call_discr;
};

/* From the samples S[0..N) (sorted by address, one entry per address):
   the estimated count of every instruction of every sampled basic block
   into EST, and the head count of every function entered from a sampled
   block or with a sampled entry block into HEADS (its entry address and
   count), both by address (emptied first).  Samples in code that
   cannot be split into blocks are kept in EST as they are.  Returns 0,
   -1 out of memory or unreadable ELF (error set).  */
int __calltab_afdo_estimate (Calltab *ct, const struct afdo_sample *s,
			     size_t n, struct afdo_samples *est,
			     struct afdo_samples *heads);

/* Map P's samples (once per change of samples): the tree, the blocks,
   P->est sorted by address.  Takes P's handle's lock.  Returns 0, -1
   out of memory or unreadable ELF.  */
int __calltab_afdo_build (Calltab_Afdo *p);

/* The start of a writer of P's profiles to OUT: both not NULL, P built.
   Returns 0, -1 (CALLTAB_E_INVALID_ARG, or __calltab_afdo_build's
   error).  */
int __calltab_afdo_ready (Calltab_Afdo *p, FILE *out);

/* The inline stack at file address ADDR whose innermost position is
   (LINE, DISCR): *FRAMES (malloc'ed), innermost first, ending with the
   DW_TAG_subprogram (among several holding ADDR, the one whose DIE is
   SUBPROGRAM when it is one, else the first by DIE offset); *N 0 when
   no function holds ADDR.  *END, when END is not NULL, the first file
   address after ADDR at which the stack may change (UINT64_MAX when
   none is known).  Called under the lock.  Returns 0, -1 out of
   memory.  */
int __calltab_afdo_stack (Calltab_Afdo *p, uint64_t addr,
			  uint64_t subprogram, int line, unsigned int discr,
			  Calltab_Inline_Frame **frames, size_t *n,
			  uint64_t *end);

/* The levels of the stack F[0..N) (__calltab_afdo_stack) into
   LV[0..N), outermost first.  Called under the lock.  Returns 0, -1 out
   of memory.  */
int __calltab_afdo_levels (Calltab_Afdo *p, const Calltab_Inline_Frame *f,
			   size_t n, struct afdo_level *lv);

/* COUNT times PERIOD (0: 1), UINT64_MAX where that overflows: the
   counts both profiles write.  */
uint64_t __calltab_afdo_scaled (uint64_t count, uint64_t period);

/* The string of the first LEN bytes of S kept by P (one copy per
   distinct string, so that equal ones are one pointer); NULL when out
   of memory.  */
const char *__calltab_afdo_intern (Calltab_Afdo *p, const char *s,
				   size_t len);

#endif /* afdo.h */
