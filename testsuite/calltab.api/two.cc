// address.exp: C++ functions (found by their demangled names too).
static int __attribute__ ((noipa)) twice (int x) { return x * 5; }
namespace ns {
template <typename T> struct Box { T v; T get () const; };
template <typename T> T __attribute__ ((noipa)) Box<T>::get () const
{ return v + twice (1); }
int __attribute__ ((noipa)) scale (int x, const char *) { return x * 2; }
}
extern "C" int one (int);
extern "C" int two (int x)
{
  ns::Box<int> b = { x };
  return b.get () + ns::scale (x, "") + one (x);
}
