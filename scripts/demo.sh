#!/bin/sh
# demo.sh: the README's main job.  Compiles examples/inventory.cc with the
# calltab plugin, links it with identical code folding (gold and lld
# --icf=all), verifies the tables, shows which functions the linker
# merged, and then names the function that ran inside merged code: with
# `calltab disambiguate`, with `calltab backtrace` on a process stopped
# there, and in gdb with and without calltab's frame filter.  Run through
# `make demo`, which installs dependencies and builds first.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
GXX=${GXX:-g++}
out=$top/examples/build
plugin=$top/gcc-plugin/calltab.so
calltab=$top/libcalltab/tools/calltab
mkdir -p "$out"

echo "== compile examples/inventory.cc with -fplugin=calltab.so"
"$GXX" -O2 -g -ffunction-sections -fplugin="$plugin" \
    -c "$top/examples/inventory.cc" -o "$out/inventory.o"

for ld in gold lld; do
    exe=$out/inventory-$ld
    echo
    echo "== link with ld.$ld --icf=all, run, verify"
    "$GXX" -fuse-ld=$ld -Wl,--icf=all -o "$exe" "$out/inventory.o"
    "$exe"
    "$calltab" verify -q "$exe" && echo "   calltab verify: no errors, no warnings"
    echo "   functions that now share an address:"
    nm -C --defined-only "$exe" |
        awk '$2 ~ /^[tTwW]$/ && $3 !~ /^_/ { a = $1; sub(/^[^ ]+ [^ ]+ /, "");
             n[a]++; s[a] = s[a] "  [" $0 "]" }
             END { for (a in n) if (n[a] > 1) print "   0x" a ":" s[a] }' |
        sort
done

exe=$out/inventory-gold
# The shared Shelf<...>::put, its call of raise, and the calls of it in
# stock_books and stock_toys (return addresses), from the tables.
put=$(nm "$exe" | awk '$3 == "_ZN5ShelfI4BookE3putEPS0_PKc" { print "0x" $1 }')
site() {
    "$calltab" dump "$exe" |
        awk -v want="$1" '/^entry dcall/ && $0 ~ want { s = $6;
             sub(/call_site=0x0*/, "0x", s); print s; exit }'
}
ra_books=$(site "linkage=_ZN5ShelfI4BookE3put")
ra_toys=$(site "linkage=_ZN5ShelfI3ToyE3put")
pc=$(site "name=raise$")
echo
echo "== a PC in the merged Shelf<Book>::put / Shelf<Toy>::put ($put):"
echo "   which one ran is told by the return address (calltab disambiguate)"
for ra in "$ra_books" "$ra_toys"; do
    echo "\$ calltab disambiguate inventory-gold --pc $pc --ra $ra"
    "$calltab" disambiguate "$exe" --pc "$pc" --ra "$ra" | sed 's/^/   /'
done
echo "\$ calltab disambiguate inventory-gold --pc $pc      (no return address)"
"$calltab" disambiguate "$exe" --pc "$pc" | sed 's/^/   /' || true

echo
echo "== the program stopped inside merged code (CALLTAB_DEMO_STOP=books):"
CALLTAB_DEMO_STOP=books "$exe" &
pid=$!
i=0
while [ "$(awk '/^State:/ { print $2 }' /proc/$pid/status 2>/dev/null)" != T ] \
      && [ $i -lt 50 ]; do
    sleep 0.1
    i=$((i + 1))
done
echo "\$ calltab backtrace -p $pid"
"$calltab" backtrace -p "$pid" 2>&1 | sed 's/^/   /' ||
    echo "   (could not attach: see /proc/sys/kernel/yama/ptrace_scope)"
kill -9 "$pid" 2>/dev/null || true
wait "$pid" 2>/dev/null || true

if command -v gdb >/dev/null 2>&1; then
    echo
    echo "== gdb's backtrace there, without and with calltab's frame filter"
    CALLTAB_DEMO_STOP=books CALLTAB_LIBRARY=$top/libcalltab/libcalltab.so.0 \
        gdb -q -batch -ex run -ex "echo -- gdb alone:\n" -ex "bt -no-filters" \
        -ex "source $top/libcalltab/gdb/calltab-gdb.py" \
        -ex "echo -- with source calltab-gdb.py:\n" -ex bt \
        --args "$exe" 2>&1 |
        awk '/^-- / { print "   " $0 } /^#[0-9]/ && /inventory/ {
                 sub(/ \(.*\) at /, " at "); sub(/ at .*\//, " at ");
                 print "   " $0 }'
fi
