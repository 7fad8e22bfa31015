"""A frame's registers and the program's memory, for libcalltab.

A call through a table of function pointers (`call *8(%rax)') is decided
from the register it loads its target through (docs/disambiguate.md,
"Calls through tables of function pointers"): gdb gives the registers of
the innermost frame as they are, and those of a frame above as its
unwinder restores them; the library uses of the latter only those a
callee preserves.  Registers gdb cannot give (`<not saved>') are left
out.
"""

import gdb

# DWARF register numbers by gdb's register name, per architecture
# (x86-64 psABI 3.6.2).
_DWARF = {
    "i386:x86-64": ("rax", "rdx", "rcx", "rbx", "rsi", "rdi", "rbp", "rsp",
                    "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15"),
}


def read(frame):
    """FRAME's registers that gdb knows: {DWARF number: value}."""
    try:
        names = _DWARF.get(frame.architecture().name())
    except (gdb.error, RuntimeError):
        return {}
    regs = {}
    for number, name in enumerate(names or ()):
        try:
            v = frame.read_register(name)
            if v.is_lazy:
                v.fetch_lazy()
            if v.is_optimized_out:
                continue
            regs[number] = int(v) & 0xffffffffffffffff
        except (gdb.error, ValueError, RuntimeError):
            continue
    return regs


def memory(addr, size):
    """SIZE bytes of the program's memory at ADDR, or None."""
    try:
        return gdb.selected_inferior().read_memory(addr, size).tobytes()
    except (gdb.error, gdb.MemoryError, ValueError, RuntimeError):
        return None
