#!/bin/bash
# The stops in merged code of a real C++ program that is not a test
# framework: ninja 1.11.1 (Debian 12's ninja-build source package), its
# unit tests' program ninja_test (the library's 27 units and the 21 test
# units, OPT -g -ffunction-sections with the plugin; 384 tests, own test
# harness), linked with LINKER --icf=all (default gold), PIE or not, against
# the same objects linked by ld.bfd; scored by scripts/real/icf-stops.sh
# as bench/gdb-icf-tests.sh scores googletest's and googlemock's tests.
# ninja is plain C++ over the standard containers: what ICF merges there
# is their instances (hash tables and trees of pointers and of strings).
#
#   bench/gdb-icf-ninja.sh [LINKER]     (KEEP=DIR keeps and reuses the build;
#                                        OPT=-O2, PIE=yes: bench_icf_flags)
#
# Prints icf-stops.sh's figures and the summary of `calltab verify` on
# the --icf=all link.  Exit status 1 when calltab named a stop wrong or
# verify found an error or a warning, 2 when the program could not be
# measured.  About 10 minutes (gdb stops about 430,000 times).
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
ld=${1:-gold}
CXX=${CXX:-g++}
plugin=${PLUGIN:-$top/gcc-plugin/calltab.so}
[ -f "$plugin" ] || { echo "make all first" >&2; exit 2; }
# shellcheck source=bench/lib.sh
. "$top/bench/lib.sh"
cache=${NINJA_CACHE:-$top/build/bench/ninja}
tarball=$cache/ninja-build_1.11.1.orig.tar.gz
if [ ! -f "$tarball" ]; then
    echo "fetching ninja-build with apt-get source into $cache" >&2
    bench_apt_source "$cache" ninja-build ||
        { tail "$cache/apt.log" >&2; echo "apt-get source ninja-build failed" >&2; exit 2; }
    [ -f "$tarball" ] || { echo "no $tarball (another version in the archive?)" >&2; exit 2; }
fi
bench_workdir
bench_icf_flags
src=$dir/ninja-1.11.1/src
[ -d "$src" ] || tar xzf "$tarball" -C "$dir" || exit 2

# configure.py's lists for Linux (no browse: it needs Python at build).
units="build build_log clean clparser debug_flags depfile_parser deps_log
  disk_interface dyndep dyndep_parser edit_distance eval_env graph graphviz
  json lexer line_printer manifest_parser metrics missing_deps parser state
  status string_piece_util util version subprocess-posix
  build_log_test build_test clean_test clparser_test depfile_parser_test
  deps_log_test dyndep_parser_test disk_interface_test edit_distance_test
  graph_test json_test lexer_test manifest_parser_test missing_deps_test
  ninja_test state_test status_test string_piece_util_test subprocess_test
  test util_test"
objs=()
for u in $units; do
    o=$obj/$u.o
    [ -s "$o" ] || nice "$CXX" "$OPT" -g -ffunction-sections -fplugin="$plugin" \
        -I"$src" -c "$src/$u.cc" -o "$o" || exit 2
    objs+=("$o")
done
cell=$dir/$ld$OPT-pie=$PIE
mkdir -p "$cell"
nice "$CXX" -fuse-ld="$ld" "$link_pie" -Wl,--icf=all "${objs[@]}" -o "$cell/ninja_test-icf" || exit 2
nice "$CXX" -fuse-ld=bfd "$link_pie" "${objs[@]}" -o "$cell/ninja_test-ref" || exit 2

# The tests write files in the working directory: a fresh one per run.
rm -rf "$dir/run"
mkdir "$dir/run"
rc=0
(cd "$dir/run" && bench_score_icf "$cell/ninja_test-icf" "$cell/ninja_test-ref" \
     "ninja_test, $ld --icf=all, $OPT, PIE=$PIE" "$cell/ninja_test") || rc=$?
exit "$rc"
