#!/usr/bin/env python3
"""make-stored.py: how stored.txt and its expected outputs were made.

  perf record -e cpu-clock --call-graph dwarf -o s.data ./merged-stored spin 20000000
  perf script -i s.data > s.txt          (perf 6.1, default fields)
  llvm-dwarfdump --debug-info merged-stored > s.dwarf
  make-stored.py s.txt s.dwarf OUTDIR

merged-stored is merged.c (calltab.backtrace/) built with the plugin,
-O2 -g -ffunction-sections, gold --icf=all, PIE.  The oracle for which
merged function ran is independent of calltab: GCC's own DW_TAG_call_site
DIEs (DW_AT_call_return_pc, DW_AT_call_origin) name the callee of each
call; a sample's caller frame (printed address + 1 = return address) gives
the call, hence the callee.  perf prints user-space addresses as offsets
in the mapped file (here equal to file addresses: gold's text segment has
offset == vaddr) and the frames after the first as return address - 1.
Writes OUTDIR/stored.txt (9/3/6/3 samples in work_b/work_d/inner_f/inner_h
and 4 others), stored.expected (the rewritten text) and report.expected.
"""
import re, sys

txt, dwarf, outdir = sys.argv[1:4]
d = open(dwarf).read()
names, cur = {}, None
for l in d.split('\n'):
    m = re.match(r'^0x([0-9a-f]+):\s+DW_TAG_(\w+)', l)
    if m:
        cur = int(m.group(1), 16)
        continue
    m = re.search(r'DW_AT_name\s+\("([^"]+)"\)', l)
    if m and cur is not None and cur not in names:
        names[cur] = m.group(1)
callee, ret = {}, None
for l in d.split('\n'):
    m = re.search(r'DW_AT_call_return_pc\s+\(0x([0-9a-f]+)\)', l)
    if m:
        ret = int(m.group(1), 16)
    m = re.search(r'DW_AT_call_origin\s+\(0x([0-9a-f]+)\)', l)
    if m and ret is not None:
        callee.setdefault(ret, set()).add(names.get(int(m.group(1), 16)))
        ret = None

def frames(s):
    r = []
    for l in s.split('\n')[1:]:
        m = re.match(r'^\s+([0-9a-f]+) (\S+?)(\+0x[0-9a-f]+)? \((.*)\)$', l)
        if m:
            r.append((int(m.group(1), 16), m.group(2), m.group(4), l))
    return r

def one(ra):
    c = callee.get(ra, set())
    return next(iter(c)) if len(c) == 1 else None

merged = {'work_b', 'work_d', 'inner_f', 'inner_h'}
outer = {'outer_e', 'outer_g'}
want = {'work_b': 9, 'work_d': 3, 'inner_f': 6, 'inner_h': 3, None: 4}
sel = []
for s in [s for s in open(txt).read().split('\n\n') if s.strip()]:
    f = frames(s)
    ran = None
    if len(f) >= 3 and f[0][1] in merged:
        if f[1][1] in outer:
            # The caller is merged too: main's call names it.
            o = one(f[2][0] + 1)
            ran = {'outer_e': 'inner_f', 'outer_g': 'inner_h'}[o]
            # [0]: what ran, [1]: its caller's real name
            info = (ran, o)
        else:
            ran = one(f[1][0] + 1)
            info = (ran, None)
    else:
        info = (None, None)
    if want.get(info[0], 0) > 0:
        want[info[0]] -= 1
        sel.append((s, info))

out, exp, counts = [], [], {}
for s, (ran, caller) in sel:
    out.append(s)
    lines = s.split('\n')
    f = frames(s)
    if ran is not None:
        # The first line of the frame is its only line (perf's
        # "(inlined)" quirk) or the real one: rename FUNC+0x in it.
        def rename(l, new):
            return re.sub(r' (\w+)(\+0x[0-9a-f]+ \()', r' %s\2' % new, l, 1)
        i0 = lines.index(f[0][3])
        lines[i0] = rename(lines[i0], ran)
        if caller is not None:
            i1 = lines.index(f[1][3])
            lines[i1] = rename(lines[i1], caller)
        key = (ran, f[1][2] if f[0][2] == 'inlined' else f[0][2])
    else:
        dso = next((x[2] for x in f if x[2] != 'inlined'), f[0][2])
        key = (f[0][1], dso)
    counts[key] = counts.get(key, 0) + 1
    exp.append('\n'.join(lines))
open(outdir + '/stored.txt', 'w').write('\n\n'.join(out) + '\n\n')
open(outdir + '/stored.expected', 'w').write('\n\n'.join(exp) + '\n\n')
rows = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0][0], kv[0][1]))
total = sum(counts.values())
with open(outdir + '/report.expected', 'w') as r:
    r.write('%8s %7s  %s\n' % ('samples', 'percent', 'function (file)'))
    for (name, dso), n in rows:
        r.write('%8d %6.2f%%  %s (%s)\n' % (n, 100.0 * n / total, name, dso))
    r.write('%8d %6.2f%%  total\n' % (total, 100.0))
