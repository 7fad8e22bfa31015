// std::shared_ptr's control blocks over two types of an anonymous
// namespace: _Sp_counted_ptr<A*>::_M_dispose and <B*>'s compile to the
// same code (delete of 4 bytes); their DIEs have no linkage name, both
// DW_AT_name "_M_dispose".  ld.gold --icf=all keeps one symbol and both
// DIEs at the kept copy; ld.lld keeps both symbols there and one DIE.
// Reduced from googletest's samples (the _Sp_counted_ptr of
// ParameterizedTestSuiteInfo<...>::TestInfo named as another's).
#include <cstdio>
#include <memory>
namespace { struct A { int v; }; struct B { int v; }; }
__attribute__ ((noinline)) int
use (int k)
{
  if (k)
    {
      std::shared_ptr<A> p (new A { k });
      return p->v;
    }
  std::shared_ptr<B> q (new B { k + 1 });
  return q->v;
}
int main (int argc, char **) { std::printf ("%d\n", use (argc > 1)); return 0; }
