// A virtual call whose function tail-calls a folded deleting destructor
// of another object (the shape of shared_ptr's control block:
// _M_release calls _M_dispose virtually, which jumps to `delete p').
// Built with dtor-a.cc and dtor-b.cc (A's and B's D0 folded).
#include "dtor.h"
int Base::get () const { return 0; }
struct Holder
{
  Base *p;
  long size = 3;		// not A's or B's size: its D0 is not folded
  explicit Holder (Base *q) : p (q) {}
  virtual ~Holder () {}
  virtual void dispose ();	// slot 2, as Base::get
};
void Holder::dispose () { delete p; }	// a tail call of p's D0
volatile int sink;
__attribute__ ((noipa)) void
release (Holder *h)
{
  h->dispose ();
  sink++;
}
int
main ()
{
  Holder a (new A), b (new B);
  release (&a);
  release (&b);
  return 0;
}
