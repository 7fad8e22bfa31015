/* perf-regs-x86_64.c: the names perf script gives x86-64's user
   registers (-F uregs, iregs: "AX:0x..."), as DWARF register numbers
   (the System V x86-64 psABI's, which Calltab_Registers uses).  */

#include <string.h>
#include "perf-script-read.h"

static const struct
{
  const char *name;
  int dwarf;
} perf_regs[] = {
  { "AX", 0 }, { "DX", 1 }, { "CX", 2 }, { "BX", 3 },
  { "SI", 4 }, { "DI", 5 }, { "BP", 6 }, { "SP", 7 },
  { "R8", 8 }, { "R9", 9 }, { "R10", 10 }, { "R11", 11 },
  { "R12", 12 }, { "R13", 13 }, { "R14", 14 }, { "R15", 15 },
  { "IP", 16 },			/* the return address column */
};

int
perf_reg_dwarf_number (const char *name, size_t len)
{
  for (size_t i = 0; i < sizeof perf_regs / sizeof perf_regs[0]; i++)
    if (strlen (perf_regs[i].name) == len
	&& memcmp (perf_regs[i].name, name, len) == 0)
      return perf_regs[i].dwarf;
  return -1;
}
