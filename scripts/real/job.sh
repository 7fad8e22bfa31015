#!/usr/bin/env bash
# job.sh: one step of `make check-real`, run in parallel by check-real.sh.
# Each step records its result beside its output, never fails the pool:
#   job.sh compile OUT DRIVER ARG...        DRIVER ARG... -c -o OUT
#       OUT.log: the compiler's output; OUT.failed when it failed
#   job.sh link OUT DRIVER ARG... -- OBJ... DRIVER ARG... -o OUT OBJ...
#       OUT.failed when it failed or an input is missing
#   job.sh run OUT gtest|expat               run the test program
#       OUT.run: its output; OUT.runres: "ok N" or "fail REASON"
#   job.sh verify FILE                       calltab verify FILE
#       FILE.verify: its output; FILE.vrc: its exit status
set -euo pipefail
# shellcheck source=scripts/real/common.sh
. "$(dirname "$0")/common.sh"

step=$1
out=$2
shift 2

case $step in
compile)
    rm -f "$out" "$out.failed"
    if ! "$@" -c -o "$out" >"$out.log" 2>&1; then
        echo "compile failed: $*" >"$out.failed"
    fi
    ;;
link)
    driver=()
    while [ $# -gt 0 ] && [ "$1" != -- ]; do
        driver+=("$1")
        shift
    done
    shift
    rm -f "$out" "$out.failed"
    for o in "$@"; do
        if [ ! -f "$o" ]; then
            echo "not linked: $o was not built" >"$out.failed"
            exit 0
        fi
    done
    if ! "${driver[@]}" -o "$out" "$@" >"$out.log" 2>&1; then
        echo "link failed: ${driver[*]}" >"$out.failed"
    fi
    ;;
run)
    kind=$1
    rm -f "$out.runres"
    if [ ! -x "$out" ]; then
        echo "fail not built" >"$out.runres"
        exit 0
    fi
    set +e
    (cd "$(dirname "$out")" && timeout --foreground 600 "$out") >"$out.run" 2>&1
    rc=$?
    set -e
    case $kind in
    gtest)
        n=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) tests\{0,1\}\.$/\1/p' "$out.run")
        if [ "$rc" -ne 0 ]; then
            echo "fail exit $rc" >"$out.runres"
        elif grep -q '^\[  FAILED  \]' "$out.run"; then
            echo "fail tests failed" >"$out.runres"
        elif [ "$n" != "$GTEST_TESTS" ]; then
            echo "fail ${n:-no} tests passed, not $GTEST_TESTS" >"$out.runres"
        else
            echo "ok $n" >"$out.runres"
        fi
        ;;
    expat)
        line=$(grep -E '^[0-9]+%: Checks: [0-9]+, Failed: [0-9]+$' "$out.run" | tail -n 1 || true)
        if [ "$rc" -ne 0 ]; then
            echo "fail exit $rc" >"$out.runres"
        elif [ "$line" != "100%: Checks: $EXPAT_CHECKS, Failed: 0" ]; then
            echo "fail '${line:-no summary}', not $EXPAT_CHECKS checks passed" >"$out.runres"
        else
            echo "ok $EXPAT_CHECKS" >"$out.runres"
        fi
        ;;
    *) echo "fail unknown test kind $kind" >"$out.runres" ;;
    esac
    ;;
verify)
    rm -f "$out.vrc"
    if [ ! -f "$out" ]; then
        echo 127 >"$out.vrc"
        exit 0
    fi
    set +e
    "$CALLTAB" verify "$out" >"$out.verify" 2>&1
    echo $? >"$out.vrc"
    ;;
*)
    echo "job.sh: unknown step $step" >&2
    exit 2
    ;;
esac
exit 0
