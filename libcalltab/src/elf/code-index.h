/* code-index.h: the code of an ELF file, indexed (internal): its
   sections, the symbols that can name a function, the relocations that
   apply to code (relocatable objects) or dynamic ones (linked files).
   Nothing here is machine-specific: the machines are in backends/.

   Relocatable objects: a place is a section index and an offset in it.
   Linked files: a place is an address, located in its section.  */

#ifndef CALLTAB_CODE_INDEX_H
#define CALLTAB_CODE_INDEX_H 1

#include <gelf.h>
#include <stdbool.h>
#include "elf-index.h"

struct ct_code;

/* Where a return address is.  */
struct ct_place
{
  size_t scnidx;		/* section holding the code */
  uint64_t offset;		/* return address, as an offset in it */
};

/* The order of places: by section, then offset (qsort/bsearch-style).  */
static inline int
ct_place_cmp (const struct ct_place *x, const struct ct_place *y)
{
  if (x->scnidx != y->scnidx)
    return x->scnidx < y->scnidx ? -1 : 1;
  return x->offset < y->offset ? -1 : x->offset > y->offset;
}

/* A relocation: in relocatable objects one that applies to code (keyed by
   section and offset), in linked files a dynamic one (keyed by
   address).  */
struct ct_code_reloc
{
  size_t scn;
  uint64_t offset;
  unsigned type;
  int64_t addend;
  bool implicit;		/* REL: the addend is in the relocated bytes */
  const char *sym_name;		/* NULL or "" for none */
  unsigned char sym_type;
  size_t sym_shndx;
  uint64_t sym_value;
};

/* Index the code sections, symbols and relocations of ELF.  Returns
   NULL if ELF is not a usable ELF file (CALLTAB_E_LIBELF) or on running
   out of memory (CALLTAB_E_NOMEM).  */
struct ct_code *__calltab_code_begin (Elf *elf);
void __calltab_code_end (struct ct_code *code);

/* The file's e_machine (its hooks: __calltab_code_target,
   backends/target.h).  */
unsigned int __calltab_code_machine (const struct ct_code *code);

/* Whether ELF is relocatable (places come from relocations) or linked
   (places are addresses).  */
bool __calltab_code_relocatable (const struct ct_code *code);

/* The number of sections (indexes 1 .. N-1 are sections).  */
size_t __calltab_code_nsections (const struct ct_code *code);

/* Its section header SCNIDX, NULL if none.  */
const GElf_Shdr *__calltab_code_shdr (const struct ct_code *code,
				      size_t scnidx);

/* Every relocation indexed (__calltab_code_reloc's), *N of them.  */
const struct ct_code_reloc *__calltab_code_relocs (const struct ct_code *code,
						   size_t *n);

/* The address of section SCNIDX (0 in objects, or if it does not
   exist).  */
uint64_t __calltab_code_scn_addr (const struct ct_code *code, size_t scnidx);

/* The contents of section SCNIDX and their size, or NULL.  */
const unsigned char *__calltab_code_bytes (const struct ct_code *code,
					   size_t scnidx, size_t *size);

/* Linked files: the LEN bytes at address ADDR, in the allocated section
   with contents that holds them, or NULL.  */
const unsigned char *__calltab_code_bytes_at (const struct ct_code *code,
					      uint64_t addr, size_t len);

/* Linked files: the executable section holding return address ADDR
   (section start < ADDR <= section end: a call may be the section's last
   instruction).  Returns false if no executable section holds it.  */
bool __calltab_code_locate (const struct ct_code *code, uint64_t addr,
			    struct ct_place *place);

/* The relocation at OFFSET of section SCNIDX (relocatable), or the
   dynamic relocation at address OFFSET (linked; SCNIDX ignored), or
   NULL.  */
const struct ct_code_reloc *__calltab_code_reloc (const struct ct_code *code,
						  size_t scnidx,
						  uint64_t offset);

/* Whether section SCNIDX exists, is allocated and executable.  */
bool __calltab_code_is_exec (const struct ct_code *code, size_t scnidx);

/* The name of section SCNIDX, "?" if it has none.  */
const char *__calltab_code_scn_name (const struct ct_code *code,
				     size_t scnidx);

/* The function symbols at ADDR (linked) or at offset ADDR of section
   SCNIDX (relocatable; SCNIDX is ignored for linked files).  Up to MAX
   names in OUT; returns their number.  */
size_t __calltab_code_symbols_at (const struct ct_code *code, size_t scnidx,
				  uint64_t addr, const char **out, size_t max);

/* The function symbols at a place as for __calltab_code_symbols_at, one
   at a time and without limit: *COOKIE is 0 for the first; returns the
   next distinct name, or NULL after the last.  */
const char *__calltab_code_symbol_next (const struct ct_code *code,
					size_t scnidx, uint64_t addr,
					size_t *cookie);

/* The function symbols named NAME, one at a time (*COOKIE 0 for the
   first): their section (objects; 0 in linked files), value and size.
   Returns false after the last.  */
bool __calltab_code_symbol_named (const struct ct_code *code,
				  const char *name, size_t *cookie,
				  size_t *scnidx, uint64_t *addr,
				  uint64_t *size);

/* The largest st_size of the function symbols at ADDR (as for
   __calltab_code_symbols_at), 0 if none has a size.  */
uint64_t __calltab_code_func_size (const struct ct_code *code, size_t scnidx,
				   uint64_t addr);

/* The start (section offset) of the sized function symbol of section
   SCNIDX whose code holds the byte before offset END, or
   (uint64_t) -1.  */
uint64_t __calltab_code_func_start (const struct ct_code *code,
				    size_t scnidx, uint64_t end);

#endif /* code-index.h */
