/* debug-hooks.cc: the plugin's one wrapper of GCC's debug_hooks.

   debug_hooks is not set yet when plugin_init runs; it is by
   PLUGIN_START_UNIT.  At that point a copy is taken of whatever table is
   in place (GCC's, or another plugin's wrapper, which keeps working),
   and only the hooks some client wants are replaced by functions that
   call the table in place and dispatch to the clients:
   - begin_prologue, which final calls at the entry of every function
     with debug information;
   - var_location, which final calls right after it has output every
     call insn;
   - source_line, which final calls for every line-table row.
   At PLUGIN_FINISH_UNIT the clients finish first (the call tables are
   emitted then), and the table in place at the start is put back.  The
   unit callbacks of the clients are called from here, so the order in
   which the parts register does not matter.  */

#include "gcc-compat.h"
#include "debug-hooks.h"

namespace {

/* The clients and the tables of one unit.  */
struct hook_owner
{
  vec<calltab_hook_client> clients;
  /* Clients that wanted the current unit.  */
  vec<calltab_hook_client> active;
  /* The table in place at PLUGIN_START_UNIT, and the copy installed.  */
  const gcc_debug_hooks *saved;
  gcc_debug_hooks wrapped;
};

/* The one owner (GCC's hooks take no user data, so the wrappers find
   it here); set by calltab_debug_hooks_register.  */
hook_owner *the_owner;

void
wrapped_begin_prologue (unsigned int line, unsigned int column,
			const char *file)
{
  the_owner->saved->begin_prologue (line, column, file);
  for (const calltab_hook_client &c : the_owner->active)
    if (c.begin_prologue != NULL)
      c.begin_prologue (c.data);
}

void
wrapped_var_location (rtx_insn *insn)
{
  the_owner->saved->var_location (insn);
  if (CALL_P (insn))
    for (const calltab_hook_client &c : the_owner->active)
      if (c.call_emitted != NULL)
	c.call_emitted (c.data, insn);
}

void
wrapped_source_line (CALLTAB_SOURCE_LINE_ARGS)
{
  for (const calltab_hook_client &c : the_owner->active)
    if (c.source_line != NULL)
      c.source_line (c.data, file, line, column, &discriminator, &is_stmt);
  the_owner->saved->source_line (line, column, file, discriminator, is_stmt);
}

void
start_unit (void *, void *user_data)
{
  hook_owner *owner = (hook_owner *) user_data;
  gcc_assert (owner == the_owner);
  owner->active.truncate (0);
  for (const calltab_hook_client &c : owner->clients)
    if (c.start_unit == NULL || c.start_unit (c.data))
      owner->active.safe_push (c);
  if (debug_hooks == &owner->wrapped)
    return;			/* still in place from an earlier unit */

  const gcc_debug_hooks *hooks = debug_hooks;
  gcc_debug_hooks copy = *hooks;
  bool changed = false;
  for (const calltab_hook_client &c : owner->active)
    {
      if (c.begin_prologue != NULL && hooks->begin_prologue != NULL)
	{
	  copy.begin_prologue = wrapped_begin_prologue;
	  changed = true;
	}
      if (c.call_emitted != NULL && hooks->var_location != NULL)
	{
	  copy.var_location = wrapped_var_location;
	  changed = true;
	}
      if (c.source_line != NULL && hooks->source_line != NULL)
	{
	  copy.source_line = wrapped_source_line;
	  changed = true;
	}
    }
  if (!changed)
    return;
  owner->saved = hooks;
  owner->wrapped = copy;
  debug_hooks = &owner->wrapped;
}

void
finish_unit (void *, void *user_data)
{
  hook_owner *owner = (hook_owner *) user_data;
  for (const calltab_hook_client &c : owner->active)
    if (c.finish_unit != NULL)
      c.finish_unit (c.data);
  owner->active.truncate (0);
  /* A wrapper installed over ours after PLUGIN_START_UNIT still calls
     ours, which now only passes the calls on: leave that chain alone.  */
  if (debug_hooks == &owner->wrapped)
    debug_hooks = owner->saved;
}

} // anon namespace

void
calltab_debug_hooks_register (const char *plugin_name,
			      const calltab_hook_client *clients,
			      unsigned n_clients)
{
  gcc_assert (the_owner == NULL);
  hook_owner *owner = new hook_owner ();
  the_owner = owner;
  for (unsigned i = 0; i < n_clients; i++)
    owner->clients.safe_push (clients[i]);
  register_callback (plugin_name, PLUGIN_START_UNIT, start_unit, owner);
  register_callback (plugin_name, PLUGIN_FINISH_UNIT, finish_unit, owner);
}
