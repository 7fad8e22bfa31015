/* die-entry.c: where a function's code is entered, by its DIE.  */

#include "dwarf-read.h"

int
__calltab_die_entry (Dwarf_Die *die, Dwarf_Addr *entry)
{
  if (dwarf_entrypc (die, entry) == 0)	/* DW_AT_entry_pc, DW_AT_low_pc */
    return 0;
  /* GCC lists a function split into hot and cold parts with the part
     it is entered by first, wherever the linker put the other.  */
  Dwarf_Addr base, end;
  return dwarf_ranges (die, 0, &base, entry, &end) > 0 ? 0 : -1;
}
