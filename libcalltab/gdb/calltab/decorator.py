"""The frame filter that names frames inside merged code (bt)."""

import gdb
from gdb.FrameDecorator import FrameDecorator

from . import frames


class CalltabFrameDecorator(FrameDecorator):
    """A frame whose function name comes from the call tables."""

    def __init__(self, base):
        super(CalltabFrameDecorator, self).__init__(base)
        self._base = base

    def function(self):
        frame = self.inferior_frame()
        st = frames.state()
        r = st.ask(frame)
        if r.answer is None:
            return self._base.function()
        name = r.display_name(st.verbose)
        if name == r.gdb_name:
            return self._base.function()
        if name is None:
            return self._base.function()
        return name


class CalltabFrameFilter(object):
    """Registered as the global frame filter "calltab"; `disable
    frame-filter global calltab' or `bt -no-filters' shows gdb's own
    names."""

    def __init__(self):
        self.name = "calltab"
        self.priority = 100
        self.enabled = True

    def filter(self, frame_iter):
        return map(CalltabFrameDecorator, frame_iter)
