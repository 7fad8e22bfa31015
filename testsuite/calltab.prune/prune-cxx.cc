// calltab.prune: C++ (prune.exp).  Sq::area and Sq2::area are identical
// and fold; total makes a virtual call (.debug_vcall, kept whole);
// twice<int>/twice<unsigned> (COMDAT, their caller DIEs in declaration
// units of their groups) call helper<int>/helper<unsigned>, which fold,
// so they fold too (the recursive case in COMDAT groups); lonely is not
// merged, nor is what it calls.
struct Shape
{
  virtual int area () const = 0;
};
struct Sq : Shape
{
  int s;
  Sq (int x) : s (x) {}
  int area () const override;
};
struct Sq2 : Shape
{
  int s;
  Sq2 (int x) : s (x) {}
  int area () const override;
};
__attribute__ ((noinline)) int Sq::area () const { return s * s + 1; }
__attribute__ ((noinline)) int Sq2::area () const { return s * s + 1; }

__attribute__ ((noinline)) int total (const Shape &sh) { return sh.area () + 3; }

template <typename T> __attribute__ ((noinline)) T helper (T x) { return x * 7 + 1; }
template <typename T> __attribute__ ((noinline)) T twice (T x) { return helper (x) * 2 + 1; }

__attribute__ ((noinline)) int leaf (int x) { return x ^ 0x33; }
__attribute__ ((noinline)) int lonely (int x) { return leaf (x) + leaf (x + 1); }

int
main (int argc, char **)
{
  Sq a (argc);
  Sq2 b (argc + 1);
  int r = total (a) + total (b) + twice (argc) + (int) twice ((unsigned) argc)
	  + lonely (argc) + a.area ();
  return r == 12345;
}
