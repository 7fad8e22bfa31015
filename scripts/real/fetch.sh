#!/usr/bin/env bash
# fetch.sh: get the real programs' sources for `make check-real` with the
# package tools, into $REAL_DIR/src (downloads cached in $REAL_CACHE,
# default $REAL_DIR/cache):
#   sqlite:     `npm pack better-sqlite3@13.2.0`, deps/sqlite3/sqlite3.{c,h}
#   expat:      `npm pack node-expat@2.4.1`, deps/libexpat (the library and
#               its test program tests/runtests.c)
#   googletest: Debian's googletest package, /usr/src/googletest/googletest
#               (installed with apt-get when missing and run as root)
# Exits non-zero, saying why, when one cannot be had.
set -euo pipefail
# shellcheck source=scripts/real/common.sh
. "$(dirname "$0")/common.sh"

cache=$REAL_CACHE
src=$REAL_DIR/src
mkdir -p "$cache" "$src"
# Nothing under the build directory or the cache belongs in git.
for d in "$REAL_DIR" "$cache"; do
    [ -f "$d/.gitignore" ] || echo '*' >"$d/.gitignore"
done

have_root() { [ "$(id -u)" -eq 0 ]; }

apt_install() {
    have_root || return 1
    command -v apt-get >/dev/null 2>&1 || return 1
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq && apt-get install -y -qq --no-install-recommends "$@"
}

need_npm() {
    command -v npm >/dev/null 2>&1 && return 0
    real_note "npm not found; installing Debian's npm"
    apt_install npm >&2 ||
        real_die "npm is needed to fetch $SQLITE_PKG and $EXPAT_PKG: not found, and could not be installed (run as root: apt-get install npm)"
}

# npm_tarball SPEC: the cached tarball of SPEC (fetched once with npm pack).
npm_tarball() {
    local spec=$1 name ver tgz
    name=${spec%@*}
    ver=${spec##*@}
    tgz=$cache/$name-$ver.tgz
    if [ ! -s "$tgz" ]; then
        need_npm
        real_note "fetching $spec with npm pack"
        if ! (cd "$cache" && npm pack --loglevel=error --no-update-notifier "$spec" \
                  >/dev/null 2>"$cache/npm-$name.log") || [ ! -s "$tgz" ]; then
            rm -f "$tgz"
            cat "$cache/npm-$name.log" >&2 || true
            real_die "cannot fetch $spec with npm pack (no network or registry?); see above"
        fi
    fi
    printf '%s\n' "$tgz"
}

# sqlite: the amalgamation better-sqlite3 builds.
if [ ! -s "$src/sqlite/sqlite3.c" ] || [ ! -s "$src/sqlite/sqlite3.h" ]; then
    tgz=$(npm_tarball "$SQLITE_PKG")
    rm -rf "$src/sqlite" && mkdir -p "$src/sqlite"
    tar -xzf "$tgz" -C "$src/sqlite" --strip-components=3 \
        package/deps/sqlite3/sqlite3.c package/deps/sqlite3/sqlite3.h ||
        real_die "$tgz has no deps/sqlite3/sqlite3.c and sqlite3.h"
fi

# expat: the copy node-expat builds, with its configuration header.
if [ ! -s "$src/expat/tests/runtests.c" ]; then
    tgz=$(npm_tarball "$EXPAT_PKG")
    rm -rf "$src/expat" && mkdir -p "$src/expat"
    tar -xzf "$tgz" -C "$src/expat" --strip-components=3 package/deps/libexpat ||
        real_die "$tgz has no deps/libexpat"
fi
for f in $EXPAT_SRCS expat_config.h; do
    [ -s "$src/expat/$f" ] || real_die "expat sources incomplete: $src/expat/$f missing"
done

# googletest: Debian's package ships the sources.
if [ ! -s "$GTEST_DIR/src/gtest-all.cc" ]; then
    if [ "$GTEST_DIR" = /usr/src/googletest/googletest ]; then
        real_note "googletest sources not found; installing Debian's googletest"
        apt_install googletest >&2 ||
            real_die "googletest sources not in $GTEST_DIR and the package could not be installed (not root, or no network); run as root: apt-get install googletest"
    fi
    [ -s "$GTEST_DIR/src/gtest-all.cc" ] || real_die "no googletest sources in $GTEST_DIR"
fi
for f in $GTEST_SRCS; do
    [ -s "$GTEST_DIR/$f" ] || real_die "googletest sources incomplete: $GTEST_DIR/$f missing"
done
if command -v dpkg-query >/dev/null 2>&1 &&
   [ "$GTEST_DIR" = /usr/src/googletest/googletest ]; then
    # GTEST_VERSION: the package version of sources bind-mounted from the
    # host (make check-real-gcc14), not this system's package.
    v=${GTEST_VERSION:-$(dpkg-query -W -f='${Version}' googletest 2>/dev/null || true)}
    case $v in
        1.12.*) ;;
        *) real_note "googletest is $v, not 1.12: the sample count GTEST_TESTS=$GTEST_TESTS may not hold" ;;
    esac
fi
