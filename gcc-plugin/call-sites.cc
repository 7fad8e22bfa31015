/* call-sites.cc: record every call instruction as final emits it.

   final calls debug_hooks->begin_prologue at the entry of every function
   with debug information and var_location right after it has output
   each call insn (debug-hooks.cc wraps them and calls this part); at
   those two points the plugin prints a local label into the code: the
   caller's entry address and the call's return address.  Labels take no
   bytes, so the code is unchanged.  A call belongs to the part of its
   function that final is emitting it in: GCC may split a function into
   a hot and a cold part (foo and foo.cold), each part gets a caller DIE
   and table units of its own.  At the end of the unit,
   call-tables.cc emits what was recorded (docs/format.md).

   Functions without debug information (DECL_IGNORED_P) get neither hook
   from final: among them the this-adjusting thunks GCC expands as
   functions of their own (a thunk whose target is inlined into it, at
   -O1 and above, emitted into its target's section), which make calls
   like any function.  For those, a pass just before final puts a
   NOTE_INSN_DELETED_DEBUG_LABEL after every call insn, which final
   prints as the label .LDL<N> (the return address) whatever the
   function, and a pass just after final records the calls, the
   function's parts and their start as final left them.  A thunk GCC
   outputs directly (targetm.asm_out.output_mi_thunk, no pass runs)
   adjusts `this' and jumps: it makes no call, so it needs no entry.

   The vtables the unit emits are collected at its end, for their DIEs
   (docs/format.md "Vtables").  */

#include "gcc-compat.h"
#include "calltab-plugin.h"
#include "call-tables.h"
#include "member-pointers.h"

namespace {

/* The recording of call sites for one compilation.  */
struct call_sites
{
  explicit call_sites (const calltab_options &o) : opts (o) {}

  const calltab_options &opts;
  call_record rec = call_record ();

  /* Function index by assembler name.  */
  hash_map<nofree_string_hash, unsigned> *function_index = NULL;

  /* The function final is emitting: its decl (to know it is still the
     same one) and the index in rec.callers of each of its parts once the
     part has a call.  */
  tree current_decl = NULL_TREE;
  int current_part[2] = { -1, -1 };

  /* The call insns of the current function without debug information
     and the number of the label final prints after each (its note).  */
  struct marked_call
  {
    rtx_insn *insn;
    int label;			/* -1 when the unit gets no tables */
  };
  auto_vec<marked_call> ignored_calls;

  unsigned next_label = 0;

  /* The virtual tail calls of the function being compiled, as expand
     made them (calltab_virtual_sibcalls): the x86 back end's peephole
     that folds the vtable load into the jump (*sibcall_memory) makes a
     new MEM without the OBJ_TYPE_REF, so final finds them again by their
     location.  A location two tail calls share is not used.  */
  struct sibcall_note
  {
    location_t loc;
    HOST_WIDE_INT slot;		/* -1: ambiguous, or not virtual */
    tree method;
  };
  auto_vec<sibcall_note> virtual_sibcalls;
  tree virtual_sibcalls_decl = NULL_TREE;

  /* Whether this TU gets tables (-g, DWARF, an enabled table); without,
     calls are only counted for the stats.  */
  bool emitting = false;

  unsigned function_for (const char *asmname, tree decl);
  void name_function (ct_function &f, tree decl);
  unsigned current_caller (unsigned part);
  unsigned direct_callee (rtx mem);
  void record (rtx_insn *insn, unsigned part, int debug_label);
  void find_virtual_sibcalls (void);
  bool virtual_sibcall (rtx_insn *insn, HOST_WIDE_INT *slot, tree *method);
  void mark_ignored_calls (void);
  void record_ignored_calls (void);
  void collect_vtables (void);
  void collect_function_pointers (tree init, unsigned HOST_WIDE_INT base,
				  unsigned depth);
};

/* Print the local label PREFIX<N>: into the code: fputs (unlocked,
   system.h) and final.cc's fprint_ul, at a tenth of fprintf's cost, once
   per call (docs/cost.md).  */
void
print_label (const char *prefix, unsigned n)
{
  fputs (prefix, asm_out_file);
  fprint_ul (asm_out_file, n);
  fputs (":\n", asm_out_file);
}

/* NAME with the target's encoding ("*" for names given by asm) removed.  */
const char *
plain_name (const char *name)
{
  return targetm.strip_name_encoding (name);
}

/* The DW_AT_name of DECL as dwarf2out would write it.  */
const char *
dwarf_name (tree decl)
{
  const char *name = lang_hooks.dwarf_name (decl, 0);
  if (name == NULL || *name == '\0')
    name = IDENTIFIER_POINTER (DECL_NAME (decl));
  return name;
}

/* The declaration whose name GCC's own DIE gives DECL: an IPA clone
   (foo.isra.0, foo.constprop.0, foo.part.0, ...) is described in GCC's
   DWARF by its abstract origin, the source function (its ultimate
   origin: a clone of a clone points to the first).  */
tree
source_decl (tree decl)
{
  /* The bound only keeps a malformed chain finite.  */
  for (unsigned depth = 0; depth < 64; depth++)
    {
      tree origin = DECL_ABSTRACT_ORIGIN (decl);
      /* A clone that is the only version left (its origin's body was
	 removed) may have no abstract origin; the call graph still
	 knows what it was cloned from.  */
      if (origin == NULL_TREE)
	if (cgraph_node *node = cgraph_node::get (decl))
	  origin = (node->former_clone_of != NULL_TREE
		    ? node->former_clone_of
		    : node->clone_of != NULL ? node->clone_of->decl
		    : NULL_TREE);
      if (origin == NULL_TREE || origin == decl
	  || TREE_CODE (origin) != FUNCTION_DECL)
	break;
      decl = origin;
    }
  return decl;
}

/* Whether DECL is a normal builtin's own declaration (__builtin_memcmp):
   GCC emits a call to the library function through it (memcmp, its
   assembler name), and the function that runs is the library's, named
   as the library declares it, not __builtin_memcmp.  A user's
   declaration of memcmp, even one GCC has merged with the builtin, is
   another decl.  */
bool
builtin_own_decl_p (tree decl)
{
  return (fndecl_built_in_p (decl, BUILT_IN_NORMAL)
	  && builtin_decl_explicit (DECL_FUNCTION_CODE (decl)) == decl);
}

/* Name F (whose key is set) after DECL, or by its symbol when DECL is
   NULL: DW_AT_name is the name GCC's own DIE gives the source function,
   DW_AT_linkage_name the symbol actually called.  */
void
call_sites::name_function (ct_function &f, tree decl)
{
  if (f.name != f.key)
    free (const_cast<char *> (f.name));
  f.name = f.key;
  f.external = true;
  f.named_by_decl = decl != NULL_TREE;
  if (decl != NULL_TREE)
    {
      tree src = source_decl (decl);
      if (DECL_NAME (src) != NULL_TREE)
	f.name = xstrdup (dwarf_name (src));
      f.external = TREE_PUBLIC (decl);
    }
  f.linkage_name = strcmp (f.name, f.key) != 0 ? f.key : NULL;
}

/* The index of the function with assembler name ASMNAME, adding it
   (described by DECL, which may be NULL for a callee known only by its
   symbol, e.g. __tls_get_addr) if it is new.  The names do not depend
   on which of the decls of one symbol comes first: a builtin's own decl
   names it by its symbol, and any other decl seen later replaces that
   (docs/format.md).  */
unsigned
call_sites::function_for (const char *asmname, tree decl)
{
  asmname = plain_name (asmname);
  if (decl != NULL_TREE && builtin_own_decl_p (decl))
    decl = NULL_TREE;
  if (unsigned *known = function_index->get (asmname))
    {
      ct_function &f = rec.functions[*known];
      if (decl != NULL_TREE && !f.named_by_decl)
	name_function (f, decl);
      return *known;
    }

  ct_function f = ct_function ();
  f.key = xstrdup (asmname);
  f.name = f.key;
  name_function (f, decl);
  f.part[CT_ENTRY_PART] = f.part[CT_OTHER_PART] = -1;
  unsigned slot = rec.functions.length ();
  function_index->put (f.key, slot);
  rec.functions.safe_push (f);
  return slot;
}

/* The part of the current function final is emitting: with a hot/cold
   partition (crtl->has_bb_partition), the function starts in the cold
   section when first_function_block_is_cold, and final flips
   in_cold_section_p at NOTE_INSN_SWITCH_TEXT_SECTIONS.  */
unsigned
emitting_part (void)
{
  return (crtl->has_bb_partition
	  && in_cold_section_p != first_function_block_is_cold
	  ? CT_OTHER_PART : CT_ENTRY_PART);
}

/* The caller record of PART of the current function, made on the
   part's first call.  */
unsigned
call_sites::current_caller (unsigned part)
{
  if (current_part[part] >= 0)
    return current_part[part];
  tree decl = current_function_decl;
  const char *asmname = IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (decl));
  unsigned i = function_for (asmname, decl);
  ct_function &f = rec.functions[i];
  gcc_assert (f.part[part] < 0);
  /* The section final put the code in is a COMDAT one exactly when the
     decl has a comdat group (resolve_unique_section, varasm.cc); the
     cold part's section is in the same group.  */
  if (HAVE_COMDAT_GROUP && DECL_COMDAT_GROUP (decl) != NULL_TREE
      && f.comdat_group == NULL)
    f.comdat_group
      = xstrdup (IDENTIFIER_POINTER (DECL_COMDAT_GROUP (decl)));
  ct_caller c = ct_caller ();
  c.function = i;
  c.part = part;
  unsigned k = rec.callers.length ();
  rec.callers.safe_push (c);
  f.part[part] = k;
  current_part[part] = k;
  return k;
}

/* The vtable slot of the C++ virtual call through MEM, or -1.  calls.cc
   gives an indirect call's MEM the expression *FN, FN being the
   OBJ_TYPE_REF of a virtual call.  */
HOST_WIDE_INT
virtual_slot (rtx mem)
{
  tree expr = MEM_EXPR (mem);
  if (expr == NULL_TREE || TREE_CODE (expr) != MEM_REF)
    return -1;
  tree fn = TREE_OPERAND (expr, 0);
  if (TREE_CODE (fn) != OBJ_TYPE_REF
      || !tree_fits_uhwi_p (OBJ_TYPE_REF_TOKEN (fn)))
    return -1;
  return tree_to_uhwi (OBJ_TYPE_REF_TOKEN (fn));
}

/* The virtual function the C++ virtual call through MEM calls, as the
   class of its object declares it (or a primary base it inherits the
   slot from): the FUNCTION_DECL whose DECL_VINDEX is the call's token.
   NULL_TREE when it is not a virtual call, the function is a destructor
   (its variants share no name with the overriders), or it is not found.
   Its overriders share its name: a consumer finds every function the
   slot can hold by that name (docs/format.md, ".debug_tcall").  */
tree
virtual_method (rtx mem)
{
  tree expr = MEM_EXPR (mem);
  if (expr == NULL_TREE || TREE_CODE (expr) != MEM_REF
      || TREE_CODE (TREE_OPERAND (expr, 0)) != OBJ_TYPE_REF)
    return NULL_TREE;
  tree ref = TREE_OPERAND (expr, 0);
  if (!tree_fits_uhwi_p (OBJ_TYPE_REF_TOKEN (ref)))
    return NULL_TREE;
  unsigned HOST_WIDE_INT token = tree_to_uhwi (OBJ_TYPE_REF_TOKEN (ref));
  /* The object's class: what `this' points to in the method's type
     (ipa-devirt's obj_type_ref_class).  */
  tree type = TREE_TYPE (ref);
  if (type == NULL_TREE || !POINTER_TYPE_P (type)
      || TREE_CODE (TREE_TYPE (type)) != METHOD_TYPE)
    return NULL_TREE;
  tree cls = TYPE_METHOD_BASETYPE (TREE_TYPE (type));
  for (unsigned depth = 0; cls != NULL_TREE && depth < 64; depth++)
    {
      cls = TYPE_MAIN_VARIANT (cls);
      if (!RECORD_OR_UNION_TYPE_P (cls))
	return NULL_TREE;
      for (tree f = TYPE_FIELDS (cls); f != NULL_TREE; f = DECL_CHAIN (f))
	if (TREE_CODE (f) == FUNCTION_DECL && DECL_VIRTUAL_P (f)
	    && DECL_VINDEX (f) != NULL_TREE
	    && tree_fits_uhwi_p (DECL_VINDEX (f))
	    && tree_to_uhwi (DECL_VINDEX (f)) == token)
	  return DECL_CXX_DESTRUCTOR_P (f) ? NULL_TREE : f;
      /* Not declared here: the primary base (at offset 0, not virtual)
	 shares the class's vtable and its slot numbers.  */
      tree binfo = TYPE_BINFO (cls);
      if (binfo == NULL_TREE || BINFO_N_BASE_BINFOS (binfo) == 0)
	return NULL_TREE;
      tree base = BINFO_BASE_BINFO (binfo, 0);
      if (BINFO_VIRTUAL_P (base) || !integer_zerop (BINFO_OFFSET (base)))
	return NULL_TREE;
      cls = BINFO_TYPE (base);
    }
  return NULL_TREE;
}

/* Note the tail calls of the current function, right after expand:
   each one's location, and for a virtual one its slot and function.  */
void
call_sites::find_virtual_sibcalls (void)
{
  virtual_sibcalls.truncate (0);
  virtual_sibcalls_decl = current_function_decl;
  for (rtx_insn *insn = get_insns (); insn != NULL; insn = NEXT_INSN (insn))
    {
      if (!CALL_P (insn) || !SIBLING_CALL_P (insn))
	continue;
      rtx call = get_call_rtx_from (insn);
      sibcall_note v = { INSN_LOCATION (insn), -1, NULL_TREE };
      if (call != NULL_RTX && MEM_P (XEXP (call, 0)))
	{
	  v.slot = virtual_slot (XEXP (call, 0));
	  v.method = v.slot >= 0 ? virtual_method (XEXP (call, 0)) : NULL_TREE;
	  if (v.method == NULL_TREE)
	    v.slot = -1;
	}
      bool seen = false;
      for (sibcall_note &w : virtual_sibcalls)
	if (w.loc == v.loc)
	  {
	    seen = true;
	    if (w.slot != v.slot || w.method != v.method)
	      w.slot = -1;
	  }
      if (!seen)
	virtual_sibcalls.safe_push (v);
    }
}

/* The slot and function of the virtual tail call INSN of the current
   function, found by its location; false, *SLOT and *METHOD left alone,
   when it is none or cannot be told.  */
bool
call_sites::virtual_sibcall (rtx_insn *insn, HOST_WIDE_INT *slot,
			     tree *method)
{
  if (virtual_sibcalls_decl != current_function_decl)
    return false;
  for (const sibcall_note &v : virtual_sibcalls)
    if (v.loc == INSN_LOCATION (insn))
      {
	if (v.slot < 0)
	  return false;
	*slot = v.slot;
	*method = v.method;
	return true;
      }
  return false;
}

/* Whether the call through MEM is direct: the address is the callee's
   SYMBOL_REF, or with -fno-plt a load from the GOT, for which calls.cc
   still gives the MEM the callee's decl.  */
bool
direct_call_p (rtx mem)
{
  rtx addr = XEXP (mem, 0);
  tree expr = MEM_EXPR (mem);
  return (GET_CODE (addr) == SYMBOL_REF
	  || (expr != NULL_TREE && TREE_CODE (expr) == FUNCTION_DECL
	      && MEM_P (addr)));
}

/* The decl of the function the direct call through MEM calls, as the
   call statement named it, or NULL_TREE.  */
tree
direct_callee_decl (rtx mem)
{
  rtx addr = XEXP (mem, 0);
  if (GET_CODE (addr) == SYMBOL_REF)
    return SYMBOL_REF_DECL (addr);
  tree expr = MEM_EXPR (mem);
  return expr != NULL_TREE && TREE_CODE (expr) == FUNCTION_DECL
	 ? expr : NULL_TREE;
}

/* The index of the function the direct call through MEM calls.  */
unsigned
call_sites::direct_callee (rtx mem)
{
  rtx addr = XEXP (mem, 0);
  if (GET_CODE (addr) == SYMBOL_REF)
    {
      tree decl = SYMBOL_REF_DECL (addr);
      if (decl != NULL_TREE && TREE_CODE (decl) != FUNCTION_DECL)
	decl = NULL_TREE;
      /* A thunk's jump to its target goes through a local alias that is
	 no symbol of the object (.LTHUNK<N>, make_alias_for_thunk): the
	 callee is the function it stands for.  */
      if (decl != NULL_TREE
	  && strncmp (plain_name (XSTR (addr, 0)), ".L", 2) == 0)
	if (cgraph_node *node = cgraph_node::get (decl))
	  if (node->alias)
	    {
	      tree target = node->ultimate_alias_target ()->decl;
	      return function_for (IDENTIFIER_POINTER
				   (DECL_ASSEMBLER_NAME (target)), target);
	    }
      return function_for (XSTR (addr, 0), decl);
    }
  tree expr = MEM_EXPR (mem);
  return function_for (IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (expr)), expr);
}

/* Record the call insn INSN of PART of the current function; its return
   address is the label .LDL<DEBUG_LABEL> when DEBUG_LABEL >= 0, else the
   label printed here.  */
void
call_sites::record (rtx_insn *insn, unsigned part, int debug_label)
{
  rtx call = get_call_rtx_from (insn);
  ct_call c = ct_call ();
  /* A virtual tail call's function, as the object's class declares it.  */
  tree method = NULL_TREE;
  HOST_WIDE_INT slot = -1;
  if (SIBLING_CALL_P (insn))
    {
      /* A tail call: a jump, to a function or through a register or
	 memory (a virtual or other indirect one: its target not known).  */
      rec.seen.sibling++;
      c.kind = CT_CALL_TAIL;
      if (call != NULL_RTX && MEM_P (XEXP (call, 0))
	  && virtual_slot (XEXP (call, 0)) < 0
	  && direct_call_p (XEXP (call, 0)))
	c.value = direct_callee (XEXP (call, 0));
      else
	{
	  c.value = CT_TAIL_INDIRECT;
	  virtual_sibcall (insn, &slot, &method);
	}
      if (!emitting || !opts.tcall)
	return;
    }
  else if (call == NULL_RTX || !MEM_P (XEXP (call, 0)))
    {
      rec.seen.other_indirect++;
      return;
    }
  else if (virtual_slot (XEXP (call, 0)) >= 0)
    {
      rec.seen.virt++;
      if (!emitting || !opts.vcall)
	return;
      c.kind = CT_CALL_VIRTUAL;
      c.value = virtual_slot (XEXP (call, 0));
    }
  else if (direct_call_p (XEXP (call, 0)))
    {
      rec.seen.direct++;
      if (!emitting || !opts.dcall)
	return;
      c.kind = CT_CALL_DIRECT;
      c.value = direct_callee (XEXP (call, 0));
    }
  else
    {
      rec.seen.other_indirect++;
      /* A call through a member-function pointer parameter.  */
      unsigned HOST_WIDE_INT value;
      if (!emitting || !opts.vcall
	  || !calltab_member_pointer_call (current_function_decl,
					   INSN_LOCATION (insn), NULL_TREE,
					   &value))
	return;
      c.kind = CT_CALL_MEMBER_POINTER;
      c.value = value;
    }
  c.caller = current_caller (part);
  c.debug_label = debug_label >= 0;
  c.label = c.debug_label ? (unsigned) debug_label : next_label++;
  ct_caller &caller = rec.callers[c.caller];
  if (c.kind == CT_CALL_VIRTUAL)
    caller.n_vcall++;
  else if (c.kind == CT_CALL_TAIL)
    caller.n_tcall++;
  else if (c.kind == CT_CALL_MEMBER_POINTER)
    caller.n_pcall++;
  else
    caller.n_dcall++;
  rec.calls.safe_push (c);
  /* A direct call or tail call passing a constant pointer to a virtual
     member (docs/format.md, ".debug_pcall").  */
  unsigned HOST_WIDE_INT pvalue;
  if (ct_call_names_function (c) && opts.vcall
      && calltab_member_pointer_call (current_function_decl,
				      INSN_LOCATION (insn),
				      direct_callee_decl (XEXP (call, 0)),
				      &pvalue))
    {
      ct_call p = c;
      p.kind = CT_CALL_MEMBER_POINTER;
      p.value = pvalue;
      rec.calls.safe_push (p);
      rec.callers[c.caller].n_pcall++;
    }
  if (method != NULL_TREE && opts.vcall)
    {
      /* A virtual tail call (docs/format.md, ".debug_tcall"): after its
	 indirect entry, one at the same site naming the function called,
	 and the jump's slot in .debug_vcall.  */
      ct_call m = c;
      m.value = function_for (IDENTIFIER_POINTER
			      (DECL_ASSEMBLER_NAME (method)), method);
      ct_call v = c;
      v.kind = CT_CALL_VIRTUAL;
      v.value = slot;
      rec.calls.safe_push (m);
      rec.calls.safe_push (v);
      rec.callers[c.caller].n_tcall++;
      rec.callers[c.caller].n_vcall++;
    }
  /* Right after the call: the return address (after a tail call's
     jump: the end of the jump).  */
  if (!c.debug_label)
    print_label (".Lcalltab_ret", c.label);
}

/* Before final, in a function without debug information: a note after
   each call insn, which final prints as .LDL<N> (NOTE_INSN_DELETED_DEBUG_LABEL,
   whose number comes from a label made for it and never emitted, so it
   is unique).  A note has no length: the code is unchanged, and final
   accepts notes made after branch shortening.  */
void
call_sites::mark_ignored_calls (void)
{
  ignored_calls.truncate (0);
  for (rtx_insn *insn = get_insns (); insn != NULL; insn = NEXT_INSN (insn))
    {
      if (!CALL_P (insn))
	continue;
      /* Not a delay-slot SEQUENCE: x86 has none, and a note inside one
	 would not follow the call.  */
      if (GET_CODE (PATTERN (insn)) == SEQUENCE)
	continue;
      marked_call m = { insn, -1 };
      if (emitting)
	{
	  m.label = CODE_LABEL_NUMBER (gen_label_rtx ());
	  /* make_note_raw refuses the kind: made as a deleted note and
	     turned into a deleted label, as delete_insn turns a label.  */
	  rtx_note *note = emit_note_after (NOTE_INSN_DELETED, insn);
	  NOTE_KIND (note) = NOTE_INSN_DELETED_DEBUG_LABEL;
	  NOTE_DELETED_LABEL_NAME (note) = NULL;
	  CODE_LABEL_NUMBER (note) = m.label;
	  insn = note;
	}
      ignored_calls.safe_push (m);
    }
}

/* After final, in a function without debug information: record the
   calls marked before, each in the part final emitted it in (the parts
   flip at NOTE_INSN_SWITCH_TEXT_SECTIONS, from the one the function
   starts in).  */
void
call_sites::record_ignored_calls (void)
{
  if (ignored_calls.is_empty ())
    return;
  current_decl = current_function_decl;
  current_part[CT_ENTRY_PART] = current_part[CT_OTHER_PART] = -1;
  unsigned part = CT_ENTRY_PART, k = 0;
  for (rtx_insn *insn = get_insns ();
       insn != NULL && k < ignored_calls.length (); insn = NEXT_INSN (insn))
    if (NOTE_P (insn) && NOTE_KIND (insn) == NOTE_INSN_SWITCH_TEXT_SECTIONS)
      part = CT_ENTRY_PART + CT_OTHER_PART - part;
    else if (insn == ignored_calls[k].insn)
      {
	record (insn, part, ignored_calls[k].label);
	k++;
      }
  ignored_calls.truncate (0);
  current_decl = NULL_TREE;
}

/* The qualified name (malloc'ed) of SCOPE, a class, namespace or
   function, as GCC's DIEs spell it: for a class the
   DW_AT_name of its DIE (dwarf2out's type_tag: the front end's
   dwarf_name at verbosity 2) prefixed by those of the namespaces,
   classes and function it is nested in, joined by "::"; an anonymous
   namespace is "(anonymous namespace)" (docs/format.md "Vtables").  */
char *
scope_name (tree scope, unsigned depth)
{
  if (scope == NULL_TREE || depth > 64
      || TREE_CODE (scope) == TRANSLATION_UNIT_DECL)
    return NULL;
  const char *name = NULL;
  tree outer = NULL_TREE;
  if (TYPE_P (scope))
    {
      tree tdecl = TYPE_NAME (TYPE_MAIN_VARIANT (scope));
      if (tdecl != NULL_TREE && TREE_CODE (tdecl) == TYPE_DECL)
	{
	  outer = DECL_CONTEXT (tdecl);
	  if (DECL_NAME (tdecl) != NULL_TREE && !DECL_NAMELESS (tdecl))
	    name = lang_hooks.dwarf_name (tdecl, 2);
	}
      else if (tdecl != NULL_TREE && TREE_CODE (tdecl) == IDENTIFIER_NODE)
	name = IDENTIFIER_POINTER (tdecl);
    }
  else if (DECL_P (scope))
    {
      outer = DECL_CONTEXT (scope);
      tree named = (TREE_CODE (scope) == FUNCTION_DECL
		    ? source_decl (scope) : scope);
      if (DECL_NAME (named) != NULL_TREE && !DECL_NAMELESS (named))
	name = lang_hooks.dwarf_name (named, 0);
      if (TREE_CODE (scope) == NAMESPACE_DECL
	  && (name == NULL || *name == '\0'))
	name = "(anonymous namespace)";
    }
  if (name == NULL || *name == '\0')
    name = "(anonymous)";
  char *prefix = scope_name (outer, depth + 1);
  char *full = prefix != NULL ? concat (prefix, "::", name, NULL)
			      : xstrdup (name);
  free (prefix);
  return full;
}

/* The function pointers in INIT, an initializer at byte offset BASE of
   its object: every element that is the address of a function, nested in
   arrays, structures and unions, in offset order.  */
void
call_sites::collect_function_pointers (tree init, unsigned HOST_WIDE_INT base,
				       unsigned depth)
{
  tree v = init;
  if (v == NULL_TREE || depth > 32)
    return;
  STRIP_NOPS (v);
  if (TREE_CODE (v) == ADDR_EXPR
      && TREE_CODE (TREE_OPERAND (v, 0)) == FUNCTION_DECL)
    {
      tree fn = TREE_OPERAND (v, 0);
      ct_vtable_entry e;
      e.offset = base;
      e.symbol = xstrdup (plain_name (IDENTIFIER_POINTER
				      (DECL_ASSEMBLER_NAME (fn))));
      rec.vtable_entries.safe_push (e);
      return;
    }
  if (TREE_CODE (v) != CONSTRUCTOR)
    return;
  tree type = TREE_TYPE (v);
  unsigned HOST_WIDE_INT i;
  tree index, value;
  if (TREE_CODE (type) == ARRAY_TYPE)
    {
      tree size = TYPE_SIZE_UNIT (TREE_TYPE (type));
      if (size == NULL_TREE || !tree_fits_uhwi_p (size))
	return;
      unsigned HOST_WIDE_INT esize = tree_to_uhwi (size), pos = 0;
      FOR_EACH_CONSTRUCTOR_ELT (CONSTRUCTOR_ELTS (v), i, index, value)
	{
	  unsigned HOST_WIDE_INT last;
	  if (index != NULL_TREE && TREE_CODE (index) == RANGE_EXPR)
	    {
	      tree lo = TREE_OPERAND (index, 0), hi = TREE_OPERAND (index, 1);
	      if (!tree_fits_uhwi_p (lo) || !tree_fits_uhwi_p (hi))
		return;
	      pos = tree_to_uhwi (lo);
	      last = tree_to_uhwi (hi);
	      if (last < pos || last - pos > 4096)
		return;
	    }
	  else
	    {
	      if (index != NULL_TREE && tree_fits_uhwi_p (index))
		pos = tree_to_uhwi (index);
	      last = pos;
	    }
	  for (; pos <= last; pos++)
	    collect_function_pointers (value, base + pos * esize, depth + 1);
	}
    }
  else if (RECORD_OR_UNION_TYPE_P (type))
    FOR_EACH_CONSTRUCTOR_ELT (CONSTRUCTOR_ELTS (v), i, index, value)
      if (index != NULL_TREE && TREE_CODE (index) == FIELD_DECL
	  && !DECL_BIT_FIELD (index)
	  && tree_fits_uhwi_p (byte_position (index)))
	collect_function_pointers (value,
				   base + tree_to_uhwi (byte_position (index)),
				   depth + 1);
}

/* The symbol DECL is written under, or NULL.  */
static const char *
variable_symbol (tree decl)
{
  if (!DECL_RTL_SET_P (decl))
    return NULL;
  rtx mem = DECL_RTL (decl);
  if (!MEM_P (mem) || GET_CODE (XEXP (mem, 0)) != SYMBOL_REF)
    return NULL;
  return plain_name (XSTR (XEXP (mem, 0), 0));
}

/* Whether DECL, a variable, is a pointer table (docs/format.md "Pointer
   tables"): read-only, so that its words are its initializer's for the
   whole run.  */
static bool
pointer_table_candidate_p (tree decl)
{
  return (TREE_READONLY (decl) && !TREE_THIS_VOLATILE (decl)
	  && !DECL_VIRTUAL_P (decl) && TREE_STATIC (decl)
	  && DECL_INITIAL (decl) != NULL_TREE
	  && DECL_INITIAL (decl) != error_mark_node);
}

/* The vtables the unit emitted: the front end's _ZTV variables
   (DECL_VIRTUAL_P; construction vtables and VTTs are DECL_VIRTUAL_P too,
   and left out), written by the varpool (TREE_ASM_WRITTEN), with their
   function pointers from the initializer (the varpool keeps a vtable's
   DECL_INITIAL after writing it, for devirtualization).  And the
   pointer tables: the other read-only variables it wrote whose
   initializer holds a function's address; an alias GCC's IPA-ICF made of
   one (its own initializer dropped) gets a DIE without entries, since
   the words at its address may name functions folded with its own.  */
void
call_sites::collect_vtables (void)
{
  varpool_node *vnode;
  FOR_EACH_VARIABLE (vnode)
    {
      tree decl = vnode->decl;
      if (!VAR_P (decl) || DECL_EXTERNAL (decl) || !TREE_ASM_WRITTEN (decl)
	  || DECL_SIZE_UNIT (decl) == NULL_TREE
	  || !tree_fits_uhwi_p (DECL_SIZE_UNIT (decl)))
	continue;
      ct_vtable v = ct_vtable ();
      const char *sym;
      if (DECL_VIRTUAL_P (decl))
	{
	  sym = variable_symbol (decl);
	  if (sym == NULL || strncmp (sym, "_ZTV", 4) != 0)
	    continue;
	  v.first_entry = rec.vtable_entries.length ();
	  collect_function_pointers (DECL_INITIAL (decl), 0, 0);
	}
      else if (vnode->alias)
	{
	  varpool_node *target = vnode->ultimate_alias_target ();
	  if (target == NULL || !VAR_P (target->decl)
	      || !pointer_table_candidate_p (target->decl))
	    continue;
	  unsigned first = rec.vtable_entries.length ();
	  collect_function_pointers (DECL_INITIAL (target->decl), 0, 0);
	  if (rec.vtable_entries.length () == first)
	    continue;
	  rec.vtable_entries.truncate (first);
	  v.first_entry = first;
	  v.pointer_table = true;
	  sym = plain_name (IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (decl)));
	}
      else
	{
	  sym = variable_symbol (decl);
	  if (sym == NULL || !pointer_table_candidate_p (decl))
	    continue;
	  v.first_entry = rec.vtable_entries.length ();
	  collect_function_pointers (DECL_INITIAL (decl), 0, 0);
	  if (rec.vtable_entries.length () == v.first_entry)
	    continue;
	  v.pointer_table = true;
	}
      v.symbol = xstrdup (sym);
      char *scope = scope_name (DECL_CONTEXT (decl), 0);
      if (!v.pointer_table)
	v.name = scope != NULL ? scope : xstrdup (sym);
      else
	{
	  const char *own = (DECL_NAME (decl) != NULL_TREE
			     ? IDENTIFIER_POINTER (DECL_NAME (decl)) : sym);
	  v.name = scope != NULL ? concat (scope, "::", own, NULL)
				 : xstrdup (own);
	  free (scope);
	}
      if (HAVE_COMDAT_GROUP && DECL_COMDAT_GROUP (decl) != NULL_TREE)
	v.comdat_group
	  = xstrdup (IDENTIFIER_POINTER (DECL_COMDAT_GROUP (decl)));
      v.size = tree_to_uhwi (DECL_SIZE_UNIT (decl));
      v.n_entries = rec.vtable_entries.length () - v.first_entry;
      rec.vtables.safe_push (v);
    }
}

/* After begin_prologue: a new function.  Its entry gets a local label
   (no bytes, no symbol): the tables no longer use it (caller DIEs carry
   no address), but it marks in the assembly where the hooks saw the
   function start (calltab.discrim/hooks.exp checks their order).  */
void
begin_prologue (void *data)
{
  call_sites *cs = (call_sites *) data;
  cs->current_decl = current_function_decl;
  cs->current_part[CT_ENTRY_PART] = cs->current_part[CT_OTHER_PART] = -1;
  if (cs->emitting)
    print_label (".Lcalltab_fn", cs->next_label++);
}

/* After var_location for the call insn CALL.  */
void
call_emitted (void *data, rtx_insn *call)
{
  call_sites *cs = (call_sites *) data;
  /* A function without begin_prologue (DECL_IGNORED_P) gets no
     var_location either; this guards the bookkeeping.  */
  gcc_assert (cs->current_decl == current_function_decl);
  cs->record (call, emitting_part (), -1);
}

/* The passes around final for functions without debug information.  */
const pass_data ignored_calls_pass_data[2] = {
  { RTL_PASS, "calltab_mark_ignored_calls", OPTGROUP_NONE, TV_NONE,
    0, 0, 0, 0, 0 },
  { RTL_PASS, "calltab_record_ignored_calls", OPTGROUP_NONE, TV_NONE,
    0, 0, 0, 0, 0 }
};

class ignored_calls_pass : public rtl_opt_pass
{
public:
  ignored_calls_pass (gcc::context *ctxt, call_sites *cs, bool after)
    : rtl_opt_pass (ignored_calls_pass_data[after], ctxt), m_cs (cs),
      m_after (after)
  {}

  /* Functions final gives no hook (begin_prologue and var_location are
     only for those with debug information), in a unit being followed
     (start_unit made the map).  */
  bool gate (function *) final override
  {
    return (m_cs->function_index != NULL
	    && DECL_IGNORED_P (current_function_decl));
  }

  unsigned int execute (function *) final override
  {
    if (m_after)
      m_cs->record_ignored_calls ();
    else
      m_cs->mark_ignored_calls ();
    return 0;
  }

private:
  call_sites *m_cs;
  bool m_after;
};

/* Whether the member-function pointer pass runs: where .debug_vcall's
   slots are recorded (.debug_pcall gives slots back).  */
bool
member_pointers_wanted (void *data)
{
  const call_sites *cs = static_cast<const call_sites *> (data);
  return cs->emitting && cs->opts.vcall;
}

/* Right after expand: the current function's virtual tail calls
   (call_sites::find_virtual_sibcalls).  */
const pass_data virtual_sibcalls_pass_data = {
  RTL_PASS, "calltab_virtual_sibcalls", OPTGROUP_NONE, TV_NONE,
  0, 0, 0, 0, 0
};

class virtual_sibcalls_pass : public rtl_opt_pass
{
public:
  virtual_sibcalls_pass (gcc::context *ctxt, call_sites *cs)
    : rtl_opt_pass (virtual_sibcalls_pass_data, ctxt), m_cs (cs)
  {}

  /* Only where both the tail call and the virtual call tables are
     written, in a function that has tail calls.  */
  bool gate (function *fun) final override
  {
    return (m_cs->emitting && m_cs->opts.tcall && m_cs->opts.vcall
	    && fun->tail_call_marked);
  }

  unsigned int execute (function *) final override
  {
    m_cs->find_virtual_sibcalls ();
    return 0;
  }

private:
  call_sites *m_cs;
};

/* Whether to follow the unit: it gets tables (DWARF is what they point
   into: nothing without it), or its calls are counted for the stats.  */
bool
start_unit (void *data)
{
  call_sites *cs = (call_sites *) data;
  cs->emitting = (calltab_dwarf_debuginfo_p ()
		  && debug_info_level > DINFO_LEVEL_NONE
		  && (cs->opts.dcall || cs->opts.vcall || cs->opts.tcall)
		  && asm_out_file != NULL);
  cs->rec.tail_calls = cs->emitting && cs->opts.tcall;
  if (!cs->emitting && !cs->opts.stats)
    return false;
  if (cs->function_index == NULL)
    cs->function_index = new hash_map<nofree_string_hash, unsigned>;
  return true;
}

/* Emit the tables, then the stats.  */
void
finish_unit (void *data)
{
  call_sites *cs = (call_sites *) data;
  if (cs->emitting)
    cs->collect_vtables ();
  unsigned HOST_WIDE_INT bytes
    = cs->emitting ? calltab_emit_tables (cs->rec) : 0;
  if (cs->opts.stats)
    {
      const ct_counts &seen = cs->rec.seen;
      fprintf (stderr, "%s: %s: direct %u, virtual %u, sibling %u, "
	       "other indirect %u, bytes " HOST_WIDE_INT_PRINT_UNSIGNED "\n",
	       CALLTAB_PLUGIN_NAME, main_input_filename, seen.direct,
	       seen.virt, seen.sibling, seen.other_indirect, bytes);
    }
}

} // anon namespace

calltab_hook_client
calltab_call_sites_init (const char *plugin_name, const calltab_options &opts)
{
  calltab_hook_client client = calltab_hook_client ();
  call_sites *cs = new call_sites (opts);
  client.data = cs;
  for (int after = 0; after < 2; after++)
    {
      struct register_pass_info info;
      info.pass = new ignored_calls_pass (g, cs, after);
      info.reference_pass_name = CALLTAB_FINAL_PASS_NAME;
      info.ref_pass_instance_number = 1;
      info.pos_op = after ? PASS_POS_INSERT_AFTER : PASS_POS_INSERT_BEFORE;
      register_callback (plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL, &info);
    }
  struct register_pass_info vinfo;
  vinfo.pass = new virtual_sibcalls_pass (g, cs);
  vinfo.reference_pass_name = "expand";
  vinfo.ref_pass_instance_number = 1;
  vinfo.pos_op = PASS_POS_INSERT_AFTER;
  register_callback (plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL, &vinfo);
  calltab_member_pointers_init (plugin_name, member_pointers_wanted, cs);
  client.start_unit = start_unit;
  client.finish_unit = finish_unit;
  client.begin_prologue = begin_prologue;
  client.call_emitted = call_emitted;
  return client;
}
