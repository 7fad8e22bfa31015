// Templates and inline functions: COMDAT groups, one copy per object.
#include <vector>
#include <algorithm>
#include <string>

template <typename T>
T
clamp_all (std::vector<T> &v, T lo, T hi)
{
  T sum = T ();
  for (auto &x : v)
    {
      x = std::min (std::max (x, lo), hi);
      sum += x;
    }
  return sum;
}

inline int square (int x) { return x * x; }

int
use_int (std::vector<int> &v)
{
  std::sort (v.begin (), v.end ());
  return clamp_all (v, 0, 100) + square ((int) v.size ());
}

std::string
use_string (std::vector<std::string> &v)
{
  std::string out;
  for (const auto &s : v)
    out += s;
  return out;
}
