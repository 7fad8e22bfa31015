#include "inl.h"
int a (int x) { return twice (x) + thrice (x); }
