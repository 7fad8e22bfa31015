// Twelve classes whose virtual functions compile alike: ld.gold
// --icf=all folds them into one copy, which more symbols name than a
// message lists; every vtable still holds its own class's function.
#define CLASS(N) \
  struct C##N { virtual ~C##N (); virtual void f (); }; \
  C##N::~C##N () {} \
  void C##N::f () {} \
  C##N *make##N () { return new C##N; }
CLASS (0) CLASS (1) CLASS (2) CLASS (3) CLASS (4) CLASS (5)
CLASS (6) CLASS (7) CLASS (8) CLASS (9) CLASS (10) CLASS (11)
int
main ()
{
  C0 *p = make0 ();
  p->f ();
  delete p;
  C11 *q = make11 ();
  q->f ();
  delete q;
  return 0;
}
