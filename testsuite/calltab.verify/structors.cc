// C1 and C2 of one constructor (D1 and D2 of one destructor) are
// aliases at one address: the same function, no call-folded note.  L
// is a class local to a lambda's operator() (mangled Z <encoding> E,
// with a closure type Ul...E_).
extern int ext (int);
struct S { S (int x); ~S (); int v; };
S::S (int x) : v (ext (x)) {}
S::~S () { ext (v); }
int use_s ()
{
  auto f = [] (int y) {
    struct L { L (int z) : w (ext (z)) {} ~L () { ext (w); } int w; };
    L l (y);
    return l.w;
  };
  S s (1);
  return s.v + f (2);
}
int ext (int x) { return x + 1; }
int main () { return use_s () == 0; }
