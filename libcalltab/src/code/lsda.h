/* lsda.h: the exception landing pads of a file (internal).

   The unwinder transfers control to a landing pad: it starts a basic
   block although nothing in the code jumps to it.  Where they are:
   every FDE of .eh_frame (read with libdw's dwarf_next_cfi) whose CIE
   has the 'L' augmentation carries, in its augmentation data, a pointer
   to its function's LSDA (language-specific data area, in
   .gcc_except_table); the LSDA's call-site table gives each landing pad
   as an offset from its LPStart (by default the FDE's initial location).
   The LSDA is not DWARF and elfutils has no reader for it: lsda.c
   decodes its header and call-site table, every access bounds-checked.

   Relocatable objects: the FDE's initial location and LSDA pointer are
   relocations (against the function's section, .gcc_except_table);
   they are resolved through the object's relocations.  Linked files:
   they are addresses, made places in the executable section holding
   them.  */

#ifndef CALLTAB_LSDA_H
#define CALLTAB_LSDA_H 1

#include "elf/code-index.h"

struct ct_landing_pads
{
  /* The landing pads, sorted by (section, offset), without duplicates.  */
  struct ct_place *pads;
  size_t n, alloc;
  /* FDEs or LSDAs that did not decode (their landing pads are not
     known), and where the first one is.  */
  size_t bad;
  struct ct_place first_bad;
};

/* Find the landing pads of ELF (indexed as CODE) into *OUT (zeroed
   first).  Returns 0 (a file without .eh_frame has none; what does not
   decode is counted in OUT->bad), or -1 if memory ran out
   (CALLTAB_E_NOMEM set).  */
int __calltab_landing_pads (Elf *elf, const struct ct_code *code,
			    struct ct_landing_pads *out);

/* The index of the first landing pad at or after OFFSET of section
   SCNIDX (P->n if none).  */
size_t __calltab_landing_pad_from (const struct ct_landing_pads *p,
				   size_t scnidx, uint64_t offset);

void __calltab_landing_pads_free (struct ct_landing_pads *p);

#endif /* lsda.h */
