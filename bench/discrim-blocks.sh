#!/bin/sh
# discrim-blocks.sh: issue 27's measure.  The blocks that begin after a
# conditional or table jump of their own key (function, inline instance,
# file, line) -- its target or its fall-through, a loop's own block
# included -- and how many of them carry a discriminator that no other
# block of the key carries, with GCC's own discriminators (no plugin) and
# with the plugin; and the keys where the plugin gives fewer distinct
# numbers than GCC (must be 0).  An oracle of its own
# (bench/discrim-blocks.py: objdump -d, llvm-dwarfdump, the relocations
# of jump tables), not the plugin's nor the testsuite's.  Not a test.
#
#   bench/discrim-blocks.sh [gccdg | corpus | FILE.c|FILE.cc ...]
#
# gccdg: NFILES (default 300) of GCC 12's own gcc/testsuite/gcc.dg/*.c
# that compile standalone (gcc -O0 -g -c, no error), spread over the
# directory in name order (the first that compiles of each of NFILES
# equal runs), from Debian's gcc-12-source, fetched with apt-get download into
# ${CALLTAB_BENCH_DIR:-/tmp/calltab-bench} the first time; corpus:
# testsuite/corpus/*.c and *.cc.  Default: both, each on its own line.
# LEVELS (default "-O0 -O2"), PLUGIN (default gcc-plugin/calltab.so: to
# measure another build of it).  Each file is compiled -fno-pie (jump
# tables then hold relocations, which --emit-relocs keeps, so the oracle
# sees their targets) without and with the plugin, and linked on its own
# (-nostdlib, unresolved symbols ignored) so that every function has an
# address of its own.  Also sums .debug_line bytes of the objects, and
# checks that the code is the same with and without the plugin.
# CALLTAB_DISCRIM_BLOCKS_LIST=1 names the blocks that are not unique with
# the plugin (stderr).
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
plugin=${PLUGIN:-$top/gcc-plugin/calltab.so}
digest=$top/testsuite/tools/elf-alloc-digest
GCC=${GCC:-gcc}
GXX=${GXX:-g++}
LEVELS=${LEVELS:--O0 -O2}
NFILES=${NFILES:-300}
work=${CALLTAB_BENCH_DIR:-/tmp/calltab-bench}
mkdir -p "$work/blocks"

[ -f "$plugin" ] || { echo "build first: make" >&2; exit 1; }

# GCC 12's gcc.dg tests, from the source package (as discriminators.sh
# gets zlib and libiberty).
gccdg_sources () {
    src=$work/gcc-12-src
    dg=$src/gcc/testsuite/gcc.dg
    if [ ! -d "$dg" ]; then
        (cd "$work" && apt-get download gcc-12-source >/dev/null 2>&1 &&
         rm -rf deb && dpkg -x gcc-12-source_*.deb deb &&
         mkdir -p "$src" &&
         tar -xf deb/usr/src/gcc-12/gcc-*.tar.xz -C "$src" \
             --strip-components=1 --wildcards '*/gcc/testsuite/gcc.dg/*' &&
         rm -rf deb gcc-12-source_*.deb) || {
            echo "(gcc-12-source not available: no gcc.dg files)" >&2
            return 0
        }
    fi
    # NFILES windows of the files in name order, the first file of each
    # that compiles: spread over the whole directory (its names group
    # tests by subject).
    list=$work/gccdg-$NFILES.list
    if [ ! -s "$list" ]; then
        ls "$dg"/*.c > "$work/gccdg-all.list"
        total=$(wc -l < "$work/gccdg-all.list")
        i=0
        while [ $i -lt "$NFILES" ]; do
            sed -n "$((i * total / NFILES + 1)),$(((i + 1) * total / NFILES))p" \
                "$work/gccdg-all.list" | while read -r f; do
                if timeout 60 "$GCC" -O0 -g -w -fno-pie -I"$dg" -c "$f" \
                       -o "$work/blocks/probe.o" >/dev/null 2>&1; then
                    echo "$f"
                    break
                fi
            done
            i=$((i + 1))
        done > "$list"
    fi
    cat "$list"
}

line_bytes () {
    size -A "$1" | awk '$1 == ".debug_line" { s += $2 } END { print s + 0 }'
}

# measure NAME FILE...: one line per level.
measure () {
    name=$1
    shift
    for opt in $LEVELS; do
        after=0 ugcc=0 aplug=0 uplug=0 fewer=0 multi=0 keys=0 n=0 bn=0 bp=0 same=yes
        for f in "$@"; do
            case $f in *.cc) cc=$GXX ;; *) cc=$GCC ;; esac
            b=$work/blocks/$(basename "$f")$opt
            flags="$opt -g -w -fno-pie -I$(dirname "$f")"
            # shellcheck disable=SC2086 # FLAGS: several words
            if ! timeout 300 "$cc" $flags -c "$f" -o "$b-gcc.o" 2>/dev/null ||
               ! timeout 300 "$cc" $flags -c "$f" -o "$b-plug.o" \
                     -fplugin="$plugin" 2>/dev/null; then
                continue
            fi
            for m in gcc plug; do
                "$cc" -nostdlib -no-pie -Wl,--emit-relocs \
                    -Wl,--unresolved-symbols=ignore-all -Wl,--noinhibit-exec \
                    -o "$b-$m" "$b-$m.o" >/dev/null 2>&1 || continue 2
            done
            if [ -x "$digest" ] &&
               [ "$("$digest" "$b-gcc.o")" != "$("$digest" "$b-plug.o")" ]; then
                same=no
                echo "code differs: $f $opt" >&2
            fi
            r=$(python3 "$top/bench/discrim-blocks.py" "$b-gcc" "$b-plug" \
                    2>"$b.list") || continue
            if [ -s "$b.list" ]; then
                echo "$f $opt:" >&2
                cat "$b.list" >&2
            fi
            read -r ra rg rb rp rf rm rk <<EOF
$r
EOF
            after=$((after + ra)) ugcc=$((ugcc + rg)) aplug=$((aplug + rb))
            uplug=$((uplug + rp)) fewer=$((fewer + rf)) multi=$((multi + rm))
            keys=$((keys + rk))
            bn=$((bn + $(line_bytes "$b-gcc.o")))
            bp=$((bp + $(line_bytes "$b-plug.o")))
            n=$((n + 1))
        done
        awk -v s="$name" -v o="$opt" -v n=$n -v a=$after -v g=$ugcc \
            -v b=$aplug -v p=$uplug -v f=$fewer -v m=$multi -v k=$keys \
            -v bn=$bn -v bp=$bp -v same=$same 'BEGIN {
            printf "%-7s %-4s %4d files  %5d keys, %4d in several blocks  " \
                   "blocks after a jump of their key, unique: gcc %d of %d" \
                   " (%.1f%%), plugin %d of %d (%.1f%%)  keys with fewer" \
                   " numbers than gcc: %d  .debug_line: gcc %d, plugin %d" \
                   " (%+.2f%%)  code identical: %s\n",
                   s, o, n, k, m, g, a, a ? 100 * g / a : 0, p, b,
                   b ? 100 * p / b : 0, f, bn, bp,
                   bn ? (bp / bn - 1) * 100 : 0, same }'
    done
}

[ $# -gt 0 ] || set -- gccdg corpus
for arg in "$@"; do
    case $arg in
        gccdg)
            # shellcheck disable=SC2046 # one file a word, no blanks in them
            measure gcc.dg $(gccdg_sources) ;;
        corpus) measure corpus "$top"/testsuite/corpus/*.c \
                    "$top"/testsuite/corpus/*.cc ;;
        *) measure "$(basename "$arg")" "$arg" ;;
    esac
done
