// One of three objects that emit shared_inline and twice<int>.
#include "comdat.h"

int
user2 (int x)
{
  return shared_inline (x) + twice<int> (x + 2);
}
