// Virtual tail calls whose slot can hold a function that ends in a call
// out of the program: release jumps through slot 2 (drop); A::drop,
// A::other and B::drop compile alike and are folded (A's vtable alone
// does not tell A's two apart); F::drop tail-calls operator
// delete, a deallocation function the program does not define.  With
// WITH_STREAM main uses std::stringstream, whose vtable the program
// copies from libstdc++ (a copy relocation) and whose class GCC
// describes by a declaration only.  With WITH_DELETE (vdrop-delete.cc)
// the program defines operator delete itself; with WITH_SIZED F::drop
// calls the sized form, which the library's passes on to the unsized
// one.  With WITH_LIB L's vtable is a shared library's, copied into the
// program, and the program defines the function its entry names.
struct Base
{
  long n = 2;
  void *buf = nullptr;
  virtual ~Base () {}
  virtual void drop () = 0;
  void release ();
};
struct A : Base
{
  void drop () override;
  void other () noexcept;
};
struct B : Base
{
  void drop () override;
};
struct F : Base
{
  void drop () override;
};
struct L : Base
{
  void drop () override;
};
