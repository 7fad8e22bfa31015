#!/bin/sh
# discriminators.sh: line-table bytes with the plugin's discriminators
# (discriminators=rtl, and =hierarchical) against GCC 12's own (=gcc) and
# none (=off), measured in the same run on the same compiler.  Not a test.
#
#   bench/discriminators.sh [FILE.c|FILE.cc ...]
#   bench/discriminators.sh --cost [FILE.c|FILE.cc ...]
#
# --cost: the plugin in each mode of MODES (default: default hierarchical,
# "default" giving no discriminators option: the plugin's default for
# the GCC at hand, rtl for GCC 11 and 12, layered from 13; the mode
# column) against the same build without it,
# at -O0, -O2 and -O3, per file (default: sqlite3.c, googletest's
# gtest-all.cc and the testsuite corpus), with the bytes of .debug_line
# split by cause: DW_LNE_set_discriminator operations (4 bytes each for
# numbers below 128, one more per 7 bits above: hierarchical copy IDs
# take 6), DW_LNS_negate_stmt toggles (1 byte) and rows
# (special opcodes, DW_LNS_copy, end of sequence: 1 byte and more each),
# and the lines whose gdb breakpoint locations differ from the build
# without the plugin (bench/gdb-breakpoints.py, where llvm-dwarfdump is
# installed: "bp moved/lost").  The files: sqlite3.c, googletest's
# gtest-all.cc, bench/macro-kernels.c (a compressor's kernels, each whole
# function from one macro line: issue 27's case of a file whose every
# block lies on one line) and the testsuite corpus.  The table of the
# default mode is also written, with issue 27's and 42's targets, to
# RESULTS (default bench/results.md), one section per GCC major version,
# replacing the one an earlier run with that GCC wrote (RESULTS= : not
# written); `make bench` runs it with GCC 12, `make bench-discrim-gcc`
# with GCC 12, 14 and 16 (the latter two in the chroots of
# scripts/gcc-chroot.sh).  GCC, GXX: the compilers (gcc, g++); PLUGIN:
# the plugin built for them (gcc-plugin/calltab.so).
#
# Without arguments: the testsuite corpus and discriminator programs, and
# real C files from Debian's gcc-12-source package (zlib and libiberty
# out of the GCC tarball), fetched with apt-get download into
# ${CALLTAB_BENCH_DIR:-/tmp/calltab-bench} the first time.
#
# Prints, per optimization level, the summed .debug_line bytes of each
# mode and the ratios rtl/gcc, rtl/off and hierarchical/rtl, and whether
# the allocated sections (the code) are identical in the four modes
# (invariant 1).
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
plugin=${PLUGIN:-$top/gcc-plugin/calltab.so}
digest=$top/testsuite/tools/elf-alloc-digest
GCC=${GCC:-gcc}
GXX=${GXX:-g++}
work=${CALLTAB_BENCH_DIR:-/tmp/calltab-bench}
mkdir -p "$work/obj"

[ -x "$plugin" ] || { echo "build first: make" >&2; exit 1; }

# Real code: zlib and libiberty from the GCC 12 source package.
real_sources () {
    src=$work/gcc-12-src
    if [ ! -d "$src/zlib" ]; then
        (cd "$work" && apt-get download gcc-12-source >/dev/null 2>&1 &&
         rm -rf deb && dpkg -x gcc-12-source_*.deb deb &&
         mkdir -p "$src" &&
         tar -xf deb/usr/src/gcc-12/gcc-*.tar.xz -C "$src" \
             --strip-components=1 --wildcards '*/zlib/*' '*/libiberty/*' \
             '*/include/*' && rm -rf deb gcc-12-source_*.deb) || {
            echo "(gcc-12-source not available: corpus only)" >&2
            return 0
        }
    fi
    # The few configure results these files need, for a glibc system.
    printf '%s\n' '#define HAVE_STDLIB_H 1' '#define HAVE_STRING_H 1' \
        '#define HAVE_LIMITS_H 1' '#define HAVE_ALLOCA_H 1' \
        '#define HAVE_UNISTD_H 1' '#define HAVE_STDINT_H 1' \
        '#define HAVE_INTTYPES_H 1' '#define STDC_HEADERS 1' \
        > "$work/config.h"
    for f in zlib/deflate.c zlib/inflate.c zlib/inffast.c zlib/inftrees.c \
             zlib/trees.c libiberty/cp-demangle.c libiberty/regex.c \
             libiberty/hashtab.c libiberty/d-demangle.c \
             libiberty/rust-demangle.c; do
        echo "$src/$f"
    done
}

# An object's .debug_line bytes, and the rows, set_discriminator
# operations, negate_stmt toggles and set_discriminator bytes of its
# line programs (readelf's raw dump).
line_causes () {
    sz=$(size -A "$1" | awk '$1 == ".debug_line" { s += $2 } END { print s + 0 }')
    readelf --debug-dump=rawline "$1" 2>/dev/null | awk -v sz="$sz" '
        /set Discriminator to/ {
            # DW_LNE_set_discriminator: 0, length, opcode, ULEB128.
            d++; v = $NF; b += 4; while (v >= 128) { b++; v = int(v / 128) } }
        /Set is_stmt to/ { n++ }
        /Special opcode/ || /\]  Copy/ || /End of Sequence/ { r++ }
        END { printf "%d %d %d %d %d\n", sz, r, d, n, b }'
}

if [ "${1:-}" = --cost ]; then
    shift
    # sqlite3.c as make check-real and bench/cost.sh fetch it (REAL_DIR).
    real=${REAL_DIR:-$top/build/real}
    sqlite=${SQLITE:-$real/src/sqlite/sqlite3.c}
    if [ $# -eq 0 ] && [ ! -f "$sqlite" ] && [ -z "${SQLITE:-}" ]; then
        REAL_DIR=$real "$top/scripts/real/fetch.sh" >&2 || true
    fi
    G=${GTEST:-/usr/src/googletest/googletest}
    if [ $# -gt 0 ]; then
        files="$*"
    else
        files="$sqlite $G/src/gtest-all.cc $top/bench/macro-kernels.c corpus"
    fi
    results=${RESULTS-$top/bench/results.md}
    table=$work/discrim-cost.md
    : > "$table"
    : > "$table.missed"
    bp_tool=
    command -v llvm-dwarfdump >/dev/null 2>&1 && bp_tool=1
    modes=${MODES:-default hierarchical}
    major=$($GCC -dumpversion | cut -d. -f1)
    # The plugin's default for this GCC (calltab-format.h's one switch).
    layered_from=$(sed -n 's/^#define CALLTAB_DISCR_LAYERED_DEFAULT_GCC \([0-9]*\)$/\1/p' \
                       "$top/libcalltab/include/calltab-format.h")
    default_mode=rtl
    if [ "${layered_from:-0}" -ne 0 ] && [ "$major" -ge "$layered_from" ]; then
        default_mode=layered
    fi
    first=${modes%% *}
    printf '%-16s %-4s %-12s %9s %9s %8s | %7s %7s %7s | %s\n' file level \
        mode none plugin ratio rows setdisc negstmt \
        "bytes: setdisc negstmt rows+other | bp moved/lost"
    for f in $files; do
        for opt in -O0 -O2 -O3; do
          for mode in $modes; do
            if [ "$f" = corpus ]; then
                srcs=$(ls "$top"/testsuite/corpus/*.c "$top"/testsuite/corpus/*.cc)
            else
                srcs=$f
            fi
            tn=0 tp=0 rn=0 rp=0 dn=0 dp=0 nn=0 np=0 bn=0 bp=0 mv=0 ls=0
            for src in $srcs; do
                case $src in *.cc) cc=$GXX ;; *) cc=$GCC ;; esac
                b=$work/obj/cost-$(basename "$src")$opt
                # The build without the plugin: once per file and level.
                [ "$mode" != "$first" ] ||
                    $cc $opt -g -I"$G/include" -I"$G" -c "$src" -o "$b-none.o"
                if [ "$mode" = default ]; then
                    set --
                else
                    set -- -fplugin-arg-calltab-discriminators="$mode"
                fi
                $cc $opt -g -I"$G/include" -I"$G" -c "$src" -o "$b-plug.o" \
                    -fplugin="$plugin" "$@"
                set -- $(line_causes "$b-none.o") $(line_causes "$b-plug.o")
                tn=$((tn + $1)) rn=$((rn + $2)) dn=$((dn + $3)) nn=$((nn + $4))
                bn=$((bn + $5))
                tp=$((tp + $6)) rp=$((rp + $7)) dp=$((dp + $8)) np=$((np + $9))
                bp=$((bp + ${10}))
                if [ -n "$bp_tool" ]; then
                    set -- $("$top/bench/gdb-breakpoints.py" "$b-none.o" \
                        "$b-plug.o" | sed 's/.*lost \([0-9]*\),.*moved \([0-9]*\)$/\1 \2/')
                    ls=$((ls + $1)) mv=$((mv + $2))
                fi
            done
            shown=$mode
            [ "$mode" != default ] || shown="default ($default_mode)"
            awk -v f="$(basename "$f")" -v o="$opt" -v m="$shown" \
                -v tn=$tn -v tp=$tp \
                -v rn=$rn -v rp=$rp -v dn=$dn -v dp=$dp -v nn=$nn -v np=$np \
                -v bn=$bn -v bp=$bp -v mv=$mv -v ls=$ls -v t="$table" \
                -v hasbp="$bp_tool" \
                'BEGIN {
                ds = bp - bn; ns = np - nn; rest = tp - tn - ds - ns
                b = hasbp ? sprintf("%d/%d", mv, ls) : "-"
                printf "%-16s %-4s %-12s %9d %9d %+7.2f%% | %+7d %+7d %+7d | %+d %+d %+d | %s\n",
                       f, o, m, tn, tp, (tp / tn - 1) * 100, rp - rn, dp - dn,
                       np - nn, ds, ns, rest, b
                if (m ~ /^default/) {
                    lim = f == "macro-kernels.c" ? 10 : (o == "-O0" ? 3 : 2)
                    g = (tp / tn - 1) * 100
                    tgt = f == "corpus" ? "none" : sprintf("+%d%% %s", lim,
                          g <= lim ? "met" : sprintf("missed by %.2f", g - lim))
                    printf "| %s | %s | %d | %d | %+.2f%% | %s | %+d / %+d / %+d | %+d / %+d / %+d | %s |\n",
                           f, o, tn, tp, g, tgt,
                           dp - dn, np - nn, rp - rn, ds, ns, rest, b >> t
                    if (f != "corpus" && g > lim)
                        printf "- %s %s: %+.2f%%, %.2f points (%d bytes) over +%d%%; the %d bytes the plugin adds are %+d in DW_LNE_set_discriminator (%+d operations), %+d in negate_stmt toggles and %+d in rows (%+d rows)\n",
                               f, o, g, g - lim, tp - tn * (1 + lim / 100), lim,
                               tp - tn, ds, dp - dn, ns, rest, rp - rn >> (t ".missed")
                } }'
          done
        done
    done
    if [ -n "$results" ] && [ -s "$table" ]; then
        mark="<!-- bench/discriminators.sh --cost gcc-$major -->"
        old= rest=
        [ -f "$results" ] &&
            old=$(awk -v m="$mark" '$0 == m { exit } { print }' "$results") &&
            # The sections other scripts wrote after this one (each begins
            # with its own "<!-- bench/... -->" line) stay after it.
            rest=$(awk -v m="$mark" '$0 == m { in_it = 1; next }
                                     in_it && /^<!-- bench\// { in_it = 0; after = 1 }
                                     after' "$results")
        {
            [ -z "$old" ] || printf '%s\n\n' "$old"
            echo "$mark"
            echo "## .debug_line with vs without the plugin's discriminators, GCC $major (default: $default_mode)"
            echo
            echo "Written by \`bench/discriminators.sh --cost\` (\`make bench\`) on $(date -u '+%Y-%m-%d %H:%M UTC'); $($GCC --version | head -1); plugin at ${PLUGIN_REV:-$(git -C "$top" rev-parse --short HEAD 2>/dev/null || echo '?')}, in its default mode for this GCC ($default_mode). Targets (issues 27 and 42): +2% at -O2 and -O3 and +3% at -O0 on sqlite3.c and gtest-all.cc, +10% on any single file (macro-kernels.c); the corpus has none. Cost split, plugin minus without: DW_LNE_set_discriminator operations / DW_LNS_negate_stmt toggles / rows, and their bytes (4 per operation of a value below 128, 5 below 16384, 6 above; 1 per toggle, the rest: rows and their address and line advances). bp: lines whose gdb breakpoint locations differ from the build without the plugin / lines that lose every location (bench/gdb-breakpoints.py). docs/discriminators.md, \"Encoding\", explains each figure."
            echo
            echo "| file | level | without | with | growth | target | set_disc / negate_stmt / rows | bytes: set_disc / negate_stmt / rows+other | bp moved/lost |"
            echo "|---|---|---:|---:|---:|---|---:|---:|---:|"
            cat "$table"
            if [ -s "$table.missed" ]; then
                echo
                echo "Targets not met, and what the bytes pay for:"
                echo
                cat "$table.missed"
            fi
            [ -z "$rest" ] || printf '\n%s\n' "$rest"
        } > "$results.tmp" && mv "$results.tmp" "$results"
        echo "discriminators.sh: written $results" >&2
    fi
    exit 0
fi

if [ $# -gt 0 ]; then
    files="$*"
else
    files="$(ls "$top"/testsuite/corpus/*.c "$top"/testsuite/corpus/*.cc \
                "$top"/testsuite/calltab.discrim/*.c) $(real_sources)"
fi
incs="-DHAVE_CONFIG_H -I$work -I$work/gcc-12-src/include -I$work/gcc-12-src/zlib"

# .debug_line bytes of an object (size -A prints decimal sizes).
line_bytes () {
    size -A "$1" | awk '$1 == ".debug_line" { s += $2 } END { print s + 0 }'
}

for opt in -O0 -O2 -O3; do
    rtl=0 gcc=0 off=0 hier=0 nfiles=0 same=yes
    for f in $files; do
        case $f in *.cc) cc=$GXX ;; *) cc=$GCC ;; esac
        b=$work/obj/$(basename "$f")$opt
        for mode in rtl gcc off hierarchical; do
            $cc $opt -g $incs -c "$f" -o "$b-$mode.o" -fplugin="$plugin" \
                -fplugin-arg-calltab-discriminators=$mode
        done
        rtl=$((rtl + $(line_bytes "$b-rtl.o")))
        gcc=$((gcc + $(line_bytes "$b-gcc.o")))
        off=$((off + $(line_bytes "$b-off.o")))
        hier=$((hier + $(line_bytes "$b-hierarchical.o")))
        nfiles=$((nfiles + 1))
        if [ -x "$digest" ]; then
            d=$("$digest" "$b-rtl.o")
            [ "$d" = "$("$digest" "$b-gcc.o")" ] &&
                [ "$d" = "$("$digest" "$b-off.o")" ] &&
                [ "$d" = "$("$digest" "$b-hierarchical.o")" ] || {
                same=no; echo "code differs: $f $opt" >&2; }
        fi
    done
    awk -v o="$opt" -v n="$nfiles" -v r="$rtl" -v g="$gcc" -v f="$off" \
        -v h="$hier" -v s="$same" 'BEGIN {
        printf "%s  %d files  .debug_line bytes: rtl %d  gcc %d  off %d" \
               "  hierarchical %d\n", o, n, r, g, f, h
        printf "%s  rtl/gcc %.4f (%+.2f%%)  rtl/off %.4f (%+.2f%%)  " \
               "gcc/off %.4f (%+.2f%%)  hierarchical/rtl %.4f (%+.2f%%)  " \
               "code identical: %s\n", o,
               r / g, (r / g - 1) * 100, r / f, (r / f - 1) * 100,
               g / f, (g / f - 1) * 100, h / r, (h / r - 1) * 100, s
    }'
done
