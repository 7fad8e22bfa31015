/* gcc-compat.h: the one place that includes GCC's plugin headers, in the
   order GCC requires, and hides differences between GCC versions.

   Every source file of the plugin includes this header first and no other
   GCC header directly.  calltab is built for GCC 11 to 14; a
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
#include "bversion.h"
/* The versions calltab is built and tested with (README, "GCC
   versions").  Older ones lack what the plugin uses; newer ones are
   refused until they are tested, so that a build never yields a plugin
   nobody has checked.  */
#define CALLTAB_GCC_MIN 11
#define CALLTAB_GCC_MAX 14
#if BUILDING_GCC_MAJOR < CALLTAB_GCC_MIN || BUILDING_GCC_MAJOR > CALLTAB_GCC_MAX
# error "calltab supports GCC 11, 12, 13 and 14; these plugin headers are of another GCC (BUILDING_GCC_MAJOR)"
#endif

#include "config.h"
#include "system.h"
#include "coretypes.h"
#include "diagnostic-core.h"
/* The RTL insn stream, basic blocks and the pass manager (the
   discriminator pass), the debug hook table (debug-hooks.cc), and what
   the emitted assembly depends on (sections, COMDAT groups, names).  */
#include "backend.h"
#include "target.h"
#include "rtl.h"
#include "tree.h"
#include "basic-block.h"
#include "tree-pass.h"
#include "context.h"
#include "cgraph.h"
#include "flags.h"
#include "output.h"
#include "debug.h"
#include "langhooks.h"
#include "stringpool.h"
#include "memmodel.h"
#include "emit-rtl.h"
#include "varasm.h"
#include "insn-attr.h"

/* Whether DWARF debug information is being generated: what GCC 12's
   dwarf_debuginfo_p () computes.  That function lives in cc1; testing
   write_symbols here keeps the plugin free of imports that other GCC
   versions lack, so that such a GCC loads it far enough for the version
   check to refuse it with a clear message.  */
static inline bool
calltab_dwarf_debuginfo_p (void)
{
  return (write_symbols & DWARF2_DEBUG) != 0;
}

/* The pass the discriminator pass runs just before: the last one, after
   which nothing changes code or layout.  Its name is "final" in GCC 12.  */
#define CALLTAB_FINAL_PASS_NAME "final"

/* debug_hooks->source_line as GCC 12 declares it (GCC 8 added the
   column and is_stmt arguments).  */
#define CALLTAB_SOURCE_LINE_ARGS \
  unsigned int line, unsigned int column, const char *file, \
  int discriminator, bool is_stmt

#endif /* CALLTAB_GCC_COMPAT_H */
