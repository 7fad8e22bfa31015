"""calltab for gdb: name the function that ran inside merged code.

`source PREFIX/share/calltab/gdb/calltab-gdb.py' (or import calltab and
call calltab.register()) installs:
- the global frame filter "calltab": bt names each frame inside code
  that identical code folding merged by the call tables' answer
  (libcalltab's calltab_disambiguate), or marks it
  "[calltab: undecidable: REASON]";
- notes under the frame line that `frame', `up', `down' and a stop
  print, when the tables name another function than gdb (those
  commands do not go through frame filters): hookpost-frame/up/down
  and a stop-event handler, all running `calltab note';
- `calltab frame [LEVEL]': the answer for one frame with its evidence
  and candidates;
- the convenience function $calltab_name([LEVEL]);
- `set/show calltab library|verbose|max-depth|notes'.
See docs/gdb.md.
"""

import gdb

from . import frames
from .decorator import CalltabFrameFilter

__all__ = ["register"]


class _Prefix(gdb.Command):
    def __init__(self, name, cls):
        super(_Prefix, self).__init__(name, cls, prefix=True)


class _Library(gdb.Parameter):
    """The libcalltab shared library to load through ctypes (default:
    $CALLTAB_LIBRARY, else the installed one, else libcalltab.so.0 from
    the dynamic linker's search path)."""

    set_doc = "Set the libcalltab shared library gdb loads."
    show_doc = "Show the libcalltab shared library gdb loads."

    def __init__(self):
        super(_Library, self).__init__("calltab library", gdb.COMMAND_DATA,
                                       gdb.PARAM_OPTIONAL_FILENAME)
        self.value = ""

    def get_set_string(self):
        frames.state().set_library(self.value)
        frames.state().library()
        return ""

    def get_show_string(self, svalue):
        lib = frames.state().lib
        loaded = " (loaded: %s, libcalltab %s)" % (lib.path, lib.version) \
            if lib is not None else ""
        return "libcalltab: %s%s" % (svalue or "default", loaded)


class _Setting(gdb.Parameter):
    """A `set/show calltab NAME' setting of KIND with default VALUE: show
    prints "calltab NAME is VALUE.", set hands the value to apply()."""

    def __init__(self, name, kind, value):
        self._name = "calltab " + name
        super(_Setting, self).__init__(self._name, gdb.COMMAND_DATA, kind)
        self.value = value

    def apply(self, value):
        pass

    def get_set_string(self):
        self.apply(self.value)
        return ""

    def get_show_string(self, svalue):
        return "%s is %s." % (self._name, svalue)


class _Verbose(_Setting):
    """When on, a frame renamed by the tables shows the evidence too."""

    set_doc = "Set whether bt shows calltab's evidence."
    show_doc = "Show whether bt shows calltab's evidence."

    def __init__(self):
        super(_Verbose, self).__init__("verbose", gdb.PARAM_BOOLEAN, False)

    def apply(self, value):
        frames.state().verbose = bool(value)


class _MaxDepth(_Setting):
    """How many return addresses (older frames) one question may use."""

    set_doc = "Set how many older frames calltab passes per frame."
    show_doc = "Show how many older frames calltab passes per frame."

    def __init__(self):
        super(_MaxDepth, self).__init__("max-depth", gdb.PARAM_ZUINTEGER, 64)

    def apply(self, value):
        frames.state().max_depth = int(value)


def _frame_at(arg):
    """The frame at LEVEL ARG, or the selected frame."""
    arg = (arg or "").strip()
    if not arg:
        return gdb.selected_frame()
    level = int(gdb.parse_and_eval(arg))
    f = gdb.newest_frame()
    for _ in range(level):
        f = f.older()
        if f is None:
            raise gdb.GdbError("No frame at level %s." % arg)
    return f


class _Frame(gdb.Command):
    """Which function a frame is in, by the call tables.
Usage: calltab frame [LEVEL]
Prints the frame's name as bt shows it with calltab, gdb's own name,
the file and file addresses asked about, and the tables' evidence or
why they cannot decide, with every function at that address."""

    def __init__(self):
        super(_Frame, self).__init__("calltab frame", gdb.COMMAND_STACK)

    def invoke(self, arg, from_tty):
        f = _frame_at(arg)
        st = frames.state()
        r = st.ask(f)
        out = ["#%d  %s" % (f.level(), r.display_name())]
        out.append("  gdb: %s" % r.gdb_name)
        if r.path is not None:
            out.append("  file: %s (bias %#x)" % (r.path, r.bias))
        if r.pc is not None:
            out.append("  pc: %#x  ra: %s" % (
                r.pc, " ".join("%#x" % a for a in r.ras) or "none"))
        a = r.answer
        if a is None:
            out.append("  calltab: %s" % (
                r.error or st.lib_error or "not asked (no object file with"
                " code at this PC, or not an ordinary frame)"))
        else:
            if a.decided:
                fn = a.function
                out.append("  decided: %s (%s, DIE %#x)" % (
                    fn.name, fn.symbol or "no symbol", fn.die))
                out.append("  evidence: %s" % a.evidence)
            else:
                out.append("  undecidable: %s" % a.evidence)
            out.append("  candidates: %s" % (
                ", ".join(c.name for c in a.candidates) or "none"))
            if not a.decided and a.nremaining < len(a.candidates):
                out.append("  remaining: %s" % ", ".join(
                    c.name for c in a.candidates[:a.nremaining]))
        gdb.write("\n".join(out) + "\n")


def note_text(f):
    """The note for frame F, or None when calltab agrees with gdb or has
    nothing to say: "[calltab] #1  f1 (gdb: f2)" or
    "[calltab] #1  f2: undecidable: REASON"."""
    r = frames.state().ask(f)
    a = r.answer
    if a is None or not a.candidates:
        return None
    if a.decided:
        right = frames.gdb_style(a.function.name)
        if right == r.gdb_name:
            return None
        return "[calltab] #%d  %s (gdb: %s)" % (f.level(), right,
                                                r.gdb_name or "??")
    return "[calltab] #%d  %s: undecidable: %s" % (
        f.level(), r.gdb_name or "??", a.evidence)


class _Notes(_Setting):
    """When on, `frame', `up', `down' and a stop inside merged code add a
line with the function the tables name (or why they cannot)."""

    set_doc = "Set whether calltab notes frames gdb names otherwise."
    show_doc = "Show whether calltab notes frames gdb names otherwise."

    def __init__(self):
        super(_Notes, self).__init__("notes", gdb.PARAM_BOOLEAN, True)


class _Note(gdb.Command):
    """Note the selected frame's function by the call tables.
Usage: calltab note
Prints "[calltab] #LEVEL  NAME (gdb: GDBNAME)" when the tables name
another function than gdb, or the undecidable reason; nothing when they
agree or the frame is not in merged code.  Run by the frame, up and down
hooks and at every stop while `calltab notes' is on."""

    def __init__(self):
        super(_Note, self).__init__("calltab note", gdb.COMMAND_STACK)

    def invoke(self, arg, from_tty):
        _note_selected()


def _note_selected():
    if not _notes.value:
        return
    try:
        f = gdb.selected_frame()
    except gdb.error:
        return
    text = note_text(f)
    if text is not None:
        gdb.write(text + "\n")


# The commands that print one frame's line without frame filters.
_HOOKED = ("frame", "up", "down")


def _install_hooks():
    """hookpost-frame/up/down running `calltab note', unless the user
    has a hook of that name already (then said once, and left alone)."""
    for cmd in _HOOKED:
        hook = "hookpost-" + cmd
        try:
            have = gdb.execute("show user " + hook, to_string=True)
        except gdb.error:
            have = ""
        if have and "calltab note" not in have:
            gdb.write("calltab: %s is defined already; `%s' is not noted"
                      " (add `calltab note' to it)\n" % (hook, cmd),
                      gdb.STDERR)
            continue
        if not have:
            gdb.execute("define %s\ncalltab note\nend" % hook)


def _on_stop(event):
    _note_selected()


class _NameFunction(gdb.Function):
    """$calltab_name([LEVEL]): the name bt shows with calltab for the
frame at LEVEL (default: the selected frame)."""

    def __init__(self):
        super(_NameFunction, self).__init__("calltab_name")

    def invoke(self, level=None):
        f = _frame_at(None if level is None else str(int(level)))
        return frames.state().ask(f).display_name() or ""


_registered = False
_notes = None


def register():
    """Install the frame filter, commands, parameters and function
    (again: replaces the filter, keeps the rest)."""
    global _registered, _notes
    gdb.frame_filters["calltab"] = CalltabFrameFilter()
    if _registered:
        return
    _registered = True
    _Prefix("calltab", gdb.COMMAND_STACK)
    _Prefix("set calltab", gdb.COMMAND_DATA)
    _Prefix("show calltab", gdb.COMMAND_DATA)
    _Library()
    _Verbose()
    _MaxDepth()
    _Frame()
    _notes = _Notes()
    _Note()
    _NameFunction()
    _install_hooks()
    gdb.events.stop.connect(_on_stop)
    # Load the library now, so that a missing one is said once here
    # rather than in the middle of a backtrace.
    frames.state().library()
