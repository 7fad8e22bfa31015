/* debug-hooks.h: the one owner of GCC's debug_hooks in the plugin
   (debug-hooks.cc), and what a part of the plugin gives it to see the
   hook calls final makes.  */

#ifndef CALLTAB_DEBUG_HOOKS_H
#define CALLTAB_DEBUG_HOOKS_H

/* A part of the plugin that follows final through the debug hooks.
   Every member but DATA may be NULL; a hook no client wants is left as
   it is.  DATA is passed to every function: the part's own state.  */
struct calltab_hook_client
{
  void *data;
  /* At PLUGIN_START_UNIT, before the hooks are wrapped: whether the part
     wants the hook calls of this unit (NULL: yes).  */
  bool (*start_unit) (void *data);
  /* At PLUGIN_FINISH_UNIT, for a part that wanted the unit, before the
     hook table in place at the start of the unit is put back.  */
  void (*finish_unit) (void *data);
  /* After the wrapped begin_prologue: final is at the entry of a
     function with debug information.  */
  void (*begin_prologue) (void *data);
  /* After the wrapped var_location for CALL, a call insn final has just
     output.  */
  void (*call_emitted) (void *data, rtx_insn *call);
  /* Before the wrapped source_line: may change the row's DISCRIMINATOR
     and IS_STMT.  */
  void (*source_line) (void *data, const char *file, unsigned int line,
		       unsigned int column, int *discriminator,
		       bool *is_stmt);
};

/* Register the unit callbacks that wrap debug_hooks for the N_CLIENTS
   CLIENTS (copied) and put the table back at the end of the unit.  A
   hook several clients want reaches them in the order given; today each
   hook has one client.  */
void calltab_debug_hooks_register (const char *plugin_name,
				   const calltab_hook_client *clients,
				   unsigned n_clients);

#endif /* CALLTAB_DEBUG_HOOKS_H */
