// One of three objects that emit shared_inline and twice<int>.
#include "comdat.h"

int
user1 (int x)
{
  return shared_inline (x) + twice<int> (x + 1);
}
