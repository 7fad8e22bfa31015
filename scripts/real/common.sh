# shellcheck shell=bash disable=SC2034  # the settings are used by the scripts that source this
# Sourced by scripts/check-real.sh and scripts/real/*.sh: the settings of
# `make check-real` and the helpers they share.  Every setting can be
# given in the environment (the Makefile passes LEVELS and REAL_DIR).

REAL_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
export REAL_TOP

# Optimization levels, one build of every program per level.
: "${LEVELS:=-O0 -O1 -O2 -O3 -Os -Og}"
# Build directory (builds are redone on every run).
: "${REAL_DIR:=$REAL_TOP/build/real}"
case $REAL_DIR in /*) ;; *) REAL_DIR=$REAL_TOP/$REAL_DIR ;; esac
# Where the downloads are cached (default REAL_DIR/cache; make
# check-real-gcc14 shares the native build/real/cache).
: "${REAL_CACHE:=$REAL_DIR/cache}"
case $REAL_CACHE in /*) ;; *) REAL_CACHE=$REAL_TOP/$REAL_CACHE ;; esac
# Parallel jobs: one per core.
: "${REAL_JOBS:=$(nproc 2>/dev/null || echo 2)}"
: "${GCC:=gcc}"
: "${GXX:=g++}"
: "${PLUGIN:=$REAL_TOP/gcc-plugin/calltab.so}"
: "${CALLTAB:=$REAL_TOP/libcalltab/tools/calltab}"
# Where googletest's sources are (Debian's googletest package), and, when
# they are not this system's package, its version (GTEST_VERSION: make
# check-real-gcc14 binds the host's into the chroot).
: "${GTEST_DIR:=/usr/src/googletest/googletest}"
: "${GTEST_VERSION:=}"
# What the test programs must report: googletest 1.12's samples run 48
# tests; expat 2.2.1's runtests (node-expat 2.4.1) runs 98 checks.
: "${GTEST_TESTS:=48}"
: "${EXPAT_CHECKS:=98}"
# The level at which the consumers (readelf, eu-readelf, llvm-dwarfdump,
# gdb) compare a build with the plugin to one without: -O2 when it is in
# LEVELS, else the first level.
if [ -z "${CONSUMER_LEVEL:-}" ]; then
    CONSUMER_LEVEL=
    for l in $LEVELS; do
        [ -z "$CONSUMER_LEVEL" ] && CONSUMER_LEVEL=$l
        [ "$l" = -O2 ] && CONSUMER_LEVEL=$l
    done
fi
# Seconds readelf -w and eu-readelf -w (CONSUMER_TIMEOUT), and
# llvm-dwarfdump --verify (DWARFDUMP_TIMEOUT: LLVM 14 runs for many
# minutes on GCC's -O2 output) may take on a file built without the
# plugin.  With the plugin the tool gets 3 times what that took plus 30 s
# (at least the same); when it timed out without the plugin, the run with
# it is skipped (nothing to compare it with: "not run").
: "${CONSUMER_TIMEOUT:=600}"
: "${DWARFDUMP_TIMEOUT:=30}"

SQLITE_PKG=better-sqlite3@13.2.0
EXPAT_PKG=node-expat@2.4.1

export LEVELS REAL_DIR REAL_CACHE REAL_JOBS GCC GXX PLUGIN CALLTAB GTEST_DIR GTEST_VERSION \
       GTEST_TESTS EXPAT_CHECKS CONSUMER_LEVEL CONSUMER_TIMEOUT DWARFDUMP_TIMEOUT

# The linked variants: LINKER[-icf][-no-pie].  bfd has no ICF.
REAL_LINKS="bfd bfd-no-pie gold gold-no-pie gold-icf gold-icf-no-pie
lld lld-no-pie lld-icf lld-icf-no-pie"

# googletest's units (the samples, gtest_main, gtest-all) and expat's.
GTEST_SRCS="src/gtest-all.cc src/gtest_main.cc samples/sample1.cc
samples/sample2.cc samples/sample4.cc samples/sample1_unittest.cc
samples/sample2_unittest.cc samples/sample3_unittest.cc
samples/sample4_unittest.cc samples/sample5_unittest.cc
samples/sample6_unittest.cc samples/sample7_unittest.cc
samples/sample8_unittest.cc"
EXPAT_SRCS="lib/xmlparse.c lib/xmlrole.c lib/xmltok.c tests/runtests.c
tests/chardata.c tests/memcheck.c tests/minicheck.c"

real_die() {
    echo "check-real: $*" >&2
    exit 1
}

real_note() {
    echo "check-real: $*" >&2
}

# "-O2" -> "O2": the directory of a level.
real_leveldir() {
    printf '%s/%s\n' "$REAL_DIR" "${1#-}"
}

# real_pool N FILE: run each line of FILE (a shell command) in bash, at
# most N at once.  The jobs record their own results; a failing job does
# not stop the others.  The pool waits for its own jobs by id: a bare
# `wait -n` would also return for the shell's process substitutions.
real_pool() {
    local n=$1 file=$2 line done_pid p
    local -a pids=() left
    while IFS= read -r line; do
        while [ "${#pids[@]}" -ge "$n" ]; do
            done_pid=
            wait -n -p done_pid "${pids[@]}" || true
            left=()
            for p in "${pids[@]}"; do
                [ "$p" = "$done_pid" ] || left+=("$p")
            done
            pids=("${left[@]}")
        done
        bash -c "$line" </dev/null &
        pids+=("$!")
    done <"$file"
    wait "${pids[@]}" 2>/dev/null || true
}

# real_cmd WORD...: one shell-quoted command line (for a job file).
real_cmd() {
    local out
    printf -v out '%q ' "$@"
    printf '%s\n' "${out% }"
}
