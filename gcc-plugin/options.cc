/* options.cc: the single parser for -fplugin-arg-calltab-KEY[=VALUE].

   Every key is described once in option_table; the parser, the help text
   and the error messages all come from that table, so an option cannot be
   accepted without being documented, or documented without being
   accepted.  Unknown keys and malformed values stop the compilation: a
   misspelt option in CFLAGS must not silently change what is emitted.  */

#include "gcc-compat.h"
#include "calltab-plugin.h"

namespace {

enum option_kind
{
  OPT_FLAG,			/* KEY alone; no value accepted */
  OPT_BOOL,			/* KEY (= yes), KEY=yes or KEY=no */
  OPT_ENUM,			/* KEY=one of the names in choices */
  OPT_FILE			/* KEY=a file name */
};

struct option_desc
{
  const char *key;
  option_kind kind;
  const char *help;
  bool calltab_options::*flag;	/* OPT_FLAG, OPT_BOOL */
  int calltab_options::*choice;	/* OPT_ENUM: index into choices */
  const char *const *choices;	/* OPT_ENUM: NULL-terminated */
  const char *calltab_options::*file;	/* OPT_FILE */
};

/* In the order of enum calltab_discrim_mode.  */
const char *const discrim_choices[] = { "rtl", "gcc", "off", "hierarchical",
					"fs", "layered", NULL };

const option_desc option_table[] = {
  { "help", OPT_FLAG, "print this text", &calltab_options::help, NULL, NULL,
    NULL },
  { "version", OPT_FLAG,
    "print the plugin version and the GCC it was built for",
    &calltab_options::version, NULL, NULL, NULL },
  { "dcall", OPT_BOOL, "emit .debug_dcall, the direct call table (yes)",
    &calltab_options::dcall, NULL, NULL, NULL },
  { "vcall", OPT_BOOL, "emit .debug_vcall and .debug_pcall (yes)",
    &calltab_options::vcall, NULL, NULL, NULL },
  { "tcall", OPT_BOOL, "emit .debug_tcall, the tail call table (yes)",
    &calltab_options::tcall, NULL, NULL, NULL },
  { "stats", OPT_FLAG, "print call counts and table bytes per unit",
    &calltab_options::stats, NULL, NULL, NULL },
  { "discriminators", OPT_ENUM,
    "discriminators: per final basic block (rtl, the default with "
    "GCC 11 and 12), GCC's own (gcc), none (off), or rtl's with copy IDs "
    "and multiplicities, [base:8][multiplicity:7][copy ID:11] "
    "(hierarchical), or per block of the code before bbpart (fs), or "
    "GCC's own with the blocks' numbers above it (layered, GCC 13 and "
    "later: the default there)",
    NULL, &calltab_options::discriminators, discrim_choices, NULL },
  { "profile", OPT_FILE,
    "with -fauto-profile, read the late profile FILE (calltab-fs 1) "
    "and set the branch probabilities it gives before bbpart",
    NULL, NULL, NULL, &calltab_options::profile },
  { "early-profile", OPT_FILE,
    "with -fauto-profile (GCC 11 and 12), read the early profile FILE "
    "(calltab-fs 1, of a build with GCC's own discriminators) and give "
    "each basic block its own count after GCC's annotation",
    NULL, NULL, NULL, &calltab_options::early_profile },
};

const option_desc *
find_option (const char *key)
{
  for (const option_desc &d : option_table)
    if (strcmp (d.key, key) == 0)
      return &d;
  return NULL;
}

/* "a, b or c" for the choices of D, into BUF.  */
const char *
choice_list (const option_desc &d, char *buf, size_t size)
{
  buf[0] = '\0';
  for (int i = 0; d.choices[i] != NULL; i++)
    {
      const char *sep = i == 0 ? "" : d.choices[i + 1] == NULL ? " or " : ", ";
      size_t len = strlen (buf);
      snprintf (buf + len, size - len, "%s%s", sep, d.choices[i]);
    }
  return buf;
}

/* Store VALUE of option D into OPTS.  */
bool
parse_value (const option_desc &d, const char *value, calltab_options &opts)
{
  char list[256];
  switch (d.kind)
    {
    case OPT_FLAG:
      if (value != NULL)
	{
	  error ("%s: option %<-fplugin-arg-%s-%s%> takes no value, got %<%s%>",
		 CALLTAB_PLUGIN_NAME, CALLTAB_PLUGIN_NAME, d.key, value);
	  return false;
	}
      opts.*d.flag = true;
      return true;
    case OPT_BOOL:
      if (value == NULL || strcmp (value, "yes") == 0)
	opts.*d.flag = true;
      else if (strcmp (value, "no") == 0)
	opts.*d.flag = false;
      else
	{
	  error ("%s: option %<-fplugin-arg-%s-%s%> expects %<yes%> or "
		 "%<no%>, got %<%s%>", CALLTAB_PLUGIN_NAME,
		 CALLTAB_PLUGIN_NAME, d.key, value);
	  return false;
	}
      return true;
    case OPT_ENUM:
      if (value != NULL)
	for (int i = 0; d.choices[i] != NULL; i++)
	  if (strcmp (value, d.choices[i]) == 0)
	    {
	      opts.*d.choice = i;
	      return true;
	    }
      error ("%s: option %<-fplugin-arg-%s-%s%> expects %s, got %<%s%>",
	     CALLTAB_PLUGIN_NAME, CALLTAB_PLUGIN_NAME, d.key,
	     choice_list (d, list, sizeof list), value ? value : "");
      return false;
    case OPT_FILE:
      if (value == NULL || value[0] == '\0')
	{
	  error ("%s: option %<-fplugin-arg-%s-%s%> expects a file name",
		 CALLTAB_PLUGIN_NAME, CALLTAB_PLUGIN_NAME, d.key);
	  return false;
	}
      opts.*d.file = value;
      return true;
    }
  gcc_unreachable ();
}

/* Built from option_table by calltab_parse_options.  */
char help_buffer[2048];

void
build_help (void)
{
  size_t len = snprintf (help_buffer, sizeof help_buffer, "%s",
			 "calltab: emit DWARF call tables and per-block "
			 "discriminators\n"
			 "Options (-fplugin-arg-calltab-KEY[=VALUE]):\n");
  for (const option_desc &d : option_table)
    {
      char key[64];
      switch (d.kind)
	{
	case OPT_FLAG:
	  snprintf (key, sizeof key, "%s", d.key);
	  break;
	case OPT_BOOL:
	  snprintf (key, sizeof key, "%s[=yes|no]", d.key);
	  break;
	case OPT_ENUM:
	  {
	    size_t n = snprintf (key, sizeof key, "%s=", d.key);
	    for (int i = 0; d.choices[i] != NULL && n < sizeof key; i++)
	      n += snprintf (key + n, sizeof key - n, "%s%s", i ? "|" : "",
			     d.choices[i]);
	  }
	  break;
	case OPT_FILE:
	  snprintf (key, sizeof key, "%s=FILE", d.key);
	  break;
	}
      len += snprintf (help_buffer + len, sizeof help_buffer - len,
		       "  %-26s  %s\n", key, d.help);
      gcc_assert (len < sizeof help_buffer);
    }
}

} // anon namespace

const char *
calltab_help_text (void)
{
  return help_buffer;
}

bool
calltab_parse_options (int argc, const struct plugin_argument *argv,
		       calltab_options *opts)
{
  build_help ();
  *opts = calltab_options ();
  opts->dcall = opts->vcall = opts->tcall = true;
  /* GCC 13 and later key their AutoFDO on their own numbers, which
     layered discriminators keep (docs/discriminators.md): the default
     from the version calltab-format.h names.  */
  opts->discriminators
    = (CALLTAB_DISCR_LAYERED_DEFAULT_GCC != 0
       && BUILDING_GCC_MAJOR >= CALLTAB_DISCR_LAYERED_DEFAULT_GCC
       && CALLTAB_DISCRIMINATOR_IN_LOCATION)
      ? CALLTAB_DISCRIM_LAYERED : CALLTAB_DISCRIM_RTL;
  bool ok = true;
  for (int i = 0; i < argc; i++)
    {
      const option_desc *d = find_option (argv[i].key);
      if (d == NULL)
	{
	  error ("%s: unknown option %<-fplugin-arg-%s-%s%>; "
		 "%<-fplugin-arg-%s-help%> lists the options",
		 CALLTAB_PLUGIN_NAME, CALLTAB_PLUGIN_NAME, argv[i].key,
		 CALLTAB_PLUGIN_NAME);
	  ok = false;
	}
      else if (!parse_value (*d, argv[i].value, *opts))
	ok = false;
    }
  /* GCC 11 and 12 keep GCC's number per RTL basic block, not per
     statement, and their AutoFDO reads one count per line: nothing to
     keep (docs/discriminators.md, "Layered discriminators").  */
  if (opts->discriminators == CALLTAB_DISCRIM_LAYERED
      && !CALLTAB_DISCRIMINATOR_IN_LOCATION)
    {
      error ("%s: %<-fplugin-arg-%s-discriminators=layered%> needs GCC 13 "
	     "or later (GCC %d keeps its own discriminators per basic "
	     "block)", CALLTAB_PLUGIN_NAME, CALLTAB_PLUGIN_NAME,
	     BUILDING_GCC_MAJOR);
      ok = false;
    }
  return ok;
}
