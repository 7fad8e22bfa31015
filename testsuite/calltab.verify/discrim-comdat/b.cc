#include "inl.h"
int a (int);
int main (int c, char **) { return a (c) + twice (c) + thrice (c); }
