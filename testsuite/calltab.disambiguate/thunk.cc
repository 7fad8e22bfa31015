// A call through a secondary base reaches its function through a
// this-adjusting thunk: at the function `this' is the whole object,
// whose primary vtable has another function at the called slot.  M::g
// (slot 2 of R, reached through the thunk) and L::f (slot 2 of M's
// primary vtable) compile alike and are folded.
struct L
{
  long l = 1;
  virtual ~L () {}
  virtual long f () const;
};
struct R
{
  long r = 2;
  virtual ~R () {}
  virtual long g () const;
};
struct M : L, R
{
  long g () const override;
};
long L::f () const { return l; }
long R::g () const { return r + 1; }
long M::g () const { return l; }
volatile long sink, sink_f;
__attribute__ ((noipa)) void
call_g (R *p)
{
  sink = p->g ();
}
__attribute__ ((noipa)) void
call_f (L *p)
{
  sink_f = p->f ();
}
int
main ()
{
  M m;
  call_g (&m);
  call_f (&m);
  return 0;
}
