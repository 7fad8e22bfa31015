#!/usr/bin/env python3
"""Compare the patched readelf's and objdump's decoding of .debug_dcall and
.debug_vcall with `calltab dump --json`, entry by entry.

Usage: compare.py --calltab CALLTAB --readelf READELF --objdump OBJDUMP FILE...

For every FILE and each of the two tools: the units (section, offset,
length, version, address size, .debug_info offset) and, per unit, every
entry (return address; for .debug_dcall the callee's DIE offset in
.debug_info and its name and linkage name; for .debug_vcall the vtable
slot) must be those calltab reads, and the tool must print nothing on
stderr.  Prints one line per file and tool, every difference, and last
"N entries compared, N differences".  Exit status: 0 no difference,
1 differences, 2 a tool could not be run.
"""

import argparse
import json
import re
import subprocess
import sys

TABLES = ("dcall", "vcall")

CONTENTS = re.compile(r"^Contents of the \.debug_(dcall|vcall) section")
FIELD = re.compile(r"^  ([A-Za-z._ ]+):\s+(.*)$")
ENTRY = re.compile(r"^    ([0-9a-f]+) (.*)$")
DIE = re.compile(r"^<(0x[0-9a-f]+|0)>(?: +(.*))?$")


def parse_dump(text):
    """The units of a readelf -wdv / objdump --dwarf=dcall,vcall output:
    {(table, section ordinal, offset): unit}, unit = dict of the header
    fields and a list of entries."""
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
            if table == "dcall":
                d = DIE.match(rest)
                if d is None:
                    unit["entries"].append(("unparsed", addr, rest))
                else:
                    unit["entries"].append(
                        (addr, int(d.group(1), 16), d.group(2) or ""))
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
        scns = sorted({u["scn"] for u in doc[t]["units"]})
        for u in doc[t]["units"]:
            key = (t, scns.index(u["scn"]), u["offset"])
            want = {
                "Length": "%#x" % u["length"] if u["length"] else "0",
                "DWARF format": "%d-bit" % (u["offset_size"] * 8),
                "Version": str(u["version"]),
                "Pointer Size": str(u["address_size"]),
                "entries": [],
            }
            if t == "dcall":
                want["Offset into .debug_info"] = (
                    "%#x" % u["debug_info"] if u["debug_info"] else "0")
            for e in u["entries"]:
                if t == "dcall":
                    want["entries"].append(
                        (e["call_site"], e["die"], expected_name(e)))
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
    """Change one entry of each table in what calltab read of the first
    file that has both tables (else one) and check that the comparison
    reports each change for both tools; exit 2 if it does not."""
    for path in args.files:
        p = run([args.calltab, "dump", "--json", path])
        if p.returncode != 0:
            continue
        want = calltab_units(json.loads(p.stdout))
        changed = set()
        for key, unit in sorted(want.items()):
            if unit["entries"] and key[0] not in changed:
                e = unit["entries"][0]
                unit["entries"][0] = (e[0] + 1,) + e[1:]
                changed.add(key[0])
        if not changed:
            continue
        for tool, cmd in (("readelf", [args.readelf, "-wdv", path]),
                          ("objdump", [args.objdump, "--dwarf=dcall,vcall",
                                       path])):
            out = open("/dev/null", "w")
            _, ndiffs = compare(path, tool, parse_dump(run(cmd).stdout), want,
                                out)
            out.close()
            if ndiffs != len(changed):
                print("compare: self-test failed: %d changed entries in %s "
                      "gave %d differences with %s" %
                      (len(changed), path, ndiffs, tool))
                sys.exit(2)
        if len(changed) == 2:
            print("self-test: a changed .debug_dcall and .debug_vcall entry "
                  "of %s reported by both tools" % path)
            return
    print("compare: self-test found no file with entries")
    sys.exit(2)


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
        for tool, cmd in (("readelf", [args.readelf, "-wdv", path]),
                          ("objdump", [args.objdump, "--dwarf=dcall,vcall",
                                       path])):
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
