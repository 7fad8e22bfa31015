// merged.cc: functions that identical code folding (--icf=all) merges.
//
// scale_width and scale_height compile to the same bytes, and so do
// Square::sides and Rect::sides.  After `ld.gold --icf=all` (or lld) each
// pair shares one address, and a PC inside the shared copy no longer names
// one function; the call tables emitted by the calltab plugin say which
// one a given call reached.

#include <cstdio>

__attribute__ ((noinline)) int scale_width (int x) { return x * 3 + 1; }
__attribute__ ((noinline)) int scale_height (int y) { return y * 3 + 1; }

struct Shape
{
  virtual ~Shape () {}
  virtual int sides () const = 0;
};

struct Square : Shape
{
  int sides () const override { return 4; }
};

struct Rect : Shape
{
  int sides () const override { return 4; }
};

__attribute__ ((noinline)) int
layout (int w, int h)
{
  return scale_width (w) + scale_height (h);
}

__attribute__ ((noinline)) int
count_sides (const Shape &a, const Shape &b)
{
  return a.sides () + b.sides ();
}

int
main (int argc, char **)
{
  Square s;
  Rect r;
  std::printf ("layout %d sides %d\n", layout (argc, argc + 1),
	       count_sides (s, r));
  return 0;
}
