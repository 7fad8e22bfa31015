/* call-sites.cc: record every call instruction as final emits it.

   GCC's debug hooks are wrapped at PLUGIN_START_UNIT (they are not set
   yet when plugin_init runs).  final calls begin_prologue at the entry
   of every function with debug info and var_location right after it has
   output each call insn; at those two points the plugin prints a local
   label into the code: the caller's entry address and the call's return
   address.  Labels take no bytes, so the code is unchanged (invariant
   1).  At PLUGIN_FINISH_UNIT, call-tables.cc emits what was recorded.  */

#include "gcc-compat.h"
#include "calltab-plugin.h"
#include "call-tables.h"

vec<ct_function> ct_functions;
vec<ct_call> ct_calls;
ct_counts ct_seen;

namespace {

gcc_debug_hooks wrapped_hooks;
const gcc_debug_hooks *gcc_hooks;

/* Function index by assembler name.  */
hash_map<nofree_string_hash, unsigned> *function_index;

/* The function final is emitting: its decl (to know it is still the
   same one), its entry label, and its index once it has a call.  */
tree current_decl;
unsigned current_entry_label;
int current_index = -1;

unsigned next_label;

/* Whether this TU gets tables (-g, DWARF, an enabled table); without,
   calls are only counted for the stats.  */
bool emitting;

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

/* The index of the function with assembler name ASMNAME, adding it
   (described by DECL, which may be NULL for a callee known only by its
   symbol, e.g. __tls_get_addr) if it is new.  */
unsigned
function_for (const char *asmname, tree decl)
{
  asmname = plain_name (asmname);
  if (unsigned *known = function_index->get (asmname))
    return *known;

  ct_function f = ct_function ();
  f.key = xstrdup (asmname);
  const char *name = f.key;
  if (decl != NULL_TREE && DECL_NAME (decl) != NULL_TREE)
    name = xstrdup (dwarf_name (decl));
  f.name = name;
  f.linkage_name = strcmp (name, f.key) != 0 ? f.key : NULL;
  f.external = decl == NULL_TREE || TREE_PUBLIC (decl);
  unsigned slot = ct_functions.length ();
  function_index->put (f.key, slot);
  ct_functions.safe_push (f);
  return slot;
}

/* The caller's entry in ct_functions, made a caller on first use.  */
unsigned
current_caller (void)
{
  if (current_index >= 0)
    return current_index;
  tree decl = current_function_decl;
  const char *asmname = IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (decl));
  unsigned i = function_for (asmname, decl);
  ct_function &f = ct_functions[i];
  gcc_assert (!f.caller);
  f.caller = true;
  f.entry_label = current_entry_label;
  /* The section final put the code in is a COMDAT one exactly when the
     decl has a comdat group (resolve_unique_section, varasm.cc).  */
  if (HAVE_COMDAT_GROUP && DECL_COMDAT_GROUP (decl) != NULL_TREE)
    f.comdat_group
      = xstrdup (IDENTIFIER_POINTER (DECL_COMDAT_GROUP (decl)));
  current_index = i;
  return i;
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

/* The index of the function the direct call through MEM calls.  */
unsigned
direct_callee (rtx mem)
{
  rtx addr = XEXP (mem, 0);
  if (GET_CODE (addr) == SYMBOL_REF)
    {
      tree decl = SYMBOL_REF_DECL (addr);
      if (decl != NULL_TREE && TREE_CODE (decl) != FUNCTION_DECL)
	decl = NULL_TREE;
      return function_for (XSTR (addr, 0), decl);
    }
  tree expr = MEM_EXPR (mem);
  return function_for (IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (expr)), expr);
}

void
record (rtx_insn *insn)
{
  if (SIBLING_CALL_P (insn))
    {
      ct_seen.sibling++;
      return;
    }
  rtx call = get_call_rtx_from (insn);
  if (call == NULL_RTX || !MEM_P (XEXP (call, 0)))
    {
      ct_seen.other_indirect++;
      return;
    }
  rtx mem = XEXP (call, 0);
  ct_call c = ct_call ();
  HOST_WIDE_INT slot = virtual_slot (mem);
  if (slot >= 0)
    {
      ct_seen.virt++;
      if (!emitting || !calltab_opts.vcall)
	return;
      c.is_virtual = true;
      c.value = slot;
    }
  else if (direct_call_p (mem))
    {
      ct_seen.direct++;
      if (!emitting || !calltab_opts.dcall)
	return;
      c.value = direct_callee (mem);
    }
  else
    {
      ct_seen.other_indirect++;
      return;
    }
  c.caller = current_caller ();
  c.label = next_label++;
  if (c.is_virtual)
    ct_functions[c.caller].n_vcall++;
  else
    ct_functions[c.caller].n_dcall++;
  ct_calls.safe_push (c);
  /* Right after the call: the return address.  */
  fprintf (asm_out_file, ".Lcalltab_ret%u:\n", c.label);
}

void
wrapped_begin_prologue (unsigned int line, unsigned int column,
			const char *file)
{
  gcc_hooks->begin_prologue (line, column, file);
  current_decl = current_function_decl;
  current_index = -1;
  if (emitting)
    {
      current_entry_label = next_label++;
      fprintf (asm_out_file, ".Lcalltab_fn%u:\n", current_entry_label);
    }
}

void
wrapped_var_location (rtx_insn *insn)
{
  gcc_hooks->var_location (insn);
  if (CALL_P (insn))
    {
      /* A function without begin_prologue (DECL_IGNORED_P) gets no
	 var_location either; this guards the bookkeeping.  */
      gcc_assert (current_decl == current_function_decl);
      record (insn);
    }
}

/* DWARF is what the tables point into: nothing without it.  */
bool
tables_wanted (void)
{
  return calltab_dwarf_debuginfo_p () && debug_info_level > DINFO_LEVEL_NONE
	 && (calltab_opts.dcall || calltab_opts.vcall);
}

void
start_unit (void *, void *)
{
  emitting = tables_wanted () && asm_out_file != NULL;
  if (!emitting && !calltab_opts.stats)
    return;
  function_index = new hash_map<nofree_string_hash, unsigned>;
  gcc_hooks = debug_hooks;
  wrapped_hooks = *debug_hooks;
  wrapped_hooks.begin_prologue = wrapped_begin_prologue;
  wrapped_hooks.var_location = wrapped_var_location;
  debug_hooks = &wrapped_hooks;
}

void
finish_unit (void *, void *)
{
  if (gcc_hooks == NULL)
    return;
  unsigned HOST_WIDE_INT bytes = emitting ? calltab_emit_tables () : 0;
  if (calltab_opts.stats)
    fprintf (stderr, "%s: %s: direct %u, virtual %u, sibling %u, "
	     "other indirect %u, bytes " HOST_WIDE_INT_PRINT_UNSIGNED "\n",
	     CALLTAB_PLUGIN_NAME, main_input_filename, ct_seen.direct,
	     ct_seen.virt, ct_seen.sibling, ct_seen.other_indirect, bytes);
  debug_hooks = gcc_hooks;
}

} // anon namespace

void
calltab_call_tables_register (const char *plugin_name)
{
  register_callback (plugin_name, PLUGIN_START_UNIT, start_unit, NULL);
  register_callback (plugin_name, PLUGIN_FINISH_UNIT, finish_unit, NULL);
}
