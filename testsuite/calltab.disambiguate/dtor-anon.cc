// Deleting destructors of classes in an anonymous namespace, folded by
// ld.gold --icf=all, which drops the local symbols of the copies it
// folds: at the PC only the kept copy's symbol is left, and GCC's DIE
// of the other (no linkage name).  The object's vtable holds the
// other's address, which is the PC.
struct Base
{
  virtual ~Base () {}
  virtual int get () const { return 0; }
};
namespace
{
struct A : Base
{
  long x = 1;
  ~A () override {}
  int get () const override { return (int) x; }
};
struct B : Base
{
  long y = 2;
  ~B () override {}
  int get () const override { return (int) y * 2; }
};
}
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
