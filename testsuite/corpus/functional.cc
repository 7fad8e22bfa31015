// Lambdas, std::function and member function pointers.
#include <functional>
#include <map>
#include <string>

struct Counter
{
  int n = 0;
  void bump (int k) { n += k; }
  int get () const { return n; }
};

int
run (const std::map<std::string, std::function<int (int)>> &ops, int x)
{
  int acc = 0;
  for (const auto &kv : ops)
    acc += kv.second (x);
  Counter c;
  void (Counter::*m) (int) = &Counter::bump;
  (c.*m) (acc);
  return c.get ();
}

int
demo (int x)
{
  std::map<std::string, std::function<int (int)>> ops;
  ops["double"] = [] (int v) { return 2 * v; };
  ops["square"] = [] (int v) { return v * v; };
  return run (ops, x);
}
