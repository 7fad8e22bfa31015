// Calls through a member-function pointer, googletest's shape (Test::Run
// calls HandleExceptionsInMethodIfSupported (this, &Test::SetUp, ...),
// which calls (object->*method) ()): T::SetUp and T::TearDown are both
// empty and fold; only the pointer's vtable slot tells them apart
// (docs/format.md, ".debug_pcall").  Run's last call is a tail call.

struct T
{
  virtual ~T () {}
  virtual void SetUp () {}
  virtual void TearDown () {}
  virtual void Body () = 0;
  void Run ();
};

struct A : T
{
  void Body () override { asm volatile ("" : : : "memory"); }
};

__attribute__ ((noinline)) void
Handle (T *object, void (T::*method) (), const char *where)
{
  (object->*method) ();
  asm volatile ("" : : "r" (where) : "memory");
}

__attribute__ ((noinline)) void
T::Run ()
{
  Handle (this, &T::SetUp, "SetUp");
  Handle (this, &T::Body, "Body");
  Handle (this, &T::TearDown, "TearDown");
}

int
main ()
{
  A a;
  a.Run ();
  asm volatile ("" : : : "memory");
  return 0;
}
