/* gcc-compat.h: the one place that includes GCC's plugin headers, in the
   order GCC requires, and hides differences between GCC versions.

   Every source file of the plugin includes this header first and no other
   GCC header directly.  calltab is developed against GCC 12; a later
   version that renames or moves something gets its #if here, never in the
   plugin's other files.  */

#ifndef CALLTAB_GCC_COMPAT_H
#define CALLTAB_GCC_COMPAT_H

#include "gcc-plugin.h"
/* plugin-version.h defines a static object: only the file that checks
   the version (calltab.cc) asks for it.  */
#ifdef CALLTAB_WANT_GCC_VERSION
# include "plugin-version.h"
#endif
#include "config.h"
#include "system.h"
#include "coretypes.h"
#include "diagnostic-core.h"

/* Call tables (call-sites.cc, call-tables.cc): the RTL of call insns as
   final sees them, the debug hooks they are reported through, and what
   the emitted assembly depends on (sections, COMDAT groups, names).  */
#include "backend.h"
#include "target.h"
#include "rtl.h"
#include "tree.h"
#include "cgraph.h"
#include "flags.h"
#include "output.h"
#include "debug.h"
#include "langhooks.h"
#include "stringpool.h"

#include "bversion.h"
#if BUILDING_GCC_MAJOR < 12
# error "calltab needs the plugin headers of GCC 12 or later"
#endif

#endif /* CALLTAB_GCC_COMPAT_H */
