/* Built against an installed libcalltab through pkg-config: prints the
   library version and the format constants of the installed
   calltab-format.h (through calltab.h), then opens each file and prints
   its path or the library's error message.  */
#include <stdio.h>
#include <calltab.h>

int
main (int argc, char **argv)
{
  printf ("libcalltab %s\n", calltab_version ());
  printf ("format %s %s version %d attributes %#x %#x\n",
	  CALLTAB_DCALL_SECTION, CALLTAB_VCALL_SECTION, CALLTAB_TABLE_VERSION,
	  DW_AT_calltab_dcall_unit, DW_AT_calltab_vcall_unit);
  for (int i = 1; i < argc; i++)
    {
      Calltab *ct = calltab_begin (argv[i]);
      if (ct == NULL)
	{
	  printf ("error %d: %s\n", calltab_errno (), calltab_errmsg (-1));
	  continue;
	}
      printf ("opened %s\n", calltab_path (ct));
      calltab_end (ct);
    }
  return 0;
}
