// main.cc: the C++ side of routines.S (gas.exp), built with the plugin.
#include <cstddef>
#include <cstring>

struct Shape
{
  virtual int area () const;
  virtual int perimeter () const;
  int w, h;
};

int Shape::area () const { return w * h; }
int Shape::perimeter () const { return 2 * (w + h); }

extern "C" {
void *ct_copy (void *, const void *, size_t);
int ct_tramp (const Shape *);
int ct_count (void);
}

int
main ()
{
  char src[21] = "twenty bytes of data";
  char dst[21] = { 0 };
  ct_copy (dst, src, sizeof src);
  if (std::memcmp (dst, src, sizeof src) != 0 || ct_count () != 3)
    return 1;
  Shape s;
  s.w = 3;
  s.h = 4;
  // perimeter 14, plus ct_progress's count after one more call (4).
  return ct_tramp (&s) == 14 + 4 ? 0 : 2;
}
