/* The second unit of ptable-local-a.c: the same static run and table
   'ops', the table given out as ops_b.  */
#define ops_a ops_b
#include "ptable-local-a.c"
