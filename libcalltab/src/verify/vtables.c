/* vtables.c: the vtable DIEs of the plugin's declaration units
   (docs/format.md "Vtables").  Each DW_TAG_calltab_vtable DIE's
   DW_AT_location (DW_OP_addr) must be the address of its
   DW_AT_linkage_name symbol, the _ZTV vtable: in an object as libdwfl
   lays out and relocates its sections, in a linked file as linked.  A
   location that is dead (0 or all ones: data the linker removed) is not
   checked, as a table entry's dead call_site is not; a DIE whose symbol
   the file does not have (stripped of .symtab) cannot be checked, and
   one note says how many.  A relocatable
   object's DIEs of COMDAT vtables live in group sections libdw does not
   read: those are checked in the linked file.  */

#include <inttypes.h>
#include <string.h>
#include <dwarf.h>
#include "calltab-format.h"
#include "verify.h"

/* The value of DIE's location if it is exactly DW_OP_addr.  */
static bool
location_addr (Dwarf_Die *die, Dwarf_Addr *addr)
{
  Dwarf_Attribute attr;
  Dwarf_Op *ops;
  size_t nops;
  if (dwarf_attr (die, DW_AT_location, &attr) == NULL
      || dwarf_getlocation (&attr, &ops, &nops) != 0
      || nops != 1 || ops[0].atom != DW_OP_addr)
    return false;
  *addr = ops[0].number;
  return true;
}

/* The address of the data symbol NAME in v->mod, by libdwfl, as a
   DWARF address (without the module's bias).  */
static bool
symbol_addr (struct verify *v, const char *name, Dwarf_Addr *addr)
{
  int n = dwfl_module_getsymtab (v->mod);
  for (int i = 1; i < n; i++)
    {
      GElf_Sym sym;
      GElf_Addr value;
      const char *s = dwfl_module_getsym_info (v->mod, i, &sym, &value,
					       NULL, NULL, NULL);
      if (s != NULL && strcmp (s, name) == 0
	  && sym.st_shndx != SHN_UNDEF
	  && GELF_ST_TYPE (sym.st_info) == STT_OBJECT)
	{
	  *addr = value - v->bias;
	  return true;
	}
    }
  return false;
}

/* Check DIE; count it in *NO_SYMBOL when its symbol is not there.  */
static void
check_vtable (struct verify *v, Dwarf_Die *die, size_t *no_symbol)
{
  struct verify_place place = { ".debug_info", dwarf_dieoffset (die),
				NULL, 0 };
  const char *sym = __calltab_die_linkage_name (die);
  Dwarf_Addr loc, at;
  if (sym == NULL || !location_addr (die, &loc))
    {
      verify_report (v, VC_VTABLE_LOCATION, &place,
		     "vtable DIE without %s",
		     sym == NULL ? "DW_AT_linkage_name"
		     : "a DW_AT_location of one DW_OP_addr");
      return;
    }
  Dwarf_Addr dead = gelf_getclass (v->elf) == ELFCLASS32 ? 0xffffffffu : ~(Dwarf_Addr) 0;
  if (loc == 0 || loc == dead)
    return;
  if (!symbol_addr (v, sym, &at))
    {
      ++*no_symbol;
      return;
    }
  if (at != loc)
    verify_report (v, VC_VTABLE_LOCATION, &place,
		   "vtable DIE of '%s': DW_AT_location is 0x%" PRIx64
		   ", the symbol is at 0x%" PRIx64, sym, (uint64_t) loc,
		   (uint64_t) at);
}

void
verify_vtables (struct verify *v)
{
  if (v->dwarf == NULL || v->mod == NULL)
    return;
  Dwarf_Off off = 0, next;
  size_t hsize, no_symbol = 0;
  while (dwarf_nextcu (v->dwarf, off, &next, &hsize, NULL, NULL, NULL) == 0)
    {
      Dwarf_Die cu, child;
      const char *producer = NULL;
      if (dwarf_offdie (v->dwarf, off + hsize, &cu) != NULL)
	producer = calltab_die_string (&cu, DW_AT_producer);
      if (producer != NULL
	  && strncmp (producer, CALLTAB_PRODUCER_PREFIX,
		      CALLTAB_PRODUCER_PREFIX_LEN) == 0
	  && dwarf_child (&cu, &child) == 0)
	do
	  if (dwarf_tag (&child) == DW_TAG_calltab_vtable)
	    check_vtable (v, &child, &no_symbol);
	while (dwarf_siblingof (&child, &child) == 0);
      off = next;
    }
  if (no_symbol > 0)
    verify_report_as (v, VC_VTABLE_LOCATION, V_NOTE, NULL,
		      "%zu vtable %s name a symbol the file does not have"
		      " (stripped of .symtab?): %s DW_AT_location not checked",
		      no_symbol, no_symbol == 1 ? "DIE" : "DIEs",
		      no_symbol == 1 ? "its" : "their");
}
