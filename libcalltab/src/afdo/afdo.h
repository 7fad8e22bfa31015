/* afdo.h: what the AutoFDO profile's parts share (internal).  */

#ifndef CALLTAB_AFDO_H
#define CALLTAB_AFDO_H 1

#include <stdint.h>
#include "calltab.h"

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

#endif /* afdo.h */
