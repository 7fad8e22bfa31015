// std::shared_ptr's control blocks over two types of an anonymous
// namespace: _Sp_counted_ptr<A*>::_M_dispose and <B*>'s compile to the
// same code (delete of 4 bytes); their DIEs have no linkage name, both
// DW_AT_name "_M_dispose".  ld.gold --icf=all keeps one symbol and both
// DIEs at the kept copy; ld.lld keeps both symbols there and one DIE.
// main releases a pointer whose control block it does not know: a
// virtual call of _M_dispose.  Reduced from googletest's samples (the
// _Sp_counted_ptr of ParameterizedTestSuiteInfo<...>::TestInfo named as
// another's).
#include <cstdio>
#include <memory>
namespace { struct A { int v; }; struct B { int v; }; }
__attribute__ ((noinline)) std::shared_ptr<void>
make (int k)
{
  if (k)
    return std::shared_ptr<A> (new A { k });
  return std::shared_ptr<B> (new B { k + 1 });
}
int
main (int argc, char **)
{
  std::shared_ptr<void> p = make (argc > 1);
  std::printf ("%d\n", p != nullptr);
  return 0;
}
