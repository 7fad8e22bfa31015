#!/usr/bin/env bash
# patches/check.sh: `make check-patches` (patches/README.md).
#
# 1. Fetch Debian's binutils-source 2.40 (apt-get download; cached in
#    PATCHES_DIR, default build/patches).
# 2. Unpack its tarball (Debian's tree, Debian's patches already
#    applied) and apply patches/binutils-2.40/*.patch with patch -p1.
# 3. Configure and build only what readelf and objdump need
#    (make all-binutils; no gas, ld, gold, gdb, gprof, gprofng, libctf).
#    The tree and the build are reused while the patches and the .deb
#    are the same.
# 4. Run the patch's own tests (readelf.exp and objdump.exp of binutils'
#    testsuite): every test there must pass, the patch's three among them.
# 5. Compare the patched readelf's and objdump's decoding with
#    `calltab dump` (patches/compare.py) on objects built with the plugin
#    (testsuite/corpus, C and C++, -O0 and -O2, DWARF 4, 5 and 64-bit
#    DWARF, virtual tail calls, calls through member-function pointers)
#    and on programs linked by ld.gold and ld.lld with --icf=all (and
#    ld.bfd), and googletest's samples 1, 3 and 5 (gtest-all.o among the
#    objects; linked by gold and lld --icf=all) when GTEST_DIR (default
#    /usr/src/googletest/googletest) has it: entry by entry
#    (.debug_dcall, .debug_vcall, .debug_tcall, with the "virtual"
#    marking of a virtual tail call's entry, and .debug_pcall), after a
#    self-test showing that a changed entry of each table, a marking
#    taken off or put on, and a changed .debug_pcall parameter, argument
#    and vtable slot, are reported.
# 6. Malformed tables (patches/fuzz.py): FUZZ_COUNT (200) copies of those
#    objects with bytes of a table changed; readelf and objdump must not
#    crash (the first FUZZ_VALGRIND, 10, under valgrind).
#
# Prints the time of each step and ends with "N entries compared, N
# differences".  Exit status: 0 all good, 1 a test failed or a
# difference, 2 a step could not run (no apt-get, download, build).
#
# Settings (environment): PATCHES_DIR, JOBS (default 2), GCC, GXX,
# PLUGIN, CALLTAB, GTEST_DIR, FUZZ_COUNT, FUZZ_VALGRIND.

set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
PATCHES_DIR=${PATCHES_DIR:-$top/build/patches}
JOBS=${JOBS:-2}
GCC=${GCC:-gcc}
GXX=${GXX:-g++}
PLUGIN=${PLUGIN:-$top/gcc-plugin/calltab.so}
CALLTAB=${CALLTAB:-$top/libcalltab/tools/calltab}
patchdir=$top/patches/binutils-2.40

die () { echo "check-patches: $*" >&2; exit 2; }
step_start=0
step () { step_start=$(date +%s); echo "check-patches: $*"; }
step_done () { echo "check-patches:   done in $(( $(date +%s) - step_start )) s"; }

[ -x "$CALLTAB" ] || die "$CALLTAB is missing (make all)"
[ -f "$PLUGIN" ] || die "$PLUGIN is missing (make all)"
mkdir -p "$PATCHES_DIR" || die "cannot create $PATCHES_DIR"
PATCHES_DIR=$(cd "$PATCHES_DIR" && pwd)
[ -f "$PATCHES_DIR/.gitignore" ] || echo '*' > "$PATCHES_DIR/.gitignore"
total_start=$(date +%s)

# ---- 1. fetch ---------------------------------------------------------------
deb=$(ls "$PATCHES_DIR"/binutils-source_2.40-*_all.deb 2>/dev/null | tail -n 1)
if [ -z "$deb" ]; then
    step "fetching binutils-source 2.40 (apt-get download)"
    command -v apt-get >/dev/null || die "apt-get not found: put binutils-source_2.40-*_all.deb into $PATCHES_DIR"
    (cd "$PATCHES_DIR" && apt-get download binutils-source) \
	|| die "apt-get download binutils-source failed"
    deb=$(ls "$PATCHES_DIR"/binutils-source_2.40-*_all.deb 2>/dev/null | tail -n 1)
    [ -n "$deb" ] || die "apt-get did not give binutils-source 2.40 (got: $(ls "$PATCHES_DIR"/binutils-source_*.deb 2>/dev/null)); this distribution's binutils is not 2.40"
    step_done
fi
echo "check-patches: using $(basename "$deb")"

# ---- 2. unpack and patch ----------------------------------------------------
src=$PATCHES_DIR/binutils-2.40
build=$PATCHES_DIR/build
stamp=$( (basename "$deb"; cat "$patchdir"/*.patch) | sha256sum | cut -c1-16)
if [ "$(cat "$PATCHES_DIR/stamp" 2>/dev/null)" != "$stamp" ] || [ ! -x "$build/binutils/readelf" ]; then
    step "unpacking and patching"
    rm -rf "$src" "$build" "$PATCHES_DIR/pkg" "$PATCHES_DIR/stamp"
    dpkg-deb -x "$deb" "$PATCHES_DIR/pkg" || die "dpkg-deb -x $deb failed"
    tarball=$(ls "$PATCHES_DIR"/pkg/usr/src/binutils/binutils-2.40*.tar.* 2>/dev/null | head -n 1)
    [ -n "$tarball" ] || die "no binutils-2.40 tarball in $deb"
    tar -C "$PATCHES_DIR" -xf "$tarball" || die "cannot unpack $tarball"
    [ -d "$src" ] || die "$tarball did not give binutils-2.40/"
    # The tarball is Debian's source tree with Debian's patches already
    # applied (debian/rules packs the patched tree); only ours go on top.
    for p in "$patchdir"/*.patch; do
	echo "check-patches:   patch -p1 < patches/binutils-2.40/$(basename "$p")"
	patch -d "$src" -p1 -s < "$p" || { echo "check-patches: $(basename "$p") does not apply" >&2; exit 1; }
    done
    # The tarball's arlex.l is newer than its generated arlex.c (Debian
    # resets the dates of the files its build touched), which makes the
    # build want flex; the generated file is the one to use.
    touch "$src/binutils/arlex.c"
    step_done

    step "configuring and building readelf and objdump (make -j$JOBS all-binutils)"
    mkdir -p "$build"
    (cd "$build" && nice "$src/configure" --disable-gdb --disable-gdbserver \
	--disable-gprof --disable-gprofng --disable-ld --disable-gas \
	--disable-gold --disable-sim --disable-libctf --disable-nls \
	--disable-werror --disable-plugins --without-debuginfod \
	> configure.log 2>&1) || die "configure failed: $build/configure.log"
    (cd "$build" && nice make -j"$JOBS" MAKEINFO=true all-binutils \
	> make.log 2>&1) || die "build failed: $build/make.log"
    echo "$stamp" > "$PATCHES_DIR/stamp"
    step_done
fi
readelf=$build/binutils/readelf
objdump=$build/binutils/objdump
status=0

# ---- 4. the patch's own tests ------------------------------------------------
step "binutils testsuite: readelf.exp objdump.exp"
(cd "$build/binutils" && LC_ALL=C nice make MAKEINFO=true check \
    RUNTESTFLAGS="readelf.exp objdump.exp" > check.log 2>&1)
sum=$build/binutils/binutils.sum
if [ ! -f "$sum" ]; then
    echo "check-patches: no $sum (see $build/binutils/check.log)" >&2
    status=1
else
    grep -E '^(FAIL|UNRESOLVED|ERROR|XPASS):' "$sum" && status=1
    for t in "readelf --debug-dump=dcall,vcall,tcall,pcall" \
	     "readelf -wdvjP dcall-vcall-bad" \
	     "objdump --dwarf=dcall,vcall,tcall,pcall"; do
	grep -qxF "PASS: $t" "$sum" || { echo "check-patches: no PASS: $t" >&2; status=1; }
    done
    echo "check-patches:   $(grep -c '^PASS:' "$sum") passed, $(grep -cE '^(FAIL|UNRESOLVED|ERROR|XPASS):' "$sum") failed"
fi
step_done

# ---- 5. compare with calltab dump ---------------------------------------------
step "building objects and programs with the plugin"
work=$PATCHES_DIR/work
rm -rf "$work" && mkdir -p "$work"
files=()
cc () {	# cc COMPILER OUT ARGS...
    local compiler=$1 out=$2; shift 2
    if "$compiler" -fplugin="$PLUGIN" "$@" -o "$work/$out" > "$work/$out.log" 2>&1; then
	files+=("$work/$out")
    else
	echo "check-patches: $compiler $* failed: $work/$out.log" >&2
	status=1
    fi
}
corpus=$top/testsuite/corpus
dis=$top/testsuite/calltab.disambiguate
for f in "$corpus"/*.c "$corpus"/*.cc; do
    b=$(basename "$f")
    case $f in *.cc) c=$GXX ;; *) c=$GCC ;; esac
    for o in -O0 -O2; do
	cc "$c" "${b%.*}$o.o" -c -g $o "$f"
    done
done
cc "$GCC" calls-dwarf4.o -c -g -gdwarf-4 -O2 "$corpus/calls.c"
cc "$GCC" calls-dwarf64.o -c -g -gdwarf64 -O2 "$corpus/calls.c"
cc "$GXX" virtual-dwarf64.o -c -g -gdwarf64 -O0 "$corpus/virtual.cc"
O2="-O2 -g -ffunction-sections -fno-ipa-icf"
# Virtual tail calls (docs/format.md, ".debug_tcall"): Base::release's
# jump through a vtable slot has an indirect .debug_tcall entry, then one
# at the same address naming Base::get, which the tools mark "virtual".
# shellcheck disable=SC2086
cc "$GXX" vtail-release-O2.o -c $O2 "$dis/vtail-release.cc"
# Calls through member-function pointers (docs/format.md, ".debug_pcall"):
# Handle's indirect call through its parameter 1 (parameter=1), T::Run's
# calls and tail call of Handle passing pointers to virtual members
# (argument=1 vtable_slot=S).
# shellcheck disable=SC2086
cc "$GXX" pmf-O2.o -c $O2 "$dis/pmf.cc"
for ld in gold lld; do
    # The recursive case across two translation units, and virtual calls.
    # shellcheck disable=SC2086
    cc "$GCC" "rec-two-$ld-icf" $O2 -fuse-ld=$ld -Wl,--icf=all \
	"$dis/rec-two-a.c" "$dis/rec-two-c.c" "$dis/rec-two-main.c"
    # shellcheck disable=SC2086
    cc "$GXX" "virtual-$ld-icf" $O2 -fuse-ld=$ld -Wl,--icf=all "$dis/virtual.cc"
    # shellcheck disable=SC2086
    cc "$GXX" "corpus-virtual-$ld-icf" -O0 -g -ffunction-sections \
	-fuse-ld=$ld -Wl,--icf=all "$corpus/virtual.cc"
    # shellcheck disable=SC2086
    cc "$GXX" "vtail-$ld-icf" $O2 -fuse-ld=$ld -Wl,--icf=all \
	"$dis/vtail-release.cc" "$dis/vtail-a.cc" "$dis/vtail-b.cc" \
	"$dis/vtail-main.cc"
    # shellcheck disable=SC2086
    cc "$GXX" "pmf-$ld-icf" $O2 -fuse-ld=$ld -Wl,--icf=all "$dis/pmf.cc"
done
# shellcheck disable=SC2086
cc "$GCC" rec-two-bfd $O2 -fuse-ld=bfd "$dis/rec-two-a.c" "$dis/rec-two-c.c" \
    "$dis/rec-two-main.c"
step_done

# Compressed debug sections (SHF_COMPRESSED, zlib) in a linked program.
# Not in an object: libcalltab checks an object's debug_info fields
# against the compressed size of .debug_info there (decode.c).
if "$build/binutils/objcopy" --compress-debug-sections=zlib \
	"$work/virtual-gold-icf" "$work/virtual-gold-icf-zlib"; then
    files+=("$work/virtual-gold-icf-zlib")
else
    echo "check-patches: objcopy --compress-debug-sections failed" >&2
    status=1
fi

# googletest (Debian's googletest package, as make check-real uses it):
# thousands of entries, COMDAT groups, ICF folding C++ code.
GTEST_DIR=${GTEST_DIR:-/usr/src/googletest/googletest}
if [ -f "$GTEST_DIR/src/gtest-all.cc" ]; then
    step "building googletest's sample 1, 3 and 5 tests with the plugin"
    gobjs=()
    for f in src/gtest-all.cc src/gtest_main.cc samples/sample1.cc \
	     samples/sample1_unittest.cc samples/sample3_unittest.cc \
	     samples/sample5_unittest.cc; do
	o=gtest-$(basename "${f%.cc}").o
	# shellcheck disable=SC2086
	cc "$GXX" "$o" -c $O2 -I"$GTEST_DIR/include" -I"$GTEST_DIR" "$GTEST_DIR/$f"
	gobjs+=("$work/$o")
    done
    for ld in gold lld; do
	cc "$GXX" "gtest-$ld-icf" -fuse-ld=$ld -Wl,--icf=all -pthread "${gobjs[@]}"
    done
    step_done
else
    # A comparison that could not run is a failure, never a clean result.
    die "no googletest in $GTEST_DIR (apt-get install googletest; make check-real fetches it)"
fi

step "comparing readelf -wdvjP and objdump --dwarf=dcall,vcall,tcall,pcall with calltab dump (${#files[@]} files)"
python3 "$top/patches/compare.py" --self-test --calltab "$CALLTAB" --readelf "$readelf" \
    --objdump "$objdump" "${files[@]}" > "$work/compare.out"
cstatus=$?
grep -v '^/' "$work/compare.out" | grep -v ' entries compared, ' | head -n 50
[ "$cstatus" -eq 2 ] && { echo "check-patches: the comparison failed" >&2; exit 2; }
[ "$cstatus" -eq 0 ] || status=1
echo "check-patches:   per file: $work/compare.out"
step_done

# ---- 6. malformed tables -------------------------------------------------------
step "malformed tables: readelf and objdump on ${FUZZ_COUNT:-200} changed copies"
python3 "$top/patches/fuzz.py" --readelf "$readelf" --objdump "$objdump" \
    --objcopy "$build/binutils/objcopy" --count "${FUZZ_COUNT:-200}" \
    --valgrind "${FUZZ_VALGRIND:-10}" --tmp "$work" \
    "$work/calls-O0.o" "$work/virtual-O0.o" "$work/calls-O2.o" \
    "$work/calls-dwarf64.o" "$work/rec-two-gold-icf" \
    "$work/vtail-release-O2.o" "$work/pmf-O2.o"
fstatus=$?
[ "$fstatus" -eq 2 ] && { echo "check-patches: the malformed-table run failed" >&2; exit 2; }
[ "$fstatus" -eq 0 ] || status=1
step_done

echo "check-patches: total $(( $(date +%s) - total_start )) s"
tail -n 1 "$work/compare.out"
exit $status
