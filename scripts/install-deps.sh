#!/bin/sh
# install-deps.sh: install the Debian packages calltab needs to build,
# demo and test.  Idempotent and silent when everything is present; run as
# root (CI) or through sudo.  On a system without dpkg it only reports.
set -eu

# One package per line.  gcc-11 is a second GCC the testsuite uses to
# check that the plugin refuses a GCC it was not built for; clang and
# libclang-rt-14-dev build the libFuzzer target over the reader;
# valgrind checks that verify leaks nothing when allocations fail;
# linux-perf records the profiles calltab perf-script is tested on.
PACKAGES="
make
gcc-12
g++-12
gcc-12-plugin-dev
binutils
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
libclang-rt-14-dev
gcc-11
python3
valgrind
linux-perf
"

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
