// Virtual calls into folded deleting destructors (dtor-*.cc): A's and
// B's compile alike (same size, nothing to destroy), and the linker
// folds them; GCC gives a destructor no DW_AT_vtable_elem_location.
struct Base
{
  virtual ~Base () {}
  virtual int get () const;
};
struct A : Base
{
  long x = 1;
  ~A () override {}
  int get () const override;
};
struct B : Base
{
  long y = 2;
  ~B () override {}
  int get () const override;
};
void drop (Base *p);
