#!/usr/bin/env bash
# check-gcc.sh N...: `make check-gcc', the testsuite with every GCC
# version N given (the Makefile gives the supported ones, from
# gcc-plugin/gcc-compat.h) that is available:
#   - natively when gcc-N, g++-N and gcc-N-plugin-dev are installed:
#     `make check GCC=gcc-N GXX=g++-N' (which installs what else is
#     missing, scripts/install-deps.sh);
#   - else, from GCC 13 on, in the Debian chroot that has it (13 and 14:
#     Debian 13 "trixie"; 15 and 16: Debian unstable "sid"):
#     `scripts/gcc-chroot.sh --gcc=N setup' (builds or reuses it), then
#     `scripts/gcc-chroot.sh --gcc=N run -- make check-nodeps GCC=gcc-N ...'
#     with the tree at the same path.  The C parts (libcalltab, the command,
#     testsuite/tools) are built again for the chroot's glibc, and for the
#     host's by the next native build (the Makefile's BUILD_SYSTEM);
#     DEFAULT_PLUGIN= keeps gcc-plugin/calltab.so the host's.  Without the
#     script the version fails ("chroot script missing");
#   - a version below 13 not installed is reported and skipped.
# Each version's objdir is testsuite/build/gcc-N, its output
# testsuite/build/gcc-N.out.  Then one line per version
# ("GCC 11: N passed, N failed, N skipped (native, 310 s)", the seconds
# that version's run took, chroot setup apart); exit status 1 if any
# failed.
# Environment: MAKE, RUNTESTFLAGS (passed on); CALLTAB_CHROOTS (where
# the chroots are, one per suite) and CALLTAB_CHROOT (one chroot: a
# version of the other suite then fails) for scripts/gcc-chroot.sh.
set -u
cd "$(dirname "$0")/.." || exit 2
top=$PWD
MAKE=${MAKE:-make}
RUNTESTFLAGS=${RUNTESTFLAGS:-}
chroot_script=scripts/gcc-chroot.sh
[ $# -gt 0 ] || { echo "usage: $0 N..." >&2; exit 2; }

native () {
    command -v "gcc-$1" >/dev/null 2>&1 &&
        command -v "g++-$1" >/dev/null 2>&1 &&
        [ -f "$("gcc-$1" -print-file-name=plugin)/include/plugin-version.h" ]
}

# The closing line of make check-run (testsuite/summarize.sh) in FILE.
summary_of () {
    grep -E '^[0-9]+ passed, [0-9]+ failed' "$1" | tail -n 1
}

mkdir -p testsuite/build
failed=0
lines=()
# Per suite: yes once its setup succeeded, no when it failed.
declare -A chroot_ready=()
for n in "$@"; do
    out=testsuite/build/gcc-$n.out
    vars=(GCC="gcc-$n" GXX="g++-$n" TESTDIR="testsuite/build/gcc-$n"
          RUNTESTFLAGS="$RUNTESTFLAGS")
    start=$(date +%s)
    suite=
    if native "$n"; then
        how=native
        echo "== GCC $n (native): $MAKE check ${vars[*]}"
        "$MAKE" --no-print-directory check "${vars[@]}" 2>&1 | tee "$out"
        status=${PIPESTATUS[0]}
    elif [ "$n" -lt 13 ]; then
        lines+=("GCC $n: not installed (gcc-$n, g++-$n, gcc-$n-plugin-dev: make deps GCC=gcc-$n), skipped")
        continue
    elif [ ! -x "$chroot_script" ]; then
        lines+=("GCC $n: chroot script missing ($chroot_script), failed")
        failed=1
        continue
    else
        how=chroot
        suite=$("$chroot_script" --gcc="$n" suite) || {
            lines+=("GCC $n: no chroot has it ($chroot_script --gcc=$n), failed")
            failed=1
            continue
        }
        if [ -z "${chroot_ready[$suite]:-}" ]; then
            echo "== $chroot_script --suite=$suite setup"
            if "$chroot_script" --suite="$suite" setup; then
                chroot_ready[$suite]=yes
            else
                chroot_ready[$suite]=no
            fi
            start=$(date +%s)
        fi
        if [ "${chroot_ready[$suite]}" = no ]; then
            lines+=("GCC $n: $chroot_script --suite=$suite setup failed, failed")
            failed=1
            continue
        fi
        echo "== GCC $n (chroot $suite): $chroot_script --suite=$suite run -- make check-nodeps ${vars[*]} DEFAULT_PLUGIN="
        "$chroot_script" --suite="$suite" run -- "$MAKE" -C "$top" --no-print-directory \
            check-nodeps "${vars[@]}" DEFAULT_PLUGIN= 2>&1 | tee "$out"
        status=${PIPESTATUS[0]}
    fi
    sum=$(summary_of "$out")
    if [ -z "$sum" ]; then
        sum="no test results (exit status $status, see $out)"
        status=1
    fi
    [ "$status" -eq 0 ] || failed=1
    secs=$(($(date +%s) - start))
    lines+=("GCC $n: $sum ($how${suite:+ $suite}, $secs s$([ "$status" -eq 0 ] || echo ", FAILED"))")
done

echo "== make check-gcc"
printf '%s\n' "${lines[@]}"
exit $failed
