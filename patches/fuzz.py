#!/usr/bin/env python3
"""Malformed .debug_dcall/.debug_vcall/.debug_tcall/.debug_pcall for the
patched readelf and objdump: never a crash.

Usage: fuzz.py --readelf R --objdump O [--objcopy OBJCOPY] [--count N]
               [--seed S] [--valgrind N] [--tmp DIR] FILE...

For COUNT rounds: take a FILE, copy one of its four table sections
(objcopy --dump-section), change a few bytes of it (random bytes, a unit
length, a version or address size byte, ULEB128 continuation bits), put
it back at the same size (objcopy --update-section: the relocations stay
valid) and run `readelf -wdvjPi` and `objdump
--dwarf=dcall,vcall,tcall,pcall` on the result.  A run killed by a signal, or one of the first N runs
under valgrind reporting an error, is a failure.  Warnings are expected.
Prints "N malformed files, N failures" (and how many runs warned: the
changes reached the decoder); exit status 1 on any failure,
2 when it could not run.
"""

import argparse
import os
import random
import shutil
import subprocess
import sys


def sh(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          **kw)


def mutate(rng, data):
    data = bytearray(data)
    n = len(data)
    kind = rng.randrange(5)
    if kind == 0:
        for _ in range(rng.randint(1, 4)):
            data[rng.randrange(n)] = rng.randrange(256)
    elif kind == 1:
        # A unit length: the first 4 bytes, or where a length may be.
        pos = 0 if rng.random() < 0.5 else rng.randrange(max(1, n - 4))
        value = rng.choice([0, 1, 2, 5, 0xfffffff0, 0xffffffff,
                            rng.randrange(1 << 32)])
        data[pos:pos + 4] = value.to_bytes(4, "little")[:len(data[pos:pos + 4])]
    elif kind == 2:
        # The version (byte 4) or the address size of the first unit.
        pos = rng.choice([4, 9, 5])
        if pos < n:
            data[pos] = rng.choice([0, 1, 3, 4, 5, 9, 16, 255])
    elif kind == 3:
        # Continuation bits: ULEB128s that run on.
        for _ in range(rng.randint(1, 8)):
            data[rng.randrange(n)] |= 0x80
    else:
        # The tail of the section set to 0xff.
        start = rng.randrange(n)
        data[start:] = b"\xff" * (n - start)
    return bytes(data)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--readelf", required=True)
    ap.add_argument("--objdump", required=True)
    ap.add_argument("--objcopy", default="objcopy")
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--valgrind", type=int, default=10)
    ap.add_argument("--tmp", default="/tmp")
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()

    rng = random.Random(args.seed)
    tmp = os.path.join(args.tmp, "fuzz")
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    have_valgrind = shutil.which("valgrind") is not None

    sections = []
    for path in args.files:
        for name in (".debug_dcall", ".debug_vcall", ".debug_tcall",
                     ".debug_pcall"):
            out = os.path.join(tmp, "orig")
            if os.path.exists(out):
                os.unlink(out)
            p = sh([args.objcopy, "--dump-section", "%s=%s" % (name, out),
                    path, os.path.join(tmp, "scratch.o")])
            if p.returncode == 0 and os.path.exists(out) \
               and os.path.getsize(out) > 0:
                with open(out, "rb") as f:
                    sections.append((path, name, f.read()))
    if not sections:
        print("fuzz: no .debug_dcall, .debug_vcall, .debug_tcall or "
              ".debug_pcall section in the inputs")
        return 2

    failures = 0
    warned = 0
    for i in range(args.count):
        path, name, data = rng.choice(sections)
        mut = os.path.join(tmp, "section")
        with open(mut, "wb") as f:
            f.write(mutate(rng, data))
        obj = os.path.join(tmp, "m%d.o" % i)
        p = sh([args.objcopy, "--update-section", "%s=%s" % (name, mut),
                path, obj])
        if p.returncode != 0:
            print("fuzz: objcopy --update-section failed on %s: %s" %
                  (path, p.stderr.decode(errors="replace").strip()))
            return 2
        for cmd in ([args.readelf, "-wdvjPi", obj],
                    [args.objdump, "--dwarf=dcall,vcall,tcall,pcall", obj]):
            if have_valgrind and i < args.valgrind:
                cmd = ["valgrind", "-q", "--error-exitcode=99"] + cmd
            p = sh(cmd)
            if b"Warning" in p.stderr or b"Error" in p.stderr:
                warned += 1
            if p.returncode < 0 or p.returncode == 99:
                failures += 1
                keep = os.path.join(tmp, "failure-%d.o" % failures)
                shutil.copy(obj, keep)
                tool = cmd[3] if cmd[0] == "valgrind" else cmd[0]
                print("fuzz: %s %s on %s (kept as %s)" %
                      (os.path.basename(tool),
                       "killed by signal %d" % -p.returncode
                       if p.returncode < 0 else "valgrind error",
                       path, keep))
        os.unlink(obj)
    print("%d malformed files, %d failures (%d under valgrind; %d of %d "
          "runs warned)" %
          (args.count, failures,
           min(args.count, args.valgrind) if have_valgrind else 0,
           warned, 2 * args.count))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
