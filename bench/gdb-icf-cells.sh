#!/bin/bash
# Every cell of the scores in merged code: each suite of SUITES (samples:
# bench/gdb-icf-names.sh; googletest, googlemock: bench/gdb-icf-tests.sh;
# ninja: bench/gdb-icf-ninja.sh) at each level of OPTS, PIE or not
# (PIES), linked by each of LINKERS with --icf=all.  Per cell: the stops
# in merged code, how many calltab's gdb filter names wrong, how many it
# leaves undecided (by reason) and the share decided; written as a
# section of bench/results.md (RESULTS=FILE elsewhere, RESULTS= : none),
# one per value of SUITES.
#
#   bench/gdb-icf-cells.sh        (SUITES="samples", OPTS="-O0 -O2",
#                                  PIES="yes no", LINKERS="gold lld",
#                                  KEEP=DIR keeps and reuses the builds;
#                                  with REUSE=1 also the cells of an
#                                  earlier run in DIR that have their
#                                  figures, when the tree is the same)
#
# Exit status 1 when a stop was named wrong (or verify found an error or
# a warning) in any cell, 2 when a cell could not be measured.  The
# samples at -O0 stop some 50,000 times a link: about 40 minutes for
# their eight cells.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
SUITES=${SUITES:-samples}
OPTS=${OPTS:--O0 -O2}
PIES=${PIES:-yes no}
LINKERS=${LINKERS:-gold lld}
# shellcheck source=bench/lib.sh
. "$top/bench/lib.sh"
bench_workdir
t_start=$(date +%s)
# The tree a cell was measured with: the commit and the state of the
# parts that score (a reused cell must be of the same).
tree="$(git -C "$top" rev-parse --short HEAD 2>/dev/null || echo unknown) $(git -C "$top" status --porcelain -- libcalltab gcc-plugin scripts/real bench 2>/dev/null | md5sum | cut -c1-8)"
table=$dir/cells.md
: >"$table"
worst=0
for suite in $SUITES; do
    case $suite in
    samples) run=(bash "$top/bench/gdb-icf-names.sh") ;;
    googletest | googlemock) run=(bash "$top/bench/gdb-icf-tests.sh" "$suite") ;;
    ninja) run=(bash "$top/bench/gdb-icf-ninja.sh") ;;
    *) echo "gdb-icf-cells.sh: unknown suite $suite" >&2; exit 2 ;;
    esac
    for opt in $OPTS; do
        for pie in $PIES; do
            for ld in $LINKERS; do
                out=$dir/$suite$opt-pie=$pie-$ld.txt
                echo "== $suite, $ld --icf=all, $opt, PIE=$pie" >&2
                rc=0
                if [ "${REUSE:-}" = 1 ] && [ -f "$out.rc" ] &&
                       [ "$(cat "$out.tree" 2>/dev/null)" = "$tree" ]; then
                    rc=$(cat "$out.rc")
                    echo "(reused)" >&2
                else
                    KEEP=$dir/$suite OPT=$opt PIE=$pie "${run[@]}" "$ld" >"$out" 2>&1 || rc=$?
                    echo "$rc" >"$out.rc"
                    echo "$tree" >"$out.tree"
                fi
                tail -n 1 "$out" >&2
                [ "$rc" -le "$worst" ] || worst=$rc
                [ "$rc" -le 1 ] || { echo "$suite $ld $opt PIE=$pie: not measured" >&2; tail "$out" >&2; }
                python3 - "$out" "$suite" "$ld" "$opt" "$pie" "$rc" >>"$table" <<'EOF'
import collections, re, sys
out, suite, ld, opt, pie, rc = sys.argv[1:]
text = open(out).read()
reasons = collections.Counter()
for why, k in re.findall(r"^  undecided, (.*?):\s+(\d+)$", text, re.M):
    reasons[why] += int(k)
# The last summary line: a program's, or the sum of a suite's programs.
m = None
for m in re.finditer(r"(\d+) stops, (\d+) wrong, (\d+) undecided \(([\d.]+)% decided", text):
    pass
if rc not in ("0", "1") or m is None:
    print("| %s | %s | %s | %s | not measured (exit %s) | | | | |"
          % (suite, ld, opt, pie, rc))
    sys.exit(0)
n, w, u, p = m.groups()
print("| %s | %s | %s | %s | %s | %s | %s | %s%% | %s |"
      % (suite, ld, opt, pie, n, w, u, p,
         ", ".join("%s %d" % r for r in reasons.most_common()) or "none"))
EOF
            done
        done
    done
done
secs=$(( $(date +%s) - t_start ))
cat "$table"

section=$dir/section.md
head=$(git -C "$top" rev-parse --short HEAD 2>/dev/null || echo unknown)
dirty=
[ -z "$(git -C "$top" status --porcelain -- libcalltab 2>/dev/null)" ] ||
    dirty=" (libcalltab/ modified in the worktree)"
{
    echo "## Merged code under gdb: $SUITES (bench/gdb-icf-cells.sh)"
    echo
    echo "Written by \`bench/gdb-icf-cells.sh\`; docs/disambiguate.md says how a stop is scored (scripts/real/icf-stops.sh): every address of the --icf=all link where two or more functions start, by symbols and by GCC's DIEs, gets a breakpoint; the truth is gdb's name in the same objects linked without ICF."
    echo
    echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC'), $secs s"
    echo "- tree: $head$dirty; $("${CXX:-g++}" --version | head -1); $(gdb --version | head -1)"
    echo "- settings: SUITES=\"$SUITES\", OPTS=\"$OPTS\", PIES=\"$PIES\", LINKERS=\"$LINKERS\"${REUSE:+, REUSE=1 (cells of an earlier run of the same tree kept)}"
    echo
    echo "| suite | linker | level | PIE | stops | wrong | undecided | decided | undecided by reason |"
    echo "|---|---|---|---|---:|---:|---:|---:|---|"
    cat "$table"
} >"$section"
bench_results_section "<!-- bench/gdb-icf-cells.sh $SUITES -->" "$section"
exit "$worst"
