#!/usr/bin/env python3
"""gdb-breakpoints.py: where gdb puts a line's breakpoints, from the line
table alone, against a reference build of the same code.  Not a test.

    bench/gdb-breakpoints.py REFERENCE.o OBJECT.o ...

Simulates gdb's DWARF line reader (gdb/dwarf2/read.c,
lnp_state_machine::record_line and dwarf_record_line_p): a row is
recorded when its file or line differs from the last recorded row's, or
when no row of the line since the line register last changed had a
non-zero discriminator.  A line's breakpoint locations are then, per
sequence (a function, or a section's code), the lowest address of a
recorded is_stmt row of the line (linespec.c keeps one location per
block; the function approximates it).  Prints, per OBJECT, the lines with
a breakpoint location in REFERENCE, those without one in OBJECT (lost),
those that gained one, and those whose locations differ (moved: lost
included).  The code must be the same (calltab.identity)."""
import re
import subprocess
import sys

ROW = re.compile(r'^0x([0-9a-f]+)\s+(\d+)\s+\d+\s+(\d+)\s+\d+\s+(\d+)\s*(.*)$')


def breakpoints(obj):
    out = subprocess.run(['llvm-dwarfdump', '--debug-line', obj],
                         stdout=subprocess.PIPE,
                         universal_newlines=True).stdout
    bp = {}
    seq = 0
    last = None
    prevline = None
    flag = False
    for l in out.splitlines():
        if l.startswith('debug_line['):
            last = prevline = None
            seq += 1
            continue
        m = ROW.match(l)
        if not m:
            continue
        addr = int(m.group(1), 16)
        line, f, d, fl = (int(m.group(2)), int(m.group(3)), int(m.group(4)),
                          m.group(5))
        if 'end_sequence' in fl:
            last = prevline = None
            flag = False
            seq += 1
            continue
        flag = (d != 0) if line != prevline else (flag or d != 0)
        prevline = line
        if line == 0:
            continue
        rec = (f, line) != last or not flag
        last = (f, line)
        if rec and 'is_stmt' in fl:
            k = (f, line)
            s = bp.setdefault(k, {})
            if seq not in s or addr < s[seq]:
                s[seq] = addr
    return bp


base = breakpoints(sys.argv[1])
for o in sys.argv[2:]:
    h = breakpoints(o)
    lost = sum(1 for k in base if k not in h)
    gained = sum(1 for k in h if k not in base)
    moved = sum(1 for k in base if h.get(k) != base[k])
    print('%s: lines with a breakpoint %d (reference %d), lost %d, '
          'gained %d, moved %d' % (o, len(h), len(base), lost, gained,
                                   moved))
