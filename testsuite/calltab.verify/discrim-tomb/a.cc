#include "inl.h"
int a (int *p, int n) { return F (p, n); }
