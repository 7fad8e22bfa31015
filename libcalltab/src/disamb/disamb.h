/* disamb.h: the indexes behind calltab_functions_at and
   calltab_disambiguate (internal).  Built once, on first use, under
   Calltab.lock (functions-at.c); read-only afterwards except the string
   pool, which is appended to under the lock.

   functions-at.c: function symbols by address (aliases at one address
   grouped, foo.cold counted as foo), GCC's subprogram DIEs by address
   and by linkage name, the caller of every table unit.
   demangle.c: C++ names through libiberty.
   vtable.c: the class behind a vtable address and a member's slot.
   disambiguate.c: the decision.  */

#ifndef CALLTAB_DISAMB_H
#define CALLTAB_DISAMB_H 1

#include "reader/libcalltabP.h"

/* A function symbol (STT_FUNC / STT_GNU_IFUNC with a section).  */
struct ct_fsym
{
  uint64_t addr, size;
  const char *symbol;		/* the function's symbol: "foo" for foo.cold */
  bool cold;			/* the symbol was foo.cold */
};

/* One address range of one of GCC's DW_TAG_subprogram DIEs (a function
   with hot and cold parts has two).  LOW 0 (lld's tombstone) is kept for
   the lookup by name.  */
struct ct_gdie
{
  uint64_t low, high;
  uint64_t die;
  const char *symbol;		/* linkage name, else name */
  bool named_only;		/* no linkage name: SYMBOL is the name */
};

/* The caller of one table unit (calltab_unit_caller).  */
struct ct_ucaller
{
  const char *symbol;		/* linkage name, else name; NULL: none */
  uint64_t low_pc;
  bool discarded;
  size_t ordinal;		/* its index among the units of SYMBOL in
				   this table, in unit order */
};

/* A vtable: from the plugin's DW_TAG_calltab_vtable DIEs, else a _ZTV
   symbol.  Or a pointer table (DW_TAG_calltab_pointer_table: a
   read-only variable holding function pointers), CLASS_NAME then the
   variable's name.  */
struct ct_vtable
{
  uint64_t addr, size;		/* size 0: up to the next one */
  const char *symbol;		/* _ZTV..., or NULL */
  const char *class_name;	/* as GCC's class DIE names it, or the
				   demangled _ZTV without "vtable for " */
  uint64_t class_die;		/* GCC's class DIE, 0 if unknown */
  bool from_die;
  /* The DIE lists the function in every entry (DW_TAG_calltab_vtable_entry
     children, plugin 0.2 on): ct_disamb::vtentries [first_entry,
     first_entry + nentries), by offset.  */
  bool entries_known;
  size_t first_entry, nentries;
};

/* A function pointer of a vtable object.  */
struct ct_vtentry
{
  uint64_t offset;		/* from the vtable object's start */
  const char *symbol;		/* the function's symbol */
};

struct ct_disamb
{
  bool have_symtab;		/* the function symbols come from a
				   symbol table (else: DWARF only) */
  /* The program defines a deallocation function (free, a global
     operator delete or delete[]: symbol or GCC DIE), which the
     library's own call on to: then none is taken as outside it.  */
  bool defines_deallocator;
  /* The functions the linked file exports (defined in .dynsym): a
     shared library's references bind to them, its vtables' entries
     too (walked in full: an executable exports few).  */
  const char **exported;
  size_t nexported;
  struct ct_fsym *syms;		/* sorted by addr */
  size_t nsyms;
  uint64_t maxsize;
  struct ct_gdie *dies;		/* sorted by low */
  size_t ndies;
  uint64_t maxdie;
  size_t *by_name;		/* DIES indexes sorted by symbol */
  struct ct_ucaller *ucallers[CT_NTABLES];	/* by unit index */
  size_t *callers_by_symbol[CT_NTABLES];	/* unit indexes by symbol,
						   then unit index */
  size_t nunits[CT_NTABLES];
  struct ct_vtable *vtables;	/* sorted by addr */
  size_t nvtables;
  struct ct_vtentry *vtentries;	/* the entries of the vtables' and
				   pointer tables' DIEs */
  /* The pointer tables, sorted by addr: several at one address where
     the linker folded them (gold folds .data.rel.ro), ADDR 0 where it
     dropped one's place (lld's tombstone for a folded section).  */
  struct ct_vtable *ptables;
  size_t nptables;
  size_t nvtentries;
  /* The functions a this-adjusting or covariant thunk leads to (a call
     through another vtable than their class's primary one, at another
     slot), by symbol, sorted: from the thunks' symbols (all of them
     when HAVE_SYMTAB) and the vtable DIEs' entries.  */
  const char **thunk_targets;
  size_t nthunk_targets;
  /* The file's code and dynamic relocations (elf/code-index.h), to read
     the function pointers a vtable holds; built when vtable DIEs list
     their entries, else NULL.  */
  struct ct_code *code;
  /* The jumps and code references of the file (jumps.c), built on
     first use under the handle's lock.  */
  struct ct_jumps *jumps;
  struct ct_strpool *pool;	/* the handle's strings (reader/strings.c),
				   under Calltab.lock */
  /* What vtable.c read of GCC's DIEs, kept by DIE, under Calltab.lock;
     NULL until the first answer.  */
  struct ct_memo *memo;
};

/* The indexes of CT, built on the first call.  Returns NULL on error
   (out of memory: CALLTAB_E_NOMEM set).  */
const struct ct_disamb *__calltab_disamb (const Calltab *ct);

/* The functions at ADDR, as calltab_functions_at.  */
int __calltab_functions_at (const Calltab *ct, const struct ct_disamb *st,
			    uint64_t addr, Calltab_Function **funcs,
			    size_t *n);

/* The units of TABLE whose caller is SYMBOL: indexes into
   ST->callers_by_symbol[TABLE], [*LO, *HI).  */
void __calltab_units_of (const struct ct_disamb *st, int table,
			 const char *symbol, size_t *lo, size_t *hi);

/* How many of GCC's subprogram DIEs are named SYMBOL (linkage name,
   else name), those the linker dropped included.  */
size_t __calltab_dies_named (const struct ct_disamb *st, const char *symbol);

/* GCC's DIE named SYMBOL, preferring one whose range holds ADDR; 0 if
   none.  */
uint64_t __calltab_die_by_symbol (const struct ct_disamb *st,
				  const char *symbol, uint64_t addr);

/* vtable.c: read the plugin's vtable DIEs and the _ZTV symbols into
   ST->vtables (called while building).  Returns 0, -1 out of memory.  */
int __calltab_read_vtables (Calltab *ct, struct ct_disamb *st, Elf *symelf,
			    Elf_Scn *symtab);

/* Add the function the thunk SYMBOL leads to, if it is a thunk's, to
   ST->thunk_targets (unsorted: __calltab_sort_thunk_targets sorts).
   Returns 0, -1 out of memory.  */
int __calltab_add_thunk_target (Calltab *ct, struct ct_disamb *st,
				const char *symbol, size_t *alloc);
void __calltab_sort_thunk_targets (struct ct_disamb *st);

/* Whether a thunk is known to lead to the function SYMBOL.  */
bool __calltab_has_thunk (const struct ct_disamb *st, const char *symbol);

/* The function in vtable VT at byte offset OFFSET of its object, from
   its DIE's entries; NULL if it has none there (or VT's entries are not
   known).  */
const char *__calltab_vtable_entry (const struct ct_disamb *st,
				    const struct ct_vtable *vt,
				    uint64_t offset);

/* The function pointer stored at ADDR of CT's linked file (a vtable's
   word: its dynamic relocation's value, else its bytes) into *VALUE;
   false when it cannot be read.  */
bool __calltab_vtable_word (const Calltab *ct, const struct ct_disamb *st,
			    uint64_t addr, uint64_t *value);

/* Whether the linked file copies VT from a shared library at run time
   (a copy relocation at its start): its functions are the library's,
   but for those of the file's that a library entry binds to
   (ct_disamb::exported).  False when the file's code index is not
   built.  */
bool __calltab_vtable_copied (const struct ct_disamb *st,
			      const struct ct_vtable *vt);

/* pointer-tables.c: the function the read-only word at file address
   ADDR names, by the pointer tables' DIEs: 1 with *SYMBOL and *TABLE
   (one of the tables there) when every table there names the same
   function at that word and no table the linker folded could be there
   naming another; 0 with *WHY (WHYSIZE bytes) when they do not tell.  */
int __calltab_pointer_word (const struct ct_disamb *st, uint64_t addr,
			    const char **symbol,
			    const struct ct_vtable **table, char *why,
			    size_t whysize);

/* What is known of a frame's state at a call or jump: its registers
   (those in USABLE of REGS), the stack pointer SP_ADJUST bytes below its
   value at the call, the file's load BIAS, and its memory when nothing
   has run since (AT_ENTRY; READ_MEMORY NULL otherwise).  */
struct ct_frame_state
{
  const Calltab_Registers *regs;
  uint64_t usable, sp_adjust, bias;
  bool at_entry;
  int (*read_memory) (void *arg, uint64_t addr, void *buf, size_t size);
  void *memory_arg;
};

/* The file address of the word the call or jump (JUMP) ending at END
   loaded its target from, by the code that runs to it and the frame's
   state FS: 1 with *WORD; 0 with *WHY when not known.  */
int __calltab_loaded_word (const Calltab *ct, const struct ct_disamb *st,
			   uint64_t end, bool jump,
			   const struct ct_frame_state *fs, uint64_t *word,
			   char *why, size_t whysize);

/* The vtable holding address point ADDR, NULL if none.  */
const struct ct_vtable *__calltab_vtable_at (const struct ct_disamb *st,
					     uint64_t addr);

/* The vtable slot of the virtual member function whose concrete DIE is
   DIE (DW_AT_vtable_elem_location through its specification): 1 with
   *SLOT, *CLASS_DIE (the class it is declared in, 0 if none) and
   *CLASS_NAME (qualified, owned by CT; NULL if none, or when it could
   not be kept); 2 when it is virtual (DW_AT_virtuality) but its slot is
   not written (GCC writes none for destructors), with *CLASS_DIE and
   *CLASS_NAME; 0 if it is not virtual or its DIE does not read.  */
int __calltab_member_slot (const Calltab *ct, uint64_t die, uint64_t *slot,
			   uint64_t *class_die, const char **class_name);

/* Release the answers vtable.c keeps (ct_disamb::memo).  */
void __calltab_memo_free (struct ct_memo *m);

/* Whether the function whose DIE is DIE (concrete or declaration) is a
   non-static member function (DW_AT_object_pointer): 1 with its class
   (*CLASS_DIE, *CLASS_NAME qualified, owned by CT), whether the class
   has a vtable pointer (*DYNAMIC: DW_AT_containing_type) and whether
   the function is a constructor (*CTOR); 0 when it is not one, or its
   DWARF does not tell.  */
int __calltab_member_function (const Calltab *ct, uint64_t die,
			       uint64_t *class_die, const char **class_name,
			       bool *dynamic, bool *ctor);

/* The qualified name of the function whose DIE is DIE and whose name
   is NAME (its DW_AT_name), for a DIE without a linkage name: the
   namespaces and classes of its declaration, then NAME
   ("(anonymous namespace)::Test<Tab>::run", as the demangler writes a
   symbol without parameters): *QNAME, owned by CT; NULL when it is
   declared at the top level (C).  Kept by DIE.  -1 when out of
   memory.  */
int __calltab_qualified_name (const Calltab *ct, uint64_t die,
			      const char *name, const char **qname);

/* The DIE of the definition of the class named QNAME (qualified, as
   __calltab_member_slot names it; none in an anonymous namespace), 0
   if no unit defines it.  QNAME must live as long as CT (a string of
   its pool): the answer is kept by its address.  */
uint64_t __calltab_class_by_name (const Calltab *ct, const char *qname);

/* Whether class DIE CLS is the class named NAME (qualified, as
   __calltab_member_slot names it; NAME lives as long as CT: the answer
   is kept by its address) or derives from it (DW_TAG_inheritance,
   transitively, by name): 1 yes, 0 no, -1 not known (no NAME, a NAME in
   an anonymous namespace, a base defined in no unit, unreadable
   DWARF).  */
int __calltab_class_is_base (const Calltab *ct, uint64_t cls,
			     const char *name);

/* tail-calls.c: the functions a function reaches by tail calls
   (.debug_tcall), breadth first, at most CT_TAIL_MAX of them.  */
#define CT_TAIL_MAX 64

/* Why a walk stopped short of the end: */
enum ct_tail_why
{
  CT_TAIL_COMPLETE = 0,
  CT_TAIL_UNDESCRIBED,		/* UNKNOWN's tail calls are not described
				   (no declaration unit says they are all
				   recorded: built without the plugin, or
				   by one before .debug_tcall) */
  CT_TAIL_INDIRECT,		/* UNKNOWN jumps through a pointer (ENTRY) */
  CT_TAIL_UNRESOLVED,		/* ENTRY's callee DIE does not resolve */
  CT_TAIL_TOO_LONG		/* more than CT_TAIL_MAX functions */
};

/* A virtual tail call on the way (docs/format.md, ".debug_tcall"): the
   jump through vtable slot SLOT to the function the object's class
   has there, which overrides METHOD (its symbol as the class declares
   it).  */
#define CT_TAIL_VIRTUAL_MAX 8
struct ct_tail_virtual
{
  size_t from;			/* the function (in FN) that jumps */
  uint64_t site;		/* the end of the jump */
  uint64_t slot;
  const char *method;
};

struct ct_tail_walk
{
  const char *fn[CT_TAIL_MAX];	/* symbols; FN[0] is where it starts */
  size_t from[CT_TAIL_MAX];	/* the function that jumped to it */
  uint64_t site[CT_TAIL_MAX];	/* the end of that jump (.debug_tcall) */
  bool thunk[CT_TAIL_MAX];	/* reached as a thunk's target */
  size_t n;
  const char *unknown;		/* the first place the walk was short of
				   the end, or NULL: complete */
  enum ct_tail_why why;
  size_t nshort;		/* how many such places */
  Calltab_Entry entry;		/* INDIRECT, UNRESOLVED: the entry */
  /* The virtual tail calls it went past (their targets are not in FN):
     a walk that meets more than CT_TAIL_VIRTUAL_MAX is short there.  */
  struct ct_tail_virtual virt[CT_TAIL_VIRTUAL_MAX];
  size_t nvirt;
};

/* Walk the tail calls from the function FROM into *W, past the places
   it cannot follow.  Returns 0 (W complete unless W->unknown), -1 out
   of memory.  Strings it makes
   (thunks' targets) are interned in CT's pool.  */
int __calltab_tail_walk (const Calltab *ct, const struct ct_disamb *st,
			 const char *from, struct ct_tail_walk *w);

/* jumps.c: the ways into the code at ADDR other than a call.  A direct
   jump to a target: TARGET, and SITE the end of the jump.  */
struct ct_jump
{
  uint64_t target, site;
};

/* -1 when the file cannot tell (no code index, or code that does not
   decode throughout; out of memory); 1 when the address ADDR is taken
   somewhere (a jump through a pointer may reach it); 0 when only direct
   jumps reach it: *JUMPS[0..*N), sorted by site.  */
int __calltab_entry_ways (const Calltab *ct, const struct ct_disamb *st,
			  uint64_t addr, const struct ct_jump **jumps,
			  size_t *n);

/* The direct jumps to ADDR, whatever else reaches it: 0 with
   *JUMPS[0..*N), sorted by site; -1 when the file cannot tell.  */
int __calltab_direct_jumps (const Calltab *ct, const struct ct_disamb *st,
			    uint64_t addr, const struct ct_jump **jumps,
			    size_t *n);
void __calltab_jumps_free (struct ct_jumps *j);

/* The start of the sized function symbol whose code holds the jump
   ending at SITE, 0 if none (after __calltab_entry_ways built the
   index).  */
uint64_t __calltab_function_holding (const struct ct_disamb *st,
				     uint64_t site);

#endif /* disamb.h */
