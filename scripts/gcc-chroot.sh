#!/usr/bin/env bash
# gcc-chroot.sh: a Debian chroot with the GCC versions Debian 12 does not
# ship, to build and test calltab with them: Debian 13 "trixie" (GCC 13
# and 14, the default) or Debian unstable "sid" (GCC 15 and 16).
#
#   scripts/gcc-chroot.sh setup
#   scripts/gcc-chroot.sh run -- make GCC=gcc-14 GXX=g++-14 all
#   scripts/gcc-chroot.sh --suite=sid setup
#   scripts/gcc-chroot.sh --gcc=16 run -- make check GCC=gcc-16 GXX=g++-16
#
# The chroot is made only from Debian's archive (debootstrap from
# deb.debian.org) and cached: setup reuses it when its stamp says it is
# complete and was made from the package list below.  See "Debian
# chroots" in docs/testing.md.
set -euo pipefail

prog=gcc-chroot.sh
TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
MIRROR=http://deb.debian.org/debian

# The suites, and the GCC versions each chroot is for (the ones Debian 12
# lacks; 11 and 12 run natively).  One place: check-gcc.sh and the
# Makefile ask with --gcc=N.
suite_gccs() {
    case $1 in
        trixie) echo 13 14 ;;
        sid) echo 15 16 ;;
        *) return 1 ;;
    esac
}
gcc_suite() {
    local s
    for s in trixie sid; do
        case " $(suite_gccs $s) " in *" $1 "*) echo $s; return 0 ;; esac
    done
    return 1
}

# What the project needs in the chroot: scripts/install-deps.sh's list
# for the suite with each of its GCC versions (the compilers with their
# plugin headers, what the library builds against, what `make check`
# uses), and gcc/g++ (gcc-14 in trixie, gcc-16 in sid).
package_list() {
    local n
    { for n in $(suite_gccs "$SUITE"); do
          GCC=gcc-$n sh "$TOP/scripts/install-deps.sh" --list --suite="$SUITE"
      done
      printf '%s\n' gcc g++; } | sort -u
}

usage() {
    cat <<EOF
usage: $prog [--suite=SUITE | --gcc=N] setup
       $prog [--suite=SUITE | --gcc=N] run [--] COMMAND [ARG...]
       $prog [--suite=SUITE | --gcc=N] path
       $prog --gcc=N suite
       $prog --help

A Debian chroot with GCC versions Debian 12 lacks, with their plugin
headers and what \`make check\` needs, made with debootstrap from
deb.debian.org only:
  --suite=trixie  Debian 13: GCC 13 and 14 (the default)
  --suite=sid     Debian unstable: GCC 15 and 16
  --gcc=N         the suite whose chroot has GCC N (13 to 16)

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
  suite   print the suite (with --gcc=N: the one that has GCC N).

Environment:
  CALLTAB_CHROOT_SUITE the suite when no option names one (default trixie)
  CALLTAB_CHROOTS      the directory of the chroots, one per suite in
                       DIR/SUITE (default: build/chroot in the tree)
  CALLTAB_CHROOT       the chroot directory itself (default:
                       \$CALLTAB_CHROOTS/SUITE); refused when its stamp
                       names another suite
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

SUITE=${CALLTAB_CHROOT_SUITE:-trixie}
while [ $# -gt 0 ]; do
    case $1 in
        --suite=*) SUITE=${1#--suite=}; shift ;;
        --gcc=*)
            SUITE=$(gcc_suite "${1#--gcc=}") \
                || usage_error "no chroot has GCC ${1#--gcc=} (trixie: 13, 14; sid: 15, 16)"
            shift ;;
        *) break ;;
    esac
done
suite_gccs "$SUITE" >/dev/null || usage_error "unknown suite '$SUITE' (trixie or sid)"
DIR=${CALLTAB_CHROOT:-${CALLTAB_CHROOTS:-$TOP/build/chroot}/$SUITE}
STAMP=$DIR/.calltab-chroot-stamp

# A chroot made for another suite is never used for this one (a
# CALLTAB_CHROOT left set for the other).
check_stamp_suite() {
    local had
    [ -f "$STAMP" ] || return 0
    had=$(sed -n 's/^suite //p' "$STAMP")
    [ "$had" = "$SUITE" ] \
        || die "$DIR is a $had chroot, not $SUITE (CALLTAB_CHROOT; GCC $(suite_gccs "$SUITE" | sed 's/ / and /') need $SUITE)"
}

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
    check_stamp_suite
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
    # shellcheck disable=SC2016,SC2046  # $c is the chroot shell's; the list splits
    run_in_chroot sh -c 'for c in "$@"; do printf "  %s: " $c; $c -dumpfullversion; done' \
        sh $(suite_gccs "$SUITE" | sed 's/[0-9]*/gcc-&/g')
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
        [ -f "$STAMP" ] || die "no complete chroot at $DIR; run '$prog$([ "$SUITE" = trixie ] || echo " --suite=$SUITE") setup' first"
        check_stamp_suite
        set +e
        run_in_chroot "$@"
        rc=$?
        set -e
        exit $rc ;;
    path) echo "$DIR" ;;
    suite) echo "$SUITE" ;;
    *) usage_error "unknown command '$cmd'" ;;
esac
