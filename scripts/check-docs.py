#!/usr/bin/env python3
"""check-docs.py [ROOT]: the documentation agrees with the tree.

ROOT (default .) is a calltab tree.  Three checks, each breach printed
with the file and line that make it; exit status 1 then, 2 when the
check cannot run (docs/library.md, docs/README.md or
libcalltab/src/layers missing).

1. The layout.  The section "## Source layout" of docs/library.md has one
   subsection "### LAYER" per line of libcalltab/src/layers, in that
   order, and in each a table whose rows start with one file name in
   backquotes.  Every .c and .h in libcalltab/src/LAYER/ has a row in
   LAYER's table, and every row names a file there.

2. The index.  Every file of docs/ but README.md (the pages and the man
   pages) is the target of a link in docs/README.md, and every link
   target there exists.

3. References.  A reference is a token of the characters A-Z a-z 0-9 _ . + / -
   ending in .c .h .cc .md .exp .sh .py .s .S .tcl or .inc (not followed
   by a further .EXT), found anywhere in README.md and docs/*.md, and in
   the comments (C and C++: /* */ and //; Tcl: from a # that starts a
   command) of the .c, .h, .cc and .exp files under libcalltab/,
   gcc-plugin/, gas-support/ and testsuite/.  A token preceded by $ (a
   variable: a file a test or script makes) is not one.
   - With a /: it must name a file of the tree relative to the repository
     root, testsuite/ (tests are named as DejaGnu names them), docs/,
     libcalltab/src/ (the library's files by layer: reader/open.c), or
     the citing file's folder or a folder above it.  Not checked: an
     absolute path (/usr/..., and URLs), a placeholder (its first folder
     in capitals: PREFIX/..., DIR/...), the build's output (build/...,
     testsuite/build/...), and a file of another project named from
     that project's top folder (OUTSIDE_ROOTS below: gcc/final.cc).
   - Without a /: a .md name must be a page of docs/, or a file of the
     citing file's folder or of the root; any other name must be the name
     of a file somewhere in the tree, or a file of another project listed
     in OUTSIDE_NAMES below with its project.  The rows of the layout
     (check 1) are checked there only.

The files of the tree are those git lists (tracked, and untracked but
not ignored) when ROOT is a git work tree, else every file under ROOT.
"""

import os
import re
import subprocess
import sys

# The top folders of other projects' sources: a path starting with one
# names a file of that project (none of them is a folder of this tree).
OUTSIDE_ROOTS = {
    "gcc": "GCC's sources (gcc/final.cc)",
    "gdb": "gdb's sources (gdb/symtab.c)",
    "elfutils": "elfutils' installed headers (<elfutils/libdw.h>)",
    "deps": "the sources npm packages carry (scripts/real/fetch.sh)",
}

# Files of other projects named without their folder, by project.  A
# name cited that is neither a file of the tree nor listed here is
# reported: add it here (with its project) only when it is not ours.
OUTSIDE_NAMES = {
    "GCC (gcc/)": """auto-profile.cc auto-profile.h bb-reorder.cc calls.cc
        cfgcleanup.cc cfghooks.cc dwarf2.h final.cc gcov-io.cc gcov-io.h
        hierarchical_discriminator.cc input.h plugin-version.h predict.cc
        profile-count.h sparseset.h symtab-thunks.cc system.h tree-cfg.cc
        varasm.cc""",
    "GCC's libiberty, libgcc and libstdc++": """cp-demangle.c d-demangle.c
        hashtab.c regex.c rust-demangle.c unwind-pe.h hashtable.h
        new_allocator.h""",
    "elfutils": """dwarf.h libelf.h print_die.c""",
    "binutils' testsuite": """readelf.exp objdump.exp""",
    "sqlite (make check-real, bench/)": """sqlite3.c sqlite3.h""",
    "googletest (make check-real, bench/)": """gtest-all.cc gtest_main.cc
        gtest.cc gtest-port.h gtest-matchers.h sample1.cc sample2.cc
        sample4.cc sample1_unittest.cc sample8_unittest.cc""",
    "expat (make check-real)": """xmlparse.c chardata.c memcheck.c
        minicheck.c""",
    "zlib (docs/discriminators.md's measurements)": """deflate.c inflate.c
        trees.c""",
    "Lua (make bench-fdo)": """lvm.c lstring.c""",
    "bzip2 (make bench-fdo)": """blocksort.c""",
    "the build's output (make, make check)": """site.exp calltab.pc
        _paths.py""",
    "examples of a user's files": """foo.c basic.c two.c file.S perf.txt
        cmd-NAME.c""",
}

EXT = r"(?:cc|c|h|md|exp|sh|py|s|S|tcl|inc)"
TOKEN = re.compile(r"(?<![A-Za-z0-9_.+/$-])([A-Za-z0-9_.+/-]*[A-Za-z0-9_+-]\."
                   + EXT + r")(?![A-Za-z0-9_/-]|\.[A-Za-z0-9_])")
SCANNED_DIRS = ("libcalltab", "gcc-plugin", "gas-support", "testsuite")


def tree_files(root):
    try:
        r = subprocess.run(["git", "-C", root, "ls-files", "--cached",
                            "--others", "--exclude-standard"],
                           capture_output=True, text=True)
    except OSError:
        r = None
    if (r is not None and r.returncode == 0
            and os.path.exists(os.path.join(root, ".git"))):
        return sorted(f for f in r.stdout.splitlines()
                      if os.path.isfile(os.path.join(root, f)))
    out = []
    for d, dirs, names in os.walk(root):
        # Not a git work tree (a copy, a tarball): all but what a build
        # makes (build/, testsuite/build/, examples/build/).
        dirs[:] = sorted(x for x in dirs
                         if x not in (".git", "build", "__pycache__"))
        for n in names:
            out.append(os.path.relpath(os.path.join(d, n), root))
    return sorted(out)


def c_comments(text):
    """(comment text, line of its start) of C and C++ TEXT."""
    out, i, n = [], 0, len(text)
    while i < n:
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j
            out.append((text[i:j], text.count("\n", 0, i) + 1))
            i = j + 2
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append((text[i:j], text.count("\n", 0, i) + 1))
            i = j
        elif text[i] in "\"'":
            q, j = text[i], i + 1
            while j < n and text[j] != q and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            i = j + 1
        else:
            i += 1
    return out


def tcl_comments(text):
    """(comment, line) of Tcl TEXT: a line whose first word starts with
    #, and what follows a ;# outside a quoted string."""
    out = []
    for ln, line in enumerate(text.split("\n"), 1):
        s = line.lstrip()
        if s.startswith("#"):
            out.append((s, ln))
            continue
        quoted, i = False, 0
        while i < len(line):
            if line[i] == "\\":
                i += 2
                continue
            if line[i] == '"':
                quoted = not quoted
            elif line.startswith(";#", i) and not quoted:
                out.append((line[i + 1:], ln))
                break
            i += 1
    return out


def read(root, f):
    with open(os.path.join(root, f), errors="replace") as fh:
        return fh.read()


def section(lines, heading):
    """(first, end) line indexes of the "## " section HEADING."""
    start = None
    for i, l in enumerate(lines):
        if start is None and l.strip() == heading:
            start = i + 1
        elif start is not None and l.startswith("## "):
            return start, i
    return (start, len(lines)) if start is not None else (None, None)


def check_layout(root, layers, files, problems):
    """Check 1.  Returns the (line number, name) of the layout's rows."""
    lib = "docs/library.md"
    lines = read(root, lib).split("\n")
    first, end = section(lines, "## Source layout")
    if first is None:
        problems.append(f"{lib}: no section \"## Source layout\"")
        return set()
    named, rows, order, layer = {}, set(), [], None
    head = re.compile(r"^### `?([A-Za-z0-9_-]+)/?`?\s*$")
    row = re.compile(r"^\|\s*`([^`]+)`\s*\|")
    for i in range(first, end):
        m = head.match(lines[i])
        if m:
            layer = m.group(1)
            order.append(layer)
            continue
        m = row.match(lines[i])
        if m and layer is not None:
            name = m.group(1)
            rows.add((i + 1, name))
            path = f"libcalltab/src/{layer}/{name}"
            if path in named:
                problems.append(f"{lib}:{i + 1}: {layer}/{name}: named"
                                f" again (line {named[path]})")
            named.setdefault(path, i + 1)
            if path not in files:
                problems.append(f"{lib}:{i + 1}: {layer}/{name}: no such"
                                " file")
    if order != layers:
        problems.append(f"{lib}: the layout's layers are {' '.join(order)};"
                        f" libcalltab/src/layers: {' '.join(layers)}")
    for f in files:
        parts = f.split("/")
        if (len(parts) == 4 and parts[:2] == ["libcalltab", "src"]
                and f.endswith((".c", ".h")) and f not in named):
            problems.append(f"{f}: not in {lib}'s layout")
    return rows


def check_index(root, files, problems, seen):
    """Check 2.  SEEN gets the (file, line, name) it reported."""
    idx = "docs/README.md"
    listed = {}
    link = re.compile(r"\]\(([^)#\s]+)\)")
    for ln, line in enumerate(read(root, idx).split("\n"), 1):
        for m in link.finditer(line):
            target = os.path.normpath(os.path.join("docs", m.group(1)))
            listed.setdefault(target, ln)
            if target not in files:
                problems.append(f"{idx}:{ln}: {m.group(1)}: no such page")
                seen.add((idx, ln, m.group(1)))
    pages = [f for f in files if f.startswith("docs/") and f.count("/") == 1
             and f != idx]
    for p in pages:
        if p not in listed:
            problems.append(f"{p}: not in {idx}")
    return len(pages)


def sources(files):
    """The files whose references are checked, and how to read them."""
    for f in files:
        if f == "README.md" or (f.startswith("docs/") and f.endswith(".md")
                                and f.count("/") == 1):
            yield f, None
        elif f.split("/")[0] in SCANNED_DIRS:
            if f.endswith((".c", ".h", ".cc")):
                yield f, c_comments
            elif f.endswith(".exp"):
                yield f, tcl_comments


def check_references(root, files, layout_rows, problems, seen):
    """Check 3, once per file, line and name not in SEEN."""
    fileset = set(files)
    dirs = {os.path.dirname(f) for f in files}
    for f in list(dirs):
        while f:
            f = os.path.dirname(f)
            dirs.add(f)
    basenames = {os.path.basename(f) for f in files}
    outside = {n for names in OUTSIDE_NAMES.values() for n in names.split()}
    for name in sorted(OUTSIDE_ROOTS):
        if name in dirs:
            problems.append(f"{name}/: a folder of the tree, but"
                            " OUTSIDE_ROOTS says it is another project's")
    for name in sorted(outside & basenames):
        problems.append(f"{name}: a file of the tree, but OUTSIDE_NAMES"
                        " says it is another project's")

    def exists(p):
        p = os.path.normpath(p)
        return not p.startswith("..") and (p in fileset or p in dirs)

    for f, comments in sources(files):
        text = read(root, f)
        chunks = ([(l, i) for i, l in enumerate(text.split("\n"), 1)]
                  if comments is None else comments(text))
        here = os.path.dirname(f)
        above = [here]
        while above[-1]:
            above.append(os.path.dirname(above[-1]))
        for chunk, ln0 in chunks:
            for k, line in enumerate(chunk.split("\n")):
                for m in TOKEN.finditer(line):
                    t, ln = m.group(1), ln0 + k
                    if ((f == "docs/library.md" and (ln, t) in layout_rows)
                            or (f, ln, t) in seen):
                        continue
                    seen.add((f, ln, t))
                    if "/" in t:
                        first = t.split("/")[0]
                        if (t.startswith("/") or first in OUTSIDE_ROOTS
                                or re.fullmatch(r"[A-Z][A-Z0-9_]*", first)
                                or first == "build"
                                or t.startswith("testsuite/build/")):
                            continue
                        roots = (["", "testsuite", "docs", "libcalltab/src"]
                                 + above)
                        if any(exists(os.path.join(r, t)) for r in roots):
                            continue
                    elif t.endswith(".md"):
                        if any(exists(os.path.join(r, t))
                               for r in ("docs", here, "")):
                            continue
                    elif t in basenames or t in outside:
                        continue
                    problems.append(f"{f}:{ln}: {t}: no such file")


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    for need in ("docs/library.md", "docs/README.md",
                 "libcalltab/src/layers"):
        if not os.path.isfile(os.path.join(root, need)):
            print(f"check-docs: {root}/{need}: no such file",
                  file=sys.stderr)
            return 2
    with open(os.path.join(root, "libcalltab/src/layers")) as fh:
        layers = [l.split("#")[0].split()[0] for l in fh
                  if l.split("#")[0].strip()]
    files = tree_files(root)
    problems = []
    rows = check_layout(root, layers, files, problems)
    seen = set()
    npages = check_index(root, files, problems, seen)
    check_references(root, files, rows, problems, seen)
    for p in problems:
        print("check-docs: " + p)
    if problems:
        print(f"check-docs: {len(problems)} problems")
        return 1
    print(f"check-docs: {len(rows)} files in {len(layers)} layers in the"
          f" layout, {npages} pages in the index, no reference to a"
          " missing file")
    return 0


if __name__ == "__main__":
    sys.exit(main())
