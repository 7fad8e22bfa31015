/* die-string.c: string attributes of DIEs, read so that a unit cut
   short cannot run a string past its section (calltab_die_string,
   docs/library.md).

   libdw hands out a DW_FORM_string attribute as the address of its
   first byte and never looks for its end (dwarf_formstring); only when
   it steps over the attribute does it search for the NUL, within the
   unit.  dwarf_getattrs steps over every attribute of a DIE, so a DIE
   it walks to the end holds only strings that end in their unit.  */

#include <stdlib.h>
#include <string.h>
#include <dwarf.h>
#include "calltab-format.h"
#include "dwarf-read.h"

/* libdw's bound on the chain of DW_AT_abstract_origin and
   DW_AT_specification (dwarf_attr_integrate): the DIE asked about
   and 16 links after it.  */
#define MAX_CHAIN 17

static int
step_over (Dwarf_Attribute *attr, void *arg)
{
  (void) attr;
  (void) arg;
  return DWARF_CB_OK;
}

/* Whether libdw measured every attribute of DIE within its unit.  */
static bool
attrs_end_in_unit (Dwarf_Die *die)
{
  return dwarf_getattrs (die, step_over, NULL, 0) == 1;
}

CALLTAB_EXPORT const char *
calltab_die_string (Dwarf_Die *die, unsigned int name)
{
  if (die == NULL)
    return NULL;
  Dwarf_Die d = *die;
  for (int i = 0; i < MAX_CHAIN; i++)
    {
      Dwarf_Attribute attr;
      if (dwarf_attr (&d, name, &attr) != NULL)
	return dwarf_whatform (&attr) != DW_FORM_string
	       || attrs_end_in_unit (&d) ? dwarf_formstring (&attr) : NULL;
      if (dwarf_attr (&d, DW_AT_abstract_origin, &attr) == NULL
	  && dwarf_attr (&d, DW_AT_specification, &attr) == NULL)
	break;
      if (dwarf_formref_die (&attr, &d) == NULL)
	return NULL;
    }
  /* What else dwarf_attr_integrate finds (the skeleton of a split unit)
     comes from a unit we did not walk: its inline strings are not
     taken.  */
  Dwarf_Attribute attr;
  if (dwarf_attr_integrate (die, name, &attr) != NULL
      && dwarf_whatform (&attr) != DW_FORM_string)
    return dwarf_formstring (&attr);
  return NULL;
}

const char *
__calltab_die_linkage_name (Dwarf_Die *die)
{
  const char *s = calltab_die_string (die, DW_AT_linkage_name);
  return s != NULL ? s : calltab_die_string (die, DW_AT_MIPS_linkage_name);
}

/* The major version of the GCC PRODUCER names ("GNU C17 13.3.0 -m..."),
   0 when it names none.  */
static int
producer_gcc_major (const char *producer)
{
  if (producer == NULL || strncmp (producer, "GNU ", 4) != 0)
    return 0;
  const char *v = strchr (producer + 4, ' ');
  if (v == NULL || v[1] < '0' || v[1] > '9')
    return 0;
  return atoi (v + 1);
}

const char *
__calltab_producer_discriminators (const char *producer, size_t *len)
{
  static const char opt[] = CALLTAB_DISCR_OPTION;
  const char *last = NULL;
  for (const char *p = producer != NULL ? strstr (producer, " -") : NULL;
       p != NULL; p = strstr (p + 1, " -"))
    if (strncmp (p + 1, opt, sizeof opt - 1) == 0)
      last = p + sizeof opt;
  if (last != NULL)
    {
      *len = strcspn (last, " ");
      return last;
    }
  const char *mode = CALLTAB_DISCR_LAYERED_DEFAULT_GCC != 0
		     && producer_gcc_major (producer)
			>= CALLTAB_DISCR_LAYERED_DEFAULT_GCC
		     ? "layered" : "rtl";
  *len = strlen (mode);
  return mode;
}

bool
__calltab_producer_mode_is (const char *producer, const char *option)
{
  const char *want = option + strlen (CALLTAB_DISCR_OPTION);
  size_t len;
  const char *mode = __calltab_producer_discriminators (producer, &len);
  return len == strlen (want) && strncmp (mode, want, len) == 0;
}

unsigned
__calltab_producer_layered_shift (const char *producer)
{
  if (!__calltab_producer_mode_is (producer, CALLTAB_DISCR_LAYERED_OPTION))
    return 0;
  return CALLTAB_DISCR_LAYERED_SHIFT (producer_gcc_major (producer));
}

bool
__calltab_producer_names_plugin (const char *producer)
{
  for (const char *p = producer != NULL ? strstr (producer, "-fplugin=")
		       : NULL;
       p != NULL; p = strstr (p + 1, "-fplugin="))
    {
      const char *arg = p + strlen ("-fplugin=");
      size_t len = strcspn (arg, " ");
      const char *base = arg;
      for (size_t i = 0; i < len; i++)
	if (arg[i] == '/')
	  base = arg + i + 1;
      if (strncmp (base, CALLTAB_PLUGIN_NAME,
		   strlen (CALLTAB_PLUGIN_NAME)) == 0)
	return true;
    }
  return false;
}
