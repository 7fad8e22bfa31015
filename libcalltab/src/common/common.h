/* common.h: the bottom layer of libcalltab (internal): the error state,
   growable arrays and binary search, byte and LEB128 readers, the string
   pool, C++ names through libiberty, and whether a symbol names a
   function (GCC's suffixes, C++ structor variants).  Nothing here knows
   ELF, DWARF or a Calltab: every other layer may use it, it uses none
   of them.

   The library's layers, from the bottom up (docs/library.md; checked by
   scripts/check-layers.py): common, elf, dwarf, backends, code, reader,
   disamb, inlines, afdo, verify.  A layer includes and calls only its
   own files and those of the layers below it.  */

#ifndef CALLTAB_COMMON_H
#define CALLTAB_COMMON_H 1

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "calltab.h"

#define CALLTAB_EXPORT __attribute__ ((visibility ("default")))

/* ---- errors (error.c) --------------------------------------------------

   The library's one error convention: a function that fails returns -1
   (a pointer NULL, a count (size_t) -1 where a count is the result) with
   the calling thread's error set here; out of memory is CALLTAB_E_NOMEM.
   Nothing else reports failure: no flag out-parameters, no other
   values.  An internal function that answers a question or looks for
   something and may fail returns 1 (yes, found: its out-parameters
   set), 0 (no, none) or -1.  The public API keeps libdw's order
   instead (calltab.h: 0, 1 for "not found", -1).  */

/* Record error CODE for the calling thread.  FMT, when not NULL, is a
   printf format for detail (file, section, offset) prepended to the
   code's message.  */
void __calltab_seterr (int code, const char *fmt, ...)
  __attribute__ ((format (printf, 2, 3)));

/* Record error CODE with exactly the text MSG.  */
void __calltab_seterr_msg (int code, const char *msg);

/* ---- arrays (array.c) -------------------------------------------------- */

/* Make room in the array *ARRAYP (a pointer to a pointer to elements of
   SIZE bytes, *ALLOC of them allocated) for NEED elements, growing it by
   doubling.  Returns 0, or -1 with CALLTAB_E_NOMEM set and the array
   unchanged.  The one growth routine of the library: every appended-to
   array uses it.  */
int __calltab_reserve (void *arrayp, size_t *alloc, size_t need, size_t size);

/* qsort's comparison of two uint64_t, ascending.  */
int __calltab_compare_u64 (const void *a, const void *b);

/* The binary search of the library: in the array BASE of N elements of
   SIZE bytes, ordered so that BEFORE (ELT, KEY) holds for a prefix, the
   index of the first element for which it does not (N if none).  */
size_t __calltab_partition (const void *base, size_t n, size_t size,
			    bool (*before) (const void *elt, const void *key),
			    const void *key);

/* ---- bytes (bytes.c) --------------------------------------------------- */

/* The WIDTH-byte unsigned value at P, little-endian or BIG_ENDIAN.  The
   caller has checked that the bytes are there.  */
uint64_t __calltab_read_uint (const unsigned char *p, size_t width,
			      bool big_endian);

/* Read an ULEB128 at *P, not past END.  Returns 0 and advances *P, or
   sets *WHY to a CALLTAB_E_* code: CALLTAB_E_TRUNCATED (runs past END,
   *P unchanged), CALLTAB_E_BAD_LEB128 (overflows 64 bits; *P advanced
   past it).  *OVERLONG is set when the encoding has redundant bytes.  */
int __calltab_uleb128 (const unsigned char **p, const unsigned char *end,
		       uint64_t *value, bool *overlong, int *why);

/* Bytes of the shortest ULEB128 encoding of V.  */
unsigned int __calltab_uleb128_size (uint64_t v);

/* ---- the string pool (strpool.c) ---------------------------------------

   The library's one way of keeping strings: a hash set, one copy per
   distinct string, all freed together.  Not locked: a pool shared by
   threads is guarded by its owner (reader/strings.c).  */

struct ct_strpool
{
  char **slots;			/* open addressing, NULL: free */
  size_t size, used;
};

/* The LEN bytes at S (no NUL among them) as a string of POOL.  OWNED,
   when not NULL, is a malloc'ed copy of them that POOL takes over (freed
   when the string is there already).  Returns the pool's copy, or NULL
   with CALLTAB_E_NOMEM set (OWNED freed).  */
const char *__calltab_strpool_add (struct ct_strpool *pool, const char *s,
				   size_t len, char *owned);

/* Free every string of POOL and the pool's table; POOL is empty after.  */
void __calltab_strpool_free (struct ct_strpool *pool);

/* ---- C++ names (demangle.c) -------------------------------------------- */

/* The name as the user wrote it of the symbol SYM: demangled C++
   with parameters, else SYM.  Malloc'ed; NULL when out of memory.  */
char *__calltab_demangle (const char *sym);

/* The same without parameters ("Rect::area"), or NULL when SYM is not a
   C++ name.  */
char *__calltab_demangle_noparams (const char *sym);

/* The identifier of the function the demangled NAME names: "f" of
   "ns::C<int>::f(int) const", in [*B, *E); false when there is none
   (operators, ABI tags, lambdas...).  */
bool __calltab_base_identifier (const char *name, const char **b,
				const char **e);

/* ---- symbol names (symbol-names.c) -------------------------------------

   The library's one answer to "does ELF symbol S name function F".  GCC
   names the parts and copies of foo with suffixes: foo.cold, foo.cold.N
   (its cold part), foo.constprop.N, foo.isra.N, foo.part.N,
   foo.localalias, foo.lto_priv.N (clones and aliases); a symbol version
   follows: foo@VER, foo@@VER.  Which of them still name foo depends on
   the question, so each caller says which with HOW: one CT_SUFFIX_*,
   with CT_SYMBOL_* flags.  */

/* Only a cold part: its code is foo's own, but a clone is a function of
   its own (calltab_functions_at's functions, calltab prune through
   calltab_symbol_stem: "merged" must mean the same to both).  */
#define CT_SUFFIX_COLD		0
/* Every clone, part and alias suffix above and a symbol version: the
   function of the source a symbol was made from (verify: a call to
   foo.isra.0 is a call to foo; calltab_inlines_find given a symbol).
   A suffix counts from the first clone suffix on, whatever follows it
   (foo.constprop.0.isra.0).  */
#define CT_SUFFIX_CLONE		1
/* Everything from the first '.': GCC's auto-profile.cc names a function
   by its symbol so (get_original_name, GCC 11 to 14) and an AutoFDO
   profile's names must be the ones it looks up.  Also where a symbol
   and a function are already tied by their address (a symbol at a
   DIE's low_pc, the symbols at an inline copy's entry): then any
   suffix is GCC's (a nested function's bar.0 too).  */
#define CT_SUFFIX_ANY		2
#define CT_SUFFIX_MASK		3
/* A C++ constructor or destructor's other variants name it too (C1, C2,
   C4...; D0, D1, D2, D4...: GCC's DWARF names the unified C4/D4, code
   calls C1/C2), found where the Itanium mangling puts them.  */
#define CT_SYMBOL_STRUCTORS	4
/* A function without a linkage name (a static C++ function whose DIE
   has only DW_AT_name) is named by a mangled symbol whose function
   identifier is its name: "_ZN12_GLOBAL__N_15totalEv" names "total".  */
#define CT_SYMBOL_DEMANGLE	8

/* The length of SYM without the suffixes HOW removes ("foo.cold.1":
   3 with CT_SUFFIX_COLD; "foo.isra.0@@V2": 3 with CT_SUFFIX_CLONE;
   strlen (SYM) when it has none).  A suffix never starts at SYM's
   first byte, except with CT_SUFFIX_ANY, which is GCC's strchr.  */
size_t __calltab_symbol_stem (const char *sym, unsigned int how);

/* Whether SYM is NAME, or NAME followed by a suffix HOW removes (with
   CT_SUFFIX_ANY: NAME and then a '.'); false for a NULL or empty
   NAME.  Only HOW's CT_SUFFIX_* counts here.  */
bool __calltab_symbol_is (const char *sym, const char *name,
			  unsigned int how);

/* Whether the mangled SYM, up to a suffix HOW removes, demangles to
   QNAME without parameters ("(anonymous namespace)::Test<A>::run"):
   1, 0, or -1 with CALLTAB_E_NOMEM set.  */
int __calltab_symbol_demangles_to (const char *sym, const char *qname,
				   unsigned int how);

/* Whether SYM names the function whose DIE has DW_AT_name NAME and
   linkage name LINKAGE (either may be NULL): a function with a linkage
   name by it alone ("foo" would name every C++ overload), with its
   structor variants under CT_SYMBOL_STRUCTORS; one without by NAME,
   and under CT_SYMBOL_DEMANGLE by the demangled SYM.  Returns 1, 0, or
   -1 with CALLTAB_E_NOMEM set (only under CT_SYMBOL_DEMANGLE).  */
int __calltab_symbol_names (const char *sym, const char *name,
			    const char *linkage, unsigned int how);

/* Which destructor the mangled SYM is (Itanium C++ ABI: '0' deleting,
   '1' complete object, '2' base object, '4', '5'), 0 if none.  */
char __calltab_destructor_kind (const char *sym);

/* SYM, a constructor's or destructor's mangled name, as its variant KIND
   ('1', '2', '4': "_ZN1AD1Ev" and '2' give "_ZN1AD2Ev"), written into
   BUF of SIZE bytes; NULL when SYM is neither or BUF is too small.  GCC
   emits one variant as an alias of another when their code is the same.  */
const char *__calltab_structor_variant (const char *sym, char kind,
					char *buf, size_t size);

/* Whether SYMBOL is a deallocation function's name: free, or the
   global operator delete or delete[] (any form).  With STANDARD, only
   the forms the C++ library defines ([new.delete]).  */
bool __calltab_deallocator_name (const char *symbol, bool standard);

/* The symbol of the function the thunk SYM leads to ("_ZThn8_N1C1fEv",
   this adjusted, then "_ZN1C1fEv"; _ZTv: a virtual offset, _ZTc: a
   covariant return), written into BUF of SIZE bytes; NULL when SYM is
   not a thunk's or BUF is too small.  */
const char *__calltab_thunk_target (const char *sym, char *buf,
				    size_t size);

#endif /* common.h */
