// X's and Y's destructors have the same code, each a call of its own
// release function (release_x and release_y, the same code too): the
// linker folds both pairs.  GCC emits each destructor as D2 with D1 an
// alias of it: the caller's entry names D1, the destructor's own unit
// is D2's.
struct PX { int v; };
struct PY { int v; };
__attribute__ ((noinline)) void release_x (PX *p) { p->v = 0; }
__attribute__ ((noinline)) void release_y (PY *p) { p->v = 0; }
struct X { PX *p; ~X () { release_x (p); } };
struct Y { PY *p; ~Y () { release_y (p); } };

int
main ()
{
  PX a = { 1 };
  PY b = { 2 };
  {
    X x = { &a };
  }
  {
    Y y = { &b };
  }
  return a.v + b.v;
}
