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

  make-stored.py s.txt s.dwarf OUTDIR EXE PREFIX

(stored/, README there) writes OUTDIR/PREFIX.txt, PREFIX.expected and
PREFIX.report instead, for perf's output of any form: the file address
of a frame in EXE is then its symbol's value (nm EXE) + its offset, not
the printed address (perf 6.1 prints the offset in the file, perf 6.12
the run-time address).  The printed addresses are checked against
`readelf -lW EXE`: every frame of a sample at one bias from its file
address, and that bias is the file's PT_LOAD offset - address (6.1), or
0 for a non-PIE, a multiple of the page size for a PIE (6.12).
"""
import re, subprocess, sys

txt, dwarf, outdir = sys.argv[1:4]
exe, prefix = (sys.argv[4:6] + [None, None])[:2]
symval, loads, pie = {}, [], False
if exe:
    for l in subprocess.run(['nm', exe], capture_output=True, text=True,
                            check=True).stdout.split('\n'):
        m = re.match(r'^([0-9a-f]+) [tTW] (\S+)$', l)
        if m:
            symval.setdefault(m.group(2), int(m.group(1), 16))
    rl = subprocess.run(['readelf', '-hlW', exe], capture_output=True,
                        text=True, check=True).stdout
    pie = 'DYN (' in rl
    for l in rl.split('\n'):
        m = re.match(r'^\s+LOAD\s+0x([0-9a-f]+) 0x([0-9a-f]+) \S+ 0x([0-9a-f]+)',
                     l)
        if m:
            loads.append(tuple(int(x, 16) for x in m.groups()))
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
    if exe:
        # Printed address -> file address: SYM's value + OFF, through
        # the non-inlined line of the address (the lines of one address
        # are one frame; an "(inlined)" line names the inlined function).
        fa, bias = {}, set()
        for l in s.split('\n')[1:]:
            m = re.match(r'^\s+([0-9a-f]+) (\S+?)\+0x([0-9a-f]+) \((.*)\)$',
                         l)
            if m and m.group(4) == exe and m.group(2) in symval:
                p = int(m.group(1), 16)
                fa[p] = symval[m.group(2)] + int(m.group(3), 16)
                bias.add(p - fa[p])
        rel = {o - a for o, a, _ in loads}
        for b in bias:
            assert len(bias) == 1 and (b % (1 << 64) in {x % (1 << 64) for x in rel}
                                       or (b == 0 if not pie else
                                           b % 4096 == 0 and b != 0)), (bias, s)
        r = [(fa.get(a, a), n, d, l) for a, n, d, l in r]
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
names = (['stored.txt', 'stored.expected', 'report.expected'] if not exe
         else [prefix + x for x in ['.txt', '.expected', '.report']])
open(outdir + '/' + names[0], 'w').write('\n\n'.join(out) + '\n\n')
open(outdir + '/' + names[1], 'w').write('\n\n'.join(exp) + '\n\n')
rows = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0][0], kv[0][1]))
total = sum(counts.values())
with open(outdir + '/' + names[2], 'w') as r:
    r.write('%8s %7s  %s\n' % ('samples', 'percent', 'function (file)'))
    for (name, dso), n in rows:
        r.write('%8d %6.2f%%  %s (%s)\n' % (n, 100.0 * n / total, name, dso))
    r.write('%8d %6.2f%%  total\n' % (total, 100.0))
