"""Which function a gdb frame is in, asked of the call tables.

Per frame (docs/gdb.md):
- the object file and its load bias come from gdb's target sections
  (`maint info target-sections`: each section's file address and where
  it is loaded), so PIE executables and shared libraries are handled the
  same way as fixed-address executables;
- the PC asked about is gdb's "address in block": the frame's PC, minus
  one for a caller frame (its PC is a return address, which may already
  be past the end of the function after a call that does not return);
- the return addresses are the PCs of the older real frames (inline
  frames share their real frame's PC and are skipped), as long as they
  are in the same object file and the chain is made of ordinary calls
  (it stops at a signal trampoline or a dummy frame; the tail-call
  frames gdb makes up from GCC's call-site DIEs have no stack frame of
  their own, no return address, and are stepped over: the frame below
  them returns to the real frame above them).
"""

import re

import gdb

from . import library
from . import registers

_SECTION = re.compile(r"^\s*\[\s*\d+\]\s+0x([0-9a-fA-F]+)->0x([0-9a-fA-F]+)"
                      r" at 0x[0-9a-fA-F]+: (\S+)(.*)$")
_START = re.compile(r"^\s*Start: 0x([0-9a-fA-F]+), End: 0x([0-9a-fA-F]+)")
_FROM = re.compile(r"^From '(.*)', file type ")

_REAL = (gdb.NORMAL_FRAME,)
_CHAIN = (gdb.NORMAL_FRAME, gdb.INLINE_FRAME, gdb.TAILCALL_FRAME)


def _strip_params(name):
    """NAME without its parameter list and qualifiers, as gdb prints a
    function in a frame: "ns::C<int>::f(int) const" -> "ns::C<int>::f",
    "S::operator()(int)" -> "S::operator()"."""
    end = name.rfind(")")
    if end < 0 or name.startswith("{"):
        return name
    depth = 0
    for i in range(end, -1, -1):
        c = name[i]
        if c == ")":
            depth += 1
        elif c == "(":
            depth -= 1
            if depth == 0:
                return name[:i] if i > 0 else name
    return name


def _strip_return_type(name):
    """NAME without the return type the demangler gives a template
    function ("void std::vector<int>::_M_realloc_insert<int>" ->
    "std::vector<int>::_M_realloc_insert<int>"): what follows the last
    space outside brackets, before an operator name's own spaces."""
    depth = 0
    cut = -1
    i = 0
    while i < len(name):
        c = name[i]
        if c in "<([":
            depth += 1
        elif c in ">)]":
            depth -= 1
        elif depth == 0:
            if name.startswith("operator", i) and (
                    i == 0 or not (name[i - 1].isalnum() or name[i - 1] == "_")):
                break
            if c == " ":
                cut = i
        i += 1
    return name[cut + 1:]


def gdb_style(name):
    """A demangled name as gdb prints it in a frame."""
    return _strip_return_type(_strip_params(name))


class _Sections(object):
    """gdb's target sections: code ranges, each with its file and bias."""

    def __init__(self):
        self.ranges = []
        text = gdb.execute("maint info target-sections", to_string=True)
        path = None
        pending = None
        for line in text.splitlines():
            m = _FROM.match(line)
            if m:
                path = m.group(1)
                pending = None
                continue
            m = _SECTION.match(line)
            if m:
                code = " CODE" in m.group(4)
                pending = int(m.group(1), 16) if code and path else None
                continue
            m = _START.match(line)
            if m and pending is not None:
                start, end = int(m.group(1), 16), int(m.group(2), 16)
                self.ranges.append((start, end, path, start - pending))
                pending = None
        self.ranges.sort()

    def find(self, pc):
        """(path, bias) of the file whose code holds PC, or None."""
        lo, hi = 0, len(self.ranges)
        while lo < hi:
            mid = (lo + hi) // 2
            if self.ranges[mid][1] <= pc:
                lo = mid + 1
            else:
                hi = mid
        if lo < len(self.ranges) and self.ranges[lo][0] <= pc:
            r = self.ranges[lo]
            return r[2], r[3]
        return None


class Result(object):
    """What calltab says about one frame."""

    __slots__ = ("gdb_name", "path", "bias", "pc", "ras", "vtable",
                 "regs", "answer", "error")

    def __init__(self):
        self.gdb_name = None
        self.path = None
        self.bias = 0
        self.pc = None
        self.ras = []
        self.vtable = None
        self.regs = []
        self.answer = None
        self.error = None

    @property
    def merged(self):
        return self.answer is not None and len(self.answer.candidates) > 1

    def display_name(self, verbose=False):
        """The name bt shows: the function the tables decided; gdb's name
        marked when they cannot decide; gdb's name when calltab has
        nothing to say (no file, no function, or gdb already right)."""
        a = self.answer
        name = self.gdb_name
        if a is None:
            return name
        if a.decided:
            right = gdb_style(a.function.name)
            if name is None or right != name:
                if verbose:
                    return "%s [calltab: %s]" % (right, a.evidence)
                return right
            return name
        if not a.candidates:
            return name
        return "%s [calltab: undecidable: %s]" % (name, a.evidence)


class State(object):
    """The loaded library, the section map and the settings."""

    def __init__(self):
        self.lib = None
        self.lib_error = None
        self.lib_explicit = None
        self.sections = None
        self.verbose = False
        self.max_depth = 64
        self.warned = set()
        for ev in (gdb.events.new_objfile, gdb.events.clear_objfiles,
                   gdb.events.exited):
            ev.connect(self._invalidate)

    def _invalidate(self, *args):
        self.sections = None

    def set_library(self, path):
        if self.lib is not None:
            self.lib.close_all()
        self.lib = None
        self.lib_error = None
        self.lib_explicit = path or None

    def library(self):
        if self.lib is None and self.lib_error is None:
            try:
                self.lib = library.load(self.lib_explicit)
            except OSError as e:
                self.lib_error = str(e)
                gdb.write("calltab: %s\n" % self.lib_error, gdb.STDERR)
        return self.lib

    def section_map(self):
        if self.sections is None:
            self.sections = _Sections()
        return self.sections

    def _warn(self, path, msg):
        if path not in self.warned:
            self.warned.add(path)
            gdb.write("calltab: %s\n" % msg, gdb.STDERR)

    def ask(self, frame):
        """A Result for FRAME (a gdb.Frame)."""
        r = Result()
        try:
            r.gdb_name = frame.name()
        except gdb.error:
            r.gdb_name = None
        if frame.type() not in _REAL:
            return r
        lib = self.library()
        if lib is None:
            return r
        pc = _address_in_block(frame)
        where = self.section_map().find(pc)
        if where is None:
            return r
        r.path, r.bias = where
        try:
            handle = lib.open(r.path)
        except OSError as e:
            # Not a file (the vDSO) or not readable: calltab has
            # nothing to say about its code.
            self._warn(r.path, "%s: %s" % (r.path, e))
            r.error = str(e)
            return r
        r.pc = pc - r.bias
        # The registers of the frame at PC when nothing ran since the
        # call that entered it may have (the innermost frame), then of
        # each frame above, as gdb unwinds them (the library uses those
        # a callee preserves).
        r.regs = [registers.read(frame) if _innermost(frame) else {}]
        older = frame.older()
        while older is not None and len(r.ras) < self.max_depth:
            t = older.type()
            if t not in _CHAIN:
                break
            if t == gdb.NORMAL_FRAME:
                ra = older.pc()
                w = self.section_map().find(ra)
                if w is None or w[0] != r.path:
                    break
                r.ras.append(ra - r.bias)
                r.regs.append(registers.read(older))
            older = older.older()
        r.vtable = _this_vtable(frame, r.path, self.section_map())
        try:
            r.answer = lib.disambiguate(handle, r.pc, r.ras, r.vtable,
                                        r.regs, r.bias, registers.memory)
        except OSError as e:
            r.error = str(e)
        return r


def _this_vtable(frame, path, sections):
    """The file address of the vtable pointer of FRAME's `this' (the
    address point stored in the object), when the frame has a readable
    `this' whose vtable is in PATH's loaded image; else None.  A virtual
    call into merged code is decided by it (docs/disambiguate.md)."""
    try:
        this = frame.read_var("this")
        if this.type.strip_typedefs().code != gdb.TYPE_CODE_PTR:
            return None
        vptr_type = gdb.lookup_type("unsigned long").pointer()
        vptr = int(this.cast(vptr_type).dereference())
    except (gdb.error, ValueError, RuntimeError):
        return None
    # The vtable is data: not in the code ranges of the section map, so
    # the bias is that of the code of the same file.
    for start, end, p, bias in sections.ranges:
        if p == path:
            v = vptr - bias
            return v if v >= 0 else None
    return None


def _innermost(frame):
    """Whether FRAME is the innermost real frame (only inline frames
    newer than it)."""
    newer = frame.newer()
    while newer is not None and newer.type() == gdb.INLINE_FRAME:
        newer = newer.newer()
    return newer is None


def _address_in_block(frame):
    """gdb's get_frame_address_in_block: PC - 1 in a caller frame whose
    younger real frame is an ordinary call (not a signal handler)."""
    pc = frame.pc()
    newer = frame.newer()
    while newer is not None and newer.type() == gdb.INLINE_FRAME:
        newer = newer.newer()
    if newer is None:
        return pc
    if newer.type() in (gdb.NORMAL_FRAME, gdb.TAILCALL_FRAME):
        return pc - 1
    return pc


_state = None


def state():
    global _state
    if _state is None:
        _state = State()
    return _state
