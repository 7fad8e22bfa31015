#!/usr/bin/env python3
"""check-layers.py [SRCDIR]: libcalltab's layers hold.

SRCDIR (default libcalltab/src) has one folder per layer, named in the
file SRCDIR/layers from the bottom up.  Every .c and .h file must be in
one of those folders; a file may include (#include "...") and call (an
undefined symbol of its object file that another object file of SRCDIR
defines, read with nm) only files of its own layer or lower ones; and no
files may include or call each other in a circle.  Each breach is
printed with the files and the names that make it; exit status 1 then,
2 when the check cannot run (a missing object file, nm failing).
"""

import os
import re
import subprocess
import sys


def fail(msg):
    print("check-layers: " + msg, file=sys.stderr)
    sys.exit(2)


def read_layers(src):
    path = os.path.join(src, "layers")
    try:
        with open(path) as f:
            return [l.split("#")[0].split()[0] for l in f
                    if l.split("#")[0].strip()]
    except OSError as e:
        fail(f"{path}: {e.strerror}")


def nm(obj, *flags):
    r = subprocess.run(["nm", "-P", *flags, obj], capture_output=True,
                       text=True)
    if r.returncode != 0:
        fail(f"nm {obj}: {r.stderr.strip()}")
    return [l.split()[0] for l in r.stdout.splitlines() if l.strip()]


def main():
    src = sys.argv[1] if len(sys.argv) > 1 else "libcalltab/src"
    layers = read_layers(src)
    rank = {l: i for i, l in enumerate(layers)}
    breaches = []
    files = []
    for root, dirs, names in os.walk(src):
        dirs.sort()
        for n in sorted(names):
            if n.endswith((".c", ".h")):
                rel = os.path.relpath(os.path.join(root, n), src)
                files.append(rel)
                if os.path.dirname(rel) not in rank:
                    breaches.append(f"{rel}: in no layer of {src}/layers")
    layer = {f: os.path.dirname(f) for f in files}
    edges = {}  # file -> {file: [names]}

    def edge(a, b, name):
        edges.setdefault(a, {}).setdefault(b, []).append(name)

    inc = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
    for f in files:
        with open(os.path.join(src, f)) as fh:
            text = fh.read()
        for m in inc.finditer(text):
            for cand in (os.path.join(os.path.dirname(f), m.group(1)),
                         m.group(1)):
                cand = os.path.normpath(cand)
                if cand in layer:
                    edge(f, cand, "#include")
                    break
    defined = {}
    for f in files:
        if f.endswith(".c"):
            obj = os.path.join(src, f[:-2] + ".o")
            if not os.path.exists(obj):
                fail(f"{obj}: no object file (build the library first)")
            for s in nm(obj, "--defined-only", "--extern-only"):
                defined[s] = f
    for f in files:
        if f.endswith(".c"):
            for s in nm(os.path.join(src, f[:-2] + ".o"), "-u"):
                if s in defined and defined[s] != f:
                    edge(f, defined[s], s)
    for a in sorted(edges):
        for b, names in sorted(edges[a].items()):
            la, lb = layer[a], layer[b]
            if la in rank and lb in rank and rank[lb] > rank[la]:
                breaches.append(f"{a} -> {b}: {', '.join(sorted(set(names)))}"
                                f" ({la} is below {lb})")
    for scc in circles(files, edges):
        ties = [f"{a} -> {b}: {', '.join(sorted(set(edges[a][b])))}"
                for a in scc for b in sorted(edges.get(a, {})) if b in scc]
        breaches.append("circle of " + ", ".join(scc) + "\n    "
                        + "\n    ".join(ties))
    for b in breaches:
        print(f"check-layers: {src}/{b}" if not b.startswith("circle")
              else f"check-layers: {b}")
    if breaches:
        print(f"check-layers: {len(breaches)} breaches of {src}/layers")
        return 1
    print(f"check-layers: {len(files)} files in {len(layers)} layers:"
          " no upward include or call, no circle")
    return 0


def circles(files, edges):
    """The strongly connected components of more than one file (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, {})):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            scc = []
            while True:
                w = stack.pop()
                on.discard(w)
                scc.append(w)
                if w == v:
                    break
            if len(scc) > 1:
                out.append(sorted(scc))

    sys.setrecursionlimit(10000)
    for f in files:
        if f not in index:
            visit(f)
    return out


if __name__ == "__main__":
    sys.exit(main())
