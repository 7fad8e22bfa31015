// Local template instances folded by ld.gold --icf=all, their symbols
// dropped (reduced from googlemock's gmock-actions_test):
// - holder<A> and holder<B>'s destructors: GCC's DIEs of both have the
//   name ~holder and no linkage name (local types), so the name alone
//   cannot pick one; their classes do (noipa: GCC 16 would make each an
//   .isra.0 clone, whose one DIE is found by its own name);
// - same<Base, Base> and same<Derived, Base> (testing::internal::
//   CmpHelperEQ's shape): a cold part, so GCC's DIE of each has
//   DW_AT_ranges, entry part first, and no DW_AT_low_pc.
namespace { struct A { int v; }; struct B { int v; }; }
template <class T> struct holder
{
  T *p;
  __attribute__ ((noipa)) ~holder () { delete p; }
};
int use_a (int x) { holder<A> h { new A { x } }; return h.p->v; }
int use_b (int x) { holder<B> h { new B { x } }; return h.p->v + 1; }

namespace { struct Base { int v; }; struct Derived : Base { }; }
extern void fail (const void *, const void *) __attribute__ ((cold));
template <class T1, class T2>
__attribute__ ((noinline)) int
same (T1 *const &a, T2 *const &b)
{
  if (__builtin_expect (a->v != b->v, 0))
    {
      fail (a, b);
      return 1;
    }
  return 0;
}
void fail (const void *, const void *) { __builtin_trap (); }

int
main (int argc, char **)
{
  Derived d;
  d.v = argc;
  Base b;
  b.v = argc;
  Derived *pd = &d;
  Base *pb = &b;
  return use_a (argc) + use_b (argc) + same (pb, pb) + same (pd, pb);
}
