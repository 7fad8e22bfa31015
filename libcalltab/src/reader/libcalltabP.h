/* libcalltabP.h: internal interface of libcalltab.

   calltab_begin (open.c) finds the table sections, reloc.c copies each
   one and applies its relocations (relocatable objects), decode.c walks
   the units and entries and records every problem (problem.c), index.c
   sorts the entries by address and die.c resolves DIEs through libdw.
   After calltab_begin returns, nothing in struct Calltab changes.  */

#ifndef LIBCALLTABP_H
#define LIBCALLTABP_H 1

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <gelf.h>
#include <elfutils/libdwfl.h>
#include "calltab.h"
#include "common/common.h"
#include "elf/elf-index.h"
#include "dwarf/dwarf-read.h"

struct ct_addrmap;
struct ct_relindex;
struct ct_group_index;
struct ct_disamb;

#define CT_NTABLES 4

/* The section of TABLE (CALLTAB_DCALL to CALLTAB_PCALL): the one map
   between the two, by which open.c recognizes the tables.  */
static inline const char *
ct_table_section (int table)
{
  static const char *const names[CT_NTABLES] = {
    [CALLTAB_DCALL] = CALLTAB_DCALL_SECTION,
    [CALLTAB_VCALL] = CALLTAB_VCALL_SECTION,
    [CALLTAB_TCALL] = CALLTAB_TCALL_SECTION,
    [CALLTAB_PCALL] = CALLTAB_PCALL_SECTION,
  };
  return names[table];
}

/* Whether the entries of TABLE name a callee DIE (.debug_dcall,
   .debug_tcall), the unit header carrying debug_info; else a number
   (.debug_vcall: a vtable slot; .debug_pcall: docs/format.md).  */
static inline bool
ct_table_has_callee (int table)
{
  return table == CALLTAB_DCALL || table == CALLTAB_TCALL;
}

/* A relocation applied to a section copy: where, and the section the
   symbol is defined in (what a call_site or debug_info is relative to
   in a relocatable object).  */
struct ct_reloc
{
  uint64_t offset;
  size_t width;
  size_t sym_scn;		/* st_shndx of the symbol, 0 if undefined */
};

/* One .debug_dcall or .debug_vcall section, its bytes relocated.  */
struct ct_section
{
  int table;
  size_t scn;			/* ELF section index */
  const char *name;
  const char *label;		/* name, or "name(N)" when the name repeats */
  unsigned char *data;		/* owned copy (relocated) */
  size_t size;
  struct ct_reloc *relocs;	/* sorted by offset */
  size_t nrelocs, relocs_alloc;
};

struct ct_unit
{
  size_t section;		/* index in Calltab.sections */
  size_t info_scn;		/* ET_REL: the .debug_info debug_info is in,
				   0 for the first (libdw's) or unknown */
  uint64_t offset, length, debug_info, entries, end;
  unsigned int offset_size, version, address_size;
  size_t first, nentries;	/* range in Calltab.entries[table] */
};

struct ct_entry
{
  uint64_t offset, call_site, value;
  size_t call_scn;
  size_t unit;
  bool tombstone;
};

struct ct_problem
{
  int code, severity;
  size_t section;		/* index in Calltab.sections, or (size_t) -1 */
  uint64_t offset;
  char *message, *text;
};

/* A resolved DIE, cached by offset (callees and callers).  */
struct ct_func
{
  Calltab_Func f;
  uint64_t unit;		/* offset of the header of its unit */
  int error;			/* CALLTAB_E_* if it did not resolve */
  char *errmsg;
};

/* A unit's caller, from the declaration units.  */
struct ct_caller
{
  int table;
  size_t info_scn;		/* .debug_info section of the caller DIE */
  size_t scn;			/* section the unit offset is in; 0: any */
  uint64_t unit_offset;
  uint64_t die;
  uint64_t low_pc;
  bool discarded;
  bool have_pc;			/* the DIE has DW_AT_low_pc (plugins before
				   0.2); else low_pc and discarded come from
				   the unit's entries (die.c) */
};

/* The DWARF of a further .debug_info section of a relocatable object
   (one per COMDAT group): libdw reads only the first section of a name,
   so the object is copied with the other sections of that name hidden.  */
struct ct_dwarf
{
  size_t scn;			/* the .debug_info section */
  int fd;			/* memfd holding the copy */
  Dwfl *dwfl;
  Dwfl_Module *module;
  Dwarf *dwarf;			/* NULL if it could not be read */
};

struct ct_table
{
  struct ct_unit *units;
  size_t nunits, units_alloc;
  struct ct_entry *entries;
  size_t nentries, entries_alloc;
  size_t *index;		/* entries not tombstoned, sorted by address */
  size_t nindex;
  size_t ntombstoned;
};

struct Calltab
{
  char *path;
  int fd;
  Elf *elf;			/* PATH itself */
  Dwfl *dwfl;
  Dwfl_Callbacks callbacks;	/* of dwfl, which points to them */
  char *debuginfo_path;		/* where to look for debug files, or NULL */
  bool layout_ok;		/* headers and sections inside the file:
				   only then is it given to libdwfl */
  Dwfl_Module *module;		/* PATH as libdwfl reported it */
  Dwarf *dwarf;			/* NULL if none */
  char *dwarf_error;		/* why there is no DWARF */
  Elf *tables_elf;		/* where the tables are: elf or the debug file */
  char *tables_path;
  GElf_Ehdr ehdr;		/* of tables_elf */
  uint64_t debug_info_size;	/* of tables_elf, or 0 if it has none */
  size_t debug_info_scn;	/* its section index */
  bool have_debug_info;
  struct ct_section *sections;
  size_t nsections;
  struct ct_addrmap *ranges;	/* allocated sections (elf-index.h) */
  struct ct_table tables[CT_NTABLES];
  struct ct_problem *problems;
  size_t nproblems, problems_alloc;
  struct ct_dwarf *groups;	/* further .debug_info sections (ET_REL) */
  size_t ngroups;
  struct ct_relindex *relindex;	/* of tables_elf (ET_REL), elf-index.h */
  struct ct_group_index *gindex; /* groups.c: views of the groups */
  struct ct_func *funcs;	/* sorted by f.scn, f.die */
  size_t nfuncs;
  struct ct_caller *callers;	/* sorted by table, scn, unit_offset */
  size_t ncallers;
  pthread_mutex_t lock;		/* serializes libdw calls after open */
  struct ct_strpool strings;	/* names owned by the handle (strings.c) */
  struct ct_disamb *disamb;	/* disambiguation indexes, built on first
				   use under LOCK (disamb.h) */
  void (*disamb_free) (struct ct_disamb *);	/* set with DISAMB by the
						   layer that builds it */
};

/* Record a problem found in section SEC (index in CT->sections, or
   (size_t) -1) at OFFSET: "PATH: LABEL[0xOFFSET]: TEXT".  Returns 0, or
   -1 when out of memory.  */
int __calltab_problem (Calltab *ct, int code, int severity, size_t sec,
		       uint64_t offset, const char *fmt, ...)
  __attribute__ ((format (printf, 6, 7)));

/* Copy section SCN of CT->tables_elf into CT->sections[SECNO] and apply the relocation
   sections that target it (relocatable objects).  Problems are recorded.
   Returns 0, -1 on a fatal error (out of memory, libelf).  */
int __calltab_load_section (Calltab *ct, size_t secno, Elf_Scn *scn);

/* The section index a relocation at OFFSET of SEC resolved against, or
   0 if no relocation applies there.  */
size_t __calltab_reloc_scn (const struct ct_section *sec, uint64_t offset);

/* Decode every unit of section number SECNO of CT, appending units and
   entries to its table and recording every problem; continues after a
   bad unit wherever its unit_length allows.  Returns 0, -1 when out of
   memory.  */
int __calltab_decode_section (Calltab *ct, size_t secno);

/* Build the sorted address index of every table.  Returns 0, -1.  */
int __calltab_build_index (Calltab *ct);

/* Resolve every callee DIE and read the caller association of the
   declaration units.  Returns 0, -1 when out of memory.  */
int __calltab_resolve (Calltab *ct);

/* The label of table section SCN named NAME ("name" or "name(SCN)" when
   the name repeats), made once by calltab_begin; NAME when SCN is no
   table section of CT.  */
const char *__calltab_section_label (const Calltab *ct, const char *name,
				     size_t scn);

/* The DWARF holding the .debug_info section SCN of CT (0: the first,
   libdw's own); creates it for a further section of a relocatable
   object.  Returns 1 with it in *DW and its module in *MOD; 0 when
   there is none (*DW NULL); -1 when out of memory.  Only called during
   open.  */
int __calltab_group_dwarf (Calltab *ct, size_t scn, Dwarf **dw,
			   Dwfl_Module **mod);

/* SCN as the handle keys .debug_info sections: 0 for the first one
   (and always in linked files), else the section index.  */
size_t __calltab_info_key (const Calltab *ct, size_t scn);

/* Whether the tables use .debug_info section SCN of an object: a dcall
   unit's debug_info is in it, or it has caller attributes (relocations
   against a table section): 1 or 0; -1 when out of memory.  */
int __calltab_group_used (Calltab *ct, size_t scn);

/* The object's index of section NDX of dwarf_getelf (DW): a view of a
   group (groups.c) has sections of its own numbering.  */
size_t __calltab_view_scn (const Calltab *ct, Dwarf *dw, size_t ndx);

/* Release the copy made for section SCN, or all of them.  */
void __calltab_group_release (Calltab *ct, size_t scn);
void __calltab_groups_end (Calltab *ct);

/* S kept by CT until calltab_end, one copy per distinct string, in
   CT->strings (strings.c).  Without the lock: while CT is being opened,
   or with CT->lock held.  NULL when out of memory (CALLTAB_E_NOMEM).  */
const char *__calltab_strdup (Calltab *ct, const char *s);

/* The same from any thread once CT is open, for a malloc'ed S, which is
   taken over (freed if the string is kept already, or when out of
   memory): takes CT->lock.  NULL stays NULL.  */
const char *__calltab_intern_free (const Calltab *ct, char *s);

/* Fill the public views.  */
void __calltab_fill_unit (const Calltab *ct, int table, size_t n,
			  Calltab_Unit *unit);
void __calltab_fill_entry (const Calltab *ct, int table, size_t n,
			   Calltab_Entry *entry);

/* Virtual tail calls (docs/format.md, ".debug_tcall"): whether the
   .debug_tcall entry E names the virtual function of the indirect entry
   before it (not a direct jump's callee); and for an indirect entry E,
   that entry after it into *METHOD, false when E is no virtual tail
   call's.  */
bool __calltab_tcall_is_method (const Calltab *ct, const Calltab_Entry *e);
bool __calltab_tcall_method (const Calltab *ct, const Calltab_Entry *e,
			     Calltab_Entry *method);
/* The slot of the virtual tail call whose .debug_tcall entry is E: the
   .debug_vcall entry at the same site into *SLOT; false if none.  And
   whether the .debug_vcall entry E is such a slot (a virtual tail
   call's .debug_tcall entries at its site).  */
bool __calltab_tcall_slot (const Calltab *ct, const Calltab_Entry *e,
			   uint64_t *slot);
/* An entry of TABLE at E's site in E's section (in an object, sites are
   offsets, the same in many sections) into *OUT; false if none.  */
bool __calltab_entry_at_site (const Calltab *ct, int table,
			      const Calltab_Entry *e, Calltab_Entry *out);
bool __calltab_vcall_is_tail (const Calltab *ct, const Calltab_Entry *e);


/* The WIDTH-byte unsigned value at P, in the byte order of CT's file.
   The caller has checked that the bytes are there.  */
static inline uint64_t
ct_read_uint (const Calltab *ct, const unsigned char *p, size_t width)
{
  return __calltab_read_uint (p, width,
			      ct->ehdr.e_ident[EI_DATA] == ELFDATA2MSB);
}

#endif /* libcalltabP.h */
