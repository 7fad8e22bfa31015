/* calltab-plugin.h: what the parts of the calltab GCC plugin share.  */

#ifndef CALLTAB_PLUGIN_H
#define CALLTAB_PLUGIN_H

/* The plugin's name as GCC derives it from the file name: options are
   spelled -fplugin-arg-calltab-KEY[=VALUE].  */
#define CALLTAB_PLUGIN_NAME "calltab"

/* Settings decoded from -fplugin-arg-calltab-*; one instance, filled
   by calltab_parse_options before any callback is registered.  */
struct calltab_options
{
  bool help;			/* -fplugin-arg-calltab-help */
  bool version;			/* -fplugin-arg-calltab-version */
  bool dcall;			/* -fplugin-arg-calltab-dcall[=yes|no] */
  bool vcall;			/* -fplugin-arg-calltab-vcall[=yes|no] */
  bool stats;			/* -fplugin-arg-calltab-stats */
  int discriminators;		/* -fplugin-arg-calltab-discriminators=,
				   a calltab_discrim_mode */
};

/* Who assigns the discriminators of the line table.  */
enum calltab_discrim_mode
{
  CALLTAB_DISCRIM_RTL,		/* the plugin, per final basic block */
  CALLTAB_DISCRIM_GCC,		/* GCC's own tree-level assignment */
  CALLTAB_DISCRIM_OFF		/* none: every row carries 0 */
};

extern struct calltab_options calltab_opts;

/* Decode ARGC arguments of ARGV into calltab_opts and build the help
   text.  Reports every bad argument through GCC's error () and returns
   false if there was one.  */
bool calltab_parse_options (int argc, const struct plugin_argument *argv);

/* The text of -fplugin-arg-calltab-help and of gcc -v --help, generated
   from the option table; valid after calltab_parse_options.  */
extern const char *calltab_help_text;

/* Register the callbacks that record call sites and emit the call
   tables (call-sites.cc).  */
void calltab_call_tables_register (const char *plugin_name);
/* Register the discriminator pass and the line-table hook for the mode
   in calltab_opts (discriminators.cc).  */
void calltab_discriminators_init (const char *plugin_name);

#endif /* CALLTAB_PLUGIN_H */
