// A type-erased table as googletest's MatcherBase::VTable: a constexpr
// local static of a template function, COMDAT in each object using it.
struct VTable
{
  int (*call) (int);
  void (*destroy) (void *);
};

template<class T> int call_impl (int x) { return x + (int) sizeof (T); }
template<class T> void destroy_impl (void *) {}

template<class T>
const VTable *
get_vtable ()
{
  static constexpr VTable kVTable = { &call_impl<T>, &destroy_impl<T> };
  return &kVTable;
}
