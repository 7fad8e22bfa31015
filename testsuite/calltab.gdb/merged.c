/* Merged code reached from different callers (calltab.gdb/bt.exp).
   f1 and f2 are identical: ICF folds them, and main's two calls reach
   one copy.  b and d are identical, so a and c (which call them) become
   identical too: the recursive case, decided through the caller.  The
   calls are not tail calls (each result is used after the call), so every
   frame is an ordinary call with its return address in a table.  Built
   as a shared library with -fvisibility=hidden: only run_all is
   exported (the linkers do not fold functions that can be preempted).  */

#define KEEP __attribute__ ((noipa))

KEEP int sink (int x) { return x + 1; }

KEEP int f1 (int x) { return sink (x * 5 + 1) * 3; }
KEEP int f2 (int x) { return sink (x * 5 + 1) * 3; }

KEEP int b (int x) { return sink (x * 7 + 2) * 5; }
KEEP int d (int x) { return sink (x * 7 + 2) * 5; }
KEEP int a (int x) { return b (x) + 11; }
KEEP int c (int x) { return d (x) + 11; }

KEEP __attribute__ ((visibility ("default"))) int
run_all (int x)
{
  int r = f1 (x);
  r += f2 (x + 1);
  r += a (x + 2);
  r += c (x + 3);
  return r;
}
