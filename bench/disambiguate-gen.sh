#!/bin/sh
# disambiguate-gen.sh T FUNCS CALLS: print translation unit T of the
# disambiguate benchmark: FUNCS callers of CALLS direct calls each, into
# 16 leaf functions that fold in pairs under --icf=all (leaf_2k and
# leaf_2k+1 are identical).  Unit 0 also defines the leaves and main.
t=$1 funcs=$2 calls=$3
awk -v t="$t" -v funcs="$funcs" -v calls="$calls" 'BEGIN {
  for (k = 0; k < 16; k++)
    printf "int leaf_%d (int);\n", k
  if (t == 0) {
    for (k = 0; k < 16; k++)
      printf "__attribute__ ((noinline)) int leaf_%d (int x) { return x * %d + 1; }\n", k, int (k / 2) + 3
  }
  for (f = 0; f < funcs; f++) {
    printf "__attribute__ ((noinline)) int caller_%d_%d (int x)\n{\n  int s = 0;\n", t, f
    for (c = 0; c < calls; c++)
      printf "  s += leaf_%d (x + %d);\n", (f * 7 + c * 3) % 16, c
    printf "  return s;\n}\n"
  }
  if (t == 0)
    print "int main (void) { return 0; }"
}'
