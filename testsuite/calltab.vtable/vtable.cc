// Vtables of several kinds: a template instance's nested class (COMDAT),
// a class in an anonymous namespace (local, outside any group), a class
// with an out-of-line key function, one with inline virtuals only.
namespace ns {
template <class T> struct Outer {
  struct Inner { virtual ~Inner (); virtual int f () { return 1; } };
};
template <class T> Outer<T>::Inner::~Inner () {}
template struct Outer<int>;
}
namespace { struct L { virtual int g (); }; int L::g () { return 2; } }
struct K { virtual int h (); };
int K::h () { return 3; }
struct I { virtual int h () { return 4; } };
int use () { ns::Outer<int>::Inner x; L l; I i; return x.f () + l.g () + i.h (); }
