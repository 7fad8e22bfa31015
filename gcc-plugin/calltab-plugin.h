/* calltab-plugin.h: what the parts of the calltab GCC plugin share.  */

#ifndef CALLTAB_PLUGIN_H
#define CALLTAB_PLUGIN_H

#include "debug-hooks.h"
#include "calltab-format.h"		/* CALLTAB_PLUGIN_NAME */

/* Settings decoded from -fplugin-arg-calltab-*; one instance, owned by
   plugin_init (calltab.cc) and filled by calltab_parse_options before
   any callback is registered.  */
struct calltab_options
{
  bool help;			/* -fplugin-arg-calltab-help */
  bool version;			/* -fplugin-arg-calltab-version */
  bool dcall;			/* -fplugin-arg-calltab-dcall[=yes|no] */
  bool vcall;			/* -fplugin-arg-calltab-vcall[=yes|no] */
  bool tcall;			/* -fplugin-arg-calltab-tcall[=yes|no] */
  bool stats;			/* -fplugin-arg-calltab-stats */
  int discriminators;		/* -fplugin-arg-calltab-discriminators=,
				   a calltab_discrim_mode */
  const char *profile;		/* -fplugin-arg-calltab-profile=FILE, the
				   late profile (fs-load.cc); NULL: none */
  const char *early_profile;	/* -fplugin-arg-calltab-early-profile=
				   FILE (early-load.cc); NULL: none */
};

/* Who assigns the discriminators of the line table.  */
enum calltab_discrim_mode
{
  CALLTAB_DISCRIM_RTL,		/* the plugin, per final basic block */
  CALLTAB_DISCRIM_GCC,		/* GCC's own tree-level assignment */
  CALLTAB_DISCRIM_OFF,		/* none: every row carries 0 */
  CALLTAB_DISCRIM_HIERARCHICAL,	/* the plugin's, as base, multiplicity
				   and copy ID (calltab-format.h) */
  CALLTAB_DISCRIM_FS,		/* the plugin's numbers at P, before bbpart,
				   per final block (fs-number.cc) */
  CALLTAB_DISCRIM_LAYERED	/* GCC's own number of each row, the
				   plugin's block number above it
				   (calltab-format.h) */
};

/* Decode ARGC arguments of ARGV into *OPTS and build the help text.
   Reports every bad argument through GCC's error () and returns false if
   there was one.  */
bool calltab_parse_options (int argc, const struct plugin_argument *argv,
			    struct calltab_options *opts);

/* The text of -fplugin-arg-calltab-help and of gcc -v --help, generated
   from the option table; valid after calltab_parse_options.  */
const char *calltab_help_text (void);

/* The parts of the plugin, each given the options it follows (kept by
   reference: OPTS outlives the compilation).  Each returns what it needs
   of final's debug hook calls; calltab.cc hands that to debug-hooks.cc,
   the one owner of debug_hooks.  */

/* Recording the call sites and emitting the call tables at the end of
   the unit (call-sites.cc, call-tables.cc).  */
calltab_hook_client calltab_call_sites_init (const char *plugin_name,
					     const calltab_options &opts);
/* The discriminator pass (registered here for the mode in OPTS) and its
   line-table hook (discriminators.cc).  */
calltab_hook_client calltab_discriminators_init (const char *plugin_name,
						 const calltab_options &opts);
/* Flow-sensitive AutoFDO (fs-number.cc, fs-load.cc): the pass before
   bbpart, for discriminators=fs and for the late profile, which is read
   here.  Returns false after an error about the profile.  */
bool calltab_fs_init (const char *plugin_name, const calltab_options &opts,
		      calltab_hook_client *client);

/* The early profile (early-load.cc): for GCC 11 and 12, the pass after
   GCC's AutoFDO annotation that gives each block its own count, read
   here.  Returns false after an error about the profile.  */
bool calltab_early_init (const char *plugin_name, const calltab_options &opts,
			 calltab_hook_client *client);

#endif /* CALLTAB_PLUGIN_H */
