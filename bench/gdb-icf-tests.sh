#!/bin/bash
# The stops in merged code of real C++ test programs: googlemock's own
# tests or googletest's (Debian's googletest package: gtest-all.cc and,
# for googlemock, gmock-all.cc, the main and the tests below, OPT -g
# -ffunction-sections with the plugin), each linked with LINKER
# --icf=all (default gold), PIE or not, against the same objects linked
# by ld.bfd; scored by scripts/real/icf-stops.sh. Their matchers, actions,
# printers and typed tests are templates instantiated over many types: a
# great deal of identical code.
#
#   bench/gdb-icf-tests.sh [googlemock|googletest] [LINKER]
#              (KEEP=DIR keeps and reuses the build; OPT=-O2, PIE=yes:
#               bench_icf_flags)
#
# Prints icf-stops.sh's figures per test program and their sum, and the
# summary of `calltab verify` on each --icf=all link.  Exit status 1
# when calltab named a stop wrong or verify found an error or a warning
# in any program (make check-real fails then), 2 when a program could
# not be measured.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
suite=${1:-googlemock}
ld=${2:-gold}
# shellcheck source=scripts/real/common.sh
. "$top/scripts/real/common.sh"
G=$(dirname "$GTEST_DIR")
CXX=${CXX:-g++}
plugin=${PLUGIN:-$top/gcc-plugin/calltab.so}
[ -f "$plugin" ] || { echo "make all first" >&2; exit 2; }
[ -f "$G/googlemock/src/gmock-all.cc" ] || {
    echo "no googlemock sources in $G (apt-get install googletest)" >&2; exit 2; }
# Each test program: its sources in the suite's test/ folder, joined by +.
case $suite in
googlemock)
    TESTS=${TESTS:-"gmock-spec-builders_test gmock-actions_test gmock-nice-strict_test gmock-function-mocker_test gmock-cardinalities_test gmock-more-actions_test"}
    main=googlemock/src/gmock_main.cc ;;
googletest)
    # Those that run without a Python driver and without forking
    # (death tests are left out: gdb follows one process).
    TESTS=${TESTS:-"gtest_unittest googletest-printers-test googletest-port-test googletest-param-test-test+googletest-param-test2-test gtest-typed-test_test+gtest-typed-test2_test googletest-listener-test gtest_pred_impl_unittest googletest-message-test googletest-test-part-test gtest-unittest-api_test"}
    main=googletest/src/gtest_main.cc ;;
*) echo "usage: bench/gdb-icf-tests.sh [googlemock|googletest] [LINKER]" >&2; exit 2 ;;
esac

. "$top/bench/lib.sh"
bench_workdir
bench_icf_flags

inc=(-I"$G/googletest/include" -I"$G/googletest" -I"$G/googlemock/include" -I"$G/googlemock")
compile() { # SRC OBJ
    [ -s "$2" ] || nice "$CXX" "$OPT" -g -ffunction-sections -fplugin="$plugin" \
        "${inc[@]}" -c "$1" -o "$2"
}
compile "$G/googletest/src/gtest-all.cc" "$obj/gtest-all.o"
libs=("$obj/gtest-all.o")
if [ "$suite" = googlemock ]; then
    compile "$G/googlemock/src/gmock-all.cc" "$obj/gmock-all.o"
    libs=("$obj/gmock-all.o" "${libs[@]}")
fi
compile "$G/$main" "$obj/main.o"
sum=() wrong=0
cell=$dir/$ld$OPT-pie=$PIE
mkdir -p "$cell"
for prog in $TESTS; do
    t=${prog%%+*}
    objs=() own_main=
    for src in ${prog//+/ }; do
        compile "$G/$suite/test/$src.cc" "$obj/$src.o"
        objs+=("$obj/$src.o")
        ! grep -qE '^(GTEST_API_ )?int main' "$G/$suite/test/$src.cc" || own_main=1
    done
    objs+=("${libs[@]}")
    # A test with a main of its own does without the suite's.
    [ -n "$own_main" ] || objs+=("$obj/main.o")
    nice "$CXX" -fuse-ld="$ld" "$link_pie" -Wl,--icf=all -pthread "${objs[@]}" -o "$cell/$t-icf"
    nice "$CXX" -fuse-ld=bfd "$link_pie" -pthread "${objs[@]}" -o "$cell/$t-ref"
    rc=0
    bench_score_icf "$cell/$t-icf" "$cell/$t-ref" "$t, $ld --icf=all, $OPT, PIE=$PIE" "$cell/$t" || rc=$?
    case $rc in 0) ;; 1) wrong=1 ;; *) exit 2 ;; esac
    sum+=("$(tail -n 1 "$cell/$t.txt")")
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
print(sys.argv[1] + " tests, all: %d stops, %d wrong, %d undecided (%.1f%% decided;"
      " capped: %d stops, %d wrong, %d undecided, %.1f%% decided)"
      % (n, w, u, pct(u, n), cn, cw, cu, pct(cu, cn)))
' "$suite"
exit "$wrong"
