// C++ names: an inline member function, a function template, and the
// out-of-line function in an anonymous namespace (its DIE has no
// linkage name: the symbol table names it).
namespace geo
{
struct Rect
{
  int w, h;
  int area () const { return w * h; }
};

template <typename T>
inline T
twice (T v)
{
  return v + v;
}
}

namespace
{
__attribute__ ((noinline)) int
total (const geo::Rect *r, int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    s += geo::twice (r[i].area ());
  return s;
}
}

int
main (int argc, char **)
{
  geo::Rect r[3] = { { argc, 2 }, { 3, argc }, { 5, 6 } };
  // 10 * argc + 60: a result GCC cannot know (GCC 14 proved that
  // "== 7" never holds and dropped the call).
  return total (r, 3) == 70;
}
