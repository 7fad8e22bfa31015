#!/usr/bin/env bash
# gcc-chroot.sh: a Debian 13 "trixie" chroot with GCC 13 and 14, to build
# and test calltab with the compilers Debian 12 does not ship.
#
#   scripts/gcc-chroot.sh setup
#   scripts/gcc-chroot.sh run -- make GCC=gcc-14 GXX=g++-14 all
#   scripts/gcc-chroot.sh run -- make check GCC=gcc-13 GXX=g++-13
#
# The chroot is made only from Debian's archive (debootstrap from
# deb.debian.org) and cached: setup reuses it when its stamp says it is
# complete and was made from the package list below.  See "Debian 13
# chroot" in docs/testing.md.
set -euo pipefail

prog=gcc-chroot.sh
TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
DIR=${CALLTAB_CHROOT:-$TOP/build/chroot/trixie}
SUITE=trixie
MIRROR=http://deb.debian.org/debian

# What the project needs in the chroot: scripts/install-deps.sh's lists
# for Debian 13 with GCC 14 and with GCC 13 (the compilers with their
# plugin headers, what the library builds against, what `make check`
# uses), and gcc/g++, which are gcc-14 in trixie.  GCC 11 and 12 are not
# needed here: they run natively.
package_list() {
    { GCC=gcc-14 sh "$TOP/scripts/install-deps.sh" --list --suite=$SUITE
      GCC=gcc-13 sh "$TOP/scripts/install-deps.sh" --list --suite=$SUITE
      printf '%s\n' gcc g++; } | sort -u
}

usage() {
    cat <<EOF
usage: $prog setup
       $prog run [--] COMMAND [ARG...]
       $prog path
       $prog --help

A Debian 13 "trixie" chroot (GCC 13 and 14, with their plugin headers, and
what \`make check\` needs), made with debootstrap from deb.debian.org only.

  setup   build the chroot, or reuse it when its stamp says it is complete
          and made from the current package list (a changed list installs
          the missing packages with apt-get in the chroot).  Needs root; 
          installs debootstrap on the host when it is missing.
  run     run COMMAND in the chroot, in the current directory, with the
          project tree ($TOP) bind-mounted at the same path, and /proc,
          /dev, /sys (read-only) and /tmp.  The mounts live in a private
          mount namespace of this command: they vanish when it ends, however
          it ends, and two runs at once do not see each other's mounts.
          Exit status is COMMAND's.
  path    print the chroot directory.

Environment:
  CALLTAB_CHROOT       chroot directory (default: build/chroot/trixie in
                       the tree)
  CALLTAB_CHROOT_BIND  more host directories for run, separated by ':',
                       bind-mounted read-only at the same path (e.g. the
                       real programs' sources for bench/:
                       /work/real:/usr/src/googletest)

Exit status: 0 ok, 1 setup or COMMAND failed (COMMAND's own status for
run), 2 usage error or not root.
EOF
}

die() { echo "$prog: $*" >&2; exit 1; }
usage_error() { echo "$prog: $*" >&2; echo "try '$prog --help'" >&2; exit 2; }

need_root() {
    [ "$(id -u)" -eq 0 ] || usage_error "$1 needs root (chroot, mount)"
}

STAMP=$DIR/.calltab-chroot-stamp

# True when nothing is mounted under DIR (a leftover from a killed run of an
# older script, or a hand-made mount): never delete a tree with mounts in it.
no_mounts_under() {
    local d
    d=$(realpath -m "$1")
    ! awk -v d="$d" '$5 == d || index($5, d "/") == 1 { found = 1 } END { exit !found }' \
        /proc/self/mountinfo
}

do_setup() {
    need_root setup
    mkdir -p "$(dirname "$DIR")"
    # Inside the tree the chroot is never part of the sources (like
    # build/real, the directory ignores itself).
    case "$(realpath -m "$DIR")/" in
        "$TOP"/*) [ -f "$(dirname "$DIR")/.gitignore" ] \
                      || echo '*' >"$(dirname "$DIR")/.gitignore" ;;
    esac
    # One setup at a time per chroot; runs do not take this lock.
    exec 9>"$DIR.lock"
    flock 9
    local start end want
    start=$(date +%s)
    want=$(package_list)
    if [ -f "$STAMP" ] && [ "$(sed -n '/^package /s///p' "$STAMP")" = "$want" ]; then
        echo "$prog: $DIR is complete and current; reused"
        return 0
    fi
    if [ -f "$STAMP" ]; then
        # Complete, but made from another list: install what is new.
        echo "$prog: package list changed; installing into $DIR"
        # shellcheck disable=SC2086
        run_in_chroot env DEBIAN_FRONTEND=noninteractive sh -c \
            'apt-get update -q && apt-get install -y -q --no-install-recommends "$@"' \
            sh $(package_list) || die "apt-get in $DIR failed"
    else
        if [ -e "$DIR" ]; then
            no_mounts_under "$DIR" || die "$DIR has mounts under it; unmount them first"
            echo "$prog: $DIR is incomplete (no stamp); removing it"
            rm -rf --one-file-system "$DIR"
        fi
        if ! command -v debootstrap >/dev/null 2>&1; then
            echo "$prog: installing debootstrap on the host"
            DEBIAN_FRONTEND=noninteractive apt-get install -y -q debootstrap \
                || die "cannot install debootstrap (try: apt-get update)"
        fi
        local include
        include=$(package_list | paste -sd, -)
        echo "$prog: debootstrap --variant=minbase $SUITE $DIR $MIRROR"
        debootstrap --variant=minbase --include="$include" \
            "$SUITE" "$DIR" "$MIRROR" \
            || die "debootstrap failed (log: $DIR/debootstrap/debootstrap.log)"
        # apt in the chroot (a changed list, apt-get source) uses the same
        # archive; deb-src for the GCC sources.
        cat >"$DIR/etc/apt/sources.list" <<EOF
deb $MIRROR $SUITE main
deb-src $MIRROR $SUITE main
EOF
        rm -f "$DIR"/var/cache/apt/archives/*.deb
    fi
    { echo "# written by $prog setup; the chroot is complete"
      echo "suite $SUITE"
      echo "mirror $MIRROR"
      echo "date $(date -u +%Y-%m-%dT%H:%M:%SZ)"
      package_list | sed 's/^/package /'; } >"$STAMP.new"
    mv "$STAMP.new" "$STAMP"
    end=$(date +%s)
    echo "$prog: ready in $((end - start)) s: $DIR ($(du -sh --one-file-system "$DIR" | cut -f1))"
    run_in_chroot sh -c 'for c in gcc-13 gcc-14; do printf "  %s: " $c; $c -dumpfullversion; done'
}

# Run "$@" in the chroot.  unshare gives the command its own mount
# namespace with private propagation: the bind mounts made here are seen by
# nobody else and are gone when the namespace's last process exits, on
# success, error, signal or kill -9 alike.
run_in_chroot() {
    [ -x "$DIR/bin/sh" ] || die "no chroot at $DIR; run '$prog setup' first"
    local cwd
    cwd=$(pwd -P)
    unshare --mount --propagation private -- \
        env CALLTAB_CHROOT_DIR="$DIR" CALLTAB_TOP="$TOP" CALLTAB_CWD="$cwd" \
        CALLTAB_CHROOT_BIND="${CALLTAB_CHROOT_BIND:-}" \
        bash -c '
set -euo pipefail
d=$CALLTAB_CHROOT_DIR
bindto() {  # bindto SRC [ro]: SRC and the mounts under it, at the same path
    mkdir -p "$d$1"
    mount --rbind "$1" "$d$1"
    if [ "${2:-}" = ro ]; then mount -o remount,bind,ro "$d$1"; fi
}
# The project tree at the same absolute path, first and alone (--bind): the
# chroot may live inside it, and must not see its own mounts there.
case "$CALLTAB_TOP/" in
    /tmp/*) ;;
    *) mkdir -p "$d$CALLTAB_TOP"; mount --bind "$CALLTAB_TOP" "$d$CALLTAB_TOP" ;;
esac
mount -t proc proc "$d/proc"
bindto /dev
bindto /sys ro
bindto /tmp
IFS=: read -r -a extra <<<"$CALLTAB_CHROOT_BIND"
for x in "${extra[@]}"; do
    [ -n "$x" ] || continue
    [ -d "$x" ] || { echo "gcc-chroot.sh: CALLTAB_CHROOT_BIND: $x: not a directory" >&2; exit 2; }
    bindto "$x" ro
done
# Name resolution for apt-get source/install in the chroot.
if [ -f /etc/resolv.conf ]; then
    touch "$d/etc/resolv.conf" 2>/dev/null || true
    mount --bind /etc/resolv.conf "$d/etc/resolv.conf" 2>/dev/null || true
fi
cwd=$CALLTAB_CWD
[ -d "$d$cwd" ] || cwd=/
exec chroot "$d" /usr/bin/env -i \
    HOME=/root TERM="${TERM:-dumb}" LANG=C.UTF-8 \
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    ${CI:+CI="$CI"} \
    /bin/sh -c "cd \"\$0\" && exec \"\$@\"" "$cwd" "$@"
' calltab-chroot "$@"
}

cmd=${1:-}
[ -n "$cmd" ] || usage_error "missing command"
shift
case "$cmd" in
    -h|--help|help) usage ;;
    setup)
        [ $# -eq 0 ] || usage_error "setup takes no arguments"
        do_setup ;;
    run)
        [ "${1:-}" = -- ] && shift
        [ $# -gt 0 ] || usage_error "run: missing COMMAND"
        need_root run
        [ -f "$STAMP" ] || die "no complete chroot at $DIR; run '$prog setup' first"
        set +e
        run_in_chroot "$@"
        rc=$?
        set -e
        exit $rc ;;
    path) echo "$DIR" ;;
    *) usage_error "unknown command '$cmd'" ;;
esac
