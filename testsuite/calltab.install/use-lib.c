/* Built against an installed libcalltab through pkg-config: opens a file
   and prints the library version, or the library's error message.  */
#include <stdio.h>
#include <calltab.h>

int
main (int argc, char **argv)
{
  printf ("libcalltab %s\n", calltab_version ());
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
