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
# where two or more functions start (`calltab disambiguate --list`: by
# the symbols and by GCC's DIEs, so that two static functions gold folded
# into one symbol count too), each of them a function of its own in REF,
# gets a breakpoint at its first instruction; REF gets one at each of
# those functions.  A function is the same in both programs by its
# symbol, else (gold dropped its symbol) by its DIE: both links copy
# .debug_info alike (checked).
# Names that are aliases of one function in REF (a constructor's or
# destructor's C1/C2 and D1/D2, GCC's IPA-ICF aliases) count as that one
# function; an address whose functions are all one function in REF too
# is merged in both and left out.  Both programs run the same way, so
# the Nth stop at one merged address is the Nth at the functions of REF
# it holds.  At every stop the script records gdb's name of frame 0 and,
# in ICF, the name calltab's filter gives it; the truth is gdb's name in
# REF.  It prints the stops, how many gdb names wrong, how many calltab
# names wrong (its function, by DIE or symbol, not one of REF's at the
# truth's address) and how many it leaves undecided (by the first words
# of the reason), the same capped at 50 stops per merged address, and
# the time per stop.  STOPS_CAP=N records only the first N stops at each
# merged address (the program runs on without its breakpoints there):
# make check-real's for the samples, whose full figures are the bench's.
# Capped, an address entered a different number of times in the two
# links (a program that tests pointer identity) is no longer left out,
# and its stops no longer correspond: only for programs whose merged
# code both links enter alike.
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
calltab=$top/libcalltab/tools/calltab
# A DIE is one function in both programs only when both links copied
# the same .debug_info (the same objects in the same order: the same
# size; linkers do not change a unit's length).
info_size() { readelf -SW "$1" | awk '$2 == ".debug_info" { print $6 }'; }
if [ "$(info_size "$icf")" != "$(info_size "$ref")" ]; then
    echo "icf-stops.sh: .debug_info differs in size between $icf and $ref:" \
         "their DIEs cannot be matched" >&2
    exit 2
fi
# Every function start of ICF and of REF, with their functions (one JSON
# object per address); ICF's merged addresses have two or more.
"$calltab" disambiguate --json --list=all "$icf" > "$dir/icf.list"
"$calltab" disambiguate --json --list=all "$ref" > "$dir/ref.list"
python3 - "$dir" <<'EOF'
import collections, json, sys
d = sys.argv[1]
def read(p):
    return {o["address"]: o["functions"]
            for o in map(json.loads, open(p))}
icf, ref = read(d + "/icf.list"), read(d + "/ref.list")
def keys(f):
    """A function's identities: its symbol (or name), and its DIE."""
    k = [("sym", f["linkage_name"] or f["name"])]
    return k + ([("die", f["die"])] if f["die"] else [])
def places(at):
    where = collections.defaultdict(set)
    for a, fs in at.items():
        for f in fs:
            for k in keys(f):
                where[k].add(a)
    return where
where, icf_where = places(ref), places(icf)
truth = {a: {k for f in fs for k in keys(f)} for a, fs in ref.items()}
def place(f, a):
    """Where F's code at A is in the reference: by its symbol, else its
    DIE (a function whose symbol the linker dropped).  A function in two
    parts (foo and foo.cold) has its parts in the same order in both
    programs (both linkers put .text.unlikely first): the part of the
    same rank.  None when neither tells (a name at other addresses in
    each program: a static function of several files)."""
    for k in keys(f):
        if k in where:
            mine, theirs = sorted(icf_where[k]), sorted(where[k])
            if len(mine) == len(theirs):
                return theirs[mine.index(a)]
    return None
merged = skipped = aliased = 0
group = {}
with open(d + "/icf.bp", "w") as i, open(d + "/ref.bp", "w") as r:
    for a, fs in sorted(icf.items()):
        if len(fs) < 2:
            continue
        merged += 1
        # Every function at A must be one function of its own in the
        # reference, else the stops cannot be matched one to one.
        places = [place(f, a) for f in fs]
        if None in places:
            skipped += 1
            continue
        if len(set(places)) < 2:
            aliased += 1  # one function's aliases: merged in both
            continue
        i.write("%#x\n" % a)
        for x in sorted(set(places)):
            r.write("%#x\n" % x)
            group[x] = a
json.dump({"merged": [merged, skipped, aliased],
           "group": {str(x): a for x, a in group.items()},
           "truth": {str(x): sorted(map(list, truth[x])) for x in group}},
          open(d + "/merged.json", "w"))
EOF

cat > "$dir/stops.py" <<'EOF'
import json, os, time
import gdb
out = open(os.environ["STOPS_OUT"], "w")
ask = os.environ.get("STOPS_CALLTAB") == "1"
if ask:
    import calltab, calltab.frames
    calltab.register()
spent = [0.0]
# STOPS_CAP: the stops recorded per merged address (in the reference,
# per group of the functions it holds), its breakpoints deleted after
# the last (after the stop: gdb.post_event), so that the program runs
# on at full speed; the Nth stop is still the Nth in every run.
cap = int(os.environ.get("STOPS_CAP") or 0)
group = {}
if os.environ.get("STOPS_REF") == "1":
    group = {int(x): a for x, a in
             json.load(open(os.environ["STOPS_MERGED"]))["group"].items()}
seen, members = {}, {}
class Stop(gdb.Breakpoint):
    def stop(self):
        if cap:
            g = group.get(self.addr, self.addr)
            seen[g] = seen.get(g, 0) + 1
            if seen[g] > cap:
                return False
            if seen[g] == cap:
                for b in members[g]:
                    gdb.post_event(b.delete)
        f = gdb.newest_frame()
        t = time.perf_counter()
        name = f.name()
        sym, die = "", 0
        if ask:
            r = calltab.frames.state().ask(f)
            shown = r.display_name()
            if r.answer is not None and r.answer.decided:
                sym = r.answer.function.symbol or ""
                die = r.answer.function.die
        else:
            shown = name
        spent[0] += time.perf_counter() - t
        out.write("%s\t%s\t%#x\t%s\t%d\n"
                  % (name, shown, f.pc() - bias, sym, die))
        return False
# Breakpoints at load addresses: start the program, find its bias the
# way the filter does (gdb's target sections), then continue.
import calltab.frames
gdb.execute("starti", to_string=True)
exe = os.path.realpath(gdb.current_progspace().filename)
bias = {r[2]: r[3] for r in calltab.frames._Sections().ranges}[exe]
for line in open(os.environ["STOPS_BP"]):
    b = Stop("*%#x" % (int(line, 16) + bias), internal=True)
    b.addr = int(line, 16)
    members.setdefault(group.get(b.addr, b.addr), []).append(b)
gdb.execute("continue")
out.write("#time\t%.6f\n" % spent[0])
out.close()
EOF
run_gdb() { # EXE BPFILE OUT CALLTAB [REF]
    STOPS_OUT=$3 STOPS_BP=$2 STOPS_CALLTAB=$4 CALLTAB_LIBRARY=$lib \
    STOPS_MERGED=$dir/merged.json STOPS_REF=${5:-0} STOPS_CAP=${STOPS_CAP:-} \
    PYTHONPATH=$top/libcalltab/gdb \
        nice gdb -q -batch -nx -ex "set debuginfod enabled off" \
        -ex "set pagination off" -x "$dir/stops.py" --args "$1" "${args[@]}" \
        > "$3.log" 2>&1
}
args=("$@")
run_gdb "$ref" "$dir/ref.bp" "$dir/ref.stops" 0 1
run_gdb "$icf" "$dir/icf.bp" "$dir/icf0.stops" 0
run_gdb "$icf" "$dir/icf.bp" "$dir/icf.stops" 1

python3 - "$dir" "$label" <<'EOF'
import collections, json, sys
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


m = json.load(open(d + "/merged.json"))
group = {int(x): a for x, a in m["group"].items()}
truth = {int(x): {tuple(k) for k in ks} for x, ks in m["truth"].items()}
def read(p, ref):
    by, t = collections.defaultdict(list), 0.0
    for line in open(p):
        f = line.rstrip("\n").split("\t")
        if f[0] == "#time":
            t = float(f[1])
            continue
        a = int(f[2], 16)
        # The truth's identities: the functions at the reference's
        # address; calltab's: its function's DIE and symbol.
        if ref:
            by[group[a]].append((f[0], f[1], truth.get(a, set())))
        else:
            ids = {("die", int(f[4]))} if len(f) > 4 and int(f[4]) else set()
            if len(f) > 3 and f[3]:
                ids.add(("sym", f[3]))
            by[a].append((f[0], f[1], ids))
    return by, t
ref, _ = read(d + "/ref.stops", True)
plain, t0 = read(d + "/icf0.stops", False)
icf, t1 = read(d + "/icf.stops", False)
merged, skipped, aliased = m["merged"]
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
    for k, ((tname, _, tids), (gname, _, _), (_, shown, ids)) \
            in enumerate(zip(r, g, c)):
        n += 1
        capped = k < CAP
        capn += capped
        gdb_wrong += not same(gname, tname)
        if "[calltab: undecidable" in shown:
            undec += 1
            cap_undec += capped
            # The reason's first words: "tail call", "indirect call", ...
            why = shown.split("[calltab: undecidable: ", 1)[1]
            reasons[why.split(":", 1)[0]] += 1
        # calltab's decision is judged by its function (its DIE or
        # symbol among the reference's functions at the truth's
        # address), else by its name as gdb spells names (a function
        # returning a pointer to a function reads differently in the
        # demangler's spelling and in gdb's).
        elif not (ids & tids if ids else same(shown, tname)):
            ct_wrong += 1
            cap_wrong += capped
            first = first or (tname, gname, shown)
            wrongs.append("%#x\t%s\t%s\t%s" % (a, tname, gname, shown))
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
