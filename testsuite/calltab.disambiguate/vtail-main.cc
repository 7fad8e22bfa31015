#include "vtail.h"
volatile int sink;
int
main ()
{
  A a;
  B b;
  sink = a.release ();
  sink = b.release ();
#ifdef WITH_D
  D d;
  sink = d.release ();
#endif
#ifdef WITH_E
  E e;
  sink = e.get ();
#endif
#ifdef WITH_C
  C c;
  c.a = &a;
  sink = c.release ();
#endif
  return 0;
}
