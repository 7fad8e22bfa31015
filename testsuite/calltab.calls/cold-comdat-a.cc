#include "cold-comdat.h"
int use_a (int x) { return split (x) + 1; }
