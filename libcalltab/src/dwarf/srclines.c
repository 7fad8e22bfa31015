/* srclines.c: a unit's line table through libdw, where libdw can read
   it without crashing.

   elfutils 0.192 (Debian 13) reads the directory of a DW_LNE_define_file
   entry with strlen before it checks it for NULL, and directory 0 of a
   line table before DWARF 5 is the unit's DW_AT_comp_dir, NULL when the
   unit has none: dwarf_getsrclines then dies of a NULL pointer (found by
   fuzzing calltab verify; 0.188 reads the same input).  Whether the
   program holds such an entry only its decoding would tell, so a table
   that may is not read here: one whose directory 0 is NULL while the
   unit has a DW_AT_comp_dir it cannot read, or whose header lists files
   (relative names, which a producer that writes no DW_AT_comp_dir has
   no use for).  Its callers report it unread, never as checked.  A
   table with no file at all in a unit without DW_AT_comp_dir (gas's
   line program when nothing was assembled with -g, under the unit of
   gas-support's macros) is read.  The lists come from
   dwarf_getsrcfiles, which reads the header alone.

   Every line function of libdw reads the unit's DW_AT_comp_dir with
   dwarf_formstring, which does not look for the end of a
   DW_FORM_string; a unit cut off within it (calltab_die_string finds
   no end) is given to none of them.  */

#include <dwarf.h>
#include "dwarf-read.h"

bool
__calltab_comp_dir_readable (Dwarf_Die *cudie)
{
  return (!dwarf_hasattr (cudie, DW_AT_comp_dir)
	  || calltab_die_string (cudie, DW_AT_comp_dir) != NULL);
}

int
__calltab_getsrcfiles (Dwarf_Die *cudie, Dwarf_Files **files,
		       size_t *nfiles)
{
  if (!__calltab_comp_dir_readable (cudie))
    {
      __calltab_seterr (CALLTAB_E_LIBDW, "DW_AT_comp_dir does not end within"
			" its unit");
      return -1;
    }
  if (dwarf_getsrcfiles (cudie, files, nfiles) != 0)
    {
      __calltab_seterr (CALLTAB_E_LIBDW, "%s", dwarf_errmsg (-1));
      return -1;
    }
  return 0;
}

const char *
__calltab_decl_file (Dwarf_Die *die)
{
  Dwarf_Die cudie;
  if (dwarf_diecu (die, &cudie, NULL, NULL) == NULL
      || !__calltab_comp_dir_readable (&cudie))
    return NULL;
  return dwarf_decl_file (die);
}

bool
__calltab_lines_readable (Dwarf_Die *cudie)
{
  Dwarf_Files *files;
  size_t nfiles, ndirs;
  const char *const *dirs;
  if (!__calltab_comp_dir_readable (cudie))
    return false;
  if (dwarf_getsrcfiles (cudie, &files, &nfiles) != 0)
    return true;		/* dwarf_getsrclines fails as well */
  if (dwarf_getsrcdirs (files, &dirs, &ndirs) != 0)
    return true;
  if (ndirs == 0 || dirs[0] != NULL)
    return true;
  /* Files beyond libdw's entry 0 (the unit's name).  */
  return !dwarf_hasattr (cudie, DW_AT_comp_dir) && nfiles <= 1;
}

int
__calltab_getsrclines (Dwarf_Die *cudie, Dwarf_Lines **lines, size_t *nlines)
{
  if (!__calltab_lines_readable (cudie))
    return 0;
  if (dwarf_getsrclines (cudie, lines, nlines) != 0)
    {
      __calltab_seterr (CALLTAB_E_LIBDW, "%s", dwarf_errmsg (-1));
      return -1;
    }
  return 1;
}
