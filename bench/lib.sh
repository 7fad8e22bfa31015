# shellcheck shell=sh
# bench/lib.sh: what the bench scripts share (sourced, POSIX sh).

# bench_workdir: set $dir to the scripts' scratch directory: $KEEP when
# given (created, kept afterwards), else a temporary one removed at exit.
bench_workdir () {
    if [ -n "${KEEP:-}" ]; then
        mkdir -p "$KEEP"
        dir=$(cd "$KEEP" && pwd)
    else
        dir=$(mktemp -d)
        trap 'rm -rf "$dir"' EXIT
    fi
}

# bench_apt_source DIR PKG...: download the source packages PKG of
# Debian 12 (bookworm) into DIR with apt-get source, through an apt
# configuration of DIR's own (deb-src need not be in the system's
# sources).  The log is DIR/apt.log; returns non-zero on failure.
bench_apt_source () {
    mkdir -p "$1/apt/lists/partial" || return 1
    _d=$(cd "$1" && pwd) || return 1
    shift
    printf 'deb-src http://deb.debian.org/debian bookworm main\n' \
        >"$_d/apt/src.list" || return 1
    _apt () {
        apt-get -o "Dir::Etc::SourceList=$_d/apt/src.list" \
            -o Dir::Etc::SourceParts=/dev/null \
            -o "Dir::State::Lists=$_d/apt/lists" "$@"
    }
    _apt update -qq >"$_d/apt.log" 2>&1 || return 1
    (cd "$_d" && _apt source --download-only "$@") >>"$_d/apt.log" 2>&1
}

# bench_score_icf ICF REF LABEL NAME: the stops in merged code of the
# --icf=all link ICF against REF, the same objects linked without ICF
# (scripts/real/icf-stops.sh of the tree at $top, run in the current
# directory: its figures in NAME.txt and on standard output, its stops
# in NAME-stops), then `calltab verify` on ICF (NAME-icf.verify; its
# summary printed after "verify: ").  Returns 0; 1 when calltab named a
# stop wrong or verify found an error or a warning; 2 when either could
# not run.
bench_score_icf () {
    _wrong=0 _rc=0
    bash "$top/scripts/real/icf-stops.sh" "$1" "$2" "$3" "$4-stops" \
        >"$4.txt" 2>&1 || _rc=$?
    cat "$4.txt"
    [ "$_rc" -le 1 ] || { echo "$3: icf-stops.sh failed ($_rc)" >&2; return 2; }
    [ "$_rc" -eq 0 ] || _wrong=1
    _rc=0
    "$top/libcalltab/tools/calltab" verify "$1" >"$4-icf.verify" 2>&1 || _rc=$?
    _v=$(tail -n 1 "$4-icf.verify")
    echo "verify: $_v"
    case $_rc:$_v in
    0:*": 0 errors, 0 warnings"*) ;;
    [01]:*) echo "$3: calltab verify: errors or warnings ($4-icf.verify)" >&2
            _wrong=1 ;;
    *) echo "$3: calltab verify failed ($_rc)" >&2; return 2 ;;
    esac
    return "$_wrong"
}

# bench_icf_flags: OPT (the objects' level, default -O2) and PIE (yes or
# no: whether both links make a PIE, default yes) of the gdb-icf
# scripts, checked; sets link_pie to the link's flag and obj to the
# folder of $dir the objects of that level go in.
bench_icf_flags () {
    OPT=${OPT:--O2} PIE=${PIE:-yes}
    case $OPT in -O[0123sg]) ;; *) echo "OPT=$OPT: -O0, -O1, -O2, -O3, -Os or -Og" >&2; exit 2 ;; esac
    case $PIE in yes) link_pie=-pie ;; no) link_pie=-no-pie ;;
        *) echo "PIE=$PIE: yes or no" >&2; exit 2 ;; esac
    obj=$dir/obj$OPT
    mkdir -p "$obj"
}

# bench_results_section MARK FILE: replace the section of RESULTS
# (bench/results.md; RESULTS= : none) that begins with the line MARK
# ("<!-- bench/NAME.sh -->") by MARK and FILE's lines, at the end; the
# other scripts' sections stay.
bench_results_section () {
    _res=${RESULTS-$top/bench/results.md}
    [ -n "$_res" ] || return 0
    {
        if [ -f "$_res" ]; then
            awk -v m="$1" '$0 == m { skip = 1; next }
                           skip && /^<!-- bench\// { skip = 0 }
                           !skip' "$_res" |
                awk '{ l[NR] = $0 } NF { last = NR } END { for (i = 1; i <= last; i++) print l[i] }'
            echo
        fi
        echo "$1"
        cat "$2"
    } >"$_res.tmp"
    mv "$_res.tmp" "$_res"
    echo "written $_res" >&2
}
