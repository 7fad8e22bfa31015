"""libcalltab through ctypes: open a file, ask which function ran.

The structures mirror libcalltab/include/calltab.h (section
"Disambiguation of merged code"); testsuite/calltab.gdb/layout.exp checks
their sizes and offsets against the C compiler's.  One Calltab handle is
opened per file and kept (Library.open caches it); decisions are copied
into Python objects before the handle can be closed.
"""

import ctypes
import os

try:
    from . import _paths  # written by `make install`
except ImportError:  # the build tree
    _paths = None

SONAME = "libcalltab.so.0"

CALLTAB_DECIDED = 0
CALLTAB_UNDECIDABLE = 1

_u64 = ctypes.c_uint64
_size = ctypes.c_size_t


class Function(ctypes.Structure):
    _fields_ = [("symbol", ctypes.c_char_p),
                ("name", ctypes.c_char_p),
                ("die", _u64),
                ("low_pc", _u64),
                ("size", _u64)]


class Entry(ctypes.Structure):
    _fields_ = [("table", ctypes.c_int),
                ("unit", _size),
                ("index", _size),
                ("offset", _u64),
                ("call_site", _u64),
                ("call_scn", _size),
                ("value", _u64),
                ("die", _u64),
                ("die_scn", _size),
                ("tombstone", ctypes.c_int)]


CALLTAB_MAX_REGS = 32


class Registers(ctypes.Structure):
    _fields_ = [("known", _u64),
                ("value", _u64 * CALLTAB_MAX_REGS)]


_READ_MEMORY = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, _u64,
                                ctypes.c_void_p, _size)


class Query(ctypes.Structure):
    _fields_ = [("pc", _u64),
                ("ra", ctypes.POINTER(_u64)),
                ("nra", _size),
                ("has_this_vtable", ctypes.c_int),
                ("this_vtable", _u64),
                ("regs", ctypes.POINTER(Registers)),
                ("nregs", _size),
                ("bias", _u64),
                ("read_memory", _READ_MEMORY),
                ("memory_arg", ctypes.c_void_p)]


class Decision(ctypes.Structure):
    _fields_ = [("verdict", ctypes.c_int),
                ("function", Function),
                ("evidence", ctypes.c_char_p),
                ("candidates", ctypes.POINTER(Function)),
                ("ncandidates", _size),
                ("nremaining", _size),
                ("table", ctypes.c_int),
                ("entry", Entry),
                ("depth", _size)]


def _str(b):
    return None if b is None else b.decode("utf-8", "replace")


class Func(object):
    """A Calltab_Function copied out of the library."""

    __slots__ = ("symbol", "name", "die", "low_pc", "size")

    def __init__(self, f):
        self.symbol = _str(f.symbol)
        self.name = _str(f.name) or ""
        self.die = f.die
        self.low_pc = f.low_pc
        self.size = f.size

    def __repr__(self):
        return "Func(%r, %r, die=%#x, low_pc=%#x)" % (
            self.name, self.symbol, self.die, self.low_pc)


class Answer(object):
    """A Calltab_Decision copied out of the library."""

    __slots__ = ("decided", "function", "evidence", "candidates",
                 "nremaining", "depth")

    def __init__(self, d):
        self.decided = d.verdict == CALLTAB_DECIDED
        self.function = Func(d.function) if self.decided else None
        self.evidence = _str(d.evidence) or ""
        self.candidates = [Func(d.candidates[i])
                           for i in range(d.ncandidates)]
        self.nremaining = d.nremaining
        self.depth = d.depth


def candidate_paths(explicit=None):
    """Where to look for libcalltab, first match wins: EXPLICIT (the gdb
    parameter `calltab library'), $CALLTAB_LIBRARY, the libdir of the
    install this package came from, then the dynamic linker's search."""
    paths = []
    if explicit:
        paths.append(explicit)
    env = os.environ.get("CALLTAB_LIBRARY")
    if env:
        paths.append(env)
    if _paths is not None:
        paths.append(os.path.join(_paths.LIBDIR, SONAME))
    paths.append(SONAME)
    return paths


class Library(object):
    """libcalltab loaded through ctypes, with one handle per file."""

    def __init__(self, path):
        lib = ctypes.CDLL(path)
        self.path = path
        self._lib = lib
        lib.calltab_version.restype = ctypes.c_char_p
        lib.calltab_version.argtypes = []
        lib.calltab_begin.restype = ctypes.c_void_p
        lib.calltab_begin.argtypes = [ctypes.c_char_p]
        lib.calltab_end.restype = None
        lib.calltab_end.argtypes = [ctypes.c_void_p]
        lib.calltab_errno.restype = ctypes.c_int
        lib.calltab_errno.argtypes = []
        lib.calltab_errmsg.restype = ctypes.c_char_p
        lib.calltab_errmsg.argtypes = [ctypes.c_int]
        lib.calltab_disambiguate.restype = ctypes.c_int
        lib.calltab_disambiguate.argtypes = [ctypes.c_void_p,
                                             ctypes.POINTER(Query),
                                             ctypes.POINTER(Decision)]
        lib.calltab_decision_free.restype = None
        lib.calltab_decision_free.argtypes = [ctypes.POINTER(Decision)]
        self.version = _str(lib.calltab_version())
        self._handles = {}

    def error(self):
        return _str(self._lib.calltab_errmsg(self._lib.calltab_errno()))

    def open(self, path):
        """The handle of PATH, opened once while the file is unchanged;
        raises OSError with libcalltab's message when it cannot open."""
        st = os.stat(path)
        key = (st.st_dev, st.st_ino, st.st_mtime_ns, st.st_size)
        cached = self._handles.get(path)
        if cached is not None and cached[0] == key:
            if cached[1] is None:
                raise OSError(cached[2])
            return cached[1]
        if cached is not None and cached[1] is not None:
            self._lib.calltab_end(cached[1])
        handle = self._lib.calltab_begin(os.fsencode(path))
        msg = None if handle else self.error()
        self._handles[path] = (key, handle, msg)
        if not handle:
            raise OSError(msg)
        return handle

    def close_all(self):
        for key, handle, msg in self._handles.values():
            if handle:
                self._lib.calltab_end(handle)
        self._handles = {}

    def disambiguate(self, handle, pc, ras, vtable=None, regs=(), bias=0,
                     read_memory=None):
        """Which function ran at file address PC with the return
        addresses RAS (file addresses, innermost first) and, when not
        None, VTABLE the file address of the object's vtable pointer.
        REGS: per frame (the one at PC, then those at RAS), a dict of
        DWARF register number to value; BIAS the file's load bias;
        READ_MEMORY(ADDR, SIZE): the program's bytes there, or None."""
        arr = (_u64 * max(len(ras), 1))(*ras)
        rarr = (Registers * max(len(regs), 1))()
        for i, frame in enumerate(regs):
            for r, v in frame.items():
                if 0 <= r < CALLTAB_MAX_REGS:
                    rarr[i].known |= 1 << r
                    rarr[i].value[r] = v & 0xffffffffffffffff
        reader = _READ_MEMORY()
        if read_memory is not None:
            def read(arg, addr, buf, size):
                # An exception escaping a ctypes callback returns 0: the
                # library would take the bytes as read.
                try:
                    data = read_memory(addr, size)
                    if data is None or len(data) != size:
                        return -1
                    ctypes.memmove(buf, bytes(data), size)
                    return 0
                except Exception:
                    return -1
            reader = _READ_MEMORY(read)
        q = Query(pc, arr, len(ras), vtable is not None, vtable or 0,
                  rarr, len(regs), bias, reader, None)
        d = Decision()
        if self._lib.calltab_disambiguate(handle, ctypes.byref(q),
                                          ctypes.byref(d)) != 0:
            raise OSError(self.error())
        try:
            return Answer(d)
        finally:
            self._lib.calltab_decision_free(ctypes.byref(d))


def load(explicit=None):
    """The first libcalltab of candidate_paths that loads; raises OSError
    naming every place tried."""
    tried = []
    for p in candidate_paths(explicit):
        try:
            return Library(p)
        except (OSError, AttributeError) as e:
            tried.append(str(e) if p in str(e) else "%s: %s" % (p, e))
    raise OSError("libcalltab not found (" + "; ".join(tried) + ")")
