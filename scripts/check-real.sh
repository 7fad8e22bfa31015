#!/usr/bin/env bash
# check-real.sh: `make check-real`, the plugin and `calltab verify` on real
# programs (docs/testing.md, "Real programs").
#
# Fetches sqlite (npm: better-sqlite3), expat (npm: node-expat) and
# googletest (Debian: googletest) (scripts/real/fetch.sh), builds them
# with -g -fplugin=calltab.so at every level of LEVELS, links googletest's
# samples and expat's runtests with bfd, gold and lld (gold and lld also
# with --icf=all), PIE and -no-pie, runs them, runs `calltab verify` on
# every object and linked program, and prints one line per build.  At
# CONSUMER_LEVEL it also builds everything without the plugin and compares
# what readelf, eu-readelf, llvm-dwarfdump and gdb make of both
# (scripts/real/consumers.sh), and verifies a mixed build (gtest-all.o
# without the plugin, the rest with it).  Last, it stops gdb at every
# entry into merged code of the samples linked with --icf=all and, at
# -O2, of googletest's own tests (bench/gdb-icf-tests.sh), and scores the
# names calltab's filter gives against the unfolded link
# (scripts/real/icf-stops.sh).
#
# Exit status: 0 when every build passed (built, its tests passed, verify
# found no error and no warning), no consumer did worse with the plugin
# and calltab named no stop in merged code wrong; 1 otherwise.  Settings: scripts/real/common.sh.
set -euo pipefail
# shellcheck source=scripts/real/common.sh
. "$(dirname "$0")/real/common.sh"

job=$REAL_TOP/scripts/real/job.sh
start=$(date +%s)
phase_start=$start

phase() {
    local now
    now=$(date +%s)
    echo "check-real: $* (+$((now - phase_start))s, $((now - start))s in all)"
    phase_start=$now
}

for t in "$GCC" "$GXX" readelf eu-readelf gdb timeout; do
    command -v "$t" >/dev/null 2>&1 || real_die "$t not found (make deps installs it)"
done
for l in bfd gold lld; do
    command -v "ld.$l" >/dev/null 2>&1 || real_die "ld.$l not found (make deps installs it)"
done
[ -f "$PLUGIN" ] || real_die "no plugin at $PLUGIN (make all builds it)"
[ -x "$CALLTAB" ] || real_die "no calltab command at $CALLTAB (make all builds it)"
[ -n "$LEVELS" ] || real_die "LEVELS is empty"

"$REAL_TOP/scripts/real/fetch.sh"
SQLITE=$REAL_DIR/src/sqlite
EXPAT=$REAL_DIR/src/expat
G=$GTEST_DIR
echo "check-real: levels $LEVELS; consumers at $CONSUMER_LEVEL; $REAL_JOBS jobs; in $REAL_DIR"

# Builds are redone on every run (the plugin may have changed); the
# download cache stays.
for l in $LEVELS; do rm -rf "$(real_leveldir "$l")"; done
rm -rf "$REAL_DIR/jobs" && mkdir -p "$REAL_DIR/jobs"
compile_jobs=$REAL_DIR/jobs/compile
link_jobs=$REAL_DIR/jobs/link
check_jobs=$REAL_DIR/jobs/check
manifest=$REAL_DIR/jobs/manifest
: >"$compile_jobs"
: >"$link_jobs"
: >"$check_jobs"
: >"$manifest"

# add_build LEVEL PROGRAM FILE KIND: a build on its line of the report;
# KIND is obj, or the test program's kind (gtest, expat).
add_build() {
    echo "$1 $2 $3 $4" >>"$manifest"
    if [ "$4" != obj ]; then
        real_cmd "$job" run "$3" "$4" >>"$check_jobs"
    fi
    real_cmd "$job" verify "$3" >>"$check_jobs"
}

# compile LEVEL DIR PLUGINFLAG...: every object of the three programs at
# LEVEL into DIR/{sqlite,gtest,expat}; the largest first.
compile_all() {
    local l=$1 d=$2 f
    shift 2
    mkdir -p "$d/sqlite" "$d/gtest" "$d/expat"
    real_cmd "$job" compile "$d/sqlite/sqlite3.o" "$GCC" "$l" -g "$@" \
        -I"$SQLITE" "$SQLITE/sqlite3.c" >>"$compile_jobs"
    for f in $GTEST_SRCS; do
        real_cmd "$job" compile "$d/gtest/$(basename "$f" .cc).o" "$GXX" "$l" -g "$@" \
            -I"$G/include" -I"$G" "$G/$f" >>"$compile_jobs"
    done
    for f in $EXPAT_SRCS; do
        real_cmd "$job" compile "$d/expat/$(basename "$f" .c).o" "$GCC" "$l" -g "$@" \
            -DHAVE_EXPAT_CONFIG_H -I"$EXPAT" -I"$EXPAT/lib" "$EXPAT/$f" >>"$compile_jobs"
    done
}

# link_flags NAME: the driver options of a link variant (bfd-no-pie, ...).
link_flags() {
    local n=$1
    case $n in *-no-pie) echo -no-pie ;; esac
    echo "-fuse-ld=${n%%-*}"
    case $n in *-icf*) echo -Wl,--icf=all ;; esac
}

# link_all DIR PROG DRIVER KIND LIBS -- OBJ...: every variant of a program.
link_one() {
    local out=$1 driver=$2 libs=$3 name=$4
    shift 4
    # shellcheck disable=SC2046  # one option per word
    real_cmd "$job" link "$out" "$driver" $(link_flags "$name") ${libs:+"$libs"} -- "$@" >>"$link_jobs"
}

gtest_objs() {
    local d=$1 f
    for f in $GTEST_SRCS; do
        case $f in */gtest-all.cc) ;; *) echo "$d/$(basename "$f" .cc).o" ;; esac
    done
}

for l in $LEVELS; do
    d=$(real_leveldir "$l")
    compile_all "$l" "$d" -fplugin="$PLUGIN"
    add_build "$l" sqlite "$d/sqlite/sqlite3.o" obj
    for f in $GTEST_SRCS; do
        add_build "$l" gtest "$d/gtest/$(basename "$f" .cc).o" obj
    done
    for f in $EXPAT_SRCS; do
        add_build "$l" expat "$d/expat/$(basename "$f" .c).o" obj
    done
    mapfile -t gobjs < <(gtest_objs "$d/gtest")
    eobjs=()
    for f in $EXPAT_SRCS; do eobjs+=("$d/expat/$(basename "$f" .c).o"); done
    for n in $REAL_LINKS; do
        link_one "$d/gtest/test-$n" "$GXX" -pthread "$n" "${gobjs[@]}" "$d/gtest/gtest-all.o"
        add_build "$l" gtest "$d/gtest/test-$n" gtest
        link_one "$d/expat/runtests-$n" "$GCC" "" "$n" "${eobjs[@]}"
        add_build "$l" expat "$d/expat/runtests-$n" expat
    done
    if [ "$l" = "$CONSUMER_LEVEL" ]; then
        # Without the plugin, for the consumers; and the mixed build.
        compile_all "$l" "$d/noplugin"
        mapfile -t nobjs < <(gtest_objs "$d/noplugin/gtest")
        for n in bfd lld-icf; do
            link_one "$d/noplugin/gtest/test-$n" "$GXX" -pthread "$n" \
                "${nobjs[@]}" "$d/noplugin/gtest/gtest-all.o"
        done
        mkdir -p "$d/mixed"
        for n in bfd gold-icf lld-icf-no-pie; do
            link_one "$d/mixed/test-$n" "$GXX" -pthread "$n" "${gobjs[@]}" \
                "$d/noplugin/gtest/gtest-all.o"
            add_build "$l" mixed "$d/mixed/test-$n" gtest
        done
    fi
done

# The largest units first, so that the pool ends together.
{ grep -E 'sqlite3\.c|gtest-all\.cc' "$compile_jobs" || true
  grep -vE 'sqlite3\.c|gtest-all\.cc' "$compile_jobs" || true; } >"$compile_jobs.sorted"
phase "compiling $(wc -l <"$compile_jobs") units"
real_pool "$REAL_JOBS" "$compile_jobs.sorted"
phase "linking $(wc -l <"$link_jobs") programs"
real_pool "$REAL_JOBS" "$link_jobs"

# Checks: the consumers' long runs first, then verify and the test runs
# (verify on what holds gtest-all first).
cd_level=$(real_leveldir "$CONSUMER_LEVEL")
case " $LEVELS " in
*" $CONSUMER_LEVEL "*) "$REAL_TOP/scripts/real/consumers.sh" jobs "$cd_level" >"$check_jobs.consumers" ;;
*) : >"$check_jobs.consumers" ;;
esac
{ cat "$check_jobs.consumers"
  grep -E 'gtest-all\.o|/test-|sqlite3\.o' "$check_jobs" || true
  grep -vE 'gtest-all\.o|/test-|sqlite3\.o' "$check_jobs" || true; } >"$check_jobs.sorted"
phase "running tests, verify and the consumers: $(wc -l <"$check_jobs.sorted") jobs"
real_pool "$REAL_JOBS" "$check_jobs.sorted"
phase "checks done"

# The report: one line per build.
pass=0
fail=0
tot_e=0
tot_w=0
echo
printf '%-4s %-7s %-30s %-22s %s\n' level program build run "verify (calltab verify)"
while read -r l prog f kind; do
    name=${f#"$(real_leveldir "$l")"/}
    verdict=pass
    run=-
    ver=
    if [ -f "$f.failed" ]; then
        ver="not built: $(head -n 1 "$f.failed")"
        verdict=FAIL
    else
        if [ "$kind" != obj ]; then
            read -r r rest <"$f.runres" || r=fail
            if [ "$r" = ok ]; then
                run="$rest tests passed"
                [ "$kind" = expat ] && run="$rest checks passed"
            else
                run="FAILED: $rest"
                verdict=FAIL
            fi
        fi
        vrc=$(cat "$f.vrc" 2>/dev/null || echo none)
        sum=$(tail -n 1 "$f.verify" 2>/dev/null || true)
        # "1 unit, 1 entry (...)" in the singular.
        re='([0-9]+) entr(y|ies) \(.*: ([0-9]+) errors?, ([0-9]+) warnings?, ([0-9]+) notes?$'
        if [[ $sum =~ $re ]]; then
            ent=${BASH_REMATCH[1]} e=${BASH_REMATCH[3]}
            w=${BASH_REMATCH[4]} n=${BASH_REMATCH[5]}
            ver="$e errors, $w warnings, $n notes, $ent entries"
            tot_e=$((tot_e + e))
            tot_w=$((tot_w + w))
            if [ "$e" -ne 0 ] || [ "$w" -ne 0 ] || [ "$vrc" != 0 ]; then
                verdict=FAIL
            fi
            [ "$vrc" = 0 ] || [ "$vrc" = 1 ] || ver="$ver (exit $vrc)"
        else
            ver="no summary (exit $vrc): ${sum:0:60}"
            verdict=FAIL
        fi
    fi
    if [ "$verdict" = pass ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
    printf '%-4s %-7s %-30s %-22s %-52s %s\n' "$l" "$prog" "$name" "$run" "$ver" "$verdict"
done <"$manifest"

consumers_ok=1
case " $LEVELS " in
*" $CONSUMER_LEVEL "*)
    echo
    echo "consumers at $CONSUMER_LEVEL: with the plugin vs without (files in $cd_level/noplugin)"
    "$REAL_TOP/scripts/real/consumers.sh" report "$cd_level" || consumers_ok=0
    cat "$cd_level/consumers.summary"
    ;;
esac

# Merged code named by calltab's gdb filter (docs/disambiguate.md,
# "Measured"): googletest's samples linked by gold and lld --icf=all, PIE
# and not, each against its ld.bfd link (the same objects, no folding);
# a stop calltab names wrong fails check-real, the share decided is a
# figure.
# icf_result RC OUT [PREFIX [SUFFIX]]: the figures' line (the last of
# OUT) between PREFIX and SUFFIX; a failure when RC is not 0 (a stop
# named wrong, or the run failed).
icf_result () {
    local line
    line=${3:-}$(tail -n 1 "$2")${4:-}
    if [ "$1" -eq 0 ]; then
        echo "$line"
    else
        echo "$line: FAIL (exit $1; $2)"
        fail=$((fail + 1))
    fi
}
echo
echo "merged code under gdb (scripts/real/icf-stops.sh): calltab's name against the unfolded program's"
# The samples: the first 50 stops at each merged address (STOPS_CAP): a
# stop at the -O0 samples costs about 5 ms under gdb, and they stop
# 75,000 times there; bench/gdb-icf-cells.sh scores every stop
# (bench/results.md).  Capped, an address entered a different number of
# times in the two links can no longer be left out (icf-stops.sh), so
# the cap is for programs whose merged code both links enter alike: the
# samples' capped figures are the full run's (-O0 lld: 8,898 stops, 0
# wrong, 99.1%); googletest's own tests are not (a test of pointer
# identity takes another path under ICF), and run whole.
samples_cap=${STOPS_CAP:-50}
# At CONSUMER_LEVEL the four links; at -O0 (the samples stop 45,000 to
# 59,000 times in merged code, minutes per link under gdb) the ld.lld
# PIE one only: -O0 code keeps GCC's D1-alias-of-D2 destructors and
# folds whole call chains, and lld tombstones the folded copies' entries
# (docs/disambiguate.md: 3,816 stops named wrong there before the
# structor-variant rule, none with gold).
for l in $LEVELS; do
    links=
    if [ "$l" = "$CONSUMER_LEVEL" ]; then
        links="gold-icf gold-icf-no-pie lld-icf lld-icf-no-pie"
    elif [ "$l" = -O0 ]; then
        links=lld-icf
    fi
    d=$(real_leveldir "$l")
    for n in $links; do
        case $n in *-no-pie) r=bfd-no-pie ;; *) r=bfd ;; esac
        icf=$d/gtest/test-$n ref=$d/gtest/test-$r
        [ -x "$icf" ] && [ -x "$ref" ] || continue
        rc=0
        STOPS_CAP=$samples_cap "$REAL_TOP/scripts/real/icf-stops.sh" "$icf" "$ref" \
            "$l googletest samples, $n" "$d/icf-stops-$n" \
            >"$d/icf-stops-$n.txt" 2>&1 || rc=$?
        icf_result "$rc" "$d/icf-stops-$n.txt"
    done
done

# googletest's own tests (ten programs: gtest_unittest, the printers',
# port's, parameterized and typed tests, ...), -O2 PIE, gold and lld
# --icf=all: thousands of stops more, most of them at the empty
# function that SetUp, TearDown and empty test bodies fold into.
# The two linkers' runs are independent (a directory each): one a core.
if [ "$CONSUMER_LEVEL" = -O2 ] && [ "${GTEST_OWN_TESTS:-1}" = 1 ]; then
    declare -A own_pid=()
    for ld in gold lld; do
        STOPS_CAP= CXX=$GXX KEEP=$(real_leveldir -O2)/gtest-tests-$ld \
            bash "$REAL_TOP/bench/gdb-icf-tests.sh" googletest "$ld" \
            >"$(real_leveldir -O2)/gtest-tests-$ld.txt" 2>&1 &
        own_pid[$ld]=$!
    done
    for ld in gold lld; do
        rc=0
        wait "${own_pid[$ld]}" || rc=$?
        icf_result "$rc" "$(real_leveldir -O2)/gtest-tests-$ld.txt" "-O2 " " ($ld)"
    done
fi

echo
phase "report done"
echo "check-real: $((pass + fail)) builds at $LEVELS: $pass passed, $fail failed; verify found $tot_e errors and $tot_w warnings in all (outputs: FILE.verify under $REAL_DIR)"
if [ "$consumers_ok" -eq 1 ]; then
    echo "check-real: consumers at $CONSUMER_LEVEL: nothing worse with the plugin"
else
    echo "check-real: consumers at $CONSUMER_LEVEL: WORSE with the plugin (above)"
    fail=$((fail + 1))
fi
echo "check-real: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
