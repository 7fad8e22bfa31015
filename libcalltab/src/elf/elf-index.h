/* elf-index.h: the ELF walks libcalltab shares (internal): one walker
   over relocations (relocs.c), one map from addresses to allocated
   sections (addrmap.c) and one check of a file's layout (layout.c).  */

#ifndef CALLTAB_ELF_INDEX_H
#define CALLTAB_ELF_INDEX_H 1

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <gelf.h>
#include "common/common.h"

/* One relocation, of SHT_RELA or SHT_REL.  */
struct ct_rel
{
  size_t applies_to;		/* sh_info of the relocation section */
  uint64_t offset;		/* r_offset */
  unsigned int type;
  size_t symndx;
  int64_t addend;		/* RELA: r_addend; REL: 0, see IMPLICIT */
  bool implicit;		/* REL: the addend is in the relocated bytes;
				   the caller reads it where it needs it */
  bool have_sym;		/* SYM, SHNDX and NAME are valid */
  GElf_Sym sym;
  size_t shndx;			/* st_shndx, SHN_XINDEX resolved */
  const char *name;		/* "" if none */
};

/* Call FN (REL, ARG) for every relocation of relocation section RSCN of
   ELF (SHT_RELA or SHT_REL; other sections have none), in order;
   relocations whose symbol cannot be read (no symbol table: see
   __calltab_reloc_has_symtab) have HAVE_SYM false.  Stops at the first
   non-zero return of FN and returns it; 0 when FN returned 0 for all.  */
int __calltab_reloc_walk (Elf *elf, Elf_Scn *rscn,
			  int (*fn) (const struct ct_rel *rel, void *arg),
			  void *arg);

/* Call FN (SYM, NAME, ARG) for every symbol (index 1 on) of every symbol
   table of ELF of type SHTYPE (SHT_SYMTAB or SHT_DYNSYM); NAME is "" when
   it cannot be read.  Stops at the first non-zero return of FN and
   returns it; 0 when FN returned 0 for all.  */
int __calltab_symbols_walk (Elf *elf, unsigned int shtype,
			    int (*fn) (const GElf_Sym *sym, const char *name,
				       void *arg),
			    void *arg);

/* Whether the sh_link of relocation section RSCN of ELF is a symbol
   table that can be read: its relocations can name symbols.  */
bool __calltab_reloc_has_symtab (Elf *elf, Elf_Scn *rscn);

/* Where the relocation sections of a file are, built once: the
   relocation sections applying to each section, and the extended
   section index table of each symbol table.  The walks below then cost
   the relocations they visit, not the sections of the file (objects
   with many COMDAT groups have tens of thousands).  One allocation
   besides ELF's: __calltab_relindex_free releases it.  */
struct ct_relindex
{
  size_t nscns;
  size_t *first;		/* NSCNS + 1: the relocation sections for
				   section I are RELS[FIRST[I]..FIRST[I+1]) */
  size_t *rels;			/* in section order */
  Elf_Data **xndx;		/* per symbol table: its SHT_SYMTAB_SHNDX */
};

/* Build the index of ELF, or NULL with CALLTAB_E_NOMEM set.  */
struct ct_relindex *__calltab_relindex (Elf *elf);
void __calltab_relindex_free (struct ct_relindex *ix);

/* __calltab_reloc_walk through IX (built for ELF; NULL: the plain
   walk), and the same for every relocation section of ELF that applies
   to section SCN (relocations whose symbol cannot be read, and
   relocation sections without a symbol table, left out).  */
int __calltab_reloc_walk_ix (Elf *elf, const struct ct_relindex *ix,
			     Elf_Scn *rscn,
			     int (*fn) (const struct ct_rel *rel, void *arg),
			     void *arg);
int __calltab_foreach_reloc_ix (Elf *elf, const struct ct_relindex *ix,
				size_t scn,
				int (*fn) (const struct ct_rel *rel, void *arg),
				void *arg);

/* An allocated section.  */
struct ct_range
{
  uint64_t addr, size;
  size_t scn;
  bool exec;			/* SHF_EXECINSTR */
  bool nobits;			/* SHT_NOBITS */
};

/* The allocated sections of a file (of non-zero size), sorted by
   address.  One allocation: free () releases it.  */
struct ct_addrmap
{
  size_t n;
  struct ct_range ranges[];
};

/* Build the map of ELF (empty if ELF has no sections), or NULL with
   CALLTAB_E_NOMEM set.  */
struct ct_addrmap *__calltab_addrmap (Elf *elf);

/* The section holding the byte at ADDR, NULL if none.  Sections may
   overlap (.tbss lies over the sections after it): the one starting
   last at or below ADDR wins, and at the same start one with contents.  */
const struct ct_range *__calltab_addrmap_find (const struct ct_addrmap *map,
					       uint64_t addr);

/* A defect of an ELF file's layout (layout.c).  */
enum ct_layout_what
{
  CT_LAYOUT_EHDR,		/* libelf cannot read the ELF header */
  CT_LAYOUT_TABLE,		/* a header table lies past the end */
  CT_LAYOUT_SHDRS,		/* libelf cannot read the section headers */
  CT_LAYOUT_SHDR,		/* ... the header of section SCN */
  CT_LAYOUT_SECTION,		/* section SCN's contents lie past the end */
  CT_LAYOUT_COMPRESSED		/* compressed section SCN claims more than
				   its format can expand to */
};

struct ct_layout
{
  enum ct_layout_what what;
  uint64_t file_size;
  /* CT_LAYOUT_TABLE: which table, its entries (e_shnum or e_phnum, or
     the extended count in section 0), their size; COUNT_KNOWN false
     when the count is in a section 0 that lies past the end (COUNT 0).  */
  bool section_table;
  uint64_t count, entsize;
  bool count_known;
  /* TABLE: the table's; SECTION, COMPRESSED: the section's
     (sh_offset, sh_size).  */
  uint64_t offset, size;
  size_t scn;			/* SHDR, SECTION, COMPRESSED */
  const char *name;		/* SECTION, COMPRESSED: the section's name,
				   NULL when the name table does not lie
				   inside the file */
  uint64_t claimed;		/* COMPRESSED: ch_size */
  const char *libelf;		/* EHDR, SHDRS, SHDR: libelf's message */
};

/* The one check of an ELF file's layout: whether the program and
   section header tables and every section's contents lie inside the
   file of SIZE bytes, and no compressed section claims more than
   __calltab_chdr_plausible allows.  libdwfl reads a whole file into
   memory with sizes taken from these headers, and libelf allocates the
   size a compressed section claims: a file with a defect is given to
   neither.  Counts that do not fit in the ELF header follow the gABI
   (e_shnum 0 with e_shoff not 0: section 0's sh_size; e_phnum PN_XNUM:
   its sh_info), read from the file's bytes where libelf shows no
   sections.  Calls FN (D, ARG) for every defect, in file order of the
   checks (ELF header, program and section header tables, then each
   section; sections are not looked at when the section header table
   does not fit); stops at the first non-zero return of FN and returns
   it; 0 when FN returned 0 for all (or there was no defect).  */
int __calltab_elf_layout (Elf *elf, uint64_t size,
			  int (*fn) (const struct ct_layout *d, void *arg),
			  void *arg);

/* Whether a compressed section of COMPRESSED bytes (header included)
   with header CHDR can hold the size it claims: no more than its
   format can expand to (layout.c).  libelf allocates the claimed size
   before it decompresses.  */
bool __calltab_chdr_plausible (const GElf_Chdr *chdr, uint64_t compressed);

#endif /* elf-index.h */
