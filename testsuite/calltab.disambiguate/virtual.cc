// Virtual calls into merged code: Rect::area, Square::area and
// Rect::perimeter compile alike; the linker folds them.
struct Shape
{
  virtual int area () const = 0;
  virtual int sides () const = 0;
  virtual int perimeter () const = 0;
protected:
  ~Shape () {}
};

struct Rect : Shape
{
  int w = 2, h = 3;
  int area () const override { return w * h; }
  int sides () const override { return 4; }
  int perimeter () const override { return w * h; }
};

struct Square : Shape
{
  int w = 2, h = 2;
  int area () const override { return w * h; }
  int sides () const override { return 5; }
  int perimeter () const override { return 4 * w; }
};

__attribute__ ((noipa)) int
use (const Shape &s)
{
  return s.area () + 1;
}

int
main ()
{
  Rect r;
  Square s;
  return use (r) + use (s) - 12;
}
