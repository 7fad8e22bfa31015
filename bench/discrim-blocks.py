#!/usr/bin/env python3
"""discrim-blocks.py: the blocks of a linked file that begin after a
conditional or table jump of their own key, and whether their
discriminator is their own (bench/discrim-blocks.sh; not a test).

    discrim-blocks.py GCC_EXE PLUGIN_EXE

An oracle of its own, independent of the plugin and of the testsuite's
(testsuite/lib/calltab.exp): basic blocks from `objdump -d`, rows from
`llvm-dwarfdump --debug-line`, inline instances from
`llvm-dwarfdump --debug-info`, table targets from the relocations that
`--emit-relocs` keeps in data sections.  The two files must hold the same
code (the same program built without and with the plugin).

A block starts at a function's (or its .cold part's) first instruction,
at a direct jump target, at a code address the data refers to, and after
a jump or a return; a block of nops only stands for the block after it
(alignment padding), unless a jump goes to it (GCC's -O0 nop for a break
or a continue: code, with its row).  A row's key is (function, inline instance, file, line): the
function whose symbol holds the row's code (FUNC.cold with FUNC), the
innermost DW_TAG_inlined_subroutine whose ranges hold the row's start
address.  A block holds a key when a row of it covers one of its
instructions (nops aside).  The blocks after a jump of their key: the
target and the fall-through of a conditional jump, and every code
address of the function the data refers to for an indirect jump (a table
jump), that hold the key of the jump's row; a loop's own block included.
Such a block is unique when no discriminator its rows of the key carry is
carried by another block of the key.  A key's count is the number of
distinct discriminators of its blocks, each block counting with the one
of its first instruction of the key.

Prints one line: AFTER_GCC UNIQUE_GCC AFTER_PLUGIN UNIQUE_PLUGIN FEWER
MULTI KEYS: the blocks after a jump of their key and how many of them
are unique, in each file (the same blocks but where the plugin gives an
ICF wrapper's code the lines of the function it copies, which GCC
covers with the wrapper's opening line alone), the keys held by several
blocks where the plugin's count is below GCC's, the keys held by several
blocks and all keys, without the plugin.
With CALLTAB_DISCRIM_BLOCKS_LIST set, also names every block after a jump
that is not unique with the plugin, and every key with FEWER, on stderr.
"""

import bisect
import os
import re
import subprocess
import sys

PREFIX = re.compile(r'^(?:(?:bnd|notrack|rep\w*|lock|data16|cs|ds|addr32)\s+)+')
INSN = re.compile(r'^\s*([0-9a-f]+):\t(.*)$')
SYMBOL = re.compile(r'^([0-9a-f]+) <(.*)>:$')
TARGET = re.compile(r'^\S+\s+([0-9a-f]+) <')
ROW = re.compile(r'^0x([0-9a-f]+)\s+(\d+)\s+\d+\s+(\d+)\s+\d+\s+(\d+)\s*(.*)$')
DIE = re.compile(r'^0x([0-9a-f]+):( +)(DW_TAG_\w+|NULL)')
RANGE = re.compile(r'\[0x([0-9a-f]+), 0x([0-9a-f]+)\)')
RELOC = re.compile(r'R_X86_64_(?:64|32S?)\s+([0-9a-f]+)\s+\S+ \+ ([0-9a-f]+)$')


def run(cmd):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                          check=True, universal_newlines=True).stdout


def functions(exe):
    """{function: [(addr, text, part_start)]}, FUNC.cold merged into FUNC."""
    funcs = {}
    cur = None
    for line in run(['objdump', '-d', '-w', '--no-show-raw-insn', exe]).splitlines():
        m = SYMBOL.match(line)
        if m:
            name = re.sub(r'\.cold(\.\d+)?$', '', m.group(2))
            cur = funcs.setdefault(name, [])
            first = True
            continue
        m = INSN.match(line)
        if m and cur is not None:
            cur.append((int(m.group(1), 16), PREFIX.sub('', m.group(2).strip()), first))
            first = False
    return funcs


def spans(exe):
    """Sorted [(start, end, table, file, line, discriminator)] of the rows
    that cover addresses (end_sequence rows cover nothing)."""
    out = []
    table = 0
    prev = None
    for line in run(['llvm-dwarfdump', '--debug-line', exe]).splitlines():
        if line.startswith('debug_line['):
            table = int(line[11:line.index(']')], 16)
            prev = None
            continue
        m = ROW.match(line)
        if not m:
            continue
        addr = int(m.group(1), 16)
        if prev is not None and addr > prev[0]:
            out.append((prev[0], addr, table, prev[1], prev[2], prev[3]))
        if 'end_sequence' in m.group(5):
            prev = None
        else:
            prev = (addr, int(m.group(3)), int(m.group(2)), int(m.group(4)))
    out.sort()
    return out


def instances(exe):
    """[(lo, hi, depth, id)] of the inlined-function instances, id the
    instance's first range and depth (the same in two builds of the same
    code, where DIE offsets may differ)."""
    ranges = []
    die = None
    for line in run(['llvm-dwarfdump', '--debug-info', exe]).splitlines():
        m = DIE.match(line)
        if m:
            if die is not None and die['r']:
                ranges.append(die)
            die = ({'d': len(m.group(2)), 'r': [], 'lo': None, 'hi': None, 'in': False}
                   if m.group(3) == 'DW_TAG_inlined_subroutine' else None)
            continue
        if die is None:
            continue
        m = re.search(r'DW_AT_low_pc\s+\(0x([0-9a-f]+)\)', line)
        if m:
            die['lo'] = int(m.group(1), 16)
        m = re.search(r'DW_AT_high_pc\s+\(0x([0-9a-f]+)\)', line)
        if m:
            die['hi'] = int(m.group(1), 16)
        if 'DW_AT_ranges' in line:
            die['in'] = True
        if die['in']:
            for a, b in RANGE.findall(line):
                if int(a, 16) < int(b, 16):
                    die['r'].append((int(a, 16), int(b, 16)))
            if line.rstrip().endswith('))'):
                die['in'] = False
        if die['lo'] is not None and die['hi'] is not None and die['lo'] < die['hi']:
            die['r'].append((die['lo'], die['hi']))
            die['lo'] = die['hi'] = None
    if die is not None and die['r']:
        ranges.append(die)
    out = []
    for d in ranges:
        ident = (min(d['r']), d['d'])
        for lo, hi in d['r']:
            out.append((lo, hi, d['d'], ident))
    out.sort()
    return out


def data_code_refs(exe):
    refs = set()
    keep = False
    for line in run(['readelf', '-rW', exe]).splitlines():
        m = re.match(r"^Relocation section '([^']*)'", line)
        if m:
            keep = re.match(r'^\.rela\.(rodata|data)', m.group(1)) is not None
            continue
        m = RELOC.search(line) if keep else None
        if m:
            refs.add(int(m.group(1), 16) + int(m.group(2), 16))
    return refs


class Exe:
    def __init__(self, path):
        self.funcs = functions(path)
        self.spans = spans(path)
        self.starts = [s[0] for s in self.spans]
        self.inst = instances(path)
        self.inst_lo = [i[0] for i in self.inst]
        self.refs = data_code_refs(path)

    def row(self, addr):
        """The row covering ADDR: (start, table, file, line, disc) or None."""
        i = bisect.bisect_right(self.starts, addr) - 1
        if i >= 0 and self.spans[i][1] > addr:
            s = self.spans[i]
            return s[0], s[2], s[3], s[4], s[5]
        return None

    def instance(self, addr):
        best = None
        for k in range(bisect.bisect_right(self.inst_lo, addr) - 1, -1, -1):
            lo, hi, depth, ident = self.inst[k]
            if hi > addr and (best is None or depth > best[0]):
                best = (depth, ident)
        return best[1] if best else None


def blocks(exe, func, insns):
    """The blocks of FUNC: [{'keys': {key: [disc, ...]}, 'succ': [block],
    'jkey': key or None, 'start': addr}]."""
    targets = set()
    for a, text, first in insns:
        m = TARGET.match(text)
        if m and text.startswith('j'):
            targets.add(int(m.group(1), 16))
    leaders = targets | exe.refs
    addrs = {a for a, t, f in insns}
    out = []
    cur = None
    start_of = {}
    pending = []        # starts of padding blocks: they stand for the next
    new = True

    def close():
        if cur is None:
            return
        if cur['pad'] and cur['start'] in targets:
            # Nops that a jump goes to are code: GCC's -O0 nop for a
            # break or a continue, with the row of its line.
            cur['pad'] = False
            cur['keys'] = cur['nopkeys']
        if cur['pad']:
            pending.append(cur['start'])
        else:
            for p in pending + [cur['start']]:
                start_of[p] = len(out)
            pending.clear()
            out.append(cur)

    for i, (a, text, first) in enumerate(insns):
        if first or a in leaders:
            new = True
        if new:
            close()
            cur = {'start': a, 'keys': {}, 'nopkeys': {}, 'pad': True,
                   'jkind': None, 'jkey': None, 'targets': []}
            new = False
        mn = text.split()[0] if text else ''
        nop = 'nop' in mn or text.startswith('xchg   %ax,%ax')
        key = None
        r = exe.row(a)
        if r is not None:
            key = (func, exe.instance(r[0]), r[1], r[2], r[3])
            ks = cur['nopkeys' if nop else 'keys'].setdefault(key, [])
            if r[4] not in ks:
                ks.append(r[4])
        if not nop:
            cur['pad'] = False
        if mn.startswith('j') or mn.startswith('ret') or mn.startswith('loop'):
            new = True
            nxt = insns[i + 1][0] if i + 1 < len(insns) else None
            if (mn.startswith('j') and mn != 'jmp') or mn.startswith('loop'):
                m = TARGET.match(text)
                cur['jkind'] = 'cond'
                cur['targets'] = [int(m.group(1), 16)] if m else []
                if nxt is not None:
                    cur['targets'].append(nxt)
            elif mn == 'jmp' and '*' in text:
                cur['jkind'] = 'table'
                cur['targets'] = sorted(r for r in exe.refs if r in addrs
                                        and r != insns[0][0])
            cur['jkey'] = key
    close()
    for b in out:
        b['succ'] = sorted({start_of[t] for t in b['targets'] if t in start_of})
    return out


def judge(bl):
    """{key: (after blocks, {block: discs})} for the keys of BL."""
    where = {}
    for n, b in enumerate(bl):
        for key, ds in b['keys'].items():
            where.setdefault(key, {})[n] = ds
    after = {}
    for b in bl:
        if b['jkind'] and b['jkey'] is not None:
            for s in b['succ']:
                if s in where.get(b['jkey'], {}):
                    after.setdefault(b['jkey'], set()).add(s)
    return where, after


def unique(where, key, s):
    mine = set(where[key][s])
    return not any(mine & set(ds) for b, ds in where[key].items() if b != s)


def count(where, key):
    return len({ds[0] for ds in where[key].values()})


def main():
    gcc, plug = Exe(sys.argv[1]), Exe(sys.argv[2])
    verbose = os.environ.get('CALLTAB_DISCRIM_BLOCKS_LIST')
    a_gcc = u_gcc = a_plug = u_plug = fewer = multi = keys = 0
    for func, insns in sorted(gcc.funcs.items()):
        if func not in plug.funcs or len(plug.funcs[func]) != len(insns):
            continue
        wg, ag = judge(blocks(gcc, func, insns))
        wp, ap = judge(blocks(plug, func, plug.funcs[func]))
        keys += len(wg)
        for key, after in ag.items():
            a_gcc += len(after)
            u_gcc += sum(unique(wg, key, s) for s in after)
        for key, after in ap.items():
            for s in sorted(after):
                a_plug += 1
                ok = unique(wp, key, s)
                u_plug += ok
                if verbose and not ok:
                    print('not unique: %s line %d block %d: %s' % (func, key[4], s,
                          wp[key]), file=sys.stderr)
        for key, bl in wg.items():
            if len(bl) < 2:
                continue
            multi += 1
            if key in wp and count(wp, key) < count(wg, key):
                fewer += 1
                if verbose:
                    print('fewer: %s line %d: gcc %s plugin %s' % (func, key[4], bl,
                          wp[key]), file=sys.stderr)
    print(a_gcc, u_gcc, a_plug, u_plug, fewer, multi, keys)


if __name__ == '__main__':
    main()
