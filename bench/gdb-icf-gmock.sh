#!/bin/bash
# The stops in merged code of a second real C++ program, googlemock's own
# tests (Debian's googletest package: gmock-all.cc, gtest-all.cc,
# gmock_main.cc and the tests below, -O2 -g -ffunction-sections with the
# plugin), each linked with LINKER --icf=all (default gold), PIE, against
# the same objects linked by ld.bfd; scored by scripts/real/icf-stops.sh.
# googlemock's matchers and actions are templates instantiated over many
# types: a great deal of identical code.
#
#   bench/gdb-icf-gmock.sh [LINKER]     (KEEP=DIR keeps and reuses the build)
#
# Prints icf-stops.sh's figures per test program and their sum.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
ld=${1:-gold}
# shellcheck source=scripts/real/common.sh
. "$top/scripts/real/common.sh"
G=$(dirname "$GTEST_DIR")
CXX=${CXX:-g++}
plugin=$top/gcc-plugin/calltab.so
[ -f "$plugin" ] || { echo "make all first" >&2; exit 2; }
[ -f "$G/googlemock/src/gmock-all.cc" ] || {
    echo "no googlemock sources in $G (apt-get install googletest)" >&2; exit 2; }
TESTS=${GMOCK_TESTS:-"gmock-spec-builders_test gmock-actions_test gmock-nice-strict_test gmock-function-mocker_test gmock-cardinalities_test gmock-more-actions_test"}

. "$top/bench/lib.sh"
bench_workdir

inc=(-I"$G/googletest/include" -I"$G/googletest" -I"$G/googlemock/include" -I"$G/googlemock")
compile() { # SRC OBJ
    [ -s "$2" ] || nice "$CXX" -O2 -g -ffunction-sections -fplugin="$plugin" \
        "${inc[@]}" -c "$1" -o "$2"
}
compile "$G/googletest/src/gtest-all.cc" "$dir/gtest-all.o"
compile "$G/googlemock/src/gmock-all.cc" "$dir/gmock-all.o"
compile "$G/googlemock/src/gmock_main.cc" "$dir/gmock_main.o"
sum=()
for t in $TESTS; do
    compile "$G/googlemock/test/$t.cc" "$dir/$t.o"
    objs=("$dir/$t.o" "$dir/gmock-all.o" "$dir/gtest-all.o")
    # A test with a main of its own does without gmock_main.
    grep -qE '^(GTEST_API_ )?int main' "$G/googlemock/test/$t.cc" \
        || objs+=("$dir/gmock_main.o")
    nice "$CXX" -fuse-ld="$ld" -Wl,--icf=all -pthread "${objs[@]}" -o "$dir/$t-icf"
    nice "$CXX" -fuse-ld=bfd -pthread "${objs[@]}" -o "$dir/$t-ref"
    rc=0
    bash "$top/scripts/real/icf-stops.sh" "$dir/$t-icf" "$dir/$t-ref" \
        "$t, $ld --icf=all" "$dir/$t-stops" > "$dir/$t.txt" 2>&1 || rc=$?
    cat "$dir/$t.txt"
    [ "$rc" -le 1 ] || { echo "$t: icf-stops.sh failed ($rc)" >&2; exit 2; }
    sum+=("$(tail -n 1 "$dir/$t.txt")")
done
printf '%s\n' "${sum[@]}" | python3 -c '
import re, sys
t = [0] * 6
for line in sys.stdin:
    m = re.search(r"(\d+) stops, (\d+) wrong, (\d+) undecided .*capped: (\d+) stops,"
                  r" (\d+) wrong, (\d+) undecided", line)
    if m:
        t = [a + int(b) for a, b in zip(t, m.groups())]
n, w, u, cn, cw, cu = t
pct = lambda k, m: 100.0 * (m - k) / m if m else 0.0
print("googlemock tests, all: %d stops, %d wrong, %d undecided (%.1f%% decided;"
      " capped: %d stops, %d wrong, %d undecided, %.1f%% decided)"
      % (n, w, u, pct(u, n), cn, cw, cu, pct(cu, cn)))
'
