#!/bin/sh
# comdat-scaling.sh: how the reader's cost grows with the COMDAT groups
# of a relocatable object.  Not a test.
#
#   bench/comdat-scaling.sh [N...]     (default 100 1000 5000 20000)
#
# For each N, a generated C++ file with N inline functions, each making
# one call (each is a COMDAT group with its own .text, .debug_info,
# .debug_dcall and their relocations), used by N/50 ordinary functions,
# is compiled with the plugin at -O0 -g.  Printed per N: the best of
# $RUNS (default 3) wall-clock times of `calltab dump`, `calltab verify`,
# `calltab lookup` (one address: the open dominates) and `readelf -w`
# (the baseline) on the object, the ratios to readelf -w measured in the
# same run, and the time per group of each calltab command, which stays
# flat when the cost is linear in the groups.  20,000 groups take a few
# minutes (the compile, and readelf -w, which is quadratic there).
# CALLTAB=PATH measures another calltab binary.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
sizes=${*:-100 1000 5000 20000}
runs=${RUNS:-3}
GXX=${GXX:-g++}
calltab=${CALLTAB:-$top/libcalltab/tools/calltab}
plugin=$top/gcc-plugin/calltab.so
[ -x "$calltab" ] && [ -f "$plugin" ] || make -s -C "$top" all
# KEEP=DIR keeps the generated objects there.
. "$top/bench/lib.sh"
bench_workdir

# Best of $runs wall-clock times of a command, in milliseconds (its exit
# status and output are not looked at: verify and lookup may exit 1).
# A command that takes over 10 s is run once: readelf -w itself grows
# faster than linearly with the groups (25 s at 5,000).
best_ms () {
    best=
    i=0
    while [ "$i" -lt "$runs" ] && { [ -z "$best" ] || [ "$best" -lt 10000 ]; }; do
        t0=$(date +%s%N)
        "$@" >/dev/null 2>&1 || true
        t1=$(date +%s%N)
        t=$(( (t1 - t0) / 1000000 ))
        if [ -z "$best" ] || [ "$t" -lt "$best" ]; then best=$t; fi
        i=$((i + 1))
    done
    echo "$best"
}

printf '%6s %9s %8s %8s %8s %8s %6s %6s %6s %8s %8s %8s\n' \
    groups bytes readelf dump verify lookup dump/r verif/r look/r \
    dump/g verif/g look/g
printf '%6s %9s %8s %8s %8s %8s %6s %6s %6s %8s %8s %8s\n' \
    '' '' ms ms ms ms '' '' '' us us us
for n in $sizes; do
    src=$dir/groups$n.cc obj=$dir/groups$n.o
    awk -v n="$n" 'BEGIN {
        print "extern int ext (int);";
        for (i = 0; i < n; i++)
            printf "inline int g%d (int x) { return ext (x + %d); }\n", i, i;
        for (k = 0; k * 50 < n; k++) {
            printf "int use%d (int x) { int s = 0;", k;
            for (i = k * 50; i < n && i < (k + 1) * 50; i++)
                printf " s += g%d (x);", i;
            print " return s; }";
        }
    }' > "$src"
    "$GXX" -O0 -g -fplugin="$plugin" -c "$src" -o "$obj"
    groups=$(readelf -SW "$obj" | grep -c ' \.group ' || true)
    # A return address of the first entry, for lookup.
    addr=$("$calltab" dump "$obj" |
           sed -n 's/^entry .* call_site=\(0x[0-9a-f]*\) .*/\1/p' | head -n 1)
    r=$(best_ms readelf -w "$obj")
    d=$(best_ms "$calltab" dump "$obj")
    v=$(best_ms "$calltab" verify -q "$obj")
    l=$(best_ms "$calltab" lookup "$obj" "${addr:-0x0}")
    awk -v g="$groups" -v b="$(stat -c %s "$obj")" -v r="$r" -v d="$d" \
        -v v="$v" -v l="$l" 'BEGIN {
        rr = (r > 0) ? r : 1; gg = (g > 0) ? g : 1;
        printf "%6d %9d %8d %8d %8d %8d %6.2f %6.2f %6.2f %8.1f %8.1f %8.1f\n",
            g, b, r, d, v, l, d / rr, v / rr, l / rr,
            1000 * d / gg, 1000 * v / gg, 1000 * l / gg;
    }'
done
