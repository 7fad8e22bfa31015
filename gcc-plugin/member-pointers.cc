/* member-pointers.cc: calls through C++ member-function pointers, found
   on GIMPLE for .debug_pcall (docs/format.md).

   `(object->*method) ()' is an indirect call of a PHI of two values: the
   pointer's __pfn, and the entry of the object's vtable at __pfn - 1
   (Itanium C++ ABI 2.3: a virtual member's __pfn is its vtable offset
   plus 1).  Its slot is a run-time value; what the plugin can record is
   where it comes from and where it goes:
     - at an indirect call, the parameter K whose pointer is called, when
       the pointer reaches the call unchanged from the function's entry;
     - at a direct call, the argument K that is a constant pointer to the
       virtual member in slot S.
   A pass right before expand notes both per call statement, by its
   locus (file, line and column); final finds them again by the call
   insn's (call-sites.cc), as it does the virtual tail calls.  A locus
   two noted calls share with different values is not used.  */

#include "gcc-compat.h"
#include "calltab-plugin.h"
#include "member-pointers.h"

namespace {

/* The notes of the function the pass last ran on.  */
auto_vec<calltab_member_pointer_note> notes;
tree notes_decl = NULL_TREE;

/* FIELD's name is NAME.  */
bool
field_named (tree field, const char *name)
{
  return (field != NULL_TREE && TREE_CODE (field) == FIELD_DECL
	  && DECL_NAME (field) != NULL_TREE
	  && strcmp (IDENTIFIER_POINTER (DECL_NAME (field)), name) == 0);
}

/* Whether TYPE is the C++ front end's pointer to member function: a
   record of __pfn (a pointer to a method) and __delta (the C++ macro
   TYPE_PTRMEMFUNC_P is not available to plugins).  */
bool
member_pointer_type_p (tree type)
{
  if (type == NULL_TREE || TREE_CODE (type) != RECORD_TYPE)
    return false;
  tree pfn = TYPE_FIELDS (type);
  while (pfn != NULL_TREE && TREE_CODE (pfn) != FIELD_DECL)
    pfn = DECL_CHAIN (pfn);
  if (!field_named (pfn, "__pfn") || !POINTER_TYPE_P (TREE_TYPE (pfn))
      || TREE_CODE (TREE_TYPE (TREE_TYPE (pfn))) != METHOD_TYPE)
    return false;
  tree delta = DECL_CHAIN (pfn);
  while (delta != NULL_TREE && TREE_CODE (delta) != FIELD_DECL)
    delta = DECL_CHAIN (delta);
  return field_named (delta, "__delta");
}

/* The SSA name or value V without the conversions GIMPLE puts between a
   pointer and an integer.  */
tree
strip_converts (tree v)
{
  for (unsigned depth = 0; depth < 8 && TREE_CODE (v) == SSA_NAME; depth++)
    {
      gimple *def = SSA_NAME_DEF_STMT (v);
      if (!is_gimple_assign (def)
	  || !CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (def)))
	break;
      v = gimple_assign_rhs1 (def);
    }
  return v;
}

/* The index of PARM among the current function's parameters, or -1.  */
int
parameter_index (tree parm)
{
  int k = 0;
  for (tree p = DECL_ARGUMENTS (current_function_decl); p != NULL_TREE;
       p = DECL_CHAIN (p), k++)
    if (p == parm)
      return k;
  return -1;
}

/* Whether any statement of the current function may store to PARM.  */
bool
stored_to_p (tree parm)
{
  if (TREE_ADDRESSABLE (parm))
    return true;
  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gimple *stmt = gsi_stmt (gsi);
	if (!gimple_vdef (stmt))
	  continue;
	tree lhs = gimple_get_lhs (stmt);
	if (lhs != NULL_TREE && get_base_address (lhs) == parm)
	  return true;
      }
  return false;
}

/* The member-function pointer parameter of the current function whose
   __pfn REF reads, or NULL_TREE: `P.__pfn' (GCC 12, 16) or `MEM <T>
   [(struct *)&P]' of __pfn's size (GCC 14's SRA).  */
tree
pfn_parameter_read (tree ref)
{
  tree parm = NULL_TREE;
  if (TREE_CODE (ref) == COMPONENT_REF
      && field_named (TREE_OPERAND (ref, 1), "__pfn"))
    parm = TREE_OPERAND (ref, 0);
  else if (TREE_CODE (ref) == MEM_REF
	   && TREE_CODE (TREE_OPERAND (ref, 0)) == ADDR_EXPR
	   && integer_zerop (TREE_OPERAND (ref, 1)))
    {
      parm = TREE_OPERAND (TREE_OPERAND (ref, 0), 0);
      /* __pfn is the first field, at offset 0: the read must be of its
	 size.  */
      if (TREE_CODE (parm) != PARM_DECL
	  || !member_pointer_type_p (TREE_TYPE (parm))
	  || !operand_equal_p (TYPE_SIZE (TREE_TYPE (ref)),
			       TYPE_SIZE (ptr_type_node), 0))
	return NULL_TREE;
    }
  if (parm == NULL_TREE || TREE_CODE (parm) != PARM_DECL
      || DECL_CONTEXT (parm) != current_function_decl
      || DECL_BY_REFERENCE (parm)
      || !member_pointer_type_p (TREE_TYPE (parm)))
    return NULL_TREE;
  return parm;
}

/* If V is the __pfn of a member-function pointer parameter that nothing
   stores to (so every load of it reads its value at entry), its index;
   else -1.  */
int
entry_pfn_parameter (tree v)
{
  if (TREE_CODE (v) != SSA_NAME)
    return -1;
  gimple *def = SSA_NAME_DEF_STMT (v);
  if (!gimple_assign_single_p (def))
    return -1;
  tree parm = pfn_parameter_read (gimple_assign_rhs1 (def));
  if (parm == NULL_TREE || stored_to_p (parm))
    return -1;
  return parameter_index (parm);
}

/* The address V is loaded from, `V = *ADDR' (a MEM_REF at offset 0), or
   NULL_TREE.  */
tree
load_address (tree v)
{
  if (TREE_CODE (v) != SSA_NAME)
    return NULL_TREE;
  gimple *load = SSA_NAME_DEF_STMT (v);
  if (!gimple_assign_single_p (load))
    return NULL_TREE;
  tree mem = gimple_assign_rhs1 (load);
  if (TREE_CODE (mem) != MEM_REF || !integer_zerop (TREE_OPERAND (mem, 1)))
    return NULL_TREE;
  return TREE_OPERAND (mem, 0);
}

/* Whether L is loaded from OBJECT's vtable at PFN - 1: L = *(VPTR + OFF),
   VPTR = *OBJECT, OFF = PFN - 1 (through conversions).  */
bool
vtable_entry_load_p (tree l, tree pfn, tree object)
{
  tree addr = load_address (l);
  if (addr == NULL_TREE || TREE_CODE (addr) != SSA_NAME)
    return false;
  gimple *add = SSA_NAME_DEF_STMT (addr);
  if (!is_gimple_assign (add)
      || gimple_assign_rhs_code (add) != POINTER_PLUS_EXPR)
    return false;
  /* VPTR: the load of the object's first word.  */
  if (load_address (gimple_assign_rhs1 (add)) != object)
    return false;
  /* OFF: PFN - 1.  */
  tree off = strip_converts (gimple_assign_rhs2 (add));
  if (TREE_CODE (off) != SSA_NAME)
    return false;
  gimple *sub = SSA_NAME_DEF_STMT (off);
  if (!is_gimple_assign (sub) || gimple_assign_rhs_code (sub) != PLUS_EXPR
      || !integer_minus_onep (gimple_assign_rhs2 (sub)))
    return false;
  return strip_converts (gimple_assign_rhs1 (sub)) == strip_converts (pfn);
}

/* For the indirect call CALL: the parameter whose member-function pointer
   it calls, unchanged since entry, or -1.  */
int
called_parameter (gcall *call)
{
  tree fn = gimple_call_fn (call);
  if (fn == NULL_TREE || TREE_CODE (fn) != SSA_NAME
      || gimple_call_num_args (call) == 0)
    return -1;
  gimple *def = SSA_NAME_DEF_STMT (fn);
  if (gimple_code (def) != GIMPLE_PHI || gimple_phi_num_args (def) != 2)
    return -1;
  tree object = gimple_call_arg (call, 0);
  for (unsigned i = 0; i < 2; i++)
    {
      tree pfn = gimple_phi_arg_def (def, i);
      tree other = gimple_phi_arg_def (def, 1 - i);
      int k = entry_pfn_parameter (strip_converts (pfn));
      if (k >= 0 && vtable_entry_load_p (other, pfn, object))
	return k;
    }
  return -1;
}

/* For argument ARG of the call CALL: the constant __pfn stored into it
   right before the call, with __delta 0 (in CALL's block, nothing in
   between that may store elsewhere), or NULL_TREE.  A pointer with
   another __delta adjusts the object to a base with a vtable of its
   own: not recorded.  */
tree
constant_pfn_argument (gcall *call, tree arg)
{
  if (!DECL_P (arg) || !member_pointer_type_p (TREE_TYPE (arg)))
    return NULL_TREE;
  bool delta_zero = false;
  gimple_stmt_iterator gsi = gsi_for_stmt (call);
  for (gsi_prev (&gsi); !gsi_end_p (gsi); gsi_prev (&gsi))
    {
      gimple *stmt = gsi_stmt (gsi);
      if (is_gimple_debug (stmt))
	continue;
      if (!gimple_vdef (stmt))
	{
	  if (gimple_has_side_effects (stmt))
	    return NULL_TREE;
	  continue;
	}
      if (!gimple_assign_single_p (stmt))
	return NULL_TREE;
      tree lhs = gimple_assign_lhs (stmt);
      tree rhs = gimple_assign_rhs1 (stmt);
      if (TREE_CODE (lhs) == COMPONENT_REF && TREE_OPERAND (lhs, 0) == arg)
	{
	  if (field_named (TREE_OPERAND (lhs, 1), "__delta"))
	    {
	      if (!integer_zerop (rhs))
		return NULL_TREE;
	      delta_zero = true;
	      continue;
	    }
	  if (!field_named (TREE_OPERAND (lhs, 1), "__pfn"))
	    return NULL_TREE;
	  return delta_zero && TREE_CODE (rhs) == INTEGER_CST ? rhs : NULL_TREE;
	}
      /* A store to anything else may alias ARG's parts: stop.  */
      return NULL_TREE;
    }
  return NULL_TREE;
}

/* Add NOTE, or make the note at its location ambiguous when another
   differs.  */
void
add_note (const calltab_member_pointer_note &note)
{
  for (calltab_member_pointer_note &n : notes)
    if (n.loc == note.loc)
      {
	if (n.value != note.value || n.callee != note.callee)
	  n.ambiguous = true;
	return;
      }
  notes.safe_push (note);
}

/* Note the current function's calls through member-function pointers and
   its calls passing constant pointers to virtual members.  */
void
find_member_pointer_calls (void)
{
  notes.truncate (0);
  notes_decl = current_function_decl;
  unsigned HOST_WIDE_INT entry_size
    = tree_to_uhwi (TYPE_SIZE_UNIT (ptr_type_node));
  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gcall *call = dyn_cast<gcall *> (gsi_stmt (gsi));
	if (call == NULL || gimple_call_internal_p (call))
	  continue;
	/* The locus alone: the plugin's discriminators (and GCC 13's own)
	   change the insn's location after this pass.  */
	location_t loc = LOCATION_LOCUS (gimple_location (call));
	if (loc == UNKNOWN_LOCATION)
	  continue;		/* nothing to find it again by */
	if (gimple_call_fndecl (call) == NULL_TREE)
	  {
	    int k = called_parameter (call);
	    if (k >= 0 && k <= CALLTAB_PCALL_MAX_ARG)
	      add_note ({ loc, CALLTAB_PCALL_PARAM (k), NULL_TREE, false });
	    continue;
	  }
	for (unsigned k = 0;
	     k < gimple_call_num_args (call) && k <= CALLTAB_PCALL_MAX_ARG; k++)
	  {
	    tree pfn = constant_pfn_argument (call, gimple_call_arg (call, k));
	    if (pfn == NULL_TREE || !tree_fits_uhwi_p (pfn))
	      continue;
	    unsigned HOST_WIDE_INT v = tree_to_uhwi (pfn);
	    /* A virtual member's: odd, an entry's offset plus 1.  */
	    if ((v & 1) == 0 || (v - 1) % entry_size != 0)
	      continue;
	    add_note ({ loc, CALLTAB_PCALL_ARG_SLOT (k, (v - 1) / entry_size),
			gimple_call_fndecl (call), false });
	    /* One record per call: the value says which argument.  */
	    break;
	  }
      }
}

const pass_data member_pointers_pass_data = {
  GIMPLE_PASS, "calltab_member_pointers", OPTGROUP_NONE, TV_NONE,
  PROP_cfg | PROP_ssa, 0, 0, 0, 0
};

class member_pointers_pass : public gimple_opt_pass
{
public:
  member_pointers_pass (gcc::context *ctxt, bool (*enabled) (void *),
			void *data)
    : gimple_opt_pass (member_pointers_pass_data, ctxt),
      m_enabled (enabled), m_data (data)
  {
  }
  /* Where the tables are emitted (call-sites.cc says).  */
  bool gate (function *) final override
  {
    return m_enabled (m_data);
  }
  unsigned int execute (function *) final override
  {
    find_member_pointer_calls ();
    return 0;
  }

private:
  bool (*m_enabled) (void *);
  void *m_data;
};

} // anon namespace

bool
calltab_member_pointer_call (tree decl, location_t loc, tree callee,
			     unsigned HOST_WIDE_INT *value)
{
  if (decl != notes_decl)
    return false;
  loc = LOCATION_LOCUS (loc);
  if (loc == UNKNOWN_LOCATION)
    return false;
  for (const calltab_member_pointer_note &n : notes)
    if (n.loc == loc && n.callee == callee)
      {
	if (n.ambiguous)
	  return false;
	*value = n.value;
	return true;
      }
  return false;
}

void
calltab_member_pointers_init (const char *plugin_name,
			      bool (*enabled) (void *), void *data)
{
  /* The C++ pointer layout with the virtual bit in __pfn (x86-64's).  */
  if (TARGET_PTRMEMFUNC_VBIT_LOCATION != ptrmemfunc_vbit_in_pfn)
    return;
  struct register_pass_info info;
  info.pass = new member_pointers_pass (g, enabled, data);
  info.reference_pass_name = "optimized";
  info.ref_pass_instance_number = 1;
  info.pos_op = PASS_POS_INSERT_AFTER;
  register_callback (plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL, &info);
}
