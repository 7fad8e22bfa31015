#!/bin/bash
# How often gdb names the wrong function inside merged code, without and
# with calltab's frame filter (libcalltab/gdb/, docs/gdb.md), on
# googletest's samples program (gtest-all.cc, gtest_main.cc and the
# samples, OPT -g -ffunction-sections with the plugin) linked with
# LINKER --icf=all (default gold), against the same objects linked
# without ICF (the reference, where every function has its own code).
#
#   bench/gdb-icf-names.sh [LINKER]     (KEEP=DIR keeps and reuses the build;
#                                        OPT=-O2, PIE=yes: bench_icf_flags)
#
# The stops are scored by scripts/real/icf-stops.sh (also run by make
# check-real): every merged address gets a breakpoint, the truth is gdb's
# name in the reference; it prints how many gdb names wrong, how many
# calltab names wrong and leaves undecided (by reason), the same capped
# at 50 stops per merged address, and the time per stop.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
ld=${1:-gold}
# GTEST_DIR and googletest's units (GTEST_SRCS), as make check-real has them.
# shellcheck source=scripts/real/common.sh
. "$top/scripts/real/common.sh"
G=$GTEST_DIR
CXX=${CXX:-g++}
plugin=$top/gcc-plugin/calltab.so
lib=$top/libcalltab/libcalltab.so.0
[ -f "$plugin" ] && [ -f "$lib" ] || { echo "make all first" >&2; exit 2; }

. "$top/bench/lib.sh"
bench_workdir
bench_icf_flags

objs=()
for f in $GTEST_SRCS; do
    o=$obj/$(basename "$f" .cc).o
    if [ ! -s "$o" ]; then
        nice "$CXX" "$OPT" -g -ffunction-sections -fplugin="$plugin" \
            -I"$G/include" -I"$G" -c "$G/$f" -o "$o"
    fi
    objs+=("$o")
done
cell=$dir/$ld$OPT-pie=$PIE
mkdir -p "$cell"
nice "$CXX" -fuse-ld="$ld" "$link_pie" -Wl,--icf=all -pthread "${objs[@]}" -o "$cell/icf"
nice "$CXX" -fuse-ld="$ld" "$link_pie" -pthread "${objs[@]}" -o "$cell/ref"
bash "$top/scripts/real/icf-stops.sh" "$cell/icf" "$cell/ref" \
    "googletest samples, $ld --icf=all, $OPT, PIE=$PIE" "$cell"
