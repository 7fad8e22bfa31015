#!/usr/bin/env bash
# compile-scaling.sh [BLOCKS...]: compile time of the plugin against
# function size (issue 13).  Generates C files of one large function
# each and compiles them at LEVELS (default "-O0 -O2") with `-g`, with
# and without the plugin, alternating, RUNS times (default 3; the
# median user time of the driver and cc1 is kept):
#   blocks-N.c  one function of about N basic blocks (N/2 `if`s on a
#               line of their own, each testing a volatile and guarding a
#               volatile store, so that no pass folds them; GCC's own time
#               on them is about linear: a store through a plain pointer
#               or an asm barrier makes GCC's RTL CPROP quadratic)
#   calls-M.c   one function of M calls (a call on a line of its own, to
#               one of 1,000 external functions in turn, its result
#               feeding the next call)
# BLOCKS defaults to "12500 25000 50000"; CALLS (environment) to
# "5000 10000 20000".  Prints per file the user time without and with the
# plugin, their ratio, and the plugin's extra time per 1,000 blocks or
# calls: when that stays flat as the size doubles, the plugin's cost is
# linear in the function size; when it doubles too, quadratic.
# KEEP=DIR keeps the generated files and objects.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
: "${GCC:=gcc}"
: "${PLUGIN:=$top/gcc-plugin/calltab.so}"
: "${RUNS:=3}"
: "${LEVELS:=-O0 -O2}"
: "${CALLS:=5000 10000 20000}"
blocks=${*:-12500 25000 50000}
case $RUNS in '' | *[!0-9]* | 0) echo "compile-scaling.sh: RUNS must be a positive number" >&2; exit 2 ;; esac

make -s -C "$top" gcc-plugin/calltab.so
. "$top/bench/lib.sh"
bench_workdir

gen_blocks() {
    awk -v n="$1" 'BEGIN {
        print "extern volatile int v[64];"
        print "volatile int sink;"
        print "void blocks(void)"
        print "{"
        for (i = 0; i < n / 2; i++)
            printf "  if (v[%d]) sink = %d;\n", i % 64, i
        print "}"
    }'
}

gen_calls() {
    awk -v n="$1" 'BEGIN {
        for (i = 0; i < 1000 && i < n; i++) printf "extern int ext%d(int);\n", i
        print "int calls(int x)"
        print "{"
        for (i = 0; i < n; i++) printf "  x = ext%d(x);\n", i % 1000
        print "  return x;"
        print "}"
    }'
}

# utime CMD...: the user seconds of CMD, which must succeed.
utime() {
    local TIMEFORMAT=%U t
    t=$( { time "$@" >/dev/null 2>"$dir/err"; } 2>&1 ) ||
        { cat "$dir/err" >&2; echo "compile-scaling.sh: failed: $*" >&2; exit 1; }
    echo "$t"
}

median() { sort -n | awk '{ v[NR] = $1 } END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

printf '| function | level | user s without | user s with | ratio | extra ms per 1,000 |\n'
printf '|---|---|---:|---:|---:|---:|\n'
for kind in blocks calls; do
    if [ "$kind" = blocks ]; then sizes=$blocks; else sizes=$CALLS; fi
    for n in $sizes; do
        src=$dir/$kind-$n.c
        "gen_$kind" "$n" >"$src"
        for level in $LEVELS; do
            : >"$dir/t0" ; : >"$dir/t1"
            for ((i = 0; i < RUNS; i++)); do
                utime "$GCC" "$level" -g -c "$src" -o "$dir/$kind-$n.base.o" >>"$dir/t0"
                utime "$GCC" "$level" -g -fplugin="$PLUGIN" -c "$src" -o "$dir/$kind-$n.plug.o" >>"$dir/t1"
            done
            t0=$(median <"$dir/t0") t1=$(median <"$dir/t1")
            awk -v k="$kind" -v n="$n" -v l="$level" -v a="$t0" -v b="$t1" 'BEGIN {
                printf "| %s %d | %s | %.3f | %.3f | %.3f | %.1f |\n",
                    k, n, l, a, b, a ? b / a : 0, (b - a) * 1000 / (n / 1000) }'
        done
    done
done
