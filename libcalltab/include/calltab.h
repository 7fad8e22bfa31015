/* calltab.h: read the .debug_dcall and .debug_vcall call tables.

   libcalltab opens an ELF object, executable or shared library (or the
   separate debug file that holds its DWARF) through elfutils and gives
   access to the call tables that the calltab GCC plugin emits.

   Conventions follow libdw: opaque handles created by a _begin call and
   released by the matching _end; functions return 0 on success, -1 on
   error and 1 for "no more" / "not found"; after an error calltab_errno ()
   and calltab_errmsg () describe it.  The error state is per thread; the
   library has no other global state.

   calltab_begin decodes both tables completely, builds the address index
   and resolves the callee DIEs; everything after that only reads, so one
   handle may be used from several threads at once.

   The formats are those of docs/format.md.  A malformed table does not
   make calltab_begin fail: every problem found is recorded (section,
   offset, message) and can be read with calltab_problem, and the units
   and entries that could be decoded are kept.  */

#ifndef CALLTAB_H
#define CALLTAB_H 1

#include <stddef.h>
#include <stdio.h>
#include <stdint.h>
#include <libelf.h>
#include <elfutils/libdw.h>
#include "calltab-format.h"

#ifdef __cplusplus
extern "C" {
#endif

/* An open file and its call tables.  */
typedef struct Calltab Calltab;

/* Error codes; calltab_errmsg turns one into text.  */
enum
{
  CALLTAB_E_NOERROR = 0,
  CALLTAB_E_UNKNOWN,		/* internal error */
  CALLTAB_E_NOMEM,		/* out of memory */
  CALLTAB_E_INVALID_ARG,	/* NULL or otherwise unusable argument */
  CALLTAB_E_IO,			/* the file could not be opened or read */
  CALLTAB_E_NOELF,		/* not an ELF file */
  CALLTAB_E_LIBELF,		/* libelf reported an error */
  CALLTAB_E_TRUNCATED,		/* data ends inside a field */
  CALLTAB_E_BAD_LENGTH,		/* unit_length reserved or out of range */
  CALLTAB_E_BAD_VERSION,	/* unit version is not 4 */
  CALLTAB_E_BAD_ADDRSIZE,	/* address_size is not 4 or 8 */
  CALLTAB_E_BAD_LEB128,		/* ULEB128 overflows 64 bits or is overlong */
  CALLTAB_E_BAD_OFFSET,		/* an offset points outside its section */
  CALLTAB_E_BAD_RELOC,		/* a relocation cannot be applied */
  CALLTAB_E_NO_DWARF,		/* no DWARF (.debug_info) found */
  CALLTAB_E_LIBDW,		/* libdw / libdwfl reported an error */
  CALLTAB_E_BAD_DIE,		/* a DIE reference does not name a usable DIE */
  CALLTAB_E_NUM			/* keep last */
};

/* The tables.  */
enum
{
  CALLTAB_DCALL = 0,		/* .debug_dcall: direct calls */
  CALLTAB_VCALL = 1,		/* .debug_vcall: C++ virtual calls */
  CALLTAB_TCALL = 2,		/* .debug_tcall: tail calls (the layout of
				   .debug_dcall; callee_die 0: the jump's
				   target is not known) */
  CALLTAB_PCALL = 3		/* .debug_pcall: calls through C++
				   member-function pointers (the layout of
				   .debug_vcall; the value as
				   calltab-format.h's CALLTAB_PCALL_*
				   macros read it) */
};

/* Severity of a recorded problem.  */
enum
{
  CALLTAB_ERROR = 0,		/* the data is wrong; something was skipped */
  CALLTAB_WARNING = 1,		/* decodable but not as the format says */
  CALLTAB_NOTE = 2		/* calltab_verify: for information */
};

/* One unit (header) of a table.  Offsets are relative to the start of the
   ELF section the unit is in.  */
typedef struct
{
  int table;			/* CALLTAB_DCALL to CALLTAB_PCALL */
  size_t index;			/* index of the unit in its table */
  const char *section;		/* section name */
  size_t scn;			/* ELF section index */
  uint64_t offset;		/* offset of the unit_length field */
  uint64_t length;		/* unit_length */
  unsigned int offset_size;	/* 4 (32-bit DWARF) or 8 (64-bit DWARF) */
  unsigned int version;		/* 4 */
  unsigned int address_size;	/* 4 or 8 */
  uint64_t debug_info;		/* dcall, tcall: relocated .debug_info offset
				   of the unit the callee_die values are
				   relative to; 0 for vcall and pcall */
  size_t debug_info_scn;	/* relocatable object with several
				   .debug_info sections (one per COMDAT
				   group): ELF section index of the one
				   debug_info is in; 0 for the first one
				   outside a group, and in linked files */
  uint64_t entries;		/* offset of the first entry */
  uint64_t end;			/* offset just past the unit */
  size_t nentries;		/* entries decoded, tombstoned included */
} Calltab_Unit;

/* One entry.  */
typedef struct
{
  int table;			/* CALLTAB_DCALL to CALLTAB_PCALL */
  size_t unit;			/* index of its unit */
  size_t index;			/* index of the entry in its table */
  uint64_t offset;		/* section offset of the entry */
  uint64_t call_site;		/* return address (relocated; in a relocatable
				   object an offset in section call_scn); tcall:
				   the first byte after the jump */
  size_t call_scn;		/* ELF section index holding call_site; 0 if
				   none (tombstoned, or outside every section) */
  uint64_t value;		/* dcall, tcall: callee_die (unit relative;
				   tcall 0: an indirect jump); vcall:
				   vtable_slot */
  uint64_t die;			/* dcall, tcall: .debug_info offset of the
				   callee DIE, debug_info + callee_die; 0 for
				   vcall and an indirect tail call */
  size_t die_scn;		/* as Calltab_Unit.debug_info_scn */
  int tombstone;		/* call_site is dead: 0 or all ones, or in a
				   linked file outside every executable
				   section (ld.gold --gc-sections) */
} Calltab_Entry;

/* A problem found while reading the tables.  */
typedef struct
{
  int code;			/* CALLTAB_E_* */
  int severity;			/* CALLTAB_ERROR or CALLTAB_WARNING */
  const char *section;		/* section name */
  size_t scn;			/* ELF section index (0 if none) */
  uint64_t offset;		/* section offset */
  const char *message;		/* "FILE: SECTION[0xOFFSET]: TEXT" */
  const char *text;		/* TEXT alone */
} Calltab_Problem;

/* A callee (or caller) DIE resolved through libdw.  Strings are owned by
   the handle and live until calltab_end.  */
typedef struct
{
  uint64_t die;			/* .debug_info offset of the DIE */
  size_t scn;			/* as Calltab_Unit.debug_info_scn: 0, or in
				   an object the index of the grouped
				   .debug_info section holding the DIE */
  int tag;			/* DW_TAG_* */
  const char *name;		/* DW_AT_name, or NULL */
  const char *linkage_name;	/* DW_AT_linkage_name, or NULL */
  const char *decl_file;	/* DW_AT_decl_file, or NULL */
  int decl_line;		/* DW_AT_decl_line, or 0 */
} Calltab_Func;

/* The caller that owns a unit (docs/format.md, "Which caller an entry
   belongs to").  */
typedef struct
{
  Calltab_Func func;		/* the caller's DIE in the declaration unit */
  uint64_t low_pc;		/* its DW_AT_low_pc */
  int discarded;		/* low_pc is a tombstone (0 or all ones) */
} Calltab_Caller;

/* The library's version, "MAJOR.MINOR.PATCH".  */
const char *calltab_version (void);

/* Open PATH for reading and decode its tables.  When PATH has no tables
   of its own, its separate debug file (build-id or .gnu_debuglink, found
   through libdwfl) is read instead.  A file without tables opens with
   zero units.  Returns a handle, or NULL on error (unreadable, not ELF).  */
Calltab *calltab_begin (const char *path);

/* As calltab_begin, looking for separate debug files along
   DEBUGINFO_PATH, a libdwfl debuginfo path (colon-separated directories,
   as eu-addr2line --debuginfo-path; build-id files are found under
   DIR/.build-id/).  NULL gives libdwfl's default,
   ":.debug:/usr/lib/debug".  Returns a handle, or NULL on error.  */
Calltab *calltab_begin_debuginfo (const char *path,
				  const char *debuginfo_path);

/* Release CT and everything obtained from it.  CT may be NULL.  */
void calltab_end (Calltab *ct);

/* The path CT was opened with.  Returns NULL if CT is NULL.  */
const char *calltab_path (const Calltab *ct);

/* The path of the file the tables were read from: calltab_path (CT), or
   the separate debug file.  Returns NULL if CT is NULL.  */
const char *calltab_tables_path (const Calltab *ct);

/* The ELF handle of the file the tables were read from (owned by CT).
   Returns NULL if CT is NULL.  */
Elf *calltab_elf (const Calltab *ct);

/* The DWARF of the file, relocated when it is a relocatable object
   (owned by CT).  Returns NULL if there is none (calltab_errno () is
   then CALLTAB_E_NO_DWARF) or CT is NULL.  */
Dwarf *calltab_dwarf (const Calltab *ct);

/* The string of attribute NAME (DW_AT_name, DW_AT_producer, ...) of DIE,
   through its abstract origin and specification as dwarf_attr_integrate;
   NULL if none.  Unlike dwarf_formstring, an inline string (DW_FORM_string)
   is returned only if it ends within its unit: libdw does not check, and
   a truncated unit would run it past the section.  */
const char *calltab_die_string (Dwarf_Die *die, unsigned int name);

/* Addresses in the file (link-time addresses, those of the tables,
   the DWARF and nm): docs/library.md "Addresses".  */

/* The file address at which offset OFFSET of the file is loaded (its
   PT_LOAD program headers) in *ADDR: what perf's mapping-relative
   addresses (ip - start + pgoff) and mmap events give.  Returns 0, 1 if
   no PT_LOAD holds it, -1 on error (CT or ADDR NULL).  */
int calltab_file_address (const Calltab *ct, uint64_t offset,
			  uint64_t *addr);

/* The file address of the code symbol NAME in *ADDR: a defined
   function (or untyped) symbol of the symbol table, else of the dynamic
   one, whose ELF name is NAME, or, when none is, whose demangled name
   is: with parameters (as nm -C and perf 6.12 print it) when NAME has
   them, else without (as perf 6.1 prints it: "ns::f").  Returns 0, 1
   if there is no such symbol, 2 if several
   at different addresses have that name (*ADDR the first), -1 on error
   (out of memory; CT, NAME or ADDR NULL).  */
int calltab_symbol_address (const Calltab *ct, const char *name,
			    uint64_t *addr);

/* The number of units of TABLE in CT, and of entries (tombstoned ones
   included), and of entries with a tombstoned call_site (not indexed).
   Return 0 if CT is NULL or TABLE unknown.  */
size_t calltab_nunits (const Calltab *ct, int table);
size_t calltab_nentries (const Calltab *ct, int table);
size_t calltab_ntombstoned (const Calltab *ct, int table);

/* Fill *UNIT with unit N of TABLE.  Returns 0, 1 if N is past the last
   unit, -1 on error (bad argument).  */
int calltab_unit (const Calltab *ct, int table, size_t n, Calltab_Unit *unit);

/* Fill *ENTRY with entry N (0-based, in section order) of UNIT.  Returns
   0, 1 if N is past the unit's last entry, -1 on error.  */
int calltab_unit_entry (const Calltab *ct, const Calltab_Unit *unit,
			size_t n, Calltab_Entry *entry);

/* Fill *ENTRY with entry N of TABLE (all units, section order).  Returns
   0, 1 if N is past the last entry, -1 on error.  */
int calltab_entry (const Calltab *ct, int table, size_t n,
		   Calltab_Entry *entry);

/* Look up the entries of TABLE whose call_site is ADDR, in O(log n).
   *COOKIE must be 0 on the first call; each call that returns 0 fills
   *ENTRY with the next match (after identical code folding several
   entries share one address) and advances *COOKIE.  Returns 0, 1 when
   there is no (further) match, -1 on error.  In a relocatable object
   addresses are section offsets: check ENTRY->call_scn.  */
int calltab_lookup (const Calltab *ct, int table, uint64_t addr,
		    size_t *cookie, Calltab_Entry *entry);

/* The number of problems recorded while reading CT.  Returns 0 if CT is
   NULL.  */
size_t calltab_nproblems (const Calltab *ct);

/* Fill *PROBLEM with problem N, in the order found.  Returns 0, 1 if N is
   past the last problem, -1 on error.  */
int calltab_problem (const Calltab *ct, size_t n, Calltab_Problem *problem);

/* Resolve the callee DIE of the .debug_dcall entry ENTRY.  Returns 0, -1
   on error: not a dcall entry, no DWARF, or the offset does not name a
   DIE of the unit that the entry's unit header names (the message says
   which).  */
int calltab_callee (const Calltab *ct, const Calltab_Entry *entry,
		    Calltab_Func *func);

/* Whether the .debug_tcall entry ENTRY names the function of a virtual
   tail call (docs/format.md, ".debug_tcall": the entry after the
   jump's indirect one, at the same site, naming the virtual function
   as the object's class declares it; the jump's slot is in
   .debug_vcall), rather than the callee of a direct jump.  Returns 1
   yes, 0 no, -1 on a bad argument.  */
int calltab_tcall_virtual (const Calltab *ct, const Calltab_Entry *entry);

/* Resolve the DIE at offset DIE of libdw's .debug_info (the only one of
   a linked file; in an object the first one outside a COMDAT group).
   DIEs the tables name are cached at open; others are read through
   libdw under a lock in CT.  Returns 0, -1 on error.  */
int calltab_func (const Calltab *ct, uint64_t die, Calltab_Func *func);

/* Find the caller DIE whose DW_AT_calltab_dcall_unit (TABLE dcall) or
   DW_AT_calltab_vcall_unit (vcall) names UNIT.  Returns 0, 1 if no
   subprogram names the unit, -1 on error.  A caller whose copy the
   linker discarded is returned with DISCARDED set.  */
int calltab_unit_caller (const Calltab *ct, const Calltab_Unit *unit,
			 Calltab_Caller *caller);

/* Disambiguation of merged code (docs/disambiguate.md).  After identical
   code folding one address is in several functions; the call that got
   there tells which one ran.  Version node CALLTAB_0.2.  */

/* One function whose code holds an address: an ELF function symbol (with
   its GCC DIE when one is found) or a GCC DIE alone (a stripped file, a
   folded function whose symbol the linker dropped).  */
typedef struct
{
  const char *symbol;		/* ELF symbol (linkage name); for a DIE
				   alone its linkage name, else its name
				   (qualified where the name does not
				   tell it from the others there: another
				   DIE or several symbols of that name) */
  const char *name;		/* as the user wrote it: C++ demangled with
				   parameters ("Rect::area() const"), C the
				   name; never NULL */
  uint64_t die;			/* GCC's DW_TAG_subprogram DIE (.debug_info
				   offset) or the plugin's caller/callee DIE,
				   0 if none found */
  uint64_t low_pc;		/* file address where its code (the part
				   holding the address) starts */
  uint64_t size;		/* size of that part, 0 if unknown */
} Calltab_Function;

/* The functions whose code holds the file address ADDR (every alias at a
   folded copy: gold and lld keep the folded functions' symbols there;
   GCC IPA-ICF aliases; the cold part foo.cold counts as foo).  Fills
   *FUNCS with a malloc'ed array the caller frees (free), *N its length.
   Returns 0 (N may be 0: no function there), -1 on error.  Thread-safe.  */
int calltab_functions_at (const Calltab *ct, uint64_t addr,
			  Calltab_Function **funcs, size_t *n);

/* The file addresses where functions start, sorted, each once: every
   function symbol's value and every GCC DIE's start (DW_AT_low_pc or the
   first range of DW_AT_ranges), so that calltab_functions_at at each of
   them lists every function of the file.  With MERGED_ONLY nonzero, only
   those where calltab_functions_at finds two or more functions: the
   merged code, by the symbols and the DWARF alike (gold keeps one
   symbol where it folds two static functions; their DIEs still start
   there).  Fills *ADDRS with a malloc'ed array the caller frees, *N its
   length.  Returns 0, -1 on error.  Version node CALLTAB_0.12.  */
int calltab_function_starts (const Calltab *ct, int merged_only,
			     uint64_t **addrs, size_t *n);

/* The length of the name of the function whose code the ELF symbol
   SYMBOL names, as calltab_functions_at names it: SYMBOL without GCC's
   suffix of a cold part (".cold", ".cold.N": "foo.cold.1" gives 3, for
   foo); strlen (SYMBOL) when it has none (a clone, "foo.isra.0", is a
   function of its own).  Returns (size_t) -1 if SYMBOL is NULL
   (CALLTAB_E_INVALID_ARG).  Version node CALLTAB_0.6.  */
size_t calltab_symbol_stem (const char *symbol);

/* The registers a debugger or an unwinder reads in one frame, by DWARF
   register number (x86-64: 0 rax, 1 rdx, 2 rcx, 3 rbx, 4 rsi, 5 rdi,
   6 rbp, 7 rsp, 8-15 r8-r15).  Values as the program sees them (not
   less the load bias).  */
#define CALLTAB_MAX_REGS 32
typedef struct
{
  uint64_t known;		/* bit R set: VALUE[R] is known */
  uint64_t value[CALLTAB_MAX_REGS];
} Calltab_Registers;

/* A question: which function ran with its PC at PC, given the return
   addresses of the frames above it (RA[0]: where the frame at PC returns
   to, i.e. the return address of the call that entered it; RA[1]: the
   caller's; ...).  All file addresses (the caller subtracts the load
   bias).  THIS_VTABLE: the vtable pointer of the object of the innermost
   call when it was virtual (the address point stored in the object).
   REGS (NREGS of them, 0: none): the registers of the frame at PC
   (REGS[0]) and of the frames above it (REGS[I]: the frame whose PC is
   RA[I - 1]), as the unwinder restores them; a call through a pointer
   loaded from a table of function pointers is decided from them
   (docs/disambiguate.md).  Of a frame above the innermost only the
   registers its callee preserves are used; of the innermost, every one,
   and only while the PC is at its function's entry.  BIAS: the load
   bias of the file (run-time address minus file address), for the
   register values.  READ_MEMORY (NULL: none) reads SIZE bytes of the
   program's memory at run-time address ADDR into BUF, returning 0, or
   -1 when they cannot be read (MEMORY_ARG is its first argument): the
   pointer a call loaded through an object (`this->table->fn') is found
   in it, only while the PC is at the function's entry (nothing has run
   since the call).  REGS, NREGS, BIAS, READ_MEMORY and MEMORY_ARG since
   version node CALLTAB_0.13 (calltab_disambiguate@CALLTAB_0.2 takes the
   query without them).  */
typedef struct
{
  uint64_t pc;
  const uint64_t *ra;
  size_t nra;
  int has_this_vtable;
  uint64_t this_vtable;
  const Calltab_Registers *regs;
  size_t nregs;
  uint64_t bias;
  int (*read_memory) (void *arg, uint64_t addr, void *buf, size_t size);
  void *memory_arg;
} Calltab_Query;

enum
{
  CALLTAB_DECIDED = 0,		/* FUNCTION ran */
  CALLTAB_UNDECIDABLE = 1	/* the tables cannot tell: see REASON */
};

typedef struct
{
  int verdict;			/* CALLTAB_DECIDED or CALLTAB_UNDECIDABLE */
  Calltab_Function function;	/* DECIDED: the function that ran */
  const char *evidence;		/* DECIDED: how, one line of text ("not
				   merged: the only function at 0x..."; "the
				   .debug_dcall entry at 0x... (unit 0x...,
				   caller 'A') names 'B'"); UNDECIDABLE: why */
  Calltab_Function *candidates;	/* every function at PC (malloc'ed) */
  size_t ncandidates;		/* after the vtable slot, those remaining
				   are first: NREMAINING of them */
  size_t nremaining;
  int table;			/* the deciding entry's table, or -1 */
  Calltab_Entry entry;		/* the deciding entry (table >= 0) */
  size_t depth;			/* how many of RA were used */
} Calltab_Decision;

/* Answer Q for CT into *D.  Returns 0 (D filled, either verdict), -1 on
   error (bad argument, out of memory).  Release D with
   calltab_decision_free.  Strings are owned by CT (live until
   calltab_end).  Thread-safe.  */
int calltab_disambiguate (const Calltab *ct, const Calltab_Query *q,
			  Calltab_Decision *d);
void calltab_decision_free (Calltab_Decision *d);

/* Verification (calltab verify).  calltab_verify runs every check of a
   registry over an open file: the tables against the format, the code
   they describe, GCC's own DW_TAG_call_site DIEs and the line table's
   discriminator rules.  Each finding goes to a callback; the counts are
   returned.  The checks are numbered 0 .. calltab_verify_ncheck () - 1
   in the order calltab verify lists them.  */

/* One check of the registry.  Strings are static.  */
typedef struct
{
  const char *id;		/* "callee-die" */
  int severity;			/* CALLTAB_ERROR, CALLTAB_WARNING or
				   CALLTAB_NOTE; a finding may be reported
				   with another (uleb128: warning when merely
				   overlong) */
  const char *description;	/* one line */
} Calltab_Verify_Check;

/* One finding.  Strings live until the callback returns.  */
typedef struct
{
  int severity;			/* CALLTAB_ERROR, _WARNING or _NOTE */
  size_t check;			/* number of the check in the registry */
  const char *check_id;		/* its id */
  const char *section;		/* ".debug_dcall", ".debug_dcall(7)",
				   ".debug_line", ".debug_info"; NULL when the
				   finding is about the whole file */
  uint64_t offset;		/* offset in SECTION (unit, line table, DIE) */
  const char *item;		/* "entry", "row" or NULL */
  size_t index;			/* ITEM's index */
  const char *place;		/* SECTION[0xOFFSET] ITEM[INDEX], as text
				   ".debug_dcall[0x0000001c] entry[3]", or
				   NULL with SECTION */
  const char *text;		/* the message */
} Calltab_Verify_Finding;

/* Called for each finding, in the order found.  */
typedef void Calltab_Verify_Callback (const Calltab_Verify_Finding *finding,
				      void *arg);

/* Options; a NULL pointer means all zero.  */
typedef struct
{
  int werror;			/* warnings make the file fail too */
  int allow_no_tables;		/* a file without call tables (a mixed
				   build) passes: no-tables is then a note,
				   unless declaration units of the plugin
				   show that the tables were removed */
} Calltab_Verify_Options;

/* What was checked and found.  */
typedef struct
{
  size_t units;			/* units of the tables */
  size_t dcall_entries;		/* .debug_dcall entries (tombstoned ones
				   included) */
  size_t vcall_entries;		/* .debug_vcall entries */
  size_t tombstoned;		/* entries with a dead call_site */
  size_t calls_checked;		/* entries whose call instruction was
				   checked */
  size_t gcc_call_sites;	/* GCC call-site DIEs compared */
  size_t line_rows;		/* line-table rows checked */
  size_t errors, warnings, notes;	/* findings by severity */
  size_t *by_check;		/* NULL, or an array of
				   calltab_verify_ncheck () counters the
				   caller provides: findings per check */
  size_t units_without_plugin;	/* .debug_info units built without the
				   plugin: not judged by its rules */
  size_t tcall_entries;		/* .debug_tcall entries; this field and
				   units_without_plugin are filled from
				   calltab_verify@CALLTAB_0.7 on */
  size_t pcall_entries;		/* .debug_pcall entries; filled by
				   calltab_verify@@CALLTAB_0.10 only */
} Calltab_Verify_Counts;

/* The number of checks in the registry.  */
size_t calltab_verify_ncheck (void);

/* Fill *INFO with check N of the registry.  Returns 0, 1 if N is past
   the last check, -1 on error (INFO is NULL).  */
int calltab_verify_check_info (size_t n, Calltab_Verify_Check *info);

/* Run every check over CT (calltab_path (CT) is opened again for its
   code, and its DWARF read through libdwfl along the debuginfo path CT
   was opened with).  CB, when not NULL, receives each finding with ARG.
   COUNTS, when not NULL, is filled (its by_check array, when not NULL,
   set first to zeros).  Returns 0 when the file passes (no error, and
   no warning under OPTS->werror), 1 when it fails, -1 on error (the
   file cannot be opened again, out of memory: CALLTAB_E_NOMEM, even
   when the allocation failed in the middle of a check;
   calltab_errmsg (-1) names the file; COUNTS is then left zero).  What
   cannot be checked fails the file: a truncated file, an entry of an
   object without its relocation, a unit built with the plugin without
   its line table, a file without call tables (unless
   OPTS->allow_no_tables).  */
int calltab_verify (const Calltab *ct, const Calltab_Verify_Options *opts,
		    Calltab_Verify_Callback *cb, void *arg,
		    Calltab_Verify_Counts *counts);

/* AutoFDO profiles from samples (calltab afdo; docs/fdo.md).  A
   profile collects sampled file addresses of one opened file, maps each
   through libdw to its inline stack, source line and discriminator, and
   writes the AutoFDO gcov file (version 2) that GCC 12's -fauto-profile
   reads, or lists the sampled blocks.  A profile is used by one thread
   at a time (it maps the samples on the first _blocks or _write after
   an _add).  Version node CALLTAB_0.3.  */

typedef struct Calltab_Afdo Calltab_Afdo;

/* One block of the --blocks view: a (function, file:line,
   discriminator) with the samples of its instructions.  Strings are
   owned by the profile.  */
typedef struct
{
  const char *function;		/* the function the line belongs to (the
				   inlined one for inlined code): C++
				   demangled with parameters, C the name */
  const char *inlined_into;	/* the function it was inlined into (the
				   outermost), or NULL */
  const char *file;		/* the line table's file name */
  int line;
  unsigned int discriminator;
  uint64_t samples;		/* samples at its instructions (summed) */
} Calltab_Afdo_Block;

/* How calltab_afdo_write writes.  A NULL pointer means period 1 and
   folded lines.  */
typedef struct
{
  uint64_t period;		/* counts are samples times this (0: 1) */
  int keep_discriminators;	/* 0: one entry per line (GCC 12: the max
				   over the line's discriminators); 1: one
				   per (line, discriminator) */
} Calltab_Afdo_Options;

/* A profile of the file CT was opened with (CT must outlive it).
   Returns NULL on error: no DWARF (CALLTAB_E_NO_DWARF, the message
   names the file), out of memory.  */
Calltab_Afdo *calltab_afdo_begin (Calltab *ct);

/* Add COUNT samples at file address ADDR.  Returns 0, -1 on error (out
   of memory).  Addresses without line information are counted in the
   total but in no block or profile entry.  */
int calltab_afdo_add (Calltab_Afdo *p, uint64_t addr, uint64_t count);

/* calltab_symbol_address of P's file, with 0 for several definitions
   (*ADDR the first).  Returns 0, 1 if there is no such symbol, -1 on
   error.  */
int calltab_afdo_symbol (const Calltab_Afdo *p, const char *name,
			 uint64_t *addr);

/* calltab_file_address of P's file (kept for CALLTAB_0.3).  Returns 0,
   1 if no PT_LOAD holds OFFSET, -1 on error.  */
int calltab_afdo_offset_address (const Calltab_Afdo *p, uint64_t offset,
				 uint64_t *addr);

/* Every block, the most samples first (then function, file, line,
   discriminator), in *BLOCKS (malloc'ed; the caller frees it; strings
   are the profile's), *N of them; *TOTAL (when not NULL) the samples
   added, blocks or not.  Returns 0, -1 on error (out of memory).  */
int calltab_afdo_blocks (Calltab_Afdo *p, Calltab_Afdo_Block **blocks,
			 size_t *n, uint64_t *total);

/* Write the AutoFDO profile to OUT (docs/fdo.md: the layout GCC 12's
   read_profile reads, little endian).  Returns 0, -1 on error (out of
   memory; CALLTAB_E_IO when writing failed).  */
int calltab_afdo_write (Calltab_Afdo *p, FILE *out,
			const Calltab_Afdo_Options *opts);

/* calltab_afdo_write's profile for GCC_MAJOR's -fauto-profile (11 or
   later): AutoFDO version 2 for GCC 11 to 15 (for 13 to 15, with
   OPTS->keep_discriminators, each discriminator kept as GCC's number,
   its bits below the copy ID field: calltab-format.h); for GCC 16 and
   later
   version 3 (a summary with 16 percentiles, the file of each function,
   a timestamp per function, 0), where OPTS->keep_discriminators keys
   each position by the base of its discriminator (GCC 16's layout:
   the largest of a statement's copies, each count times its
   multiplicity), as GCC 16 looks statements up before the passes that
   copy them.  Returns 0, -1 on error (GCC_MAJOR below 11:
   CALLTAB_E_INVALID_ARG; out of memory; CALLTAB_E_IO).  Version node
   CALLTAB_0.11.  */
int calltab_afdo_write_gcc (Calltab_Afdo *p, FILE *out,
			    const Calltab_Afdo_Options *opts, int gcc_major);

/* Make the profiles written from now on list every function of P's
   file that no sample reached, with no counts (cold code: docs/fdo.md,
   "Cold code"), when the samples added, cold parts and addresses
   without lines included, number at least MIN_SAMPLES: with fewer, a
   function can be missed by chance more often than the claim allows.
   MIN_SAMPLES 0: never (the default).  *NCOLD (when not NULL): how many
   functions were added (0 when too few samples).  Returns 1 when the
   samples are enough, 0 when they are not (or MIN_SAMPLES is 0), -1 on
   error.  Version node CALLTAB_0.14.  */
int calltab_afdo_cold (Calltab_Afdo *p, uint64_t min_samples, size_t *ncold);

/* Write the late profile of flow-sensitive AutoFDO to OUT (docs/fdo.md,
   the file `calltab-fs 1` that the plugin's -fplugin-arg-calltab-
   profile= reads): per function with samples (GCC's name, as in the
   profile) every key (inline path, line offset) of its code in the line
   table, with 1 + its largest discriminator (P-number) groups and per
   group the largest count of the sampled blocks holding code of it,
   times OPTS->period (keep_discriminators is not used; NULL: period
   1).  Returns 0, -1 on error (out of memory; CALLTAB_E_IO when writing
   failed).  Version node CALLTAB_0.8.  */
int calltab_afdo_write_fs (Calltab_Afdo *p, FILE *out,
			   const Calltab_Afdo_Options *opts);

/* Release P.  P may be NULL.  */
void calltab_afdo_end (Calltab_Afdo *p);

/* Inline copies and the inline chain at an address (calltab inlines,
   calltab where; docs/library.md).  An index of the file's DWARF built
   through libdw, one compilation unit at a time on first use: the
   functions with code and their DW_TAG_inlined_subroutine copies, with
   ranges and call sites.  Used by one thread at a time (it reads the
   DWARF under the handle's lock).  Version node CALLTAB_0.4.  */

typedef struct Calltab_Inlines Calltab_Inlines;

/* One level of an inline chain.  Strings are owned by the index (or by
   libdw, for the handle's life).  */
typedef struct
{
  const char *name;		/* the function as written: C++ demangled
				   with parameters, C the name; "??" if
				   none; for the out-of-line function of
				   calltab_where, its ELF symbol's
				   (demangled: a clone's suffix shown) */
  const char *linkage_name;	/* or NULL */
  uint64_t die;			/* the DW_TAG_inlined_subroutine, or the
				   DW_TAG_subprogram of the out-of-line
				   function (.debug_info offset); 0 when
				   the line table has a row there but no
				   function's DIE holds it: one frame, named
				   by the symbol table (low = high =
				   the address) */
  uint64_t origin;		/* its DW_AT_abstract_origin (the inlined
				   function's definition), else DIE */
  int inlined;			/* 1: an inlined copy; 0: the out-of-line
				   function (the last level) */
  uint64_t low, high;		/* the range of DIE holding the address,
				   [low, high), file addresses */
  const char *file;		/* where in this function: the line
				   table's row at the address for the
				   first level, the call site of the level
				   below for the others; NULL if unknown */
  int line, column;		/* 0 if unknown */
  unsigned int discriminator;	/* the row's, or the call site's
				   (DW_AT_GNU_discriminator) */
  size_t nfunctions;		/* calltab_where, the out-of-line
				   function: how many functions (ELF
				   symbols of distinct names) hold the
				   address; more than 1 in merged code
				   (identical code folding): ask
				   calltab_disambiguate; 0 elsewhere */
} Calltab_Inline_Frame;

/* A range of code, file addresses [low, high).  In a relocatable
   object SCN is the section and low/high offsets in it.  */
typedef struct
{
  uint64_t low, high;
  size_t scn;
} Calltab_Range;

enum
{
  CALLTAB_INLINED = 0,		/* a DW_TAG_inlined_subroutine copy */
  CALLTAB_OUT_OF_LINE = 1,	/* the concrete out-of-line function */
  CALLTAB_CLONE = 2		/* an IPA clone of it (foo.isra.0,
				   foo.constprop.0, foo.part.0) */
};

/* One copy of a function.  */
typedef struct
{
  int kind;			/* CALLTAB_INLINED, _OUT_OF_LINE, _CLONE */
  uint64_t die;			/* its DIE */
  Calltab_Range *ranges;	/* by address */
  size_t nranges;
  uint64_t entry_pc;		/* DW_AT_entry_pc, DW_AT_low_pc, else the
				   first of DW_AT_ranges (file address, or
				   section offset as RANGES) */
  const char *symbol;		/* OUT_OF_LINE, CLONE: the ELF symbol at
				   its entry, or NULL */
  const char *call_file;	/* INLINED: the call site, or NULL */
  int call_line, call_column;
  unsigned int call_discriminator;
  Calltab_Inline_Frame *callers;	/* INLINED: the direct caller first
					   (itself an inlined copy or not), up
					   to the out-of-line function; each
					   at the call site of the one before */
  size_t ncallers;
} Calltab_Inline_Copy;

/* The copies of a function in one compilation unit, under its abstract
   definition.  */
typedef struct
{
  const char *name;		/* as Calltab_Inline_Frame.name */
  const char *linkage_name;	/* or NULL */
  const char *decl_file;	/* its declaration, or NULL */
  int decl_line;
  const char *cu;		/* the unit's DW_AT_name, or NULL */
  uint64_t cu_die;		/* the unit DIE */
  uint64_t die;			/* the abstract definition (for a function
				   never inlined: its DIE) */
  Calltab_Inline_Copy *copies;	/* inlined copies, then out-of-line ones,
				   each by address */
  size_t ncopies;
} Calltab_Inline_Def;

/* An index of CT's DWARF (CT must outlive it).  Returns NULL on error:
   no DWARF (CALLTAB_E_NO_DWARF, the message names the file), out of
   memory.  */
Calltab_Inlines *calltab_inlines_begin (Calltab *ct);

/* The inline chain at file address ADDR, innermost first, ending with
   the out-of-line function, in *FRAMES (malloc'ed; the caller frees it)
   and *N.  SUBPROGRAM, when not 0, is the DW_TAG_subprogram DIE to
   follow where several hold ADDR (merged code: the function
   calltab_disambiguate decided); 0 takes the first.  In a relocatable object ADDR is an offset
   in its .text section (and the frames' low/high too).  Returns 0 (*N 0:
   neither a function's DWARF nor the line table holds ADDR), -1 on
   error.  Takes the handle's lock (do not call it with the lock held,
   from a callback).  */
int calltab_where (Calltab_Inlines *ix, uint64_t addr, uint64_t subprogram,
		   Calltab_Inline_Frame **frames, size_t *n);

/* Every copy of the function FUNC (its DW_AT_name, linkage name, a
   symbol of it: a clone's, "foo.isra.0", a C++ structor's other variant,
   "_ZN1AC2Ev" for GCC's "_ZN1AC4Ev"; or its demangled name with or
   without parameters), in *DEFS (malloc'ed) and
   *N, one per compilation unit and abstract definition, in unit order.
   Returns 0 (*N 0: none), -1 on error.  Release with
   calltab_inline_defs_free.  */
int calltab_inlines_find (Calltab_Inlines *ix, const char *func,
			  Calltab_Inline_Def **defs, size_t *n);
void calltab_inline_defs_free (Calltab_Inline_Def *defs, size_t n);

/* Release IX.  IX may be NULL.  */
void calltab_inlines_end (Calltab_Inlines *ix);

/* The code of the calling thread's last error, and clear it.  */
int calltab_errno (void);

/* Text describing ERROR; with -1, the calling thread's last error, which
   names the file, section and offset where there is one.  */
const char *calltab_errmsg (int error);

#ifdef __cplusplus
}
#endif

#endif /* calltab.h */
