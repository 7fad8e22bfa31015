#!/usr/bin/env bash
# run-jobs.sh OBJDIR JOBS SITE-EXP [RUNTESTFLAGS...]: run the testsuite's
# .exp files in JOBS runtest processes at once, then merge their results
# into OBJDIR/calltab.sum and OBJDIR/calltab.log as one run's, and print
# the closing line (testsuite/summarize.sh).
#
# As GCC's `make -jN check' does, the unit of work is a test file: each
# worker claims the next unclaimed one (mkdir is atomic, as in GCC's
# gcc_parallel_test_run_p) and runs it with runtest in an objdir of its
# own, OBJDIR/run/DIR.NAME (its scratch files in tmp/ there), so that two
# files running at once never share a scratch directory.  The files
# measured longest start first (SLOW below), so that the workers end
# together.
#
# Words of RUNTESTFLAGS that name .exp files (NAME.exp, a path ending in
# it, or either with =SUBSET) select those files; the other words are
# passed to every runtest.  JOBS 1 runs the files one after another.
set -u
objdir=$1 jobs=$2 site=$3
shift 3
srcdir=$(cd "$(dirname "$0")" && pwd)

# The files that take longest (docs/testing.md, "Running in parallel"),
# in that order; the others follow in DejaGnu's own order.
SLOW="calltab.calls/corpus.exp calltab.consumers/consumers.exp
calltab.fuzz/fuzz.exp calltab.plugin/memcheck.exp
calltab.identity/identity.exp calltab.verify/nomem.exp
calltab.verify/fuzz-verify.exp calltab.disambiguate/disambiguate.exp
calltab.prune/prune.exp calltab.discrim/discrim.exp
calltab.plugin/decl-units.exp"

flags=()
declare -A wanted=()
for w in "$@"; do
    case ${w%%=*} in
        *.exp) wanted[${w%%=*}]=$w ;;
        *) flags+=("$w") ;;
    esac
done

# The selected files, each as DIR/NAME.exp relative to srcdir, with the
# subset (=...) asked for it.
declare -A subset=()
all=$(cd "$srcdir" && find calltab.* -name '*.exp' | LC_ALL=C sort)
files=()
for f in $SLOW $all; do
    [ -n "${subset[$f]+x}" ] && continue
    [ -f "$srcdir/$f" ] || continue
    if [ ${#wanted[@]} -gt 0 ]; then
        sel=
        for k in "${!wanted[@]}"; do
            case /$f in
                */"$k") sel=${wanted[$k]} ;;
            esac
        done
        [ -n "$sel" ] || continue
        case $sel in *=*) subset[$f]="=${sel#*=}" ;; *) subset[$f]= ;; esac
    else
        subset[$f]=
    fi
    files+=("$f")
done
if [ ${#files[@]} -eq 0 ]; then
    echo "run-jobs: no test file matches: ${!wanted[*]}" >&2
    echo "0 passed, 1 failed"
    exit 1
fi

mkdir -p "$objdir/run" "$objdir/claims"

# The objdir of the test file DIR/NAME.exp: OBJDIR/run/DIR.NAME.
file_dir () {
    local f=${1%.exp}
    echo "$objdir/run/${f//\//.}"
}

# Run file number I: its own objdir, site.exp naming it.
run_one () {
    local f=${files[$1]}
    local d
    d=$(file_dir "$f")
    mkdir -p "$d"
    sed "s|^set objdir .*|set objdir \"$d\"|" "$site" > "$d/site.exp"
    (cd "$d" && LC_ALL=C ${RUNTEST:-runtest} --tool calltab "${flags[@]}" \
        "$f${subset[$f]}" > runtest.out 2>&1)
    echo $? > "$d/status"
}

worker () {
    local i
    for i in "${!files[@]}"; do
        mkdir "$objdir/claims/$i" 2>/dev/null || continue
        run_one "$i"
    done
}

pids=()
for _ in $(seq 1 "$jobs"); do
    worker &
    pids+=($!)
done
wait "${pids[@]}"

# Merge: DejaGnu's header from the first file's summary, every file's
# results in the order above, then the counts of the whole run.
sum=$objdir/calltab.sum log=$objdir/calltab.log
status=0
: > "$log"
first=1
for f in "${files[@]}"; do
    d=$(file_dir "$f")
    if [ ! -f "$d/calltab.sum" ]; then
        echo "ERROR: $f: runtest wrote no summary (see $d/runtest.out)" >> "$log"
        status=1
        continue
    fi
    s=$(cat "$d/status" 2>/dev/null || echo 1)
    [ "$s" -eq 0 ] || status=$s
    if [ $first -eq 1 ]; then
        sed -n '1,/^Running target/p' "$d/calltab.sum" > "$sum"
        first=0
    fi
    sed -n '/^Running .*\.exp \.\.\./,/^[[:space:]]*=== calltab Summary/p' \
        "$d/calltab.sum" | sed '$d' >> "$sum"
    cat "$d/calltab.log" >> "$log"
done
{
    echo
    printf '\t\t=== calltab Summary ===\n\n'
    for k in PASS FAIL XPASS XFAIL UNRESOLVED UNTESTED UNSUPPORTED; do
        n=$(grep -c "^$k:" "$sum")
        [ "$n" -gt 0 ] || continue
        case $k in
            PASS) what="expected passes" ;; FAIL) what="unexpected failures" ;;
            XPASS) what="unexpected successes" ;; XFAIL) what="expected failures" ;;
            UNRESOLVED) what="unresolved testcases" ;;
            UNTESTED) what="untested testcases" ;;
            UNSUPPORTED) what="unsupported tests" ;;
        esac
        printf '# of %s\t\t%d\n' "$what" "$n"
    done
} >> "$sum"
grep -E '^(FAIL|XPASS|UNRESOLVED|ERROR|WARNING):' "$sum" "$log" 2>/dev/null | sort -u
exec "$srcdir/summarize.sh" "$sum" "$log" "$status"
