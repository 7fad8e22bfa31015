// Virtual calls through a small class hierarchy.
#include <cstdio>

struct Shape
{
  virtual ~Shape () {}
  virtual double area () const = 0;
  virtual const char *name () const { return "shape"; }
  virtual void scale (double f) = 0;
};

struct Square : Shape
{
  double s;
  explicit Square (double x) : s (x) {}
  double area () const override { return s * s; }
  const char *name () const override { return "square"; }
  void scale (double f) override { s *= f; }
};

struct Rect : Shape
{
  double w, h;
  Rect (double a, double b) : w (a), h (b) {}
  double area () const override { return w * h; }
  void scale (double f) override { w *= f; h *= f; }
};

double
total (Shape **v, int n)
{
  double t = 0;
  for (int i = 0; i < n; i++)
    {
      v[i]->scale (2.0);
      t += v[i]->area ();
    }
  return t;
}

int
main ()
{
  Square sq (3);
  Rect r (2, 5);
  Shape *v[] = { &sq, &r };
  std::printf ("%s %s %g\n", v[0]->name (), v[1]->name (), total (v, 2));
  return 0;
}
