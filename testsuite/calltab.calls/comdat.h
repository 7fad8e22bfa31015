// An inline function and a template instance with calls, emitted in
// COMDAT groups by every object that uses them (calls.exp).
int leaf (int);

__attribute__ ((noinline)) inline int
shared_inline (int x)
{
  return leaf (x) + leaf (x + 1);
}

template <typename T>
__attribute__ ((noinline)) T
twice (T v)
{
  return leaf (v) * 2;
}
