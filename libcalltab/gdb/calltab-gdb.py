# calltab for gdb: `source PREFIX/share/calltab/gdb/calltab-gdb.py'
# (docs/gdb.md).  Finds the calltab package next to this script
# (../python when installed; the same directory in the source tree) and
# registers the frame filter and the `calltab' commands.
import os
import sys

_here = os.path.dirname(os.path.realpath(os.path.expanduser(__file__)))
for _d in (os.path.join(os.path.dirname(_here), "python"), _here):
    if os.path.isfile(os.path.join(_d, "calltab", "__init__.py")):
        if _d not in sys.path:
            sys.path.insert(0, _d)
        break

import calltab  # noqa: E402

calltab.register()
