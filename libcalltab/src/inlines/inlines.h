/* inlines.h: the inline tree behind calltab_where, calltab_inlines_find
   and the inline stacks of afdo.c (internal; inlines.c builds it and
   walks the chain at an address, inlines-find.c lists the copies of a
   function).  */

#ifndef CALLTAB_INLINES_H
#define CALLTAB_INLINES_H 1

#include "reader/libcalltabP.h"
#include "disamb/disamb.h"

#define IN_NONE UINT32_MAX

/* One range of a node, DWARF addresses [LOW, HIGH).  */
struct in_range
{
  uint64_t low, high;
  uint32_t node;		/* the node it belongs to */
  uint32_t parent;		/* that node's parent (sorting) */
};

/* A function with code (root) or an inlined copy.  */
struct in_node
{
  uint64_t die;			/* DW_TAG_subprogram / _inlined_subroutine */
  uint64_t origin;		/* DW_AT_abstract_origin, or DIE */
  uint32_t parent;		/* enclosing node, IN_NONE for a root */
  uint32_t kids, nkids;		/* its children's ranges in in_cu.kids */
  uint32_t ranges, nranges;	/* its own ranges in in_cu.ranges */
  uint32_t call_file;		/* DW_AT_call_file (has_call_file) */
  int call_line, call_column;
  unsigned int call_discr;	/* DW_AT_GNU_discriminator */
  bool inlined, has_call_file;
};

struct in_cu
{
  uint64_t offset;		/* of the unit DIE */
  Dwarf_Die cudie;
  Dwarf_Files *files;		/* its line table's files, or NULL */
  size_t nfiles;
  struct in_node *nodes;	/* in DIE order */
  size_t nnodes, nodes_alloc;
  struct in_range *ranges;	/* every node's, node order */
  size_t nranges, ranges_alloc;
  struct in_range *kids;	/* non-root ranges by parent, then low */
  size_t nkids;
  struct in_range *roots;	/* root ranges by low */
  uint64_t *roots_end;		/* running maximum of roots[].high */
  size_t nroots;
};

/* The names of one function DIE.  */
struct in_name
{
  uint64_t die;
  const char *name;		/* as written; never NULL ("??") */
  const char *name_noparams;	/* C++ without parameters, or NULL */
  const char *plain;		/* DW_AT_name, or NULL */
  const char *linkage_name;	/* or NULL */
  const char *decl_file;	/* or NULL */
  int decl_line;
  bool used;
};

/* A hash table of in_name by their key (DIE), open addressing; its
   size a power of 2, at most half full.  */
struct in_table
{
  struct in_name *slots;
  size_t size, used;
};

struct Calltab_Inlines
{
  Calltab *ct;
  Dwarf *dwarf;
  uint64_t mbias;		/* libdwfl's bias of the module */
  uint64_t delta;		/* DWARF address - file address */
  bool relocatable;		/* ET_REL: address 0 is a real one */
  uint64_t text_base;		/* ET_REL: where libdwfl placed .text */
  struct in_cu **cus;		/* built so far, by offset */
  size_t ncus, cus_alloc;
  struct in_cu *last;		/* the last one used */
  struct in_table names;	/* by DIE offset */
  struct in_table syms;		/* demangled ELF symbols, by pointer */
  struct ct_strpool strings;	/* the demangled names */
};

const struct in_name *__calltab_in_name (Calltab_Inlines *ix, uint64_t off);
struct in_cu *__calltab_in_cu (Calltab_Inlines *ix, Dwarf_Die *cudie);
const char *__calltab_in_file (const struct in_cu *cu, uint32_t idx);

/* The innermost node holding file address ADDR: in *CU the tree of its
   unit (NULL when no unit holds ADDR), in *NODE the node (IN_NONE when
   no function of the unit holds it).  Among the functions holding ADDR
   (merged code), the one whose DIE is SUBPROGRAM when it is one, even in
   another unit, else the first by DIE offset (SUBPROGRAM 0).  Called
   under the lock.  Returns 0, -1 out of memory.  */
int __calltab_in_at (Calltab_Inlines *ix, uint64_t addr, uint64_t subprogram,
		     struct in_cu **cu, uint32_t *node);

/* The first DWARF address after PC at which the innermost node holding
   it may no longer be NODE of CU (__calltab_in_at's answer at PC): the
   end of a range of NODE or of an enclosing node holding PC, or the
   start of a child's range; UINT64_MAX when none is known.  */
uint64_t __calltab_in_stretch_end (const struct in_cu *cu, uint32_t node,
				   uint64_t pc);

int __calltab_in_symbol (Calltab_Inlines *ix, uint64_t addr,
			 const char *want, const char **symbol,
			 const char **name, size_t *distinct);

/* Name F, the out-of-line function of a chain at file address ADDR,
   by its ELF symbol (demangled), and set F->nfunctions.  Takes the
   handle's lock on first use (the disambiguation index): not to be
   called with it held.  Returns 0, -1 out of memory.  */
int __calltab_in_symbol_name (Calltab_Inlines *ix, uint64_t addr,
			      Calltab_Inline_Frame *f);

/* The chain from node NODE of CU up to its root, NODE first, into
   *FRAMES (malloc'ed) and *N: NODE's position is *FIRST, each other
   level's the call site of the level below; the ranges are those
   holding PC (DWARF address).  Returns 0, -1 out of memory.  */
int __calltab_in_chain (Calltab_Inlines *ix, const struct in_cu *cu,
			uint32_t node, uint64_t pc,
			const Calltab_Inline_Frame *first,
			Calltab_Inline_Frame **frames, size_t *n);

#endif /* inlines.h */
