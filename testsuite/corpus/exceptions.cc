// Exceptions, destructors and calls in landing pads.
#include <stdexcept>
#include <cstdio>

struct Guard
{
  const char *what;
  explicit Guard (const char *w) : what (w) {}
  ~Guard () { std::puts (what); }
};

int
checked_div (int a, int b)
{
  if (b == 0)
    throw std::invalid_argument ("division by zero");
  return a / b;
}

int
safe (int a, int b)
{
  Guard g ("leaving safe");
  try
    {
      return checked_div (a, b);
    }
  catch (const std::exception &e)
    {
      std::puts (e.what ());
      return 0;
    }
}
