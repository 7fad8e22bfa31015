#!/bin/sh
# verify-speed.sh: how long `calltab verify` takes on a large object,
# as a ratio to dumping the same object's line table with binutils
# readelf (the baseline, measured in the same run).  Not a test.
#
#   bench/verify-speed.sh [NFUNCS]     (default 4000 functions)
#
# The object: NFUNCS generated functions with loops, branches and calls,
# compiled by $GCC -O2 -g -ffunction-sections, with no call tables (the
# line-table, basic-block and GCC call-site checks dominate).
set -eu
cd "$(dirname "$0")/.."
n=${1:-4000}
GCC=${GCC:-gcc}
calltab=libcalltab/tools/calltab
[ -x "$calltab" ] || make -s all
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

i=0
{
    echo 'extern int ext (int);'
    while [ "$i" -lt "$n" ]; do
        prev=$(( i > 0 ? i - 1 : 0 ))
        echo "int f$i (int x) { int s = 0; for (int i = 0; i < x; i++) s += (i & 1) ? ext (i) : i * $i; return s + (x > 3 ? f$prev (x - 1) : 0); }"
        i=$((i + 1))
    done
} > "$tmp/big.c"
"$GCC" -O2 -g -ffunction-sections -c "$tmp/big.c" -o "$tmp/big.o"

now () { date +%s.%N; }
t0=$(now)
readelf --debug-dump=rawline "$tmp/big.o" > /dev/null
t1=$(now)
"$calltab" verify -q "$tmp/big.o" || true
t2=$(now)

echo "$n functions, $(stat -c %s "$tmp/big.o") bytes"
awk -v a="$t0" -v b="$t1" -v c="$t2" 'BEGIN {
    base = b - a; v = c - b;
    printf "readelf -wl (baseline): %.3f s\n", base;
    printf "calltab verify:         %.3f s\n", v;
    printf "ratio verify/baseline:  %.2f\n", (base > 0) ? (v / base) : 0;
}'
