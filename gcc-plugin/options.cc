/* options.cc: the single parser for -fplugin-arg-calltab-KEY[=VALUE].

   Every key is described once in option_table; the parser, the help text
   and the error messages all come from that table, so an option cannot be
   accepted without being documented, or documented without being
   accepted.  Unknown keys and malformed values stop the compilation: a
   misspelt option in CFLAGS must not silently change what is emitted.  */

#include "gcc-compat.h"
#include "calltab-plugin.h"

struct calltab_options calltab_opts;

namespace {

enum option_kind
{
  OPT_FLAG			/* no value accepted */
};

struct option_desc
{
  const char *key;
  option_kind kind;
  bool *flag;			/* for OPT_FLAG */
};

const option_desc option_table[] = {
  { "help", OPT_FLAG, &calltab_opts.help },
  { "version", OPT_FLAG, &calltab_opts.version },
};

const option_desc *
find_option (const char *key)
{
  for (const option_desc &d : option_table)
    if (strcmp (d.key, key) == 0)
      return &d;
  return NULL;
}

} // anon namespace

const char calltab_help_text[] =
  "calltab: emit DWARF call tables and per-block discriminators\n"
  "Options (-fplugin-arg-calltab-KEY[=VALUE]):\n"
  "  help        print this text\n"
  "  version     print the plugin version and the GCC it was built for\n";

bool
calltab_parse_options (int argc, const struct plugin_argument *argv)
{
  bool ok = true;
  for (int i = 0; i < argc; i++)
    {
      const char *key = argv[i].key;
      const char *value = argv[i].value;
      const option_desc *d = find_option (key);
      if (d == NULL)
	{
	  error ("%s: unknown option %<-fplugin-arg-%s-%s%>; "
		 "%<-fplugin-arg-%s-help%> lists the options",
		 CALLTAB_PLUGIN_NAME, CALLTAB_PLUGIN_NAME, key,
		 CALLTAB_PLUGIN_NAME);
	  ok = false;
	  continue;
	}
      switch (d->kind)
	{
	case OPT_FLAG:
	  if (value != NULL)
	    {
	      error ("%s: option %<-fplugin-arg-%s-%s%> takes no value, "
		     "got %<%s%>", CALLTAB_PLUGIN_NAME, CALLTAB_PLUGIN_NAME,
		     key, value);
	      ok = false;
	      continue;
	    }
	  *d->flag = true;
	  break;
	}
    }
  return ok;
}
