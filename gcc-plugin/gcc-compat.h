/* gcc-compat.h: the one place that includes GCC's plugin headers, in the
   order GCC requires, and hides differences between GCC versions.

   Every source file of the plugin includes this header first and no other
   GCC header directly.  calltab is built for GCC 11 to 16; a
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
#define CALLTAB_GCC_MAX 16
#if BUILDING_GCC_MAJOR < CALLTAB_GCC_MIN
# error "calltab supports GCC 11 to 16; these plugin headers are of an older GCC"
#elif BUILDING_GCC_MAJOR > CALLTAB_GCC_MAX && !defined CALLTAB_UNTESTED_GCC
# error "calltab supports GCC 11 to 16; these plugin headers are of a newer GCC, not tested (make UNTESTED_GCC=yes builds anyway: docs/gcc-versions.md)"
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
/* Loop structures (the unroll factors of discriminators=hierarchical).  */
#include "cfgloop.h"
/* GIMPLE statements and SSA names (member-pointers.cc).  */
#include "tree-ssa-alias.h"
#include "gimple-expr.h"
#include "gimple.h"
#include "gimple-iterator.h"

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

/* The pass flow-sensitive AutoFDO runs just before (fs-number.cc):
   hot/cold partitioning, pass_partition_blocks, "bbpart" in GCC 11 to
   16's bb-reorder.cc.  */
#define CALLTAB_PARTITION_PASS_NAME "bbpart"

/* debug_hooks->source_line as GCC 12 declares it (GCC 8 added the
   column and is_stmt arguments; unchanged up to 14).  */
#define CALLTAB_SOURCE_LINE_ARGS \
  unsigned int line, unsigned int column, const char *file, \
  int discriminator, bool is_stmt

/* Where final.cc reads the discriminator it passes with a row
   (notice_source_line, maybe_output_next_view), the value the
   discriminator pass uses as a tag (docs/discriminators.md, "How" and
   "GCC 13 and 14"):
   - GCC 11 and 12: one per RTL basic block, basic_block_def::discriminator,
     copied into a global at every NOTE_INSN_BASIC_BLOCK and passed with
     every row until the next one;
   - GCC 13 and later (the field is gone): the one of each row's own
     location_t, get_discriminator_from_loc of the instruction's
     INSN_LOCATION or the statement marker's NOTE_MARKER_LOCATION, which
     GCC sets per statement (location_with_discriminator).
   CALLTAB_DISCRIMINATOR_IN_LOCATION says which.  The pass keeps its tags
   per block on every version and publishes them with the two functions
   below: calltab_set_bb_discriminator writes the field (a no-op on 13+),
   calltab_location_with_discriminator gives a location the block's tag
   (the location unchanged on 11 and 12).  Before that, the numbering
   reads GCC's own value from the same place with
   calltab_gcc_discriminator (the rule never gives a key fewer distinct
   numbers than GCC does).  */
#if BUILDING_GCC_MAJOR >= 13
# define CALLTAB_DISCRIMINATOR_IN_LOCATION 1
static inline void
calltab_set_bb_discriminator (basic_block, int)
{
}

static inline location_t
calltab_location_with_discriminator (location_t loc, int discriminator)
{
  if (LOCATION_LOCUS (loc) == UNKNOWN_LOCATION
      || get_discriminator_from_loc (loc) == discriminator)
    return loc;
  return location_with_discriminator (loc, discriminator);
}

/* GCC's own discriminator for a row at LOC, emitted in RTL block BB (the
   block of the last NOTE_INSN_BASIC_BLOCK; NULL before the first): the
   number final.cc would pass with it without the plugin.  The pass reads
   it before it publishes its tags (publish_tags), which replace it.  */
static inline int
calltab_gcc_discriminator (basic_block, location_t loc)
{
  return get_discriminator_from_loc (loc);
}
#else
# define CALLTAB_DISCRIMINATOR_IN_LOCATION 0
static inline void
calltab_set_bb_discriminator (basic_block bb, int discriminator)
{
  bb->discriminator = discriminator;
}

static inline location_t
calltab_location_with_discriminator (location_t loc, int)
{
  return loc;
}

static inline int
calltab_gcc_discriminator (basic_block bb, location_t)
{
  return bb != NULL ? bb->discriminator : 0;
}
#endif

/* The scope final.cc's reemit_insn_block_notes is in after a statement
   marker (NOTE_INSN_BEGIN_STMT, NOTE_INSN_INLINE_ENTRY) whose location
   has lexical block BLOCK (NULL_TREE when it has none), coming from
   SCOPE.  A marker with a block goes to it on every version.  A marker
   without one: GCC 11 to 14 jump to the code that gives a blockless
   insn the function's outermost scope (the note's INSN_LOCATION, its
   NOTE_KIND, is never UNKNOWN_LOCATION), closing every open scope
   there; GCC 15 skips the marker (`if (!this_block) continue;'), so the
   scope stays, and the scope notes, and the location-view repeat that
   a NOTE_INSN_BLOCK_END emits, come later (sqlite3.c's pcache1Shrink
   at -O2: a marker after variable locations, the inlined scope closing
   only at the epilogue).  */
static inline tree
calltab_marker_scope (tree block, tree scope)
{
  if (block != NULL_TREE)
    return block;
#if BUILDING_GCC_MAJOR >= 15
  return scope;
#else
  (void) scope;
  return DECL_INITIAL (current_function_decl);
#endif
}

/* warning_n and warning, imported weakly.  Their mangled names carry
   the type of the option argument, which changed twice: int up to GCC 14,
   diagnostic_option_id in 15, diagnostics::option_id in 16 (and
   location_t became 64-bit in 15).  A plugin loaded into another
   version's cc1 must load far enough for plugin_init to refuse it by
   name (calltab.plugin/plugin.exp, calltab.install/install.exp); a
   strong reference to a symbol that cc1 does not export fails dlopen
   first ("undefined symbol: _Z9warning_n...", "_Z7warning..."), as
   function_name did with GCC 14 (calltab_function_name below).  Weak,
   they resolve to null there, and the version check refuses the plugin
   before any warning could be given.  The other functions the plugin
   imports have the same mangled names in 15 and 16 (nm -D of both
   cc1s).  */
#if BUILDING_GCC_MAJOR >= 16
typedef diagnostics::option_id calltab_diag_option;
#elif BUILDING_GCC_MAJOR >= 15
typedef diagnostic_option_id calltab_diag_option;
#else
typedef int calltab_diag_option;
#endif
extern bool warning_n (location_t, calltab_diag_option, unsigned HOST_WIDE_INT,
		       const char *, const char *, ...)
  __attribute__ ((weak));
extern bool warning (calltab_diag_option, const char *, ...)
  __attribute__ ((weak));

/* Whether -fauto-profile folds each line into one count: GCC 11 and 12
   mask a position's discriminator off when they read the profile
   (auto-profile.cc, read_function_instance), 13 and later look each
   statement up with its own.  The early profile (early-load.cc) is for
   the former.  */
#define CALLTAB_AFDO_FOLDS_LINES (BUILDING_GCC_MAJOR < 13)

/* discriminators=layered: where this GCC's rows hold the plugin's block
   number, above GCC's own (calltab-format.h: the copy ID field on
   GCC 16, bits 8-14 on GCC 13 to 15).  */
#define CALLTAB_LAYERED_SHIFT CALLTAB_DISCR_LAYERED_SHIFT (BUILDING_GCC_MAJOR)
#define CALLTAB_LAYERED_BITS CALLTAB_DISCR_LAYERED_BITS (BUILDING_GCC_MAJOR)
#define CALLTAB_LAYERED_GCC_MASK ((1u << CALLTAB_LAYERED_SHIFT) - 1)

/* The blocks BB immediately dominates in direction DIR, appended to
   OUT: GCC 12 returns them in an auto_vec, 11 in a vec to release.  */
static inline void
calltab_dominated_by (cdi_direction dir, basic_block bb,
		      auto_vec<basic_block> &out)
{
#if BUILDING_GCC_MAJOR >= 12
  auto_vec<basic_block> sons = get_dominated_by (dir, bb);
  out.safe_splice (sons);
#else
  vec<basic_block> sons = get_dominated_by (dir, bb);
  out.safe_splice (sons);
  sons.release ();
#endif
}

/* The name AutoFDO gives the function whose assembler name is NAME
   (auto-profile.cc's get_original_name), in a new string (free it):
   GCC 11 to 15 cut it at its first '.' (foo.part.0, foo.cold and
   foo.constprop.0 are foo); GCC 16 strips a last ".N" of digits and then
   a clone suffix made after auto-profile (isra, constprop, lto_priv,
   part, cold) before it, again as long as one is there, and keeps
   others (foo.omp_fn.0).  */
static inline char *
calltab_afdo_original_name (const char *name)
{
  char *ret = xstrdup (name);
#if BUILDING_GCC_MAJOR >= 16
  static const char *const suffixes[]
    = { "isra", "constprop", "lto_priv", "part", "cold" };
  for (;;)
    {
      char *last_dot = strrchr (ret, '.');
      if (last_dot == NULL)
	break;
      bool only_digits = true;
      for (const char *p = last_dot + 1; *p != '\0'; p++)
	if (*p < '0' || *p > '9')
	  only_digits = false;
      if (only_digits)
	*last_dot = '\0';
      char *next_dot = strrchr (ret, '.');
      bool stripped = false;
      for (const char *suffix : suffixes)
	if (next_dot != NULL
	    && (size_t) (last_dot - next_dot - 1) == strlen (suffix)
	    && strncmp (next_dot + 1, suffix, strlen (suffix)) == 0)
	  {
	    *next_dot = '\0';
	    stripped = true;
	    break;
	  }
      if (!stripped)
	{
	  *last_dot = '.';
	  break;
	}
    }
#else
  if (char *dot = strchr (ret, '.'))
    *dot = '\0';
#endif
  return ret;
}

/* The current function's name for messages.  Not function_name (cfun):
   GCC 14 changed its signature, so a plugin calling it imports a symbol
   that other versions lack, and their dlopen (RTLD_NOW) fails before
   the plugin can refuse the version with its own message.  This is what
   function_name does, through the language hooks (a variable every
   version has).  */
static inline const char *
calltab_function_name (void)
{
  return cfun != NULL ? lang_hooks.decl_printable_name (cfun->decl, 2)
		      : "(nofn)";
}

/* Whether INSN only aligns the code after it (final.cc outputs it as a
   .p2align: padding, no code of a block).  GCC 14's x86 machine reorg
   (ix86_align_loops) puts such a max_skip_align insn before the head of
   small loops, after the jump that ends the block before; it has no
   location and a length.  GCC 11 to 13 have the pattern unnamed and emit
   it only for old -mtune targets, which the plugin does not special-case.
   INSN must have been recognized (get_attr_length does it).  */
static inline bool
calltab_align_insn_p (rtx_insn *insn)
{
#ifdef HAVE_max_skip_align
  return INSN_P (insn) && INSN_CODE (insn) == CODE_FOR_max_skip_align;
#else
  (void) insn;
  return false;
#endif
}

#endif /* CALLTAB_GCC_COMPAT_H */
