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
calltab=$top/libcalltab/tools/calltab
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
    echo "   the call tables (calltab dump: caller, return address -> callee or slot):"
    "$calltab" dump "$out/merged-$ld" |
        awk '/^caller/ { sub(/.* name=/, ""); print "     in " $0 ":" }
             /^entry dcall/ { site = $6; sub(/call_site=/, "", site);
                              n = $0; sub(/.* name=/, "", n);
                              print "       " site " -> " n }
             /^entry vcall/ { site = $6; sub(/call_site=/, "", site);
                              k = $NF; sub(/vtable_slot=/, "", k);
                              print "       " site " -> vtable slot " k }'
    echo "   a PC in the shared copy of scale_width/scale_height: which one ran"
    echo "   is told by the return address in layout (calltab lookup):"
    for site in $("$calltab" dump "$out/merged-$ld" |
                  awk '/^entry dcall.*name=scale_/ { s = $6;
                       sub(/call_site=/, "", s); print s }'); do
        "$calltab" lookup "$out/merged-$ld" "$site" |
            awk '{ n = $0; sub(/.* name=/, "", n); print "     return to " $1 ": " n }'
    done
done
