#!/bin/sh
# disambiguate.sh [ENTRIES]: calltab_disambiguate speed (issue 12: under
# 1 ms per query on a binary with 1M entries, after opening).  Generates
# C sources with ENTRIES direct calls (default 1000000) in 25,000-call
# translation units (disambiguate-gen.sh: leaves folded in pairs), builds
# them with the plugin at -O1 -g -ffunction-sections, links with
# ld.gold --icf=all, and runs disambiguate-bench.c: the time to open, of
# the first query (it builds the indexes) and per query, and the ratio
# of a query to opening, measured in the same run.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
n=${1:-1000000}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
make -s -C "$top" libcalltab/libcalltab.a gcc-plugin/calltab.so
calls=250
funcs=100
units=$(( (n + funcs * calls - 1) / (funcs * calls) ))
t=0
objs=
while [ $t -lt $units ]; do
    sh "$top/bench/disambiguate-gen.sh" $t $funcs $calls > "$dir/t$t.c"
    objs="$objs $dir/t$t.o"
    t=$((t + 1))
done
printf '%s\n' $objs | xargs -P 2 -I{} sh -c \
    'gcc -O1 -g -ffunction-sections -fno-ipa-icf \
       -fplugin="$0/gcc-plugin/calltab.so" -c "${1%.o}.c" -o "$1"' "$top" {}
gcc -fuse-ld=gold -Wl,--icf=all -o "$dir/prog" $objs
ls -l "$dir/prog" | awk '{ printf "binary: %d bytes\n", $5 }'
gcc -std=c11 -D_GNU_SOURCE -O2 -I"$top/libcalltab/include" -o "$dir/bench" \
    "$top/bench/disambiguate-bench.c" "$top/libcalltab/libcalltab.a" \
    -ldw -lelf -liberty -lpthread
"$dir/bench" "$dir/prog"
