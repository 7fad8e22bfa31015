// std::function over two lambdas alike, -O0 -ffunction-sections: the
// helpers of each (std::_Any_data::_M_access<lambda>, const and not)
// are local template instances whose DIEs GCC writes without a linkage
// name; ld.gold --icf=all folds one lambda's into the other's and drops
// their symbols.  Reduced from a C++ program at -O0 whose verify gave
// call-target errors for them.
#include <functional>
int use_a (int x) { std::function<int (int)> f = [] (int y) { return y + 1; }; return f (x); }
int use_b (int x) { std::function<int (int)> f = [] (int y) { return y + 1; }; return f (x); }
int main () { return use_a (1) + use_b (2) - 5; }
