/* verify.h: what the checks of calltab_verify share (internal).

   One struct verify per file.  Every check reports through verify_report
   under one of the check ids of verify_checks (checks.c), with the exact
   place: a section and offset, and an item in it (entry[N] of a unit,
   row[N] of a line table).  */

#ifndef CALLTAB_VERIFY_H
#define CALLTAB_VERIFY_H 1

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <elfutils/libdwfl.h>
#include "reader/libcalltabP.h"
#include "code/call-target.h"

/* The checks' short names stand for symbols in libcalltab's internal
   namespace: the static library must not take verify_report from its
   users.  */
#define verify_checks __calltab_verify_checks
#define verify_report __calltab_verify_report
#define verify_report_as __calltab_verify_report_as
#define verify_section_label __calltab_verify_section_label
#define verify_unit_checked __calltab_verify_unit_checked
#define verify_units __calltab_verify_units
#define verify_foreign_code __calltab_verify_foreign_code
#define verify_dwarf_place __calltab_verify_dwarf_place
#define verify_describe_place __calltab_verify_describe_place
#define verify_tables __calltab_verify_tables
#define verify_calls __calltab_verify_calls
#define verify_gcc_call_sites __calltab_verify_gcc_call_sites
#define verify_lines __calltab_verify_lines
#define verify_callee_ok __calltab_verify_callee_ok
#define verify_tag_name __calltab_verify_tag_name
#define verify_die_names __calltab_verify_die_names
#define verify_gcc_names_match __calltab_verify_gcc_names_match
#define verify_gcc_callee __calltab_verify_gcc_callee
#define verify_gcc_dies_end __calltab_verify_gcc_dies_end
#define verify_gcc_unit_code_at __calltab_verify_gcc_unit_code_at
#define verify_vtables __calltab_verify_vtables

enum verify_severity
{
  V_ERROR = CALLTAB_ERROR,
  V_WARNING = CALLTAB_WARNING,
  V_NOTE = CALLTAB_NOTE
};

/* The checks, in the order the summary lists them.  */
enum verify_check
{
  /* What could not be checked: the file, the tables, the lines.  */
  VC_TRUNCATED_FILE,
  VC_NO_TABLES,
  VC_NOT_PLUGIN_BUILT,
  VC_NO_LINE_TABLE,
  VC_MISSING_RELOCATION,
  /* Structure, from the reader's problem reports...  */
  VC_UNIT_LENGTH,
  VC_TRUNCATED,
  VC_VERSION,
  VC_ADDRESS_SIZE,
  VC_ULEB128,
  VC_OFFSET,
  VC_RELOCATION,
  VC_FORMAT,			/* any other reader problem */
  /* ... and our own.  */
  VC_DEBUG_INFO,
  VC_OFFSET_SIZE,
  VC_CALLEE_DIE,
  VC_CALL_SITE_SECTION,
  VC_DUPLICATE,
  VC_UNIT_CALLER,
  VC_CALLER_RANGE,
  VC_NOT_A_CALL,
  VC_CALL_KIND,
  VC_VTABLE_SLOT,
  VC_CALL_TARGET,
  VC_CALL_FOLDED,
  VC_TARGET_UNKNOWN,
  VC_NO_CODE,
  VC_NO_DECODER,
  VC_GCC_CALL_SITE,
  VC_GCC_CALL_SITE_MISSING,
  VC_DISCRIMINATOR_IS_STMT,
  VC_DISCRIMINATOR_DENSITY,
  VC_DISCRIMINATOR_SINGLE_BLOCK,
  VC_DISCRIMINATOR_SHARED,
  VC_DISCRIMINATOR_UNCHECKED,
  /* The plugin's vtable and pointer-table DIEs (vtables.c).  */
  VC_VTABLE_LOCATION,
  VC_IMPLICIT_CALLERS,		/* appended: check ids are stable */
  VC_VTABLE_ENTRY,
  VC_CALLEE_UNTOLD,
  VC_NUM
};

struct verify_check_info
{
  const char *id;
  enum verify_severity severity;
  const char *what;
};

extern const struct verify_check_info verify_checks[VC_NUM];

/* Where a message is about.  */
struct verify_place
{
  const char *section;		/* label: ".debug_dcall", ".debug_dcall(7)" */
  uint64_t offset;		/* section offset (unit, line table, DIE) */
  const char *item;		/* "entry", "row" or NULL */
  size_t index;			/* ITEM's index */
};

struct verify
{
  const char *path;
  const Calltab *ct;
  /* The file itself, for its code (the tables may come from a separate
     debug file).  */
  int fd;
  Elf *elf;
  struct ct_code *code;
  /* Our own view of the DWARF through libdwfl: relocated in objects, and
     with the mapping from DWARF addresses to sections.  */
  Dwfl_Callbacks callbacks;
  char *debuginfo_path;
  Dwfl *dwfl;
  Dwfl_Module *mod;
  Dwarf *dwarf;
  Dwarf_Addr bias;

  /* An allocation failed: calltab_verify fails with CALLTAB_E_NOMEM
     (invariant 6: no check quietly does less).  */
  bool nomem;
  /* The file's headers or sections lie past its end (truncated-file).  */
  bool truncated;
  /* Calltab_Verify_Options.allow_no_tables.  */
  bool allow_no_tables;
  /* .debug_info offsets of the units of v->dwarf built with the plugin
     (sorted; verify_units), whose lines the line rules judge.  */
  uint64_t *plugin_units;
  size_t nplugin_units, plugin_units_alloc;
  size_t decl_units;		/* the plugin's declaration units */
  size_t units_without_plugin;	/* GCC's (or others') units without it */
  /* Linked files: the address ranges of the units without the plugin.  */
  struct { uint64_t lo, hi, maxhi; } *foreign;	/* sorted by LO */
  size_t nforeign, foreign_alloc;

  /* Where findings go (calltab_verify's CB and ARG; CB may be NULL).  */
  Calltab_Verify_Callback *cb;
  void *cb_arg;

  /* Tallies.  */
  size_t counts[VC_NUM];
  size_t nseverity[3];
  size_t direct, virtual, tail, member_pointer, tombstoned, units;
  size_t calls_checked;		/* entries whose instruction was checked */
  size_t gcc_call_sites;	/* GCC call sites compared */
  size_t rows;			/* line table rows checked */
  /* .debug_dcall entries (by table index) whose callee_die is not a
     subprogram DIE of its unit: the checks that compare callees skip
     them rather than repeat the error.  */
  bool *bad_callee[CT_NTABLES];	/* by table (vcall: none) */
  size_t nbad_callee[CT_NTABLES];
  /* The index of one GCC unit's call sites and definitions
     (gcc-die.c), built when first needed.  */
  struct gcc_dies *gcc_dies;
};

/* Report a problem of check CHECK at PLACE (NULL: the whole file), with
   the check's severity.  */
void verify_report (struct verify *v, enum verify_check check,
		    const struct verify_place *place, const char *fmt, ...)
  __attribute__ ((format (printf, 4, 5)));

/* The same with severity SEVERITY.  */
void verify_report_as (struct verify *v, enum verify_check check,
		       enum verify_severity severity,
		       const struct verify_place *place, const char *fmt, ...)
  __attribute__ ((format (printf, 5, 6)));

/* The label of the table section with ELF index SCN named NAME, as the
   reader labels it (open.c: "name(N)" when the name repeats); the
   string lives as long as the handle.  */
const char *verify_section_label (struct verify *v, const char *name,
				  size_t scn);

/* Map the DWARF address ADDR (from our Dwarf) to a place in the code:
   linked files, the executable section holding it; relocatable objects,
   the section libdwfl laid it out in.  RETURN_ADDRESS: ADDR may be the
   end of its section (a return address).  */
bool verify_dwarf_place (struct verify *v, Dwarf_Addr addr,
			 bool return_address, struct ct_place *place);

/* How messages write a code place: "0xADDRESS" in a linked file,
   "SECTION+0xOFFSET" in an object.  Returns BUF.  */
const char *verify_describe_place (const struct verify *v,
				   const struct ct_place *place, char *buf,
				   size_t size);

/* Whether the .debug_info unit at OFFSET (of v->dwarf) was built with
   the plugin: only those are judged by its rules.  */
bool verify_unit_checked (const struct verify *v, uint64_t offset);

/* Whether, in a linked file, address ADDR is in the code of a unit
   built without the plugin (verify_units).  */
bool verify_foreign_code (const struct verify *v, uint64_t addr);

/* The checks, run in this order by calltab_verify (verify.c): each
   reads what the ones before it filled in struct verify.  */
void verify_units (struct verify *v);	/* units.c: producers, layout */
void verify_tables (struct verify *v);	/* tables.c: fills bad_callee */
void verify_calls (struct verify *v);	/* calls.c */
void verify_gcc_call_sites (struct verify *v);	/* call-sites.c */
void verify_lines (struct verify *v);	/* lines.c */
void verify_vtables (struct verify *v);	/* vtables.c */

/* Whether the callee of .debug_dcall or .debug_tcall entry E was found
   usable by the callee-die check (verify_tables, which runs first); a
   tail call whose target is not known has none.  */
static inline bool
verify_callee_ok (const struct verify *v, const Calltab_Entry *e)
{
  return e->table >= 0 && e->table < CT_NTABLES
	 && ct_table_has_callee (e->table) && e->die != 0
	 && e->index < v->nbad_callee[e->table]
	 && !v->bad_callee[e->table][e->index];
}

/* DW_TAG_* name for messages ("DW_TAG_variable"), or "DW_TAG_<0x..>"
   in BUF.  */
const char *verify_tag_name (int tag, char buf[32]);

/* How verify asks whether a symbol names a function (common.h,
   __calltab_symbol_names): a GCC clone's suffix and a symbol version
   are the function's (VERIFY_SYMBOL_EXACT); VERIFY_SYMBOL_VARIANTS also
   takes a C++ constructor or destructor's other variants (C1, C2,
   C4...; D0, D1, D2, D4...), the same function under another symbol:
   calls.c tells a call that names F exactly from one that reaches F's
   code through such an alias.  */
#define VERIFY_SYMBOL_EXACT CT_SUFFIX_CLONE
#define VERIFY_SYMBOL_VARIANTS (CT_SUFFIX_CLONE | CT_SYMBOL_STRUCTORS)

/* GCC's DW_AT_name and DW_AT_linkage_name (or DW_AT_MIPS_linkage_name)
   of DIE, through its abstract origin and specification; NULL where
   absent.  */
void verify_die_names (Dwarf_Die *die, const char **name,
		       const char **linkage);

/* Whether the table's callee F is the function of GCC's DIE with NAME
   and LINKAGE (either may be NULL): each side by its symbol, clones and
   structor variants as one (VERIFY_SYMBOL_VARIANTS).  */
bool verify_gcc_names_match (const Calltab_Func *f, const char *name,
			     const char *linkage);

/* GCC's own concrete DIE of the callee F (gcc-die.c): the origin
   of GCC's call site returning to RET when its names match F, else the
   one definition of F's symbol in its translation unit's GCC unit.
   False when there is none or more than one.  */
bool verify_gcc_callee (struct verify *v, const Calltab_Func *f,
			const struct ct_place *ret, Dwarf_Die *die);

/* Whether F cannot be told from other definitions of its translation
   unit (gcc-die.c): GCC gave them no linkage name, and after every
   narrowing of verify_gcc_callee several could be F's, one of them,
   *DIE, where AT (V, ARG, DIE) says.  Returns how many could be F's, 0
   when that is not so.  */
size_t __calltab_verify_gcc_untold (struct verify *v, const Calltab_Func *f,
				    bool (*at) (struct verify *, const void *,
						Dwarf_Die *),
				    const void *arg, Dwarf_Die *die);

/* Whether code of F's translation unit is where AT (V, ARG, DIE) says,
   in GCC's DIEs of its unit (gcc-die.c): every definition there that
   could be F's is (*OWN set; *DIE the first), or none could be F's and
   another definition, *DIE, is: what a local alias GCC's IPA-ICF made of
   that function looks like.  */
bool verify_gcc_unit_code_at (struct verify *v, const Calltab_Func *f,
			      bool (*at) (struct verify *, const void *,
					  Dwarf_Die *),
			      const void *arg, Dwarf_Die *die, bool *own);
void verify_gcc_dies_end (struct verify *v);

#endif /* verify.h */
