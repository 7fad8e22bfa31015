// drop's delete is a virtual call of the deleting destructor (slot 1);
// the store after it keeps it a call, not a tail call.
#include "dtor.h"
int Base::get () const { return 0; }
volatile int sink;
__attribute__ ((noipa)) void
drop (Base *p)
{
  delete p;
  sink++;
}
int
main ()
{
  drop (new A);
  drop (new B);
  return 0;
}
