#!/usr/bin/env bash
# fdo.sh: what feedback-directed optimization buys on real programs, and
# how close AutoFDO from the plugin's builds comes to instrumented PGO
# (issue 28).  Not a test.
#
#   bench/fdo.sh                  (make bench-fdo; make bench runs it too)
#   QUICK=1 bench/fdo.sh          (GCC 12, one recording, the default mode)
#
# About 25 minutes on 2 shared CPUs for both programs with GCC 12 and 14
# and every mode (1643 s on 2026-11-28; GCC 16 adds about half of that), with exact counts (the callgrind
# runs of the training input) and the taken jumps (callgrind on the
# timing input, about 4 minutes of it); QUICK=1 3 (more with exact
# counts).  Byte-identical profiles are built and measured once, so the
# modes cost little where calltab afdo folds them to the same profile.
#
# Programs (bench/README.md says why these): Lua 5.4.4 (the interpreter,
# src/*.c but luac.c) and bzip2 1.0.8 (the command), Debian 12's source
# packages' upstream tarballs, fetched with apt-get source from
# deb.debian.org into build/bench/fdo/src/ the first time (a private apt
# configuration: the system's is not touched) and reused.  Workloads: a
# training run and a different timing run per program, outputs checked:
#   lua    bench/fdo/lua/train.lua N (LUA_TRAIN_N=100, ~4 s) for the
#          profiles, bench/fdo/lua/time.lua N (LUA_TIME_N=4, ~0.4 s) for
#          the figures; the string-hash seed is fixed at build time
#          (-D'luai_makeseed(L)=0') so that runs are repeatable.
#   bzip2  compress (-9) and decompress: training = bzip2's own source
#          tarball (3.1 MB, unpacked from the .gz) and generated text
#          (bench/fdo/bzip2/gen-text.awk seed 1: 16 MB of prose, 12 MB of
#          log lines; ~3 s); timing = Lua's source tarball (1.4 MB) and
#          seed 2 (2 MB of each; ~0.4 s).  Every compressed file must
#          equal O2's and decompress to its input.
#
# Builds, per program and compiler (GCC 12 natively; 13 to 16 in the
# chroot of scripts/gcc-chroot.sh --gcc=N, Debian 13 or unstable, whose
# binaries also run there), all "-O2 -g", PIE (the compilers' default),
# one object per source file:
#   O2        plain
#   pgo       -fprofile-generate, the training run, -fprofile-use
#             (-Wno-missing-profile)
#   afdo-V/R  -fauto-profile from "calltab afdo" (--gcc=N from GCC 13; for
#             GCC 12 with -fvect-cost-model=very-cheap, docs/fdo.md) of
#             the recording R (rec1, rec2: two perf record -e cpu-clock
#             -F 20000 of the same training run of the plugin's default-
#             mode build) converted with build V: none (O2, no plugin) or
#             the plugin with discriminators=MODE (MODES); the plugin's
#             code is identical in every mode and to O2 (checked on .text;
#             a build whose .text differs is recorded on its own), so one
#             recording serves all (--dso).  Rebuilt without the plugin
#             (its code is the same; GCC reads the profile long before the
#             plugin's pass), as docs/fdo.md's pipeline does otherwise.
#   afdo-fs/R the same with the plugin's late profile (issue 31,
#             docs/fdo.md "Flow-sensitive AutoFDO"): converted with the
#             discriminators=fs build by calltab afdo --fs=LATE as well,
#             and rebuilt with the plugin reading it
#             (-fplugin-arg-calltab-profile=LATE), which sets the blocks'
#             counts before bbpart; the .afdo is the rtl one's with GCC
#             12 (it folds lines) and afdo-none's with 13 and later (GCC's
#             own numbers kept, the pipeline of docs/fdo.md), so the late
#             profile alone makes the difference against the best row
#             without it.  The loader's statistics (CALLTAB_FS_STATS) are
#             summed per build.  MODES=fs (in the default MODES).
#   afdo-early/R  GCC 11 and 12: afdo-none's .afdo and the early profile
#             (docs/fdo.md "The early profile"): calltab afdo --early of
#             the same recording with the build without the plugin (GCC's
#             own numbers), rebuilt with the plugin reading it
#             (-fplugin-arg-calltab-early-profile), which gives each block
#             its own count after GCC's annotation; afdo-early-fs/R the
#             same with afdo-fs's late profile too (MODES with fs); the
#             loader's statistics summed per build as for fs
#   exact-V   the bound: the profile converted from the exact execution
#             count of every instruction of the same training run
#             (callgrind --dump-instr=yes; its addresses are file
#             addresses, checked on main) by calltab afdo --counts
#             (EXACT=auto: when calltab has --counts; CALLTAB= names
#             another calltab); exact-early and exact-early-fs as above
# Byte-identical profiles give one build, measured once (its rows say so).
#
# Figures, each a ratio to O2 measured in the same run, timing input only:
#   model     cachegrind (--cache-sim=yes --branch-sim=yes, fixed caches
#             I1/D1 32 KB 8-way, LL 8 MB 16-way, 64-byte lines, the same on
#             every machine): cost = Ir + 10 (I1mr + D1mr + D1mw)
#             + 100 (ILmr + DLmr + DLmw) + 20 (Bcm + Bim); speed-up =
#             cost(O2) / cost(build), and an AutoFDO build's share of
#             PGO's gain, (speed-up - 1) / (speed-up of pgo - 1).  O2 runs
#             twice: its Ir must repeat (determinism).  JOBS (2) at once.
#   clock     user+sys CPU seconds (bash time) of RUNS (9) interleaved
#             rounds over the builds (each round rotated), each build
#             copied to a path of the same length, env -i PATH=/usr/bin:/bin,
#             setarch -R (no ASLR): speed-up of the minimum and the median
#   size      .text (size -A), growth against O2
#   layout    functions with a cold part (NAME.cold symbols) and indirect
#             jumps in .text (an interpreter's dispatch copies); jumps
#             taken on the timing input (callgrind --collect-jumps), in
#             all and in O2's function with the most (the hot loop)
#   late      per fs build, what the loader set and left to GCC
#             (CALLTAB_FS_STATS=1, summed over the units)
#   profiles  per profile (afdo-dump): functions, those with head count 0
#             among the sampled, positions with samples, total; rec1 vs
#             rec2: the total variation distance of the two profiles'
#             position counts (0 same shares, 1 disjoint)
# Prints the tables and writes them to the section "## FDO (bench/fdo.sh)"
# at the end of RESULTS (bench/results.md; RESULTS= : not written),
# replacing the one an earlier run wrote and keeping the others.
#
# Settings (environment): PROGRAMS ("lua bzip2"), GCCS ("12 14 16"; 12
# to 16), RUNS (9),
# JOBS (2), MODES ("rtl hierarchical gcc off fs layered"; rtl, GCC 11's
# and 12's default, is the recorded build and always built; layered,
# the default from GCC 13, is built with GCC 13 and later only), RECS (2), EXACT (auto|yes|no), KEEP
# (keep the work directory there; else a temporary one, removed; for
# GCC 13 and later it must be under /tmp or the tree, which the chroots see; a kept
# directory's recordings are used again, its figures are not),
# CALLTAB, RESULTS, CALLTAB_CHROOTS or CALLTAB_CHROOT (scripts/gcc-chroot.sh), LUA_TRAIN_N, LUA_TIME_N, FDO_CACHE
# (build/bench/fdo), XCFLAGS (added to every compilation, the training
# builds' too: a run that holds a GCC decision the profiles should not
# decide equal in the builds it compares, as
# XCFLAGS=--param=max-crossjump-edges=81 does Lua's dispatch copies in
# the AutoFDO builds without the early profile, docs/fdo.md; a kept
# directory's recordings must come from a run with the same XCFLAGS,
# which the script checks; the report names them).
# QUICK=1: GCCS=12, RECS=1, MODES=rtl, RUNS=3.
set -euo pipefail

prog=fdo.sh
self=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)/fdo.sh
top=$(cd "$(dirname "$self")/.." && pwd -P)

die() { echo "$prog: $*" >&2; exit 1; }
trap 's=$?; echo "$prog: line $LINENO: $BASH_COMMAND: status $s" >&2' ERR
set -E
note() { echo "$prog: $*" >&2; }

# ---- what runs where the programs run (a chroot from GCC 13) ----------

ENVRUN=(env -i PATH=/usr/bin:/bin setarch -R)

# workload PROG KIND BIN OUT IN [CMD...]: PROG's KIND (train or time)
# workload run by BIN, its outputs in OUT, its inputs in IN, each process
# started as CMD... BIN ARGS.
workload() {
    local p=$1 kind=$2 bin=$3 out=$4 in=$5 f
    shift 5
    mkdir -p "$out"
    case $p in
    lua)
        (cd "$in/lua" && "$@" "$bin" "$kind.lua" "$(cat "$kind.n")" >"$out/lua.out") ;;
    bzip2)
        for f in $(cat "$in/bzip2/$kind.list"); do
            "$@" "$bin" -9 -c "$in/bzip2/$f" >"$out/$f.bz2"
            "$@" "$bin" -d -c "$out/$f.bz2" >"$out/$f"
        done ;;
    *) echo "$prog: unknown program $p" >&2; return 2 ;;
    esac
}

# par_run LOG CMD...: run CMD in the background, at most JOBS at once;
# its status goes to LOG.rc.  par_wait: wait for all, fail on the first
# that failed, naming its log.
par_logs=()
par_run() {
    local log=$1
    shift
    while [ "$(jobs -rp | wc -l)" -ge "${JOBS:-2}" ]; do wait -n || true; done
    par_logs+=("$log")
    rm -f "$log.rc"
    ( trap - ERR; set +e; "$@" >"$log" 2>&1; echo $? >"$log.rc" ) &
}
par_wait() {
    local l rc bad=
    wait
    for l in "${par_logs[@]}"; do
        rc=$(cat "$l.rc" 2>/dev/null || echo lost)
        if [ "$rc" != 0 ]; then
            echo "$prog: failed (status $rc), log $l:" >&2
            tail -15 "$l" >&2
            bad=1
        fi
    done
    par_logs=()
    [ -z "$bad" ]
}

# compile CC JOBS OBJDIR OUT LDFLAGS FLAGS... -- SOURCES...: one object per
# source in OBJDIR (JOBS at once), linked into OUT.
in_env_compile() {
    local cc=$1 objdir=$3 out=$4 ldflags=$5 s
    JOBS=$2
    shift 5
    local flags=()
    while [ "$1" != -- ]; do flags+=("$1"); shift; done
    shift
    mkdir -p "$objdir"
    local objs=()
    for s in "$@"; do
        objs+=("$objdir/$(basename "${s%.c}").o")
        par_run "$objdir/$(basename "${s%.c}").log" \
            "$cc" "${flags[@]}" -c "$s" -o "${objs[-1]}"
    done
    par_wait
    # shellcheck disable=SC2086
    "$cc" "${flags[@]}" $ldflags -o "$out" "${objs[@]}" -lm -ldl
}

# clock PROG IN RUNS RESULT OUTROOT BIN...: RUNS rounds over the BINs
# (round r starts at the r-th), each timed; RESULT gets "round index
# user sys" lines, OUTROOT/bII the last outputs of BIN I (two digits: the
# paths, which bzip2 gets as arguments, have the same length).
in_env_clock() {
    local p=$1 in=$2 runs=$3 res=$4 root=$5 r j i n t o
    shift 5
    local bins=("$@")
    n=${#bins[@]}
    : >"$res"
    TIMEFORMAT='%3U %3S'
    for ((r = 0; r < runs; r++)); do
        for ((j = 0; j < n; j++)); do
            i=$(( (j + r) % n ))
            printf -v o '%s/b%02d' "$root" "$i"
            rm -rf "$o"
            mkdir -p "$o"
            { time workload "$p" time "${bins[$i]}" "$o" "$in" \
                  "${ENVRUN[@]}" 2>"$o.err"; } 2>"$root/t"
            t=$(cat "$root/t")
            echo "$r $i $t" >>"$res"
        done
    done
}

if [ "${1:-}" = --in-env ]; then
    shift
    what=$1
    shift
    case $what in
    run) workload "$@" ;;
    compile) in_env_compile "$@" ;;
    clock) in_env_clock "$@" ;;
    *) die "unknown --in-env $what" ;;
    esac
    exit
fi

# ---- settings ----------------------------------------------------------

t_start=$(date +%s)
if [ -n "${QUICK:-}" ]; then
    : "${GCCS:=12}" "${RECS:=1}" "${MODES:=rtl}" "${RUNS:=3}"
fi
PROGRAMS=${PROGRAMS:-lua bzip2}
GCCS=${GCCS:-12 14 16}
RUNS=${RUNS:-9}
JOBS=${JOBS:-2}
MODES=${MODES:-rtl hierarchical gcc off fs layered}
RECS=${RECS:-2}
EXACT=${EXACT:-auto}
CALLTAB=${CALLTAB:-$top/libcalltab/tools/calltab}
RESULTS=${RESULTS-$top/bench/results.md}
CHROOT_SCRIPT=$top/scripts/gcc-chroot.sh
CACHE=${FDO_CACHE:-$top/build/bench/fdo}
LUA_TRAIN_N=${LUA_TRAIN_N:-100}
LUA_TIME_N=${LUA_TIME_N:-4}
XCFLAGS=${XCFLAGS:-}
AFDO_DUMP=$top/testsuite/tools/afdo-dump
export JOBS

for x in $PROGRAMS; do
    case $x in lua|bzip2) ;; *) die "PROGRAMS: unknown program '$x' (lua, bzip2)" ;; esac
done
for x in $GCCS; do
    case $x in 12|13|14|15|16) ;; *) die "GCCS: unknown compiler '$x' (12 to 16)" ;; esac
done
for x in $MODES; do
    case $x in rtl|hierarchical|gcc|off|fs|layered) ;;
    *) die "MODES: unknown discriminators mode '$x' (rtl, hierarchical, gcc, off, fs, layered)" ;; esac
done
case " $MODES " in *" rtl "*) ;; *) MODES="rtl $MODES" ;; esac
case $RUNS in ''|*[!0-9]*|0) die "RUNS: not a positive number: $RUNS" ;; esac
case $JOBS in ''|*[!0-9]*|0) die "JOBS: not a positive number: $JOBS" ;; esac
case $RECS in 1|2) ;; *) die "RECS: 1 or 2, not $RECS" ;; esac
case $EXACT in auto|yes|no) ;; *) die "EXACT: auto, yes or no, not $EXACT" ;; esac

[ -x "$CALLTAB" ] || die "no calltab at $CALLTAB (build first: make)"
[ -x "$AFDO_DUMP" ] || die "no $AFDO_DUMP (build first: make testsuite/tools/afdo-dump)"
command -v valgrind >/dev/null || die "valgrind is needed (the model): apt-get install valgrind"
for x in objcopy size setarch; do
    command -v $x >/dev/null || die "$x is needed"
done
have_counts=
"$CALLTAB" afdo --help 2>/dev/null | grep -q -- '--counts' && have_counts=1
if [ "$EXACT" = yes ] && [ -z "$have_counts" ]; then
    die "EXACT=yes, but $CALLTAB afdo has no --counts"
fi
do_exact=
[ "$EXACT" = no ] || [ -z "$have_counts" ] || do_exact=1

# shellcheck source=bench/lib.sh
. "$top/bench/lib.sh"
bench_workdir
# shellcheck disable=SC2154
W=$(cd "$dir" && pwd -P)
R=$W/report
mkdir -p "$R" "$CACHE"
: >"$R/notes"

# inenv G CMD...: run CMD where GCC G's programs run.
inenv() {
    local g=$1
    shift
    if [ "$g" = 12 ]; then
        "$@"
    else
        "$CHROOT_SCRIPT" --gcc="$g" run -- "$@"
    fi
}

# ---- sources and inputs ------------------------------------------------

fetch_sources() {
    local S=$CACHE/src
    if [ -f "$S/lua5.4_5.4.4.orig.tar.gz" ] && [ -f "$S/bzip2_1.0.8.orig.tar.gz" ]; then
        return 0
    fi
    note "fetching lua5.4 and bzip2 with apt-get source into $S"
    bench_apt_source "$S" lua5.4 bzip2 ||
        { tail "$S/apt.log" >&2; die "apt-get source lua5.4 bzip2 failed"; }
    [ -f "$S/lua5.4_5.4.4.orig.tar.gz" ] && [ -f "$S/bzip2_1.0.8.orig.tar.gz" ] ||
        die "apt-get source gave no lua5.4_5.4.4.orig.tar.gz and bzip2_1.0.8.orig.tar.gz in $S (another version in the archive?)"
}

make_inputs() {
    local S=$CACHE/src I=$W/inputs
    mkdir -p "$W/src" "$I/lua" "$I/bzip2"
    tar xzf "$S/lua5.4_5.4.4.orig.tar.gz" -C "$W/src"
    tar xzf "$S/bzip2_1.0.8.orig.tar.gz" -C "$W/src"
    cp "$top/bench/fdo/lua/train.lua" "$top/bench/fdo/lua/time.lua" "$I/lua/"
    echo "$LUA_TRAIN_N" >"$I/lua/train.n"
    echo "$LUA_TIME_N" >"$I/lua/time.n"
    gzip -dc "$S/bzip2_1.0.8.orig.tar.gz" >"$I/bzip2/train-src.tar"
    gzip -dc "$S/lua5.4_5.4.4.orig.tar.gz" >"$I/bzip2/time-src.tar"
    local g=$top/bench/fdo/bzip2/gen-text.awk
    awk -v kind=prose -v seed=1 -v size=16000000 -f "$g" >"$I/bzip2/train-prose.txt"
    awk -v kind=log -v seed=1 -v size=12000000 -f "$g" >"$I/bzip2/train-log.txt"
    awk -v kind=prose -v seed=2 -v size=2000000 -f "$g" >"$I/bzip2/time-prose.txt"
    awk -v kind=log -v seed=2 -v size=2000000 -f "$g" >"$I/bzip2/time-log.txt"
    echo train-src.tar train-prose.txt train-log.txt >"$I/bzip2/train.list"
    echo time-src.tar time-prose.txt time-log.txt >"$I/bzip2/time.list"
}

# sources P: the C files of program P.
sources() {
    local f
    case $1 in
    lua) for f in "$W"/src/lua-5.4.4/src/*.c; do
             [ "${f##*/}" = luac.c ] || echo "$f"; done ;;
    bzip2) for f in blocksort huffman crctable randtable compress decompress bzlib bzip2; do
               echo "$W/src/bzip2-1.0.8/$f.c"; done ;;
    esac
}
pflags() {
    case $1 in
    lua) echo "-std=gnu99 -DLUA_USE_LINUX -DLUA_COMPAT_5_3 -Dluai_makeseed(L)=0" ;;
    bzip2) echo "-D_FILE_OFFSET_BITS=64" ;;
    esac
}

# ---- per program and compiler ------------------------------------------

# build_try G P NAME LDFLAGS FLAGS...: compile P into $B/bin/NAME (objects
# in $B/obj/NAME); on failure, status 1 and why in $B/log/build-NAME.why
# (the file and GCC's first error).
build_try() {
    local g=$1 p=$2 name=$3 ld=$4 log=$B/log/build-$3.log
    shift 4
    local fl xfl
    read -r -a fl <<<"$(pflags "$p")"
    read -r -a xfl <<<"$XCFLAGS"
    # shellcheck disable=SC2046
    # env: the chroot starts from an empty environment.
    if ! inenv "$g" env CALLTAB_FS_STATS=1 bash "$self" --in-env compile "$CC" "$JOBS" "$B/obj/$name" \
        "$B/bin/$name" "$ld" -O2 -g "${fl[@]}" "${xfl[@]}" "$@" -- $(sources "$p") >"$log" 2>&1; then
        awk '/^fdo.sh: failed \(status/ && !f { f = $NF; sub(/.*\//, "", f); sub(/\.log:$/, ".c", f) }
             /internal compiler error|error:/ && !e { e = $0; sub(/^.*(internal compiler error|error):/, "&", e)
                 sub(/^[^:]*:[0-9]*:[0-9]*: /, "", e) }
             /^during .* pass: / && !ps { ps = $0 }
             /: In function / && !fn { fn = $0; sub(/.*: In function /, "", fn); sub(/:$/, "", fn) }
             END { printf "%s%s%s\n", f ? f ": " : "", e ? e : "failed",
                       ps || fn ? " (" ps (ps && fn ? ", " : "") (fn ? "in " fn : "") ")" : "" }' \
            "$log" >"$B/log/build-$name.why"
        return 1
    fi
}
# afdo_flags G: what docs/fdo.md's pipeline adds to -fauto-profile for
# GCC G: with 12, -O2's own vectorizer cost model (-fauto-profile makes
# it "dynamic", whose epilogue peeling divides by zero in GCC 12.2's
# vect_do_peeling on some profiles: an internal compiler error).
afdo_flags() {
    [ "$1" = 12 ] && echo -fvect-cost-model=very-cheap
    return 0
}
# late_opt V BASE: calltab afdo's option writing the late profile
# BASE.fs when V is the fs mode's build.
late_opt() {
    [ "$1" = fs ] && echo "--fs=$2.fs"
    return 0
}
# fs_base_afdo G V FORMAT: for GCC 13 and later the fs build's .afdo is
# the build without the plugin's (FORMAT with none, made before: the
# variants start with none), GCC's own numbers kept, as docs/fdo.md's
# pipeline for those versions says; the fs build's line table holds the
# P-numbers, which --gcc=13+ folds.  Its late profile stays its own.
fs_base_afdo() {
    [ "$2" = fs ] && [ "$1" != 12 ] || return 0
    cp "$B/prof/${3/\%s/none}.afdo" "$B/prof/${3/\%s/fs}.afdo"
}
# early_opt G V FORMAT: for GCC 11 and 12, calltab afdo's option writing
# the early profile (FORMAT with early).early when V is the build without
# the plugin (GCC's own numbers).
early_opt() {
    [ "$1" -le 12 ] && [ "$2" = none ] && printf -- '--early=%s.early\n' "${3//%s/early}"
    return 0
}
# early_profiles G V FORMAT: after V's profiles (the variants come in
# MODES' order, none first): the .afdo of FORMAT with none for early,
# and, once the fs variant's late profile is there, early-fs: none's
# .afdo (GCC 11 and 12 fold lines: the same as fs's), early's early
# profile and fs's late one.
early_profiles() {
    local f=$3
    [ "$1" -le 12 ] && [ -f "$B/prof/${f//%s/early}.early" ] || return 0
    if [ "$2" = none ]; then
        cp "$B/prof/${f//%s/none}.afdo" "$B/prof/${f//%s/early}.afdo"
    elif [ "$2" = fs ]; then
        cp "$B/prof/${f//%s/none}.afdo" "$B/prof/${f//%s/early-fs}.afdo"
        cp "$B/prof/${f//%s/early}.early" "$B/prof/${f//%s/early-fs}.early"
        cp "$B/prof/${f//%s/fs}.fs" "$B/prof/${f//%s/early-fs}.fs"
    fi
}
# build: build_try, and a failure stops the script.
build() {
    build_try "$@" || {
        tail -20 "$B/log/build-$3.log" >&2
        die "$1/$2: building $3 failed: $(cat "$B/log/build-$3.why") (log $B/log/build-$3.log)"
    }
}

text_of() { objcopy -O binary --only-section=.text "$1" "$2"; }
text_size() { size -A "$1" | awk '$1 == ".text" { print $2 }'; }

# layout BIN: "COLD INDIRECT": the functions split into a cold part (the
# symbols NAME.cold) and the indirect jumps (jmp *) in .text, the
# interpreter's dispatch copies among them.
layout() {
    printf '%s %s\n' "$(nm "$1" | awk '$3 ~ /\.cold(\.[0-9]+)?$/ { n++ } END { print n + 0 }')" \
        "$(objdump -d --no-show-raw-insn -j .text "$1" | grep -c $'\tjmp  *\*' || true)"
}

# loader_stats WHAT OBJDIR: a profile loader's statistics (the "calltab
# WHAT:" line, fs or early, that CALLTAB_FS_STATS=1 prints per unit into
# each object's log) summed over the units: the numbers of the line in
# its order (docs/fdo.md "The loader" for fs: 14; "The early profile"
# for early: functions in the profile and not, blocks, with own counts,
# counted after spreading, jumps, set).
loader_stats() {
    cat "$2"/*.log 2>/dev/null | sed -n "s/^calltab $1: .*: functions /functions /p" |
        awk '{ n = 0; for (i = 1; i <= NF; i++) { v = $i; gsub(/[^0-9]/, "", v)
                 if (v != "" && $i ~ /^\(?[0-9]+,?;?$/) s[++n] += v }
               if (n > k) k = n; u++ }
             END { if (!u) exit 1; for (i = 1; i <= k; i++) printf "%d%s", s[i], i < k ? " " : "\n" }'
}

# taken_jumps DIR: from callgrind's --collect-jumps files DIR/cj.*, per
# function (a .cold part and callgrind's recursion levels, NAME'2,
# counted with the function) the jumps taken:
# conditional jumps taken (jcnd=TAKEN/EXECUTED) and unconditional and
# indirect jumps (jump=N), as "FUNCTION COUNT" lines.
taken_jumps() {
    cat "$1"/cj.* | awk '/^fn=/ { f = substr($0, 4); sub(/\047[0-9]+$/, "", f); sub(/\.cold$/, "", f) }
        /^jcnd=/ { split(substr($1, 6), a, "/"); t[f] += a[1] }
        /^jump=/ { t[f] += substr($1, 6) }
        END { for (f in t) printf "%s %.0f\n", f, t[f] }'
}

# cg_sum DIR: the cachegrind summaries of DIR/cg.* summed, as
# "Ir I1mr ILmr D1mr D1mw DLmr DLmw Bcm Bim".
cg_sum() {
    awk '/^events:/ { n = split($0, ev, " ") }
         /^summary:/ { for (i = 2; i <= NF; i++) s[ev[i]] += $i; files++ }
         END { if (!files) exit 1
               printf "%.0f %.0f %.0f %.0f %.0f %.0f %.0f %.0f %.0f\n", s["Ir"], s["I1mr"],
                   s["ILmr"], s["D1mr"], s["D1mw"], s["DLmr"], s["DLmw"], s["Bcm"], s["Bim"] }' \
        "$1"/cg.*
}

# same_outputs P OUT REF IN: OUT's outputs equal REF's (and decompress to
# their inputs); else says what differs.
same_outputs() {
    local p=$1 out=$2 ref=$3 in=$4 f
    case $p in
    lua) cmp -s "$out/lua.out" "$ref/lua.out" || { echo "lua.out differs"; return 1; } ;;
    bzip2)
        for f in $(cat "$in/bzip2/time.list"); do
            cmp -s "$out/$f.bz2" "$ref/$f.bz2" || { echo "$f.bz2 differs"; return 1; }
            cmp -s "$out/$f" "$in/bzip2/$f" || { echo "$f does not decompress to its input"; return 1; }
        done ;;
    esac
}

# callgrind_counts BIN DIR OUT: the execution count of each instruction of
# BIN in the callgrind outputs DIR/cg.* as "0xADDR COUNT" lines (file
# addresses: callgrind writes them relative to the object's load bias).
# A calls= line's next cost line is the call's inclusive cost: skipped.
callgrind_counts() {
    local bin=$1 d=$2 out=$3 main
    awk -v bin="$bin" '
        /^ob=/ { cur = (substr($0, 4) == bin); next }
        /^fn=/ { fn = substr($0, 4); next }
        /^calls=/ { skip = 1; next }
        /^0x/ { if (skip) { skip = 0; next }
                if (cur) { c[$1] += $3; if (fn == "main" && (m == "" || strtonum_ok($1) < mv)) { m = $1; mv = strtonum_ok($1) } }
                next }
        /^[-+*]/ { print "compressed position: " $0 > "/dev/stderr"; exit 2 }
        function strtonum_ok(h,   i, v, d) { v = 0; h = tolower(substr(h, 3))
            for (i = 1; i <= length(h); i++) v = v * 16 + index("0123456789abcdef", substr(h, i, 1)) - 1
            return v }
        END { printf "# main %s\n", m; for (a in c) printf "%s %.0f\n", a, c[a] }' \
        "$d"/cg.* | sort >"$out.tmp"
    main=$(nm "$bin" | awk '$3 == "main" { print $1 }' | sed 's/^0*//')
    grep -q "^# main 0x$main\$" "$out.tmp" ||
        die "callgrind's addresses of $bin are not its file addresses (main at $(sed -n 's/^# main //p' "$out.tmp"), nm: 0x$main)"
    [ "$(grep -vc '^#' "$out.tmp")" -gt 0 ] || die "callgrind counted nothing in $bin ($d)"
    { echo "# execution counts of $bin's instructions (callgrind), file addresses"
      grep -v '^#' "$out.tmp"; } >"$out"
    rm -f "$out.tmp"
}

# profile_stats FILE: "functions head0 positions total" of an AutoFDO file.
profile_stats() {
    "$AFDO_DUMP" "$1" | awk '
        /^head / { f++; tot += $5; if ($2 == 0 && $5 > 0) h0++; next }
        /^ +[0-9]+\.[0-9]+ [0-9]+$/ { if ($2 > 0) pos++ }
        END { printf "%d %d %d %.0f\n", f, h0, pos, tot }'
}
# profile_positions FILE: "PATH@POS COUNT" per position (PATH: the
# function and the call sites down to the inlined instance).
profile_positions() {
    "$AFDO_DUMP" "$1" | awk '
        { i = match($0, /[^ ]/) - 1 }
        /^head / { path[0] = $3; next }
        /^ +call / { cp[i] = $2; next }
        / total [0-9]+$/ { path[i] = path[i - 4] "/" cp[i - 2] "/" $1; next }
        /^ +[0-9]+\.[0-9]+ [0-9]+$/ { print path[i - 2] "@" $1, $2 }'
}
# tv_distance A B: total variation distance of two profiles' positions.
tv_distance() {
    awk 'FNR == 1 { f++ } { c[f, $1] += $2; t[f] += $2; k[$1] = 1 }
         END { for (x in k) d += (c[1, x] / t[1] - c[2, x] / t[2]) >= 0 ? \
                   c[1, x] / t[1] - c[2, x] / t[2] : c[2, x] / t[2] - c[1, x] / t[1]
               printf "%.3f\n", d / 2 }' \
        <(profile_positions "$1") <(profile_positions "$2")
}

run_one() {
    local g=$1 p=$2 b v r mode t0 n i
    B=$W/g$g/$p
    mkdir -p "$B/bin" "$B/log" "$B/prof" "$B/text"
    local key=$g-$p
    local rows=$R/$key.rows     # NAME SLOT [NOTE]: table rows, in order
    : >"$rows"
    # A work directory kept from an earlier run (KEEP=) holds its figures.
    rm -f "$R/$key".{model,size,clock,tv,phases,layout,fs,early,jumps}
    # Its recordings are of a build with its XCFLAGS.
    local kept_xcflags
    kept_xcflags=$(cat "$B/xcflags" 2>/dev/null || true)
    if compgen -G "$B/rec*.txt" >/dev/null && [ "$kept_xcflags" != "$XCFLAGS" ]; then
        die "$g/$p: the kept recordings in $B are of builds with XCFLAGS='$kept_xcflags', not '$XCFLAGS': keep another directory"
    fi
    printf '%s\n' "$XCFLAGS" >"$B/xcflags"
    local slots=() snames=()    # distinct binaries measured
    declare -A slot_of=()       # profile checksum -> slot
    local plug; plug=$PLUGIN
    # The modes this GCC has: layered is refused before GCC 13.
    local modes=$MODES
    [ "$g" -ge 13 ] || modes=$(printf '%s\n' $MODES | grep -vx layered | tr '\n' ' ')
    note "== GCC $g, $p"

    # The builds without a profile.
    t0=$(date +%s)
    build "$g" "$p" O2 ''
    # Each mode named (rtl too: from GCC 13 the default is layered).
    for mode in $modes; do
        build "$g" "$p" "plug-$mode" '' -fplugin="$plug" "-fplugin-arg-calltab-discriminators=$mode"
    done
    # PGO: instrument, train, rebuild in the same objects' places.
    build "$g" "$p" pgo-gen -fprofile-generate -fprofile-generate
    inenv "$g" bash "$self" --in-env run "$p" train "$B/bin/pgo-gen" "$B/train-pgo" \
        "$W/inputs" "${ENVRUN[@]}" >"$B/log/train-pgo.log" 2>&1 ||
        { tail "$B/log/train-pgo.log" >&2; die "$g/$p: the training run of pgo-gen failed"; }
    rm -rf "$B/train-pgo"
    ls "$B/obj/pgo-gen"/*.gcda >/dev/null 2>&1 || die "$g/$p: the training run wrote no .gcda in $B/obj/pgo-gen"
    rm -rf "$B/obj/pgo"
    mv "$B/obj/pgo-gen" "$B/obj/pgo"
    build "$g" "$p" pgo '' -fprofile-use -Wno-missing-profile
    echo "builds $(( $(date +%s) - t0 ))" >>"$R/$key.phases"

    # The code of every variant against the recorded one.
    local variants="none"
    for mode in $modes; do variants="$variants $mode"; done
    # The profiles: one per variant, and the early profile's two (made
    # only for GCC 11 and 12: a profile that is not there is skipped).
    local profiled="$variants early early-fs"
    declare -A vbin=() vsame=()
    vbin[none]=$B/bin/O2
    for mode in $modes; do vbin[$mode]=$B/bin/plug-$mode; done
    text_of "$B/bin/plug-rtl" "$B/text/plug-rtl"
    for v in $variants; do
        text_of "${vbin[$v]}" "$B/text/$v"
        if cmp -s "$B/text/$v" "$B/text/plug-rtl"; then
            vsame[$v]=1
        else
            vsame[$v]=
            echo "- GCC $g, $p: the .text of ${vbin[$v]##*/} differs from plug-rtl's: recorded on its own" >>"$R/notes"
            note "$g/$p: .text of ${vbin[$v]##*/} differs from plug-rtl's; recording it on its own"
        fi
    done

    # Recordings and their profiles.
    local gccopt=()
    [ "$g" = 12 ] || gccopt=(--gcc="$g")
    t0=$(date +%s)
    if [ -n "$have_perf" ]; then
        for ((r = 1; r <= RECS; r++)); do
            for v in $variants; do
                local recbin=$B/bin/plug-rtl
                [ -n "${vsame[$v]}" ] || recbin=${vbin[$v]}
                local data=$B/rec$r-${recbin##*/}
                if [ ! -f "$data.txt" ]; then
                    inenv "$g" perf record -q -e cpu-clock -F 20000 -o "$data.data" -- \
                        bash "$self" --in-env run "$p" train "$recbin" "$B/train-rec" \
                        "$W/inputs" "${ENVRUN[@]}" >"$B/log/rec$r.log" 2>&1 ||
                        { tail "$B/log/rec$r.log" >&2; die "$g/$p: perf record of the training run failed"; }
                    rm -rf "$B/train-rec"
                    inenv "$g" perf script -F ip,sym,symoff,dso --no-demangle \
                        --show-mmap-events -G -i "$data.data" >"$data.txt" 2>"$B/log/script$r.log" ||
                        { tail "$B/log/script$r.log" >&2; die "$g/$p: perf script failed"; }
                    rm -f "$data.data"
                fi
                "$CALLTAB" afdo "${gccopt[@]}" --dso="$recbin" -o "$B/prof/afdo-$v.rec$r.afdo" \
                    $(late_opt "$v" "$B/prof/afdo-$v.rec$r") \
                    $(early_opt "$g" "$v" "$B/prof/afdo-%s.rec$r") \
                    "${vbin[$v]}" "$data.txt" 2>"$B/log/afdo-$v.rec$r.log" ||
                    { cat "$B/log/afdo-$v.rec$r.log" >&2; die "$g/$p: calltab afdo ${gccopt[*]} with ${vbin[$v]##*/} (rec$r) failed"; }
                fs_base_afdo "$g" "$v" "afdo-%s.rec$r"
                early_profiles "$g" "$v" "afdo-%s.rec$r"
            done
        done
    fi
    echo "record+convert $(( $(date +%s) - t0 ))" >>"$R/$key.phases"
    if [ -n "$do_exact" ]; then
        t0=$(date +%s)
        inenv "$g" bash "$self" --in-env run "$p" train "$B/bin/plug-rtl" "$B/train-exact" \
            "$W/inputs" "${ENVRUN[@]}" valgrind --tool=callgrind --dump-instr=yes \
            --compress-pos=no --compress-strings=no \
            "--callgrind-out-file=$B/train-exact/cg.%p" >"$B/log/callgrind.log" 2>&1 ||
            { tail "$B/log/callgrind.log" >&2; die "$g/$p: callgrind of the training run failed"; }
        callgrind_counts "$B/bin/plug-rtl" "$B/train-exact" "$B/prof/counts.txt"
        rm -rf "$B/train-exact"
        for v in $variants; do
            if [ -z "${vsame[$v]}" ]; then
                echo "- GCC $g, $p: exact-$v not made (its .text differs from the counted build)" >>"$R/notes"
                continue
            fi
            "$CALLTAB" afdo "${gccopt[@]}" --counts="$B/prof/counts.txt" \
                -o "$B/prof/exact-$v.afdo" $(late_opt "$v" "$B/prof/exact-$v") \
                $(early_opt "$g" "$v" "$B/prof/exact-%s") \
                "${vbin[$v]}" 2>"$B/log/exact-$v.log" ||
                { cat "$B/log/exact-$v.log" >&2; die "$g/$p: calltab afdo --counts with ${vbin[$v]##*/} failed"; }
            fs_base_afdo "$g" "$v" "exact-%s"
            early_profiles "$g" "$v" "exact-%s"
        done
        echo "exact $(( $(date +%s) - t0 ))" >>"$R/$key.phases"
    fi

    # The rows: O2, pgo, then one build per distinct profile.
    t0=$(date +%s)
    slots=("$B/bin/O2" "$B/bin/pgo")
    snames=(O2 pgo)
    echo "O2 0" >>"$rows"
    echo "pgo 1" >>"$rows"
    local profs=()
    if [ -n "$have_perf" ]; then
        for ((r = 1; r <= RECS; r++)); do
            for v in $profiled; do
                [ -f "$B/prof/afdo-$v.rec$r.afdo" ] && profs+=("afdo-$v.rec$r")
            done
        done
    fi
    if [ -n "$do_exact" ]; then
        for v in $profiled; do
            [ -f "$B/prof/exact-$v.afdo" ] && profs+=("exact-$v")
        done
    fi
    local pr sum
    for pr in "${profs[@]}"; do
        # The plugin's profiles (late, early) are part of what the build
        # reads.
        local files=("$B/prof/$pr.afdo") pflags=()
        if [ -f "$B/prof/$pr.fs" ]; then
            files+=("$B/prof/$pr.fs")
            pflags+=("-fplugin-arg-calltab-profile=$B/prof/$pr.fs")
        fi
        if [ -f "$B/prof/$pr.early" ]; then
            files+=("$B/prof/$pr.early")
            pflags+=("-fplugin-arg-calltab-early-profile=$B/prof/$pr.early")
        fi
        [ ${#pflags[@]} -eq 0 ] || pflags=(-fplugin="$plug" "${pflags[@]}")
        sum=$(cat "${files[@]}" | sha1sum | cut -c1-40)
        profile_stats "$B/prof/$pr.afdo" >"$B/prof/$pr.stats"
        case ${slot_of[$sum]:-} in
        '') ;;
        F:*) echo "$pr - same profile as ${slot_of[$sum]#F:}: build failed" >>"$rows"
             continue ;;
        *) echo "$pr ${slot_of[$sum]} same profile as ${snames[${slot_of[$sum]}]}" >>"$rows"
           continue ;;
        esac
        if ! build_try "$g" "$p" "$pr" '' "-fauto-profile=$B/prof/$pr.afdo" \
            $(afdo_flags "$g") "${pflags[@]}"; then
            local why; why=$(cat "$B/log/build-$pr.why")
            note "$g/$p: building $pr failed: $why"
            echo "- GCC $g, $p: $pr: GCC failed with the profile: $why (log: g$g/$p/log/build-$pr.log in the work directory, KEEP=)" >>"$R/notes"
            echo "$pr - build failed: $why" >>"$rows"
            slot_of[$sum]=F:$pr
            continue
        fi
        slot_of[$sum]=${#slots[@]}
        echo "$pr ${#slots[@]}" >>"$rows"
        slots+=("$B/bin/$pr")
        snames+=("$pr")
    done
    echo "afdo builds $(( $(date +%s) - t0 ))" >>"$R/$key.phases"

    # Same-length paths for the measured runs.
    local run=$W/run/g$g$p n=${#slots[@]} runbins=()
    rm -rf "$run"
    mkdir -p "$run"
    for ((i = 0; i < n; i++)); do
        printf -v b '%s/b%02d' "$run" "$i"
        cp "${slots[$i]}" "$b"
        runbins+=("$b")
        echo "$i $(text_size "$b")" >>"$R/$key.size"
        echo "$i $(layout "$b")" >>"$R/$key.layout"
        # The loaders' statistics: fs and early both for early-fs.
        local st what
        for what in fs early; do
            if [[ ${snames[$i]} == *-$what* ]] &&
               st=$(loader_stats "$what" "$B/obj/${snames[$i]}"); then
                echo "${snames[$i]} $st" >>"$R/$key.$what"
            fi
        done
    done

    # The model: cachegrind on the timing input, O2 twice.
    t0=$(date +%s)
    # shellcheck disable=SC2054
    local cgopts=(valgrind --tool=cachegrind --cache-sim=yes --branch-sim=yes
                  --I1=32768,8,64 --D1=32768,8,64 --LL=8388608,16,64)
    # mII: the outputs of slot II (the same length for all: bzip2 gets the
    # paths as arguments), mrr: O2's second run.
    mdir() { if [ "$1" -ge 0 ]; then printf '%s/m%02d' "$run" "$1"; else echo "$run/mrr"; fi; }
    for ((i = -1; i < n; i++)); do
        local bi=$i o
        [ "$i" -ge 0 ] || bi=0
        o=$(mdir $i)
        rm -rf "$o"
        mkdir -p "$o"
        par_run "$o.log" inenv "$g" bash "$self" --in-env run "$p" time \
            "${runbins[$bi]}" "$o" "$W/inputs" "${ENVRUN[@]}" "${cgopts[@]}" \
            "--cachegrind-out-file=$o/cg.%p"
    done
    par_wait || die "$g/$p: a cachegrind run failed"
    for ((i = -1; i < n; i++)); do
        local why
        echo "$i $(cg_sum "$(mdir $i)")" >>"$R/$key.model"
        if [ "$i" -ge 0 ]; then
            if [ "$p" = bzip2 ] || [ "$i" -gt 0 ]; then
                why=$(same_outputs "$p" "$(mdir $i)" "$(mdir 0)" "$W/inputs") ||
                    die "$g/$p: ${snames[$i]}'s output on the timing input differs from O2's: $why"
            fi
        fi
    done
    for ((i = -1; i < n; i++)); do rm -rf "$(mdir $i)"; done
    echo "model $(( $(date +%s) - t0 ))" >>"$R/$key.phases"
    local ir0 ir1
    ir0=$(awk '$1 == -1 { print $2 }' "$R/$key.model")
    ir1=$(awk '$1 == 0 { print $2 }' "$R/$key.model")
    if [ "$ir0" != "$ir1" ]; then
        echo "- GCC $g, $p: O2's Ir differs between its two model runs ($ir0, $ir1): the model is not deterministic here" >>"$R/notes"
        note "$g/$p: O2's Ir differs between two runs: $ir0 $ir1"
    fi

    # The clock.
    t0=$(date +%s)
    inenv "$g" bash "$self" --in-env clock "$p" "$W/inputs" "$RUNS" "$run/clock" \
        "$run/clk" "${runbins[@]}" >"$B/log/clock.log" 2>&1 ||
        { tail "$B/log/clock.log" >&2; die "$g/$p: the timed runs failed"; }
    cp "$run/clock" "$R/$key.clock"
    for ((i = 0; i < n; i++)); do
        local why
        why=$(same_outputs "$p" "$(printf '%s/b%02d' "$run/clk" "$i")" "$run/clk/b00" "$W/inputs") ||
            die "$g/$p: ${snames[$i]}'s output (timed run) differs from O2's: $why"
    done
    echo "clock $(( $(date +%s) - t0 ))" >>"$R/$key.phases"
    rm -rf "$run/clk"

    # Taken jumps: callgrind --collect-jumps on the timing input.
    t0=$(date +%s)
    for ((i = 0; i < n; i++)); do
        local o
        o=$(printf '%s/j%02d' "$run" "$i")
        rm -rf "$o"
        mkdir -p "$o"
        par_run "$o.log" inenv "$g" bash "$self" --in-env run "$p" time \
            "${runbins[$i]}" "$o" "$W/inputs" "${ENVRUN[@]}" valgrind --tool=callgrind \
            --collect-jumps=yes --compress-pos=no --compress-strings=no \
            "--callgrind-out-file=$o/cj.%p"
    done
    par_wait || die "$g/$p: a callgrind run (taken jumps) failed"
    for ((i = 0; i < n; i++)); do
        local o
        o=$(printf '%s/j%02d' "$run" "$i")
        taken_jumps "$o" | sed "s/^/$i /" >>"$R/$key.jumps"
        rm -rf "$o" "$o.log"
    done
    echo "jumps $(( $(date +%s) - t0 ))" >>"$R/$key.phases"

    # The recordings' spread.
    if [ -n "$have_perf" ] && [ "$RECS" = 2 ]; then
        for v in $profiled; do
            [ -f "$B/prof/afdo-$v.rec1.afdo" ] || continue
            echo "$v $(tv_distance "$B/prof/afdo-$v.rec1.afdo" "$B/prof/afdo-$v.rec2.afdo")" >>"$R/$key.tv"
        done
    fi
    report "$g" "$p"
    [ -n "${KEEP:-}" ] || rm -rf "$B/obj" "$run"
}

# report G P: the tables of one program and compiler, into $R/G-P.md.
report() {
    local g=$1 p=$2 key=$1-$2
    local md=$R/$key.md
    {
        echo
        echo "### $p, GCC $g"
        echo
        sed -n 1p "$R/$key.cc"
        echo
        echo "| build | model speed-up | share of PGO gain | clock min | clock median | .text KB (growth) | Ir (M) | I1mr (K) | Bcm (K) | Bim (K) |"
        echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
        awk -v rows="$R/$key.rows" -v model="$R/$key.model" -v clock="$R/$key.clock" \
            -v size="$R/$key.size" '
            function cost(s) { split(mdl[s], m, " ")
                # Ir I1mr ILmr D1mr D1mw DLmr DLmw Bcm Bim
                return m[1] + 10 * (m[2] + m[4] + m[5]) + 100 * (m[3] + m[6] + m[7]) + 20 * (m[8] + m[9]) }
            function median(s,   k, a, i, j, t) { k = nt[s]
                for (i = 1; i <= k; i++) a[i] = tm[s, i]
                for (i = 2; i <= k; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
                return k % 2 ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2 }
            BEGIN {
                while ((getline l < model) > 0) { split(l, f, " "); s = f[1]; sub(/^[^ ]+ /, "", l); mdl[s] = l }
                while ((getline l < clock) > 0) { split(l, f, " "); s = f[2]; t = f[3] + f[4]
                    nt[s]++; tm[s, nt[s]] = t; if (!(s in mn) || t < mn[s]) mn[s] = t }
                while ((getline l < size) > 0) { split(l, f, " "); sz[f[1]] = f[2] }
                c0 = cost(0); sp = c0 / cost(1); m0 = median(0)
                while ((getline l < rows) > 0) {
                    split(l, f, " "); name = f[1]; s = f[2]; nm = l; sub(/^[^ ]+ [^ ]+ ?/, "", nm)
                    if (s == "-") { printf "| %s (%s) | | | | | | | | | |\n", name, nm; continue }
                    split(mdl[s], m, " ")
                    su = c0 / cost(s)
                    share = name !~ /^(afdo|exact)-/ ? "" : sp > 1 ? sprintf("%.2f", (su - 1) / (sp - 1)) : "n/a"
                    printf "| %s%s | %.4f | %s | %.3f | %.3f | %.1f (%+.2f%%) | %.1f | %.1f | %.1f | %.1f |\n",
                        name, nm == "" ? "" : " (" nm ")", su, share, mn[0] / mn[s], m0 / median(s),
                        sz[s] / 1024, (sz[s] / sz[0] - 1) * 100, m[1] / 1e6, m[2] / 1e3, m[8] / 1e3, m[9] / 1e3
                } }'
        echo
        echo "Model: O2's cost $(awk '$1 == 0 { printf "%.0f", $2 + 10 * ($3 + $5 + $6) + 100 * ($4 + $7 + $8) + 20 * ($9 + $10) }' "$R/$key.model"); clock: O2's minimum $(awk '$2 == 0 && (m == "" || $3 + $4 < m) { m = $3 + $4 } END { printf "%.3f", m }' "$R/$key.clock") s of $RUNS runs; PGO's model gain $(awk -v rows="$R/$key.rows" 'function c(s) { return s[2] + 10 * (s[3] + s[5] + s[6]) + 100 * (s[4] + s[7] + s[8]) + 20 * (s[9] + s[10]) } $1 == 0 { split($0, a, " ") } $1 == 1 { split($0, b, " ") } END { printf "%+.2f%%", (c(a) / c(b) - 1) * 100 }' "$R/$key.model")."
        if [ -s "$R/$key.tv" ]; then
            echo
            echo "rec1 vs rec2 (two recordings of the same training run): model speed-up of each, their difference, and the total variation distance of the two profiles (0: the same shares):"
            echo
            echo "| profile | rec1 | rec2 | difference | distance |"
            echo "|---|---:|---:|---:|---:|"
            awk -v rows="$R/$key.rows" -v model="$R/$key.model" -v tv="$R/$key.tv" '
                function cost(s,   m) { split(mdl[s], m, " ")
                    return m[1] + 10 * (m[2] + m[4] + m[5]) + 100 * (m[3] + m[6] + m[7]) + 20 * (m[8] + m[9]) }
                BEGIN {
                    while ((getline l < model) > 0) { split(l, f, " "); s = f[1]; sub(/^[^ ]+ /, "", l); mdl[s] = l }
                    while ((getline l < rows) > 0) { split(l, f, " "); slot[f[1]] = f[2] }
                    c0 = cost(0)
                    while ((getline l < tv) > 0) { split(l, f, " ")
                        s1 = slot["afdo-" f[1] ".rec1"]; s2 = slot["afdo-" f[1] ".rec2"]
                        if (s1 == "-" || s2 == "-") {
                            printf "| afdo-%s | %s | %s | | %s |\n", f[1], s1 == "-" ? "failed" : sprintf("%.4f", c0 / cost(s1)),
                                s2 == "-" ? "failed" : sprintf("%.4f", c0 / cost(s2)), f[2]
                            continue }
                        a = c0 / cost(s1); b = c0 / cost(s2)
                        printf "| afdo-%s | %.4f | %.4f | %+.4f | %s |\n", f[1], a, b, b - a, f[2] } }'
        fi
        echo
        local hot
        hot=$(awk '$1 == 0 && $3 > m { m = $3; f = $2 } END { print f }' "$R/$key.jumps")
        echo "Layout: functions with a cold part (NAME.cold symbols) and indirect jumps in .text (an interpreter's dispatch copies among them); jumps taken on the timing input (callgrind --collect-jumps: conditional jumps taken, unconditional and indirect jumps), in all and in $hot (O2's function with the most, its .cold part included), and their ratio to O2's:"
        echo
        echo "| build | .cold parts | indirect jumps | jumps taken (M) | in $hot (M) |"
        echo "|---|---:|---:|---:|---:|"
        awk -v rows="$R/$key.rows" -v layout="$R/$key.layout" -v jumps="$R/$key.jumps" -v hot="$hot" '
            BEGIN { while ((getline l < layout) > 0) { split(l, f, " "); lc[f[1]] = f[2]; li[f[1]] = f[3] }
                    while ((getline l < jumps) > 0) { split(l, f, " "); jt[f[1]] += f[3]; if (f[2] == hot) jh[f[1]] = f[3] }
                    while ((getline l < rows) > 0) { split(l, f, " ")
                        if (f[2] == "-" || l ~ / same profile as /) continue
                        s = f[2]
                        printf "| %s | %s | %s | %.1f (%.3f) | %.1f (%.3f) |\n", f[1], lc[s], li[s],
                            jt[s] / 1e6, jt[0] ? jt[s] / jt[0] : 0, jh[s] / 1e6, jh[0] ? jh[s] / jh[0] : 0 } }'
        if [ -s "$R/$key.fs" ]; then
            echo
            echo "Late profile (fs builds, CALLTAB_FS_STATS=1 summed over the units; docs/fdo.md \"The loader\"): functions with GCC's profile in the late profile and not, keys matched, with other group counts and not in it, jumps set (of them by an arm's own keys), jumps left to GCC (arm with other ways in, unknown group, no samples, too few for a zero, zero at a join), blocks set and zeros:"
            echo
            echo "| build | functions | keys matched / other / absent | jumps set (own keys) | left: other ways / unknown / no samples / too few / join | blocks set / zeros |"
            echo "|---|---:|---:|---:|---:|---:|"
            awk '{ printf "| %s | %s / %s | %s / %s / %s | %s (%s) | %s / %s / %s / %s / %s | %s / %s |\n",
                     $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15 }' "$R/$key.fs"
        fi
        if [ -s "$R/$key.early" ]; then
            echo
            echo "Early profile (early builds, GCC 11 and 12, CALLTAB_FS_STATS=1 summed over the units; docs/fdo.md \"The early profile\"): functions GCC's profile annotated in the early profile and not, their blocks, those with counts of their own, those counted after spreading, jumps (blocks with two or more successors), jumps whose probabilities it set:"
            echo
            echo "| build | functions | blocks / own counts / after spreading | jumps / set |"
            echo "|---|---:|---:|---:|"
            awk '{ printf "| %s | %s / %s | %s / %s / %s | %s / %s |\n", $1, $2, $3, $4, $5, $6, $7, $8 }' "$R/$key.early"
        fi
        echo
        echo "Profiles (afdo-dump): top-level functions, those with head count 0 among the sampled ones, positions with samples, total count:"
        echo
        echo "| profile | functions | head 0 | positions | total |"
        echo "|---|---:|---:|---:|---:|"
        local s a b c d
        for s in "$B"/prof/*.stats; do
            [ -e "$s" ] || continue
            read -r a b c d <"$s"
            echo "| $(basename "$s" .stats) | $a | $b | $c | $d |"
        done
    } >"$md"
    cat "$md"
}

# ---- main --------------------------------------------------------------

have_perf=
if perf record -q -e cpu-clock -F 20000 -o "$W/probe.data" -- true >/dev/null 2>&1; then
    have_perf=1
else
    note "perf record cannot sample here: no AutoFDO rows (only O2, pgo, exact)"
    echo "- perf record cannot sample here: no AutoFDO rows" >>"$R/notes"
fi
rm -f "$W/probe.data"

fetch_sources
make_inputs

skipped=
for g in $GCCS; do
    if [ "$g" = 12 ]; then
        CC=gcc-12
        command -v $CC >/dev/null || die "no gcc-12"
        PLUGIN=$top/build/gcc-12/calltab.so
        [ -f "$PLUGIN" ] || die "no GCC 12 plugin at $PLUGIN (build first: make)"
    else
        CC=gcc-$g
        chroot=$("$CHROOT_SCRIPT" --gcc="$g" path)
        if [ ! -x "$chroot/usr/bin/$CC" ]; then
            note "GCC $g skipped: no chroot with $CC at $chroot (scripts/gcc-chroot.sh --gcc=$g setup)"
            skipped="$skipped- GCC $g: skipped: no chroot with $CC at $chroot (scripts/gcc-chroot.sh --gcc=$g setup)
"
            continue
        fi
        case $W/ in
            /tmp/*|"$top"/*) ;;
            *) die "GCC $g: the work directory $W is not under /tmp or $top, which the chroot sees (KEEP=)" ;;
        esac
        inenv "$g" make -s -C "$top" GCC="gcc-$g" GXX="g++-$g" DEFAULT_PLUGIN= \
            "build/gcc-$g/calltab.so" >"$W/plugin$g.log" 2>&1 ||
            { tail "$W/plugin$g.log" >&2; die "GCC $g: building its plugin in the chroot failed"; }
        PLUGIN=$top/build/gcc-$g/calltab.so
    fi
    ccv=$(inenv "$g" "$CC" --version | head -1)
    for p in $PROGRAMS; do
        echo "$ccv; $(inenv "$g" valgrind --version); $([ -z "$have_perf" ] || inenv "$g" perf --version)${XCFLAGS:+; every build with XCFLAGS=$XCFLAGS}" >"$R/$g-$p.cc"
        run_one "$g" "$p"
    done
done

secs=$(( $(date +%s) - t_start ))
note "$secs s"

# results.md: the section of this script, replaced in place; the others kept.
# Not when nothing was measured (every compiler skipped).
if [ -n "$RESULTS" ] && ! ls "$R"/*.md >/dev/null 2>&1; then
    note "nothing measured: $RESULTS left as it was"
elif [ -n "$RESULTS" ]; then
    mark='<!-- bench/fdo.sh -->'
    cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
    head=$(git -C "$top" rev-parse --short HEAD 2>/dev/null || echo unknown)
    dirty=
    [ -z "$(git -C "$top" status --porcelain -- gcc-plugin 2>/dev/null)" ] ||
        dirty=" (gcc-plugin/ modified in the worktree)"
    pcommit=$(git -C "$top" log -1 --format='%h %s' -- gcc-plugin 2>/dev/null | cut -c1-90 || echo unknown)
    {
        echo "## FDO (bench/fdo.sh)"
        echo
        echo "Written by \`bench/fdo.sh\` (\`make bench-fdo\`, \`make bench\`); bench/README.md says which programs and why, the script's header how each figure is made. Every figure is a ratio to O2 of the same run, on the timing input; speed-up > 1 is faster."
        echo
        echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC'), $secs s"
        echo "- machine: $cpu, $(nproc) cores online, load average at the end $(cut -d' ' -f1-3 /proc/loadavg)"
        echo "- plugin: tree at $head$dirty; last commit touching gcc-plugin/: $pcommit"
        echo "- calltab: $CALLTAB ($("$CALLTAB" --version 2>/dev/null | head -1))$([ -n "$do_exact" ] || echo "; no exact-* rows: $([ "$EXACT" = no ] && echo EXACT=no || echo 'its afdo has no --counts')")"
        echo "- settings: ${QUICK:+QUICK=1, }PROGRAMS=\"$PROGRAMS\", GCCS=\"$GCCS\", RUNS=$RUNS, JOBS=$JOBS, MODES=\"$MODES\", RECS=$RECS, EXACT=$EXACT, LUA_TRAIN_N=$LUA_TRAIN_N, LUA_TIME_N=$LUA_TIME_N${XCFLAGS:+, XCFLAGS=\"$XCFLAGS\"}"
        echo "- model: cachegrind, cost = Ir + 10 (I1mr + D1mr + D1mw) + 100 (ILmr + DLmr + DLmw) + 20 (Bcm + Bim); clock: user+sys s, $RUNS interleaved rounds; rows afdo-V.recR: profile of recording R converted with build V (none: without the plugin; else the plugin's discriminators=V), exact-V: from exact counts"
        printf '%s' "$skipped"
        cat "$R/notes"
        for g in $GCCS; do
            for p in $PROGRAMS; do
                [ ! -f "$R/$g-$p.md" ] || cat "$R/$g-$p.md"
            done
        done
    } >"$W/fdo-section.md"
    bench_results_section "$mark" "$W/fdo-section.md"
fi
[ -z "$skipped" ] || printf '%s' "$skipped"
