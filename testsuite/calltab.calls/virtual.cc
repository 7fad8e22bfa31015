// Virtual calls through slots 0, 2 and 3, and a call that GCC
// devirtualizes (calls.exp checks the slots under gdb).
struct Base
{
  virtual int zero () { return 0; }
  virtual ~Base () {}
  virtual int three () { return 3; }
};

struct Derived : Base
{
  int zero () override { return 10; }
  int three () override { return 13; }
};

__attribute__ ((noinline)) int
use (Base *b)
{
  return b->zero () + b->three ();
}

__attribute__ ((noinline)) void
drop (Base *b)
{
  delete b;
}

int
main ()
{
  Derived d;
  int r = use (&d);
  drop (new Derived);
  return r == 23 ? 0 : 1;
}
