/* call-tables.h: what the recording of call sites (call-sites.cc) and
   the emission of the tables (call-tables.cc) share.

   Nothing here holds a tree: trees may be collected between functions,
   so everything the tables need is copied when a call is recorded.  */

#ifndef CALLTAB_CALL_TABLES_H
#define CALLTAB_CALL_TABLES_H

/* A function the declaration units have DIEs for: a callee of a direct
   call, or a caller with recorded calls, or both.  */
struct ct_function
{
  const char *key;		/* assembler name: identity within the TU */
  const char *name;		/* DW_AT_name */
  const char *linkage_name;	/* DW_AT_linkage_name, or NULL when = name */
  bool external;		/* DW_AT_external */
  /* Whether NAME, LINKAGE_NAME and EXTERNAL come from a declaration that
     is not a builtin's (call-sites.cc prefers one).  */
  bool named_by_decl;
  /* Set when the function is a caller: its COMDAT group (NULL unless its
     code is in one), and the index in call_record::callers of each of
     its parts that has recorded calls (CT_ENTRY_PART, CT_OTHER_PART), or
     -1.  */
  const char *comdat_group;
  int part[2];
};

/* The parts of a function: GCC may split a function into a hot and a
   cold part, each contiguous, in different sections (foo in .text,
   foo.cold in .text.unlikely).  The entry part is where final starts the
   function; the other part is the rest.  */
enum { CT_ENTRY_PART = 0, CT_OTHER_PART = 1 };

/* One contiguous part of a function that makes recorded calls: it gets
   a caller DIE of its own and its own table units (its start is where
   its call sites are: the DIE carries no address).  */
struct ct_caller
{
  unsigned function;		/* index in call_record::functions */
  unsigned part;		/* CT_ENTRY_PART or CT_OTHER_PART */
  unsigned n_dcall, n_vcall, n_tcall, n_pcall;	/* entries in its units */
};

/* What a recorded call is.  */
enum ct_call_kind
{
  CT_CALL_DIRECT,		/* .debug_dcall: VALUE the callee */
  CT_CALL_VIRTUAL,		/* .debug_vcall: VALUE the vtable slot */
  CT_CALL_TAIL,			/* .debug_tcall: VALUE the callee, or
				   CT_TAIL_INDIRECT */
  CT_CALL_MEMBER_POINTER	/* .debug_pcall: VALUE the entry's value
				   (calltab-format.h) */
};
#define CT_TAIL_INDIRECT ((unsigned HOST_WIDE_INT) -1)

/* One recorded call.  */
struct ct_call
{
  unsigned caller;		/* index in call_record::callers */
  /* The return address: .Lcalltab_ret<LABEL>, or with DEBUG_LABEL
     .LDL<LABEL>, the label final prints for the note the plugin put
     after a call of a function without debug information (a thunk).  */
  unsigned label;
  bool debug_label;
  ct_call_kind kind;
  unsigned HOST_WIDE_INT value;	/* callee index, vtable slot, or the
				   .debug_pcall value */
};

/* Whether C's VALUE is a callee index in call_record::functions (and not
   a slot, a .debug_pcall value or CT_TAIL_INDIRECT).  */
inline bool
ct_call_names_function (const ct_call &c)
{
  return (c.kind == CT_CALL_DIRECT
	  || (c.kind == CT_CALL_TAIL && c.value != CT_TAIL_INDIRECT));
}

/* A vtable the TU emits (docs/format.md "Vtables"), or a read-only
   variable holding function pointers (POINTER_TABLE: "Pointer tables").  */
struct ct_vtable
{
  bool pointer_table;		/* DW_TAG_calltab_pointer_table */
  const char *symbol;		/* _ZTV...: DW_AT_linkage_name, location */
  const char *name;		/* the class's (variable's) qualified name:
				   DW_AT_name */
  const char *comdat_group;	/* its COMDAT group, or NULL */
  unsigned HOST_WIDE_INT size;	/* DW_AT_byte_size */
  /* Its function pointers: call_record::vtable_entries
     [first_entry, first_entry + n_entries).  */
  unsigned first_entry, n_entries;
};

/* A function pointer in a vtable or a pointer table: a
   DW_TAG_calltab_vtable_entry.  */
struct ct_vtable_entry
{
  unsigned HOST_WIDE_INT offset;	/* from the object's start */
  const char *symbol;			/* the function's assembler name */
};

/* Call instructions seen in the TU, by kind (stats).  */
struct ct_counts
{
  unsigned direct, virt, sibling, other_indirect;
};

/* What one translation unit's recording holds, owned by call-sites.cc
   and read by call-tables.cc.  */
struct call_record
{
  vec<ct_function> functions;
  vec<ct_caller> callers;	/* in the order of their first call */
  vec<ct_call> calls;		/* in the order final emitted them */
  vec<ct_vtable> vtables;	/* vtables and pointer tables, in the
				   varpool's order */
  vec<ct_vtable_entry> vtable_entries;	/* by vtable, by offset */
  /* Every tail call is recorded (-fplugin-arg-calltab-tcall): the
     declaration units say so, and the TU's is written even when empty.  */
  bool tail_calls;
  ct_counts seen;
};

/* Emit the declaration units, the vtable DIEs and the tables for what
   REC holds (at PLUGIN_FINISH_UNIT); returns the number of bytes
   emitted.  */
unsigned HOST_WIDE_INT calltab_emit_tables (const call_record &rec);

#endif /* CALLTAB_CALL_TABLES_H */
