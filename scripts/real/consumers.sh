#!/usr/bin/env bash
# consumers.sh: the debug information is no worse for other consumers with
# the plugin than without.  At one level, every object (and two linked
# googletest programs) is built twice, with the plugin (LEVELDIR/PROG/)
# and without (LEVELDIR/noplugin/PROG/), and compared:
#   readelf -w, eu-readelf -w   no complaint (stderr, after numbers are
#                               masked) more often with the plugin, same
#                               exit status
#   llvm-dwarfdump --verify     no error or warning line (numbers masked)
#                               more often with the plugin
# Each under a timeout: CONSUMER_TIMEOUT (DWARFDUMP_TIMEOUT) without the
# plugin, then 3 times what that took plus 30 s (at least the same) with
# it.  Timed out without the plugin: the run with it is skipped, "not
# run"; timed out with the plugin only is worse.
#   gdb (linked programs)       the same answers: breakpoints, run, bt,
#                               info line, in batch mode
#
#   consumers.sh pairs LEVELDIR          the compared files, "WITH WITHOUT"
#   consumers.sh jobs LEVELDIR           the job lines for check-real's pool
#   consumers.sh run TOOL WITH WITHOUT   TOOL (readelf, eu-readelf,
#                                        dwarfdump) on both; WITH.TOOL-cmp
#   consumers.sh gdb WITH WITHOUT        WITH.gdb-cmp
#   consumers.sh report LEVELDIR         one line per file; exit 1 on a
#                                        worse result with the plugin
set -euo pipefail
# shellcheck source=scripts/real/common.sh
. "$(dirname "$0")/common.sh"

self=$REAL_TOP/scripts/real/consumers.sh
# sort and comm agree on the order: comm -23 is then a multiset difference.
export LC_ALL=C

dwarfdump() {
    if command -v llvm-dwarfdump-14 >/dev/null 2>&1; then
        echo llvm-dwarfdump-14
    else
        echo llvm-dwarfdump
    fi
}

# Complaints, numbers masked, one per line, sorted: what is compared.
mask() {
    sed -E -e "s|$1|FILE|g" -e 's/0x[0-9a-fA-F]+/0xN/g' -e 's/[0-9]+/N/g' | sort
}

# Lines of $1 (a masked, sorted list) that occur more often than in $2.
more_often() {
    comm -23 "$1" "$2"
}

pairs() {
    local d=$1 f
    for f in "$d"/sqlite/*.o "$d"/gtest/*.o "$d"/expat/*.o \
             "$d"/gtest/test-bfd "$d"/gtest/test-lld-icf; do
        [ -e "$f" ] || [ -e "$f.failed" ] || continue
        printf '%s %s\n' "$f" "$d/noplugin/${f#"$d"/}"
    done
}

case $1 in
pairs)
    pairs "$2"
    ;;
jobs)
    # The long llvm-dwarfdump runs first.
    pairs "$2" | while read -r w wo; do
        case $w in */test-*) ;; *) real_cmd "$self" run dwarfdump "$w" "$wo" ;; esac
    done
    pairs "$2" | while read -r w wo; do
        real_cmd "$self" run readelf "$w" "$wo"
        real_cmd "$self" run eu-readelf "$w" "$wo"
    done
    pairs "$2" | while read -r w wo; do
        case $w in */test-*) real_cmd "$self" gdb "$w" "$wo" ;; esac
    done
    ;;
run)
    # consumers.sh run TOOL WITH WITHOUT: TOOL on both files, without the
    # plugin first: its time sets the budget of the other run.  Records
    # WITH.TOOL-cmp: "EXIT0 SECONDS0 EXIT1 SECONDS1 BUDGET" (124: timed
    # out); the complaints in FILE.TOOL (readelf: stderr; llvm-dwarfdump:
    # its whole output).
    tool=$2
    w=$3
    wo=$4
    res=$w.$tool-cmp
    rm -f "$res"
    if [ ! -f "$w" ] || [ ! -f "$wo" ]; then
        echo "missing" >"$res"
        exit 0
    fi
    case $tool in
    readelf) cmd=(readelf -w) ;;
    eu-readelf) cmd=(eu-readelf -w) ;;
    dwarfdump) cmd=("$(dwarfdump)" --verify) ;;
    *) echo "consumers.sh: unknown tool $tool" >&2; exit 2 ;;
    esac
    # run_tool SECONDS FILE: FILE.TOOL gets the complaints; the status is
    # the tool's (124: timed out).  readelf says "Unrecognized debug
    # section" on stdout, the rest of its complaints go to stderr.
    run_tool() {
        if [ "$tool" = dwarfdump ]; then
            timeout --foreground "$1" "${cmd[@]}" "$2" >"$2.$tool" 2>&1
            return
        fi
        timeout --foreground "$1" "${cmd[@]}" "$2" 2>"$2.$tool.err" |
            { grep -E '^Unrecognized debug section' || true; } >"$2.$tool"
        local rc=${PIPESTATUS[0]}
        cat "$2.$tool.err" >>"$2.$tool"
        rm -f "$2.$tool.err"
        return "$rc"
    }
    limit=$CONSUMER_TIMEOUT
    [ "$tool" = dwarfdump ] && limit=$DWARFDUMP_TIMEOUT
    set +e
    t0=$(date +%s)
    run_tool "$limit" "$wo"
    rc0=$?
    t1=$(date +%s)
    budget=$(( (t1 - t0) * 3 + 30 ))
    [ "$budget" -lt "$limit" ] && budget=$limit
    if [ "$rc0" = 124 ]; then
        # Nothing to compare the run with the plugin with.
        rc1=skipped
        budget=0
    else
        run_tool "$budget" "$w"
        rc1=$?
    fi
    t2=$(date +%s)
    set -e
    echo "$rc0 $((t1 - t0)) $rc1 $((t2 - t1)) $budget" >"$res"
    ;;
gdb)
    w=$2
    wo=$3
    res=$w.gdb-cmp
    rm -f "$res"
    if [ ! -f "$w" ] || [ ! -f "$wo" ]; then
        echo "missing" >"$res"
        exit 0
    fi
    # The same program path and directory for both runs: the same stack.
    run=$(mktemp -d "$REAL_DIR/gdb.XXXXXX")
    cat >"$run/cmds" <<'EOF'
set pagination off
set confirm off
set width 0
set height 0
break Factorial
break IsPrime
break MyString::Set
break Counter::Increment
info line Factorial
info line MyString::Set
run --gtest_filter=FactorialTest.*:IsPrimeTest.*:MyString.*:Counter.* >/dev/null 2>&1
bt
info line *$pc
EOF
    # Nine more stops ($pc is gdb's).
    # shellcheck disable=SC2016
    for _ in 1 2 3 4 5 6 7 8 9; do
        printf 'continue\nbt\ninfo line *$pc\n' >>"$run/cmds"
    done
    for f in "$wo" "$w"; do
        cp "$f" "$run/prog"
        (cd "$run" && timeout 300 gdb -batch -nx -x cmds ./prog) 2>&1 |
            sed -E -e 's/process [0-9]+/process N/g' -e 's/LWP [0-9]+/LWP N/g' \
                >"$f.gdb" || true
    done
    rm -rf "$run"
    if ! grep -q '^Breakpoint 1, ' "$wo.gdb"; then
        echo "norun" >"$res"
    elif cmp -s "$wo.gdb" "$w.gdb"; then
        echo "same $(grep -c '^Breakpoint [0-9]*, ' "$w.gdb")" >"$res"
    else
        diff "$wo.gdb" "$w.gdb" >"$w.gdb-diff" || true
        # Line numbers aside, the same answers (stops, frames, inline
        # frames, functions, arguments, gdb's messages)?  gdb merges
        # consecutive rows of one line when the line has a non-zero
        # discriminator (gdb's dwarf_record_line_p, PR 17276), so with
        # more discriminated lines some answers name another line of the
        # function (docs/discriminators.md, "gdb"): counted, known.
        for f in "$wo" "$w"; do
            sed -E -e 's/:[0-9]+$//' -e 's/^[0-9]+\t.*//' \
                -e 's/^Line [0-9]+ of (".*") starts at address .*/Line of \1/' \
                "$f.gdb" >"$f.gdb-nolines"
        done
        if cmp -s "$wo.gdb-nolines" "$w.gdb-nolines"; then
            echo "lines $(grep -c '^>' "$w.gdb-diff")" >"$res"
        else
            echo "differ" >"$res"
        fi
    fi
    ;;
report)
    d=$2
    bad=0
    known='Unrecognized debug section: \.debug_(dcall|vcall|tcall|pcall)'
    while read -r w wo; do
        name=${w#"$d"/}
        line=
        verdict=ok
        for tool in readelf eu-readelf dwarfdump; do
            [ -f "$w.$tool-cmp" ] || continue
            label=$tool
            [ "$tool" = dwarfdump ] && label="llvm-dwarfdump --verify"
            read -r rc0 t0 rc1 t1 budget <"$w.$tool-cmp" || true
            if [ "$rc0" = missing ]; then
                line+="  $label: not built"
                verdict=FAIL
                continue
            elif [ "$rc0" = 124 ]; then
                line+="  $label: not run (timed out without the plugin after ${t0}s)"
                continue
            elif [ "$rc1" = 124 ]; then
                line+="  $label: WORSE (${t0}s without the plugin, timed out after ${budget}s with)"
                verdict=FAIL
                continue
            fi
            # The complaints: readelf's stderr, llvm-dwarfdump's error
            # and warning lines; numbers masked, compared as multisets.
            if [ "$tool" = dwarfdump ]; then
                grep -E '^(error|warning):' "$w.$tool" | mask "$w" >"$w.$tool.masked" || true
                grep -E '^(error|warning):' "$wo.$tool" | mask "$wo" >"$wo.$tool.masked" || true
            else
                mask "$w" <"$w.$tool" >"$w.$tool.masked"
                mask "$wo" <"$wo.$tool" >"$wo.$tool.masked"
            fi
            # binutils 2.40's readelf does not know the two call-table
            # sections: it names each on stdout and exits 1.  That is
            # expected (docs/testing.md; patches/ teaches readelf them)
            # and shown as "known", not counted as new.
            more_often "$w.$tool.masked" "$wo.$tool.masked" |
                grep -vxE "$known" >"$w.$tool.new" || true
            nknown=$(more_often "$w.$tool.masked" "$wo.$tool.masked" | grep -cxE "$known" || true)
            n0=$(wc -l <"$wo.$tool.masked")
            n1=$(wc -l <"$w.$tool.masked")
            if [ -s "$w.$tool.new" ]; then
                line+="  $label: WORSE ($n1 vs $n0 complaints, see $name.$tool.new)"
                verdict=FAIL
            elif [ "$tool" != dwarfdump ] && [ "$rc0" != "$rc1" ] &&
                 ! { [ "$nknown" -gt 0 ] && [ "$rc0" = 0 ] && [ "$rc1" = 1 ]; }; then
                line+="  $label: WORSE (exit $rc1 vs $rc0)"
                verdict=FAIL
            else
                line+="  $label: no new complaint ($n1 vs $n0"
                [ "$nknown" -gt 0 ] && line+=", $nknown known, exit $rc1 vs $rc0"
                line+="; ${t1}s, ${t0}s)"
            fi
        done
        # gdb, linked programs.
        if [ -f "$w.gdb-cmp" ]; then
            read -r g n <"$w.gdb-cmp" || true
            case $g in
            same) line+="  gdb: same answers ($n stops)" ;;
            lines)
                line+="  gdb: same frames and functions, $n line answers"
                line+=" differ (known: gdb merges discriminated rows;"
                line+=" $name.gdb-diff)"
                ;;
            differ)
                line+="  gdb: DIFFERENT answers (see $name.gdb-diff)"
                verdict=FAIL
                ;;
            *)
                line+="  gdb: $g (no breakpoint hit without the plugin)"
                verdict=FAIL
                ;;
            esac
        fi
        [ "$verdict" = ok ] || bad=$((bad + 1))
        printf '%s %-22s%s  %s\n' "$CONSUMER_LEVEL" "$name" "$line" "$verdict"
    done < <(pairs "$d")
    echo "consumers: $bad file(s) worse with the plugin" >"$d/consumers.summary"
    [ "$bad" -eq 0 ]
    ;;
*)
    echo "consumers.sh: unknown step $1" >&2
    exit 2
    ;;
esac
