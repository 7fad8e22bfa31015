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
   call-tables.cc emits what was recorded (docs/format.md).  */

#include "gcc-compat.h"
#include "calltab-plugin.h"
#include "call-tables.h"

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
     same one), its entry label, and the index in rec.callers of each of
     its parts once the part has a call.  */
  tree current_decl = NULL_TREE;
  unsigned current_entry_label = 0;
  int current_part[2] = { -1, -1 };

  unsigned next_label = 0;

  /* Whether this TU gets tables (-g, DWARF, an enabled table); without,
     calls are only counted for the stats.  */
  bool emitting = false;

  unsigned function_for (const char *asmname, tree decl);
  void name_function (ct_function &f, tree decl);
  unsigned current_caller (void);
  unsigned direct_callee (rtx mem);
  void record (rtx_insn *insn);
};

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

/* The caller record of the part of the current function that final is
   emitting, made on the part's first call.  */
unsigned
call_sites::current_caller (void)
{
  unsigned part = emitting_part ();
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
  if (part == CT_ENTRY_PART)
    {
      char label[32];
      snprintf (label, sizeof label, ".Lcalltab_fn%u", current_entry_label);
      c.low_pc = xstrdup (label);
    }
  else
    /* The other part starts at the label assemble_start_function
       (varasm.cc) put at the start of its section for this function:
       the cold one (where final then defines foo.cold), or the hot one
       when the function starts cold.  */
    c.low_pc = xstrdup (plain_name (first_function_block_is_cold
				    ? crtl->subsections.hot_section_label
				    : crtl->subsections.cold_section_label));
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
call_sites::direct_callee (rtx mem)
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
call_sites::record (rtx_insn *insn)
{
  if (SIBLING_CALL_P (insn))
    {
      rec.seen.sibling++;
      return;
    }
  rtx call = get_call_rtx_from (insn);
  if (call == NULL_RTX || !MEM_P (XEXP (call, 0)))
    {
      rec.seen.other_indirect++;
      return;
    }
  rtx mem = XEXP (call, 0);
  ct_call c = ct_call ();
  HOST_WIDE_INT slot = virtual_slot (mem);
  if (slot >= 0)
    {
      rec.seen.virt++;
      if (!emitting || !opts.vcall)
	return;
      c.is_virtual = true;
      c.value = slot;
    }
  else if (direct_call_p (mem))
    {
      rec.seen.direct++;
      if (!emitting || !opts.dcall)
	return;
      c.value = direct_callee (mem);
    }
  else
    {
      rec.seen.other_indirect++;
      return;
    }
  c.caller = current_caller ();
  c.label = next_label++;
  if (c.is_virtual)
    rec.callers[c.caller].n_vcall++;
  else
    rec.callers[c.caller].n_dcall++;
  rec.calls.safe_push (c);
  /* Right after the call: the return address.  */
  fprintf (asm_out_file, ".Lcalltab_ret%u:\n", c.label);
}

/* After begin_prologue: a new function, and its entry label.  */
void
begin_prologue (void *data)
{
  call_sites *cs = (call_sites *) data;
  cs->current_decl = current_function_decl;
  cs->current_part[CT_ENTRY_PART] = cs->current_part[CT_OTHER_PART] = -1;
  if (cs->emitting)
    {
      cs->current_entry_label = cs->next_label++;
      fprintf (asm_out_file, ".Lcalltab_fn%u:\n", cs->current_entry_label);
    }
}

/* After var_location for the call insn CALL.  */
void
call_emitted (void *data, rtx_insn *call)
{
  call_sites *cs = (call_sites *) data;
  /* A function without begin_prologue (DECL_IGNORED_P) gets no
     var_location either; this guards the bookkeeping.  */
  gcc_assert (cs->current_decl == current_function_decl);
  cs->record (call);
}

/* Whether to follow the unit: it gets tables (DWARF is what they point
   into: nothing without it), or its calls are counted for the stats.  */
bool
start_unit (void *data)
{
  call_sites *cs = (call_sites *) data;
  cs->emitting = (calltab_dwarf_debuginfo_p ()
		  && debug_info_level > DINFO_LEVEL_NONE
		  && (cs->opts.dcall || cs->opts.vcall)
		  && asm_out_file != NULL);
  if (!cs->emitting && !cs->opts.stats)
    return false;
  cs->function_index = new hash_map<nofree_string_hash, unsigned>;
  return true;
}

/* Emit the tables, then the stats.  */
void
finish_unit (void *data)
{
  call_sites *cs = (call_sites *) data;
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
calltab_call_sites_init (const calltab_options &opts)
{
  calltab_hook_client client = calltab_hook_client ();
  client.data = new call_sites (opts);
  client.start_unit = start_unit;
  client.finish_unit = finish_unit;
  client.begin_prologue = begin_prologue;
  client.call_emitted = call_emitted;
  return client;
}
