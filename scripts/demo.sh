#!/bin/sh
# demo.sh: the README's main job.  Compiles examples/ with the calltab
# plugin, links with identical code folding (gold and lld --icf=all), runs
# the program and shows which functions the linker merged.  Run through
# `make demo`, which installs dependencies and builds first.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
GXX=${GXX:-g++}
out=$top/examples/build
plugin=$top/gcc-plugin/calltab.so
mkdir -p "$out"

echo "== compile examples/merged.cc with -fplugin=calltab.so"
"$GXX" -O2 -g -ffunction-sections -fplugin="$plugin" \
    -c "$top/examples/merged.cc" -o "$out/merged.o"

for ld in gold lld; do
    echo "== link with ld.$ld --icf=all and run"
    "$GXX" -fuse-ld=$ld -Wl,--icf=all -o "$out/merged-$ld" "$out/merged.o"
    "$out/merged-$ld"
    echo "   functions that now share an address:"
    nm -C --defined-only "$out/merged-$ld" |
        awk '$2 ~ /^[tTwW]$/ { a = $1; sub(/^[^ ]+ [^ ]+ /, "");
             n[a]++; s[a] = s[a] "  [" $0 "]" }
             END { for (a in n) if (n[a] > 1) print "   0x" a ":" s[a] }' |
        sort
done
