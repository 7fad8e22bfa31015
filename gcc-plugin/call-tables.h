/* call-tables.h: what the recording of call sites (call-sites.cc) and
   the emission of the tables (call-tables.cc) share.

   Nothing here holds a tree: trees may be collected between functions,
   so everything the tables need is copied when a call is recorded.  */

#ifndef CALLTAB_CALL_TABLES_H
#define CALLTAB_CALL_TABLES_H

/* A function the declaration unit has a DIE for: a callee of a direct
   call, or a caller with recorded calls, or both.  */
struct ct_function
{
  const char *key;		/* assembler name: identity within the TU */
  const char *name;		/* DW_AT_name */
  const char *linkage_name;	/* DW_AT_linkage_name, or NULL when = name */
  bool external;		/* DW_AT_external */
  /* Set when the function is a caller that has recorded calls.  */
  bool caller;
  unsigned entry_label;		/* .Lcalltab_fn<N>: its entry address */
  const char *comdat_group;	/* NULL unless its code is in a COMDAT group */
  unsigned n_dcall, n_vcall;	/* entries in its units */
};

/* One recorded call.  */
struct ct_call
{
  unsigned caller;		/* index in call_record::functions */
  unsigned label;		/* .Lcalltab_ret<N>: the return address */
  bool is_virtual;
  unsigned HOST_WIDE_INT value;	/* callee index, or the vtable slot */
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
  vec<ct_call> calls;		/* in the order final emitted them */
  ct_counts seen;
};

/* Emit the declaration unit and the tables for what REC holds (at
   PLUGIN_FINISH_UNIT); returns the number of bytes emitted.  */
unsigned HOST_WIDE_INT calltab_emit_tables (const call_record &rec);

#endif /* CALLTAB_CALL_TABLES_H */
