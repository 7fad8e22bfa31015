#include "cold-comdat.h"
extern int use_a (int);
__attribute__((noinline,cold)) void report (int x) { __asm__ volatile ("" :: "r" (x)); }
__attribute__((noinline)) int work (int x) { return x * 2; }
int main (int c, char **) { return split (c) + use_a (c) == 7 ? 0 : 1; }
