// Virtual tail calls (docs/format.md, ".debug_tcall"): release jumps
// through slot 2 of its object's vtable; A::get and B::get compile
// alike and are folded.  C::get jumps to A::other, which compiles like
// them too: with C in the program the slot can hold a function that
// goes on to the code at the PC with another object.
struct Base
{
  long n = 2;
  virtual ~Base () {}
  virtual int get () const = 0;
  int release () const;
};
struct A : Base
{
  int get () const override;
  int other () const;
};
struct B : Base
{
  int get () const override;
};
struct C : Base
{
  const A *a = nullptr;
  int get () const override;
};
// Built without the plugin (vtail-d.cc, vtail-e.cc): their vtables list
// no functions.  D derives from Base, E does not.
struct D : Base
{
  int get () const override;
};
struct E
{
  virtual ~E () {}
  virtual int get () const;
};
