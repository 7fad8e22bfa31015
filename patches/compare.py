#!/usr/bin/env python3
"""Compare the patched readelf's and objdump's decoding of .debug_dcall,
.debug_vcall, .debug_tcall and .debug_pcall with `calltab dump --json`,
entry by entry.

Usage: compare.py --calltab CALLTAB --readelf READELF --objdump OBJDUMP FILE...

For every FILE and each of the two tools: the units (section, offset,
length, version, address size, .debug_info offset) and, per unit, every
entry (address: a call's return address, the end of a tail call's jump;
for .debug_dcall and .debug_tcall the callee's DIE offset in .debug_info
and its name and linkage name, or "indirect" for a tail call whose
target is not known, and "virtual" on the .debug_tcall entry that names
the function of a virtual tail call (calltab_tcall_virtual); for
.debug_vcall the vtable slot; for .debug_pcall the parameter K of an
indirect call through a member-function pointer, or the argument K and
the vtable slot S of a call passing a pointer to a virtual member) must
be those calltab reads, and the tool must print nothing on stderr.
Prints one line per file and tool, every difference, and last "N
entries compared, N differences".  Exit status: 0 no difference, 1
differences, 2 a tool could not be run.
"""

import argparse
import copy
import json
import re
import subprocess
import sys

TABLES = ("dcall", "vcall", "tcall", "pcall")

# The tables whose entries name a callee DIE (and whose unit headers
# have a .debug_info offset).
DIE_TABLES = ("dcall", "tcall")

# readelf -wdvjP, objdump --dwarf=dcall,vcall,tcall,pcall: the four
# tables.
READELF_OPTION = "-wdvjP"
OBJDUMP_OPTION = "--dwarf=dcall,vcall,tcall,pcall"

CONTENTS = re.compile(
    r"^Contents of the \.debug_(dcall|vcall|tcall|pcall) section")
FIELD = re.compile(r"^  ([A-Za-z._ ]+):\s+(.*)$")
ENTRY = re.compile(r"^    ([0-9a-f]+) (.*)$")
DIE = re.compile(r"^<(0x[0-9a-f]+|0)>(?: +(.*))?$")
# A .debug_pcall entry: an indirect call through the member-function
# pointer in the caller's parameter K, or a call passing as argument K a
# pointer to the virtual member in vtable slot S.  Entry tuples:
# (address, PARAMETER, K) and (address, ARGUMENT, K, S).
PCALL_PARAMETER = re.compile(r"^parameter=(\d+)$")
PCALL_ARGUMENT = re.compile(r"^argument=(\d+) vtable_slot=(\d+)$")
PARAMETER = "parameter"
ARGUMENT = "argument"

# What the patch prints after the name of the .debug_tcall entry that
# names a virtual tail call's function, and what an entry tuple gets for
# it (calltab dump --json: "virtual": true).
VIRTUAL_SUFFIX = " virtual"
VIRTUAL = "virtual"


def parse_dump(text):
    """The units of a readelf -wdvjP / objdump
    --dwarf=dcall,vcall,tcall,pcall output: {(table, section ordinal,
    offset): unit}, unit = dict of the header fields and a list of
    entries."""
    units = {}
    table = None
    ordinal = {t: -1 for t in TABLES}
    unit = None
    for line in text.splitlines():
        m = CONTENTS.match(line)
        if m:
            table = m.group(1)
            ordinal[table] += 1
            unit = None
            continue
        if line.startswith("Contents of ") or not line.strip():
            if line.startswith("Contents of "):
                table = None
            continue
        if table is None:
            continue
        m = FIELD.match(line)
        if m:
            key, value = m.group(1), m.group(2)
            if key == "Offset":
                off = int(value, 16)
                unit = {"entries": []}
                units[(table, ordinal[table], off)] = unit
            elif unit is not None:
                unit[key] = value
            continue
        m = ENTRY.match(line)
        if m and unit is not None:
            addr = int(m.group(1), 16)
            rest = m.group(2)
            if table == "tcall" and rest == "indirect":
                unit["entries"].append((addr, "indirect"))
            elif table == "pcall":
                p = PCALL_PARAMETER.match(rest)
                a = PCALL_ARGUMENT.match(rest)
                if p:
                    unit["entries"].append((addr, PARAMETER,
                                            int(p.group(1))))
                elif a:
                    unit["entries"].append((addr, ARGUMENT, int(a.group(1)),
                                            int(a.group(2))))
                else:
                    unit["entries"].append(("unparsed", addr, rest))
            elif table in DIE_TABLES:
                virtual = (table == "tcall"
                           and rest.endswith(VIRTUAL_SUFFIX))
                if virtual:
                    rest = rest[:-len(VIRTUAL_SUFFIX)]
                d = DIE.match(rest)
                if d is None:
                    unit["entries"].append(("unparsed", addr, rest))
                else:
                    unit["entries"].append(
                        (addr, int(d.group(1), 16), d.group(2) or "")
                        + ((VIRTUAL,) if virtual else ()))
            else:
                unit["entries"].append((addr, int(rest) if rest.isdigit()
                                        else rest))
    return units


def expected_name(e):
    """The name column the patch prints for a calltab JSON entry."""
    name = e.get("name")
    linkage = e.get("linkage_name")
    if name and linkage and linkage != name:
        return "%s (%s)" % (name, linkage)
    return name or linkage or ""


def calltab_units(doc):
    """The units calltab read, keyed as parse_dump keys them."""
    units = {}
    for t in TABLES:
        # A calltab without the table would show as units missing.
        table = doc.get(t, {"units": []})
        scns = sorted({u["scn"] for u in table["units"]})
        for u in table["units"]:
            key = (t, scns.index(u["scn"]), u["offset"])
            want = {
                "Length": "%#x" % u["length"] if u["length"] else "0",
                "DWARF format": "%d-bit" % (u["offset_size"] * 8),
                "Version": str(u["version"]),
                "Pointer Size": str(u["address_size"]),
                "entries": [],
            }
            if t in DIE_TABLES:
                want["Offset into .debug_info"] = (
                    "%#x" % u["debug_info"] if u["debug_info"] else "0")
            for e in u["entries"]:
                if t == "tcall" and e.get("indirect"):
                    want["entries"].append((e["call_site"], "indirect"))
                elif t == "pcall" and "parameter" in e:
                    want["entries"].append((e["call_site"], PARAMETER,
                                            e["parameter"]))
                elif t == "pcall":
                    want["entries"].append((e["call_site"], ARGUMENT,
                                            e.get("argument"),
                                            e.get("vtable_slot")))
                elif t in DIE_TABLES:
                    want["entries"].append(
                        (e["call_site"], e["die"], expected_name(e))
                        + ((VIRTUAL,) if e.get("virtual") else ()))
                else:
                    want["entries"].append((e["call_site"], e["vtable_slot"]))
            units[key] = want
    return units


def run(cmd):
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           universal_newlines=True, errors="replace")
    except OSError as exc:
        print("compare: cannot run %s: %s" % (cmd[0], exc), file=sys.stderr)
        sys.exit(2)
    return p


def compare(path, tool, got, want, out):
    """Print the differences of one file and tool; return (entries, diffs)."""
    entries = 0
    diffs = []
    for key in sorted(set(got) | set(want)):
        t, ordinal, off = key
        where = "%s .debug_%s #%d unit %#x" % (path, t, ordinal, off)
        if key not in got:
            diffs.append("%s: missing in %s" % (where, tool))
            entries += len(want[key]["entries"])
            continue
        if key not in want:
            diffs.append("%s: %s shows a unit calltab does not read" %
                         (where, tool))
            continue
        g, w = got[key], want[key]
        for field in w:
            if field != "entries" and g.get(field) != w[field]:
                diffs.append("%s: %s %s=%r, calltab %r" %
                             (where, tool, field, g.get(field), w[field]))
        ge, we = g["entries"], w["entries"]
        entries += max(len(ge), len(we))
        for i in range(max(len(ge), len(we))):
            a = ge[i] if i < len(ge) else None
            b = we[i] if i < len(we) else None
            if a != b:
                diffs.append("%s entry %d: %s %r, calltab %r" %
                             (where, i, tool, a, b))
    for line in diffs:
        print("  " + line, file=out)
    return entries, len(diffs)


def self_test(args):
    """Change entries in what calltab read of a file with entries in all
    four tables (the first such file that has a virtual tail call and
    both kinds of .debug_pcall entries, else the best by those, then by
    an indirect tail call): the address of the first entry of each
    table, an indirect tail call (another entry) into a direct one, the
    "virtual" marking taken off a virtual tail call's entry and put on a
    direct tail call's, a .debug_pcall parameter, argument and vtable
    slot (other entries again).  Check that the comparison reports no
    difference before the changes and each change, and nothing else,
    after them, for both tools; exit 2 if it does not."""
    def table_entries(want, table, test):
        return [(key, i) for key, unit in sorted(want.items())
                if key[0] == table
                for i, e in enumerate(unit["entries"]) if test(e)]

    def tcall_entries(want, test):
        return table_entries(want, "tcall", test)

    def rank(found):
        return (bool(found[3]), bool(found[4]), bool(found[2]))

    chosen = None
    for path in args.files:
        p = run([args.calltab, "dump", "--json", path])
        if p.returncode != 0:
            continue
        want = calltab_units(json.loads(p.stdout))
        if any(not any(u["entries"] for k, u in want.items() if k[0] == t)
               for t in TABLES):
            continue
        indirect = tcall_entries(want, lambda e: e[1] == "indirect")
        virtual = tcall_entries(want, lambda e: e[-1] == VIRTUAL)
        pcall_kinds = (table_entries(want, "pcall",
                                     lambda e: e[1] == PARAMETER)
                       and len(table_entries(want, "pcall",
                                             lambda e: e[1] == ARGUMENT)) > 1)
        found = (path, want, indirect, virtual, pcall_kinds)
        if chosen is None or rank(found) > rank(chosen):
            chosen = found
        if virtual and pcall_kinds:
            break
    if chosen is None:
        print("compare: self-test found no file with entries in all of %s" %
              ", ".join(".debug_" + t for t in TABLES))
        sys.exit(2)

    path, want, indirect, virtual, _ = chosen
    unchanged = copy.deepcopy(want)
    changed = set()
    what = []
    if indirect:
        key, i = indirect[0]
        want[key]["entries"][i] = (want[key]["entries"][i][0], 0, "")
        changed.add((key, i))
        what.append("an indirect tail call made direct")
    if virtual:
        key, i = virtual[0]
        want[key]["entries"][i] = want[key]["entries"][i][:-1]
        changed.add((key, i))
        what.append("a virtual tail call's marking taken off")
    for key, i in tcall_entries(want, lambda e: e[1] != "indirect"
                                and e[-1] != VIRTUAL):
        if (key, i) not in changed:
            want[key]["entries"][i] += (VIRTUAL,)
            changed.add((key, i))
            what.append("a direct tail call marked virtual")
            break
    # .debug_pcall: a parameter, an argument and a vtable slot (the
    # fields after the address), each where the file has such an entry.
    for kind, field, name in ((PARAMETER, 2, "parameter"),
                              (ARGUMENT, 2, "argument"),
                              (ARGUMENT, 3, "vtable slot")):
        for key, i in table_entries(want, "pcall", lambda e: e[1] == kind):
            if (key, i) not in changed:
                e = want[key]["entries"][i]
                want[key]["entries"][i] = (e[:field] + (e[field] + 1,)
                                           + e[field + 1:])
                changed.add((key, i))
                what.append("a .debug_pcall %s" % name)
                break
    for t in TABLES:
        for key, i in [(key, i) for key, unit in sorted(want.items())
                       if key[0] == t
                       for i in range(len(unit["entries"]))]:
            if (key, i) not in changed:
                e = want[key]["entries"][i]
                want[key]["entries"][i] = (e[0] + 1,) + e[1:]
                changed.add((key, i))
                what.append("a .debug_%s address" % t)
                break
    for tool, cmd in (("readelf", [args.readelf, READELF_OPTION, path]),
                      ("objdump", [args.objdump, OBJDUMP_OPTION, path])):
        got = parse_dump(run(cmd).stdout)
        out = open("/dev/null", "w")
        _, nsame = compare(path, tool, got, unchanged, out)
        _, ndiffs = compare(path, tool, got, want, out)
        out.close()
        if nsame != 0 or ndiffs != len(changed):
            print("compare: self-test failed: %s gave %d differences "
                  "unchanged and %d with %d changed entries of %s" %
                  (tool, nsame, ndiffs, len(changed), path))
            sys.exit(2)
    print("self-test: %s of %s reported by both tools" %
          (", ".join(what), path))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--calltab", required=True)
    ap.add_argument("--readelf", required=True)
    ap.add_argument("--objdump", required=True)
    ap.add_argument("--self-test", action="store_true",
                    help="check first that a changed entry is reported")
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()

    if args.self_test:
        self_test(args)

    total_entries = 0
    total_diffs = 0
    for path in args.files:
        p = run([args.calltab, "dump", "--json", path])
        if p.returncode != 0:
            print("%s: calltab dump failed (%d): %s" %
                  (path, p.returncode, p.stderr.strip()))
            total_diffs += 1
            continue
        want = calltab_units(json.loads(p.stdout))
        for tool, cmd in (("readelf", [args.readelf, READELF_OPTION, path]),
                          ("objdump", [args.objdump, OBJDUMP_OPTION, path])):
            p = run(cmd)
            entries, ndiffs = compare(path, tool, parse_dump(p.stdout), want,
                                      sys.stdout)
            for line in p.stderr.splitlines():
                print("  %s: %s stderr: %s" % (path, tool, line))
                ndiffs += 1
            if p.returncode != 0:
                print("  %s: %s exit status %d" % (path, tool, p.returncode))
                ndiffs += 1
            print("%s: %s: %d units, %d entries, %d differences" %
                  (path, tool, len(want), entries, ndiffs))
            total_entries += entries
            total_diffs += ndiffs
    print("%d entries compared, %d differences" % (total_entries, total_diffs))
    if total_entries == 0:
        print("compare: no entries at all: nothing was compared")
        return 1
    return 1 if total_diffs else 0


if __name__ == "__main__":
    sys.exit(main())
