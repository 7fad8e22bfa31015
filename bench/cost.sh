#!/usr/bin/env bash
# cost.sh: what -fplugin=calltab.so adds to a build (issue 13).
#
# Fetches sqlite3.c and googletest as `make check-real` does
# (scripts/real/fetch.sh), compiles sqlite3.c and gtest-all.cc with the
# same compiler and flags (-g and the level) with and without the plugin
# and prints one table: per program and level the growth of .debug_line,
# .debug_info, .debug_rnglists (.debug_ranges under -gdwarf-4), the bytes
# of the four tables (.debug_dcall, _vcall, _tcall, _pcall) and the growth of all .debug_* sections
# together, then the compile user time without and with the plugin
# (median of RUNS alternating runs) and their ratio, and the same for the
# instructions of the driver, cc1/cc1plus and as together: counted by
# `perf stat -e instructions:u` where perf can count them, else by
# valgrind's callgrind (exact: the same count run after run whatever
# else the machine does; one counted run per build, about 50 times
# slower than the compilation, so only on the rows of COUNT_ROWS), with
# a table splitting the instructions the plugin adds into its own code,
# the rest of cc1 and as.  Then a table of the range lists under other flags
# (-ffunction-sections, -gdwarf-4) and the linked googletest samples
# program (gold --icf=all, -O2 -ffunction-sections) with the plugin,
# after `calltab prune`, against the same link without the plugin.
#
# Everything is also written to bench/results.md (RESULTS=FILE elsewhere)
# with the machine, the compiler and binutils versions and the plugin's
# commit.
#
# Settings (environment):
#   RUNS=N      timed runs per build (default 5; each run compiles once
#               without and once with the plugin, alternating)
#   QUICK=1     RUNS=1, no -O3 rows, no range-list table: about 3 minutes
#   LEVELS_MAIN levels of the main table (default "-O0 -O2 -O3"; empty:
#               no main table); the times are measured at -O0 and -O2
#               only (TIME_LEVELS)
#   COUNT       how instructions are counted: auto (default: perf where
#               it counts user-space instructions, else callgrind where
#               valgrind is installed, else none), perf, callgrind, none
#   COUNT_ROWS  the rows callgrind counts, named PROGRAM-LEVEL (sqlite-O0,
#               sqlite-O2, gtest-O0, gtest-O2, ...) or "all" (every row of
#               the main table); default "sqlite-O0 gtest-O0 gtest-O2"
#               (about 25 minutes with the plugin and without on 2 CPUs;
#               sqlite-O2 alone takes about 40), "sqlite-O0" with QUICK.
#               perf counts every timed row.
#   COUNT_CACHE a callgrind count is deterministic: it is kept in
#               BENCH_DIR/counts/ under a key made of the command, the
#               preprocessed source, the compiler's, the assembler's and
#               the plugin's binaries, and reused while they are the
#               same; COUNT_CACHE= counts again
#   RANGES=     no range-list table; LINK= no linked program
#   BENCH_DIR   where the objects stay (default build/bench/cost)
#   GCC, GXX, PLUGIN, CALLTAB, GTEST_DIR, REAL_DIR: as for check-real
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=scripts/real/common.sh
. "$top/scripts/real/common.sh"

: "${QUICK:=}"
if [ -n "$QUICK" ]; then
    : "${RUNS:=1}" "${LEVELS_MAIN=-O0 -O2}" "${RANGES=}" "${COUNT_ROWS=sqlite-O0}"
else
    : "${RUNS:=5}" "${LEVELS_MAIN=-O0 -O2 -O3}" "${RANGES=1}" "${COUNT_ROWS=sqlite-O0 gtest-O0 gtest-O2}"
fi
: "${COUNT:=auto}" "${COUNT_CACHE=1}"
: "${LINK=1}"
: "${TIME_LEVELS:=-O0 -O2}"
: "${BENCH_DIR:=$top/build/bench/cost}"
: "${RESULTS:=$top/bench/results.md}"
case $RUNS in '' | *[!0-9]* | 0) echo "cost.sh: RUNS must be a positive number" >&2; exit 2 ;; esac
case $COUNT in auto | perf | callgrind | none) ;; *) echo "cost.sh: COUNT must be auto, perf, callgrind or none" >&2; exit 2 ;; esac

make -s -C "$top" gcc-plugin/calltab.so libcalltab/tools/calltab
"$top/scripts/real/fetch.sh"
SQLITE=$REAL_DIR/src/sqlite
G=$GTEST_DIR
mkdir -p "$BENCH_DIR"
# Nothing under the objects' directory belongs in git.
[ -f "$BENCH_DIR/.gitignore" ] || echo '*' >"$BENCH_DIR/.gitignore"
out=$BENCH_DIR/table.md
: >"$out"

# Whether perf counts user-space instructions here.
perf_counts() {
    command -v perf >/dev/null 2>&1 &&
        perf stat -x, -e instructions:u -o "$BENCH_DIR/perf.probe" -- true >/dev/null 2>&1 &&
        grep -qE '^[0-9]+,' "$BENCH_DIR/perf.probe"
}
# The instruction counter: have_perf (counted in the timed runs) or
# have_cg (callgrind, one counted run per build of the COUNT_ROWS).
have_perf='' have_cg='' counter=none perf_note=
case $COUNT in
    auto)
        if perf_counts; then
            have_perf=1 counter=perf
        else
            perf_note="; perf cannot count instructions here"
        fi
        if [ -z "$have_perf" ] && command -v valgrind >/dev/null 2>&1; then
            have_cg=1 counter=callgrind
        fi ;;
    perf)
        perf_counts || { echo "cost.sh: COUNT=perf, but perf stat cannot count instructions:u here" >&2; exit 2; }
        have_perf=1 counter=perf ;;
    callgrind)
        command -v valgrind >/dev/null 2>&1 ||
            { echo "cost.sh: COUNT=callgrind, but valgrind is not installed (apt-get install valgrind)" >&2; exit 2; }
        have_cg=1 counter=callgrind ;;
esac

# sizes FILE: "NAME BYTES" for every .debug_* section, summed over the
# sections of one name (COMDAT groups), from readelf -SW.
sizes() {
    readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] *//p' |
        awk 'function hex(h,  v, i) {
                 v = 0
                 for (i = 1; i <= length(h); i++)
                     v = v * 16 + index("0123456789abcdef", substr(h, i, 1)) - 1
                 return v
             }
             $1 ~ /^\.debug_/ { s[$1] += hex($5) }
             END { for (n in s) print n, s[n] }'
}

# size_of SIZESFILE NAME...: the bytes of those sections together.
size_of() {
    local f=$1
    shift
    awk -v names=" $* " 'index(names, " " $1 " ") { s += $2 } END { print s + 0 }' "$f"
}

# all_debug SIZESFILE: every .debug_* section together.
all_debug() { awk '{ s += $2 } END { print s + 0 }' "$1"; }

# growth WITHOUT WITH: "+x.x%".
growth() {
    awk -v a="$1" -v b="$2" 'BEGIN {
        if (a == 0) { print (b == 0 ? "+0.0%" : "new"); exit }
        printf "%+.1f%%\n", (b - a) * 100 / a }'
}

# kb BYTES: "164.2 KB".
kb() { awk -v b="$1" 'BEGIN { printf "%.1f KB\n", b / 1000 }'; }

median() { sort -n | awk '{ v[NR] = $1 } END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# timed TIMEFILE INSNFILE CMD...: run CMD, append its user time (s) to
# TIMEFILE and, with perf, its user-space instructions to INSNFILE.
timed() {
    local tf=$1 pf=$2 TIMEFORMAT=%U t
    shift 2
    if [ -n "$have_perf" ]; then
        t=$( { time perf stat -x, -e instructions:u -o "$pf.last" -- "$@" >/dev/null 2>&1; } 2>&1 )
        sed -n 's/^\([0-9][0-9]*\),.*/\1/p' "$pf.last" >>"$pf"
    else
        t=$( { time "$@" >/dev/null 2>&1; } 2>&1 )
    fi
    echo "$t" >>"$tf"
}

# set_cmd PROGRAM LEVEL TAG OUT FLAG...: CMD, one compilation; TAG is
# "base" or "plug" (adds the plugin).
set_cmd() {
    local prog=$1 level=$2 tag=$3 o=$4
    shift 4
    case $prog in
        sqlite) CMD=("$GCC" "$level" -g "$@" -I"$SQLITE" -c "$SQLITE/sqlite3.c" -o "$o") ;;
        gtest) CMD=("$GXX" "$level" -g "$@" -I"$G/include" -I"$G" -c "$G/src/gtest-all.cc" -o "$o") ;;
    esac
    if [ "$tag" = plug ]; then CMD+=("-fplugin=$PLUGIN"); fi
}

run_compile() {
    set_cmd "$@"
    "${CMD[@]}" || { echo "cost.sh: compile failed: ${CMD[*]}" >&2; exit 1; }
}

# timed_compile TIMEFILE INSNFILE PROGRAM LEVEL TAG OUT: one timed
# compilation, which must succeed.
timed_compile() {
    local tf=$1 pf=$2
    shift 2
    set_cmd "$@"
    timed "$tf" "$pf" "${CMD[@]}"
    [ -s "$4" ] || { echo "cost.sh: compile failed: ${CMD[*]}" >&2; exit 1; }
}

# count_key: a key for the compilation CMD (set_cmd) that changes with
# whatever its instruction count depends on: the command, the source as
# preprocessed (headers included), the binaries of the compiler proper,
# the assembler, the plugin when loaded, and valgrind's version.
count_key() {
    local cc=${CMD[0]} proper=cc1 a p
    case $cc in *++*) proper=cc1plus ;; esac
    a=$("$cc" -print-prog-name=as)
    p=
    case " ${CMD[*]} " in *" -fplugin="*) p=$PLUGIN ;; esac
    {
        printf '%s\n' "${CMD[@]}"
        "${CMD[@]}" -E -o - 2>/dev/null | md5sum
        md5sum <"$("$cc" -print-prog-name=$proper)"
        md5sum <"$(command -v "$a")"
        [ -z "$p" ] || md5sum <"$p"
        valgrind --version
    } | md5sum | cut -c1-32
}

# counted_compile PROGRAM LEVEL TAG: set CG to "TOTAL DRIVER CC1 AS
# PLUGIN", the instructions of one compilation under callgrind: all
# processes, the driver (and anything not cc1 or as), cc1 or cc1plus,
# as, and of cc1's the self cost of the plugin's functions (calltab.so).
# Reused from BENCH_DIR/counts/ when the key is the same.
counted_compile() {
    local d=$BENCH_DIR/cg/$1$2.$3 key f cache n proc plugin
    set_cmd "$1" "$2" "$3" "$d/out.o"
    key=$(count_key)
    cache=$BENCH_DIR/counts/$key
    if [ -n "$COUNT_CACHE" ] && [ -s "$cache" ]; then
        CG=$(cat "$cache")
        return
    fi
    rm -rf "$d"
    mkdir -p "$d" "$BENCH_DIR/counts"
    if ! valgrind --tool=callgrind --trace-children=yes --callgrind-out-file="$d/cg.%p" \
             "${CMD[@]}" >"$d/log" 2>&1 || [ ! -s "$d/out.o" ]; then
        echo "cost.sh: compile under callgrind failed (see $d/log): ${CMD[*]}" >&2
        exit 1
    fi
    CG=
    local t=0 drv=0 cc1=0 as=0 plug=0
    for f in "$d"/cg.*; do
        n=$(sed -n 's/^summary: *\([0-9][0-9]*\).*/\1/p' "$f" | head -1)
        [ -n "$n" ] || { echo "cost.sh: no summary in $f" >&2; exit 1; }
        proc=$(sed -n 's/^cmd: *\([^ ]*\).*/\1/p' "$f" | head -1)
        t=$((t + n))
        case ${proc##*/} in
            cc1 | cc1plus)
                cc1=$((cc1 + n))
                if [ "$3" = plug ]; then
                    plugin=$(callgrind_annotate --threshold=100 "$f" |
                        awk -v obj="/$(basename "$PLUGIN")]" \
                            'substr($0, length($0) - length(obj) + 1) == obj { gsub(",", "", $1); s += $1 }
                             END { printf "%.0f\n", s }')
                    plug=$((plug + plugin))
                fi ;;
            as) as=$((as + n)) ;;
            *) drv=$((drv + n)) ;;
        esac
    done
    CG="$t $drv $cc1 $as $plug"
    echo "$CG" >"$cache"
}

# count_row NAME: whether callgrind counts the row NAME (sqlite-O0, ...).
count_row() {
    [ -n "$have_cg" ] || return 1
    case " $COUNT_ROWS " in *" all "* | *" $1 "*) return 0 ;; esac
    return 1
}

# row_sizes NAME BASE PLUG: the size columns of one row.
row_sizes() {
    local sb=$BENCH_DIR/$1.base.sizes sp=$BENCH_DIR/$1.plug.sizes rl
    sizes "$2" >"$sb"
    sizes "$3" >"$sp"
    rl=".debug_rnglists .debug_ranges"
    printf '%s | %s | %s | %s | %s' \
        "$(growth "$(size_of "$sb" .debug_line)" "$(size_of "$sp" .debug_line)")" \
        "$(growth "$(size_of "$sb" .debug_info)" "$(size_of "$sp" .debug_info)")" \
        "$(growth "$(size_of "$sb" "$rl")" "$(size_of "$sp" "$rl")")" \
        "$(kb "$(size_of "$sp" .debug_dcall .debug_vcall .debug_tcall .debug_pcall)")" \
        "$(growth "$(all_debug "$sb")" "$(all_debug "$sp")")"
}

# bytes_row NAME: the absolute sizes behind a row (for results.md).
bytes_row() {
    local sb=$BENCH_DIR/$1.base.sizes sp=$BENCH_DIR/$1.plug.sizes s
    for s in .debug_line .debug_info ".debug_rnglists .debug_ranges" .debug_abbrev .debug_str; do
        # shellcheck disable=SC2086
        printf ' %d -> %d |' "$(size_of "$sb" $s)" "$(size_of "$sp" $s)"
    done
    printf ' %d -> %d |\n' "$(all_debug "$sb")" "$(all_debug "$sp")"
}

emit() { printf '%s\n' "$*" | tee -a "$out"; }

echo "cost.sh: RUNS=$RUNS, levels $LEVELS_MAIN (times at $TIME_LEVELS), instructions: $counter${have_cg:+ (rows: $COUNT_ROWS)}; objects in $BENCH_DIR" >&2
t_start=$(date +%s)

ihdr=
[ "$counter" != none ] && ihdr=" Minsn without | Minsn with | ratio |"
if [ -n "$LEVELS_MAIN" ]; then
    emit ""
    emit "| program, level | .debug_line | .debug_info | .debug_rnglists | the four tables | all .debug_* | user s without | user s with | ratio |$ihdr"
    emit "|---|---:|---:|---:|---:|---:|---:|---:|---:|${ihdr:+---:|---:|---:|}"
fi
bytes_md=$BENCH_DIR/bytes.md split_md=$BENCH_DIR/split.md
: >"$bytes_md"
: >"$split_md"
for prog in sqlite gtest; do
    for level in $LEVELS_MAIN; do
        name=$prog${level}
        base=$BENCH_DIR/$name.base.o plug=$BENCH_DIR/$name.plug.o
        tf0=$BENCH_DIR/$name.base.time tf1=$BENCH_DIR/$name.plug.time
        pf0=$BENCH_DIR/$name.base.insn pf1=$BENCH_DIR/$name.plug.insn
        rm -f "$tf0" "$tf1" "$pf0" "$pf1"
        runs=1 timed_level=
        case " $TIME_LEVELS " in *" $level "*) runs=$RUNS timed_level=1 ;; esac
        for ((i = 0; i < runs; i++)); do
            rm -f "$base"; timed_compile "$tf0" "$pf0" "$prog" "$level" base "$base"
            rm -f "$plug"; timed_compile "$tf1" "$pf1" "$prog" "$level" plug "$plug"
        done
        label=$([ "$prog" = sqlite ] && echo sqlite3.c || echo gtest-all.cc)" $level"
        cols=$(row_sizes "$name" "$base" "$plug")
        tcols="- | - | -"
        if [ -n "$timed_level" ]; then
            u0=$(median <"$tf0") u1=$(median <"$tf1")
            tcols=$(awk -v a="$u0" -v b="$u1" 'BEGIN { printf "%.2f | %.2f | %.3f", a, b, a ? b / a : 0 }')
        fi
        icols=
        [ "$counter" != none ] && icols=" - | - | - |"
        if [ -n "$have_perf" ] && [ -n "$timed_level" ]; then
            i0=$(median <"$pf0") i1=$(median <"$pf1")
            icols=$(awk -v a="$i0" -v b="$i1" 'BEGIN { printf " %.1f | %.1f | %.4f |", a / 1e6, b / 1e6, a ? b / a : 0 }')
        elif count_row "$name"; then
            echo "cost.sh: counting $name under callgrind" >&2
            counted_compile "$prog" "$level" base
            c0=$CG
            counted_compile "$prog" "$level" plug
            c1=$CG
            # shellcheck disable=SC2086
            icols=$(awk -v a="${c0%% *}" -v b="${c1%% *}" 'BEGIN { printf " %.1f | %.1f | %.4f |", a / 1e6, b / 1e6, b / a }')
            # shellcheck disable=SC2086
            set -- $c0 $c1
            awk -v label="$label" -v t0="$1" -v d0="$2" -v c0="$3" -v a0="$4" \
                -v t1="$6" -v d1="$7" -v c1="$8" -v a1="$9" -v p="${10}" 'BEGIN {
                    m = 1e6; x = t1 - t0
                    printf "| %s | %.1f | %.1f -> %.1f | %.1f -> %.1f | %.1f -> %.1f | %+.1f (%+.2f%%) | %.1f (%.0f%%) | %.1f (%.0f%%) | %.1f (%.0f%%) | %.1f |\n",
                        label, t0 / m, c0 / m, c1 / m, a0 / m, a1 / m, d0 / m, d1 / m,
                        x / m, x * 100 / t0,
                        p / m, x ? p * 100 / x : 0,
                        (c1 - c0 - p) / m, x ? (c1 - c0 - p) * 100 / x : 0,
                        (a1 - a0) / m, x ? (a1 - a0) * 100 / x : 0,
                        (d1 - d0) / m }' >>"$split_md"
        fi
        emit "| $label | $cols | $tcols |$icols"
        printf '| %s |%s\n' "$label" "$(bytes_row "$name")" >>"$bytes_md"
    done
done
if [ -s "$split_md" ]; then
    emit ""
    emit "Where the instructions go (callgrind, millions; without -> with): the instructions the plugin adds, split into the plugin's own code (the self cost of calltab.so's functions in cc1), the rest of cc1's growth (GCC's and the C library's work for the plugin: its debug-hook and pass calls, the text it prints, the changed line table) and as (assembling the plugin's directives: the tables, the declaration units, its labels):"
    emit ""
    emit "| program, level | all without | cc1 | as | driver | added | plugin's code | rest of cc1 | as | driver |"
    emit "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    while IFS= read -r l; do emit "$l"; done <"$split_md"
fi

if [ -n "$RANGES" ]; then
    emit ""
    emit "Range lists under other flags (one compilation each):"
    emit ""
    emit "| program, flags | range section | without | with | growth | .debug_info | .debug_line |"
    emit "|---|---|---:|---:|---:|---:|---:|"
    for prog in sqlite gtest; do
        for flags in "-O0 -ffunction-sections" "-O2 -ffunction-sections" \
                     "-O0 -gdwarf-4" "-O2 -gdwarf-4"; do
            # shellcheck disable=SC2086
            set -- $flags
            name=$prog$1$2
            base=$BENCH_DIR/$name.base.o plug=$BENCH_DIR/$name.plug.o
            run_compile "$prog" "$1" base "$base" "$2"
            run_compile "$prog" "$1" plug "$plug" "$2"
            row_sizes "$name" "$base" "$plug" >/dev/null
            sb=$BENCH_DIR/$name.base.sizes sp=$BENCH_DIR/$name.plug.sizes
            rs=.debug_rnglists
            [ "$2" = -gdwarf-4 ] && rs=.debug_ranges
            label=$([ "$prog" = sqlite ] && echo sqlite3.c || echo gtest-all.cc)" $flags"
            emit "| $label | $rs | $(size_of "$sb" $rs) | $(size_of "$sp" $rs) | $(growth "$(size_of "$sb" $rs)" "$(size_of "$sp" $rs)") | $(growth "$(size_of "$sb" .debug_info)" "$(size_of "$sp" .debug_info)") | $(growth "$(size_of "$sb" .debug_line)" "$(size_of "$sp" .debug_line)") |"
        done
    done
fi

# The linked googletest samples program, gold --icf=all, -O2
# -ffunction-sections: without the plugin, with it, and with it pruned.
ld=$BENCH_DIR/link
if [ -n "$LINK" ]; then
    mkdir -p "$ld/base" "$ld/plug"
    for tag in base plug; do
        objs=()
        for f in $GTEST_SRCS; do
            o=$ld/$tag/$(basename "$f" .cc).o
            cmd=("$GXX" -O2 -g -ffunction-sections -I"$G/include" -I"$G" -c "$G/$f" -o "$o")
            [ "$tag" = plug ] && cmd+=("-fplugin=$PLUGIN")
            "${cmd[@]}" || { echo "cost.sh: compile failed: ${cmd[*]}" >&2; exit 1; }
            objs+=("$o")
        done
        "$GXX" -pthread -fuse-ld=gold -Wl,--icf=all -o "$ld/$tag/samples" "${objs[@]}" ||
            { echo "cost.sh: gold --icf=all link failed ($tag)" >&2; exit 1; }
    done
    "$CALLTAB" prune -q "$ld/plug/samples" -o "$ld/plug/samples.pruned"
    sizes "$ld/base/samples" >"$ld/base.sizes"
    sizes "$ld/plug/samples" >"$ld/plug.sizes"
    sizes "$ld/plug/samples.pruned" >"$ld/pruned.sizes"
    emit ""
    emit "Linked googletest samples program (gold --icf=all, -O2 -g -ffunction-sections), against the same link without the plugin:"
    emit ""
    emit "| file | .debug_line | .debug_info | .debug_rnglists | the four tables | all .debug_* | all .debug_* bytes |"
    emit "|---|---:|---:|---:|---:|---:|---:|"
    b_all=$(all_debug "$ld/base.sizes")
    emit "| without the plugin | | | | | | $b_all |"
    for v in plug pruned; do
        s=$ld/$v.sizes
        emit "| $([ $v = plug ] && echo 'with the plugin' || echo 'with it, after calltab prune') | $(growth "$(size_of "$ld/base.sizes" .debug_line)" "$(size_of "$s" .debug_line)") | $(growth "$(size_of "$ld/base.sizes" .debug_info)" "$(size_of "$s" .debug_info)") | $(growth "$(size_of "$ld/base.sizes" .debug_rnglists)" "$(size_of "$s" .debug_rnglists)") | $(kb "$(size_of "$s" .debug_dcall .debug_vcall .debug_tcall .debug_pcall)") | $(growth "$b_all" "$(all_debug "$s")") | $(all_debug "$s") |"
    done
fi

secs=$(( $(date +%s) - t_start ))
echo "cost.sh: $secs s" >&2

# results.md: the table with the machine, the versions and the commit.
commit=$(git -C "$top" log -1 --format='%h %s' -- gcc-plugin 2>/dev/null | cut -c1-100 || echo unknown)
head=$(git -C "$top" rev-parse --short HEAD 2>/dev/null || echo unknown)
dirty=
[ -n "$(git -C "$top" status --porcelain -- gcc-plugin 2>/dev/null)" ] && dirty=" (gcc-plugin/ modified in the worktree)"
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
{
    echo "# calltab: cost of the plugin (bench/cost.sh)"
    echo
    echo "Written by \`bench/cost.sh\` (\`make bench\`); docs/cost.md explains each figure."
    echo
    echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC'), $secs s"
    echo "- machine: $cpu, $(nproc) cores online, load average at the end $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "- compiler: $("$GCC" --version | head -1); $("$GXX" --version | head -1)"
    echo "- binutils: $(readelf --version | head -1); $(ld.gold --version | head -1)"
    echo "- plugin: tree at $head$dirty; last commit touching gcc-plugin/: $commit"
    echo "- sqlite: $SQLITE_PKG (deps/sqlite3/sqlite3.c); googletest: $G ($(dpkg-query -W -f='${Version}' googletest 2>/dev/null || echo '?'))"
    echo "- settings: ${QUICK:+QUICK=1, }RUNS=$RUNS, LEVELS_MAIN=\"$LEVELS_MAIN\", TIME_LEVELS=\"$TIME_LEVELS\", COUNT=$COUNT${have_cg:+, COUNT_ROWS=\"$COUNT_ROWS\"}$([ -n "$RANGES" ] || echo ', RANGES=')$([ -n "$LINK" ] || echo ', LINK=')"
    echo "- flags: \`-g LEVEL\` and nothing else, the same with and without \`-fplugin=calltab.so\`; object files; sizes from \`readelf -SW\` (summed over sections of one name)"
    echo "- times: user time of the driver, cc1 and as (bash \`time\` over \`gcc -c\`), median of $RUNS alternating runs (without, with, without, ...); instructions: $(case $counter in
        perf) echo "perf stat -e instructions:u over \`gcc -c\`, median of the timed runs" ;;
        callgrind) echo "callgrind (valgrind --tool=callgrind --trace-children=yes: the driver, cc1 and as, summed; exact, one counted run per build), rows $COUNT_ROWS$perf_note" ;;
        *) echo 'not counted (COUNT=none, or neither perf nor valgrind can count here), times only' ;;
    esac)"
    cat "$out"
    echo
    echo "Bytes behind the rows (without -> with):"
    echo
    echo "| program, level | .debug_line | .debug_info | .debug_rnglists/ranges | .debug_abbrev | .debug_str | all .debug_* |"
    echo "|---|---:|---:|---:|---:|---:|---:|"
    cat "$bytes_md"
} >"$RESULTS.new"
# The sections other scripts wrote at the end (bench/discriminators.sh
# --cost, bench/fdo.sh: each begins with its "<!-- bench/... -->" line) stay.
if [ -f "$RESULTS" ]; then
    sed -n '/^<!-- bench\/.* -->$/,$p' "$RESULTS" |
        { IFS= read -r first || exit 0; printf '\n%s\n' "$first"; cat; } >>"$RESULTS.new"
fi
mv "$RESULTS.new" "$RESULTS"
echo "cost.sh: written $RESULTS" >&2
