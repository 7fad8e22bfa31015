/* data-refs.h: the places in code that data refers to (internal):
   jump-table targets, function pointers, the label tables of computed
   gotos (`static void *t[] = { &&a, &&b }`).  The code does not show
   them jumped to, yet control arrives there: they start basic blocks
   (cfg.h).

   Found through relocations (the one walker, elf-index.h), so where the
   file has them: relocatable objects, and linked files built with
   --emit-relocs; a linked file without them shows none (its jump
   tables' targets are not known).

   - A relocation in an allocated section that is not code, against a
     symbol in code, is an entry.  Absolute (`.quad .Lk`, R_X86_64_64,
     R_X86_64_32S): its target is S + A.  PC-relative (PIC jump tables:
     `.long .Lk-.Ltable`, R_X86_64_PC32 at position P with
     A = off(.Lk) + (P - off(.Ltable))): its target is A + S - (P - base),
     the base being where its table begins.
   - A table begins where the code refers to: a relocation in code
     against a symbol in a section that is not code (the table's
     `lea .Ltable(%rip), %reg`: S + A plus the distance from the
     relocated field to the end of its instruction, decoded; absolute
     ones, `jmp *.Ltable(,%reg,8)`: S + A).  The entries from there on,
     one after another with the same width and kind, are the table's;
     a PC-relative entry outside every table has no known target and is
     left out (.eh_frame's).

   Places of code are (section, offset in it) in both kinds of file, as
   __calltab_code_locate gives them.  A table's own place is (section,
   offset) in objects and (0, address) in linked files, as an
   instruction's memory operand names it (__calltab_data_table_at).  */

#ifndef CALLTAB_DATA_REFS_H
#define CALLTAB_DATA_REFS_H 1

#include "elf/code-index.h"

/* A table that code refers to, whose entries are code places.  */
struct ct_data_table
{
  size_t key;			/* objects: its section; linked: 0 */
  uint64_t base;		/* offset in it, or address */
  size_t first, n;		/* its entries' targets: ENTRIES[FIRST..] */
};

struct ct_data_refs
{
  /* Every code place data refers to, sorted, without duplicates.  */
  struct ct_place *targets;
  size_t ntargets, targets_alloc;
  /* The tables, sorted by (key, base).  */
  struct ct_data_table *tables;
  size_t ntables, tables_alloc;
  struct ct_place *entries;
  size_t nentries, entries_alloc;
};

/* Find the data references into the code of ELF (indexed as CODE) into
   *OUT (zeroed first).  Returns 0, or -1 if memory ran out
   (CALLTAB_E_NOMEM set).  */
int __calltab_data_refs (Elf *elf, const struct ct_code *code,
			 struct ct_data_refs *out);

/* The table beginning at data place (KEY, BASE), or NULL.  */
const struct ct_data_table *
__calltab_data_table_at (const struct ct_data_refs *r, size_t key,
			 uint64_t base);

/* The index of the first target at or after OFFSET of section SCNIDX
   (R->ntargets if none).  */
size_t __calltab_data_target_from (const struct ct_data_refs *r,
				   size_t scnidx, uint64_t offset);

void __calltab_data_refs_free (struct ct_data_refs *r);

#endif /* data-refs.h */
