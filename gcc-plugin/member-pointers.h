/* member-pointers.h: calls through C++ member-function pointers
   (member-pointers.cc), for .debug_pcall (docs/format.md).  */

#ifndef CALLTAB_MEMBER_POINTERS_H
#define CALLTAB_MEMBER_POINTERS_H

/* What the pass before expand noted about one call statement.  */
struct calltab_member_pointer_note
{
  location_t loc;		/* the call's locus (LOCATION_LOCUS) */
  unsigned HOST_WIDE_INT value;	/* the .debug_pcall value */
  tree callee;			/* a direct call's function, or NULL_TREE */
  bool ambiguous;		/* another call at LOC has another value */
};

/* Register the pass (after "optimized"), on targets whose member-function
   pointers carry the virtual bit in __pfn; it runs where ENABLED (DATA)
   says.  */
void calltab_member_pointers_init (const char *plugin_name,
				   bool (*enabled) (void *), void *data);

/* The .debug_pcall value of the call of function DECL at location LOC
   (CALLEE its function for a direct call, NULL_TREE for an indirect one):
   true and *VALUE set when the pass noted one, and only one, there.  */
bool calltab_member_pointer_call (tree decl, location_t loc, tree callee,
				  unsigned HOST_WIDE_INT *value);

#endif /* CALLTAB_MEMBER_POINTERS_H */
