#!/bin/sh
# install-deps.sh: install the Debian packages calltab needs to build,
# demo and test with the compiler GCC names (environment; default gcc,
# as in the Makefile): gcc-N, g++-N and gcc-N-plugin-dev for its major
# version N.  Idempotent and silent when everything is present; run as
# root (CI) or through sudo.  On a system without dpkg it only reports.
#
#   scripts/install-deps.sh [--list] [--suite=CODENAME]
#
# --list prints the package list, one per line, and installs nothing;
# --suite names the Debian release the list is for (default: this
# system's).  scripts/gcc-chroot.sh builds its chroots from these lists:
# Debian 13 (--suite=trixie, GCC=gcc-13 and gcc-14) and Debian unstable
# (--suite=sid, GCC=gcc-15 and gcc-16), one list per chroot.
set -eu

list_only=false
suite=
for arg in "$@"; do
    case $arg in
        --list) list_only=true ;;
        --suite=*) suite=${arg#--suite=} ;;
        *) echo "usage: install-deps.sh [--list] [--suite=CODENAME]" >&2
           exit 2 ;;
    esac
done
if [ -z "$suite" ] && [ -r /etc/os-release ]; then
    # shellcheck disable=SC1091  # the system's file
    suite=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
fi

# The GCC major version: what GCC says when it is installed, else the N
# of its name (gcc-N), else Debian 12's default, 12.
GCC=${GCC:-gcc}
major=$("$GCC" -dumpversion 2>/dev/null | cut -d. -f1 || true)
if [ -z "$major" ]; then
    case $GCC in
        *gcc-[0-9]*) major=${GCC##*gcc-} ;;
        *) major=12 ;;
    esac
fi
case $major in
    ''|*[!0-9]*)
        echo "install-deps: cannot tell the GCC version of GCC=$GCC" >&2
        exit 2 ;;
esac
# A second GCC, of another version, which the testsuite uses to check
# that the plugin refuses a GCC it was not built for
# (calltab.plugin/plugin.exp, calltab.install/): on Debian 12 the other
# of 11 and 12; in Debian 13 (GCC 13, 14), the other of 13 and 14; in
# Debian unstable (GCC 15, 16), the other of 15 and 16.
case $major in
    11) other=12 ;;
    13) other=14 ;;
    14) other=13 ;;
    15) other=16 ;;
    16) other=15 ;;
    *) other=11 ;;
esac

# What differs between the releases: clang's fuzzer runtime is versioned
# (LLVM 14's in Debian 12, 19's in Debian 13, 21's in unstable as of
# 2026-11: libclang-rt-dev follows the default clang there), and ld.gold
# has its own package from Debian 13 on (part of binutils in Debian 12;
# in unstable binutils-gold stays at 2.44 beside binutils 2.47).
clang_rt=libclang-rt-14-dev
gold=
case $suite in
    trixie) clang_rt=libclang-rt-19-dev gold=binutils-gold ;;
    sid) clang_rt=libclang-rt-dev gold=binutils-gold ;;
esac

# One package per line.  clang and its fuzzer runtime build the
# libFuzzer target over the reader; valgrind checks that verify leaks
# nothing when allocations fail; linux-perf records the profiles calltab
# perf-script is tested on; autofdo (create_gcov, dump_gcov) and
# dwarfdump are DWARF readers the plugin's output is tested with
# (calltab.consumers; gdb, readelf, eu-readelf, llvm-dwarfdump, addr2line
# and valgrind come with the packages above).
PACKAGES="
make
gcc-$major
g++-$major
gcc-$major-plugin-dev
gcc-$other
binutils
$gold
libelf-dev
libdw-dev
libiberty-dev
elfutils
pkg-config
dejagnu
lld
llvm
gdb
clang
$clang_rt
python3
valgrind
linux-perf
autofdo
dwarfdump
"

if $list_only; then
    printf '%s\n' $PACKAGES
    exit 0
fi

if ! command -v dpkg-query >/dev/null 2>&1; then
    echo "install-deps: not a Debian system; install by hand:" $PACKAGES >&2
    exit 0
fi

missing=
for p in $PACKAGES; do
    status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
    case "$status" in
        *" installed") ;;
        *) missing="$missing $p" ;;
    esac
done
[ -z "$missing" ] && exit 0

echo "install-deps: installing:$missing"
if [ "$(id -u)" -eq 0 ]; then
    SUDO=
elif command -v sudo >/dev/null 2>&1; then
    SUDO=sudo
else
    echo "install-deps: not root and no sudo; run as root:" >&2
    echo "  apt-get update && apt-get install -y$missing" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# shellcheck disable=SC2086  # word splitting of the package list is wanted
$SUDO apt-get install -y -qq --no-install-recommends $missing
