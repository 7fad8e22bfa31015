#include "inl.h"
int a (int *, int);
int main (int c, char **) { int v[4] = {c, 2, 3, 4}; return a (v, c) + F (v, c); }
