#!/bin/bash
# icf-stops.sh: how often gdb names the wrong function inside merged code,
# without and with calltab's frame filter, for one program linked with
# identical code folding (ICF) against the same objects linked without it
# (REF, where every function has its own code).  Used by
# bench/gdb-icf-names.sh and make check-real (docs/disambiguate.md,
# "Measured").
#
#   scripts/real/icf-stops.sh ICF REF LABEL DIR [ARG...]
#
# ARGs are the program's arguments (both runs).  Every address of ICF
# that holds two or more function symbols, each of them a function of its
# own in REF, gets a breakpoint at its first instruction; REF gets one
# at each of those functions.  Names that are aliases of one function in
# REF (a constructor's or destructor's C1/C2 and D1/D2, GCC's IPA-ICF
# aliases) count as that one function; an address whose names are all
# one function in REF too is merged in both and left out.  Both programs run the same way, so the Nth stop at one
# merged address is the Nth at the functions of REF it holds.  At every
# stop the script records gdb's name of frame 0 and, in ICF, the name
# calltab's filter gives it; the truth is gdb's name in REF.  It prints
# the stops, how many gdb names wrong, how many calltab names wrong and
# how many it leaves undecided (by the first words of the reason), the
# same capped at 50 stops per merged address, and the time per stop.
# The last line: "LABEL: N stops, W wrong, U undecided (P% decided;
# capped: N' stops, W' wrong, U' undecided, P'% decided)".  Exit status 1
# when calltab named a stop wrong, 2 when it could not run.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
[ $# -ge 4 ] || { echo "usage: icf-stops.sh ICF REF LABEL DIR [ARG...]" >&2; exit 2; }
icf=$1 ref=$2 label=$3 dir=$4
shift 4
lib=${CALLTAB_LIBRARY:-$top/libcalltab/libcalltab.so.0}
[ -f "$lib" ] || { echo "icf-stops.sh: no $lib (make all)" >&2; exit 2; }
mkdir -p "$dir"
# The merged addresses and their symbols: "ADDR NAME..." per line of
# ICF, NAME's address in the reference for each name.
funcs() { nm --defined-only "$1" | awk '$2 == "T" || $2 == "t" || $2 == "W" || $2 == "w" { print $1, $3 }'; }
funcs "$icf" > "$dir/icf.syms"
funcs "$ref" > "$dir/ref.syms"
python3 - "$dir" <<'EOF'
import collections, sys
d = sys.argv[1]
def read(p):
    by_name = collections.defaultdict(set)
    for line in open(p):
        a, n = line.split()
        by_name[n].add(int(a, 16))
    return by_name
icf, ref = read(d + "/icf.syms"), read(d + "/ref.syms")
at = collections.defaultdict(set)
for n, addrs in icf.items():
    for a in addrs:
        at[a].add(n)
merged = skipped = aliased = 0
with open(d + "/icf.bp", "w") as i, open(d + "/ref.bp", "w") as r:
    for a, names in sorted(at.items()):
        if len(names) < 2:
            continue
        merged += 1
        # Every name at A must be one function of its own in the
        # reference, else the stops cannot be matched one to one.
        if any(len(icf[n]) != 1 or len(ref.get(n, ())) != 1 for n in names):
            skipped += 1
            continue
        raddrs = {next(iter(ref[n])) for n in names}
        if len(raddrs) < 2:
            aliased += 1  # one function's aliases: merged in both
            continue
        i.write("%#x\n" % a)
        for x in sorted(raddrs):
            r.write("%#x\n" % x)
with open(d + "/merged.count", "w") as f:
    f.write("%d %d %d\n" % (merged, skipped, aliased))
EOF

cat > "$dir/stops.py" <<'EOF'
import os, time
import gdb
out = open(os.environ["STOPS_OUT"], "w")
ask = os.environ.get("STOPS_CALLTAB") == "1"
if ask:
    import calltab, calltab.frames
    calltab.register()
spent = [0.0]
class Stop(gdb.Breakpoint):
    def stop(self):
        f = gdb.newest_frame()
        t = time.perf_counter()
        name = f.name()
        sym = ""
        if ask:
            r = calltab.frames.state().ask(f)
            shown = r.display_name()
            if r.answer is not None and r.answer.decided:
                sym = r.answer.function.symbol or ""
        else:
            shown = name
        spent[0] += time.perf_counter() - t
        out.write("%s\t%s\t%#x\t%s\n" % (name, shown, f.pc() - bias, sym))
        return False
# Breakpoints at load addresses: start the program, find its bias the
# way the filter does (gdb's target sections), then continue.
import calltab.frames
gdb.execute("starti", to_string=True)
exe = os.path.realpath(gdb.current_progspace().filename)
bias = {r[2]: r[3] for r in calltab.frames._Sections().ranges}[exe]
for line in open(os.environ["STOPS_BP"]):
    Stop("*%#x" % (int(line, 16) + bias), internal=True)
gdb.execute("continue")
out.write("#time\t%.6f\n" % spent[0])
out.close()
EOF
run_gdb() { # EXE BPFILE OUT CALLTAB
    STOPS_OUT=$3 STOPS_BP=$2 STOPS_CALLTAB=$4 CALLTAB_LIBRARY=$lib \
    PYTHONPATH=$top/libcalltab/gdb \
        nice gdb -q -batch -nx -ex "set debuginfod enabled off" \
        -ex "set pagination off" -x "$dir/stops.py" --args "$1" "${args[@]}" \
        > "$3.log" 2>&1
}
args=("$@")
run_gdb "$ref" "$dir/ref.bp" "$dir/ref.stops" 0
run_gdb "$icf" "$dir/icf.bp" "$dir/icf0.stops" 0
run_gdb "$icf" "$dir/icf.bp" "$dir/icf.stops" 1

python3 - "$dir" "$label" <<'EOF'
import collections, sys
d, label = sys.argv[1], sys.argv[2]
def same(a, b):
    """Whether two of gdb's names of a frame name one function: gdb
    spells some with their parameters (a template's member whose DIE has
    no linkage name), calltab's filter as gdb names others, without; and
    spaces differ inside template arguments."""
    def base(n):
        n = n[:-len(" const")] if n.endswith(" const") else n
        if not n.endswith(")"):
            return n
        depth = 0
        for i in range(len(n) - 1, -1, -1):
            depth += {")": 1, "(": -1}.get(n[i], 0)
            if depth == 0:
                return n[:i]
        return n
    # GCC's DIEs and the demangler space function types apart differently
    # ("F(int)", "F (int)").
    return a == b or base(a).replace(" ", "") == base(b).replace(" ", "")


def syms(p):
    at = collections.defaultdict(set)
    for line in open(p):
        a, n = line.split()
        at[int(a, 16)].add(n)
    return at
iat, rat = syms(d + "/icf.syms"), syms(d + "/ref.syms")
where = {n: a for a, ns in rat.items() for n in ns}
# The merged address of the ICF program each reference address is in.
group = {}
for line in open(d + "/icf.bp"):
    a = int(line, 16)
    for n in iat[a]:
        group[where[n]] = a
def read(p, ref):
    by, t = collections.defaultdict(list), 0.0
    for line in open(p):
        f = line.rstrip("\n").split("\t")
        if f[0] == "#time":
            t = float(f[1])
            continue
        a = int(f[2], 16)
        sym = f[3] if len(f) > 3 else ""
        # The truth's symbols: the names at the reference's address.
        by[group[a] if ref else a].append(
            (f[0], f[1], rat.get(a, set()) if ref else sym))
    return by, t
ref, _ = read(d + "/ref.stops", True)
plain, t0 = read(d + "/icf0.stops", False)
icf, t1 = read(d + "/icf.stops", False)
merged, skipped, aliased = map(int, open(d + "/merged.count").read().split())
# Stops are matched in order per merged address (the Nth entry into
# that code in one program is the Nth in the other); an address whose
# entry counts differ between the programs is left out.
CAP = 50
n = gdb_wrong = ct_wrong = undec = 0
capn = cap_wrong = cap_undec = 0
off = offstops = 0
first = None
reasons = collections.Counter()
wrongs = []
for a in sorted(set(ref) | set(icf)):
    r, g, c = ref.get(a, []), plain.get(a, []), icf.get(a, [])
    if not (len(r) == len(g) == len(c)):
        off += 1
        offstops += len(g)
        continue
    for k, ((truth, _, tsyms), (gname, _, _), (_, shown, sym)) \
            in enumerate(zip(r, g, c)):
        n += 1
        capped = k < CAP
        capn += capped
        gdb_wrong += not same(gname, truth)
        if "[calltab: undecidable" in shown:
            undec += 1
            cap_undec += capped
            # The reason's first words: "tail call", "indirect call", ...
            why = shown.split("[calltab: undecidable: ", 1)[1]
            reasons[why.split(":", 1)[0]] += 1
        # calltab's decision is judged by its symbol (the reference's
        # names at the truth's address), else by its name as gdb spells
        # names (a function returning a pointer to a function reads
        # differently in the demangler's spelling and in gdb's).
        elif not (sym in tsyms if sym else same(shown, truth)):
            ct_wrong += 1
            cap_wrong += capped
            first = first or (truth, gname, shown)
            wrongs.append("%#x\t%s\t%s\t%s" % (a, truth, gname, shown))
pct = lambda k: 100.0 * k / n if n else 0.0
print("%s: %d addresses with several functions;" % (label, merged))
print("  %d left out (a name not one function of its own in both programs)"
      % skipped)
print("  %d left out (one function's aliases in both programs: merged in both)"
      % aliased)
print("  %d left out (entered %d times in the ICF program, a different"
      " number in the reference)" % (off, offstops))
print("%d stops at %d merged addresses" % (n, merged - skipped - aliased - off))
print("gdb alone wrong:        %5d of %d (%.0f%%)" % (gdb_wrong, n, pct(gdb_wrong)))
print("with calltab wrong:     %5d of %d (%.0f%%)" % (ct_wrong, n, pct(ct_wrong)))
print("with calltab undecided: %5d of %d (%.0f%%, gdb's name kept and marked)"
      % (undec, n, pct(undec)))
for why, k in reasons.most_common():
    print("  undecided, %-32s %5d" % (why + ":", k))
print("capped at %d stops per merged address: %d stops, calltab wrong %d,"
      " undecided %d (%.1f%% decided)"
      % (CAP, capn, cap_wrong, cap_undec,
         100.0 * (capn - cap_undec) / capn if capn else 0.0))
print("decided: %.1f%% of all stops" % (100.0 * (n - undec) / n if n else 0.0))
tot = sum(len(v) for v in plain.values())
if tot:
    print("naming per stop: gdb %.1f us, gdb + calltab %.1f us, ratio %.1f"
          % (1e6 * t0 / tot, 1e6 * t1 / tot, t1 / t0 if t0 else 0.0))
if first:
    print("  first wrong: truth %s, gdb %s, calltab %s" % first)
# Every stop named wrong, for a look: address, truth, gdb's, calltab's.
with open(d + "/wrong.txt", "w") as f:
    for w in wrongs:
        f.write(w + "\n")
capd = 100.0 * (capn - cap_undec) / capn if capn else 0.0
print("%s: %d stops, %d wrong, %d undecided (%.1f%% decided; capped: %d stops,"
      " %d wrong, %d undecided, %.1f%% decided)"
      % (label, n, ct_wrong, undec, 100.0 * (n - undec) / n if n else 0.0,
         capn, cap_wrong, cap_undec, capd))
sys.exit(1 if ct_wrong else 0)
EOF
