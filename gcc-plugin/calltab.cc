/* calltab.cc: plugin entry point.  Checks that GCC is the one the plugin
   was built for, decodes the options and registers the plugin's parts:
   the call sites and tables, the discriminators, and debug-hooks.cc,
   which wraps debug_hooks once for both.  */

#define CALLTAB_WANT_GCC_VERSION 1
#include "gcc-compat.h"
#include "calltab-plugin.h"

#ifndef CALLTAB_VERSION
# error "CALLTAB_VERSION must be defined by the build"
#endif

/* GCC refuses to load a plugin without this symbol.  */
int plugin_is_GPL_compatible;

static struct plugin_info calltab_info = {
  CALLTAB_VERSION,
  NULL				/* help: set once the options are parsed */
};

/* plugin_default_version_check compares every field of the version
   record, including the configure line (which carries the distribution's
   package version).  When it fails, say which GCC the plugin was built for
   and which one loaded it, so the user knows what to rebuild.  */
static bool
version_ok (const struct plugin_gcc_version *running)
{
  if (plugin_default_version_check (const_cast<plugin_gcc_version *> (running),
				    &gcc_version))
    return true;
  if (strcmp (running->basever, gcc_version.basever) != 0)
    error ("%s: plugin built for GCC %s cannot be loaded into GCC %s; "
	   "rebuild calltab against the plugin headers of this compiler",
	   CALLTAB_PLUGIN_NAME, gcc_version.basever, running->basever);
  else
    error ("%s: plugin built for GCC %s (%s) cannot be loaded into a GCC %s "
	   "configured differently (%s); rebuild calltab against "
	   "the plugin headers of this compiler", CALLTAB_PLUGIN_NAME,
	   gcc_version.basever, gcc_version.configuration_arguments,
	   running->basever, running->configuration_arguments);
  return false;
}

/* The options, for the whole compilation; each part keeps a reference.  */
static calltab_options options;

int
plugin_init (struct plugin_name_args *info, struct plugin_gcc_version *version)
{
  if (!version_ok (version))
    return 1;

  bool options_ok = calltab_parse_options (info->argc, info->argv, &options);
  calltab_info.help = calltab_help_text ();
  register_callback (info->base_name, PLUGIN_INFO, NULL, &calltab_info);
  if (!options_ok)
    return 1;

  if (options.version)
    fprintf (stderr, "%s plugin %s (built for GCC %s)\n",
	     CALLTAB_PLUGIN_NAME, CALLTAB_VERSION, gcc_version.basever);
  if (options.help)
    fputs (calltab_help_text (), stderr);

  calltab_hook_client fs, early;
  if (!calltab_fs_init (info->base_name, options, &fs)
      || !calltab_early_init (info->base_name, options, &early))
    return 1;
  const calltab_hook_client clients[] = {
    calltab_call_sites_init (info->base_name, options),
    calltab_discriminators_init (info->base_name, options),
    fs,
    early
  };
  calltab_debug_hooks_register (info->base_name, clients,
				ARRAY_SIZE (clients));

  return 0;
}
