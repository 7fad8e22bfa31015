// Two instances of a class template in an anonymous namespace whose
// virtual member compiles to the same code: GCC gives their DIEs no
// linkage name (both are DW_AT_name "run"), ld.gold --icf=all folds
// them and keeps one symbol.  Reduced from googletest's sample6 (typed
// tests: PrimeTableTest_ReturnsFalseForNonPrimes_Test<T>::TestBody).
#include <cstdio>
namespace {
struct TableA { int at (int i) const { return i * 3; } };
struct TableB { int at (int i) const { return i * 3; } };
struct Base { virtual int run (int) = 0; virtual ~Base () {} };
template <class T> struct Test : Base {
  T t;
  int run (int n) override {
    int s = 0;
    for (int i = 0; i < n; i++)
      s += t.at (i) ^ (s >> 3);
    return s;
  }
};
}
Base *make (int k) {
  if (k) return new Test<TableA>;
  return new Test<TableB>;
}
int main (int argc, char **) {
  Base *b = make (argc > 1);
  int r = b->run (argc + 10);
  std::printf ("%d\n", r);
  delete b;
  return 0;
}
