/* The layout of the disambiguation structures as the C compiler sees
   them (calltab.gdb/layout.exp compares it with libcalltab/gdb's
   ctypes mirror).  */
#include <stddef.h>
#include <stdio.h>
#include "calltab.h"

#define F(T, m) printf (#T "." #m " %zu\n", offsetof (T, m))
#define S(T) printf (#T " %zu\n", sizeof (T))

int
main (void)
{
  S (Calltab_Function);
  F (Calltab_Function, symbol); F (Calltab_Function, name);
  F (Calltab_Function, die); F (Calltab_Function, low_pc);
  F (Calltab_Function, size);
  S (Calltab_Entry);
  F (Calltab_Entry, call_site); F (Calltab_Entry, tombstone);
  S (Calltab_Query);
  F (Calltab_Query, pc); F (Calltab_Query, ra); F (Calltab_Query, nra);
  F (Calltab_Query, has_this_vtable); F (Calltab_Query, this_vtable);
  F (Calltab_Query, regs); F (Calltab_Query, nregs); F (Calltab_Query, bias);
  F (Calltab_Query, read_memory); F (Calltab_Query, memory_arg);
  S (Calltab_Registers);
  F (Calltab_Registers, known); F (Calltab_Registers, value);
  S (Calltab_Decision);
  F (Calltab_Decision, verdict); F (Calltab_Decision, function);
  F (Calltab_Decision, evidence); F (Calltab_Decision, candidates);
  F (Calltab_Decision, ncandidates); F (Calltab_Decision, nremaining);
  F (Calltab_Decision, table); F (Calltab_Decision, entry);
  F (Calltab_Decision, depth);
  return 0;
}
