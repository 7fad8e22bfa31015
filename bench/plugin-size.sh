#!/bin/sh
# plugin-size.sh [OPT...]: what the call tables cost.  Compiles every
# file of testsuite/corpus/ and libcalltab's own sources with and without
# the plugin (options OPT, default -O2 -g) and prints, per file and in
# total, the debug bytes (.debug_*) without the plugin, the bytes the
# plugin adds, their ratio, the entries emitted, and the compile time
# with the plugin relative to without (best of three), all measured in
# the same run.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
opts=${*:--O2 -g}
plugin=$top/gcc-plugin/calltab.so
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
make -s -C "$top" gcc-plugin/calltab.so

# Sum of the sizes of the .debug_* sections of $1 (readelf -SW).
debug_bytes () {
    readelf -SW "$1" |
        sed -n 's/^ *\[ *[0-9]*\] *\.debug_[^ ]* *[A-Z_]* *[0-9a-f]* *[0-9a-f]* *\([0-9a-f]*\).*/\1/p' |
        while read -r h; do printf '%d\n' "0x$h"; done |
        awk '{ s += $1 } END { print s + 0 }'
}

# Best of three wall-clock times of a command, in milliseconds.
best_ms () {
    best=
    for _ in 1 2 3; do
        t0=$(date +%s%N)
        "$@" >/dev/null 2>&1
        t1=$(date +%s%N)
        t=$(( (t1 - t0) / 1000000 ))
        if [ -z "$best" ] || [ "$t" -lt "$best" ]; then best=$t; fi
    done
    echo "$best"
}

printf '%-22s %10s %10s %7s %8s %7s\n' file debug_bytes added ratio entries time
tb=0 ta=0 te=0 tt0=0 tt1=0
for src in "$top"/testsuite/corpus/*.c "$top"/testsuite/corpus/*.cc \
           "$top"/libcalltab/src/*/*.c; do
    case $src in *.cc) cc=${GXX:-g++} ;; *) cc=${GCC:-gcc} ;; esac
    inc="-I$top/libcalltab/include -I$top/libcalltab/src -D_GNU_SOURCE -DCALLTAB_VERSION=\"0\""
    # shellcheck disable=SC2086
    $cc $opts $inc -c "$src" -o "$dir/n.o"
    # shellcheck disable=SC2086
    stats=$($cc $opts $inc -fplugin="$plugin" -fplugin-arg-calltab-stats \
            -c "$src" -o "$dir/w.o" 2>&1)
    b=$(debug_bytes "$dir/n.o")
    a=$(echo "$stats" | sed -n 's/.*, bytes \([0-9]*\)$/\1/p')
    e=$(echo "$stats" | sed -n 's/.*direct \([0-9]*\), virtual \([0-9]*\),.*/\1 \2/p' |
        awk '{ print $1 + $2 }')
    # shellcheck disable=SC2086
    t0=$(best_ms $cc $opts $inc -c "$src" -o "$dir/n.o")
    # shellcheck disable=SC2086
    t1=$(best_ms $cc $opts $inc -fplugin="$plugin" -c "$src" -o "$dir/w.o")
    printf '%-22s %10d %10d %6.3f %8d %6.2fx\n' "$(basename "$src")" "$b" "$a" \
        "$(echo "$a $b" | awk '{ print $2 ? $1 / $2 : 0 }')" "$e" \
        "$(echo "$t1 $t0" | awk '{ print $2 ? $1 / $2 : 0 }')"
    tb=$((tb + b)) ta=$((ta + a)) te=$((te + e)) tt0=$((tt0 + t0)) tt1=$((tt1 + t1))
done
printf '%-22s %10d %10d %6.3f %8d %6.2fx\n' total "$tb" "$ta" \
    "$(echo "$ta $tb" | awk '{ print $1 / $2 }')" "$te" \
    "$(echo "$tt1 $tt0" | awk '{ print $1 / $2 }')"
