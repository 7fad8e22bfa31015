/* discriminators.cc: discriminators on the final RTL.

   The rule (docs/discriminators.md): a row's key is (inline instance,
   file, line); every block of K's code that a conditional jump (or a
   table or computed jump) whose row has key K goes to, by falling through or
   jumping, a loop's own block included, carries a number no other block
   of K carries; the other blocks of K share numbers as far as K still
   gets as many distinct numbers as GCC gives it; numbers per key are
   0..n-1, 0 for the key's first block holding an is_stmt row (else for
   its blocks with most rows) and where the key lies in one block; a block's
   number never reaches other lines' rows; rows with a non-zero
   discriminator are not is_stmt.

   GCC 12 keeps one discriminator per RTL basic block
   (basic_block->discriminator); final.cc copies it at every
   NOTE_INSN_BASIC_BLOCK, passes it with every row to
   debug_hooks->source_line and emits a row whenever it changes.  GCC 13
   and later read it from each row's location_t instead; the plugin
   writes the same per-block value there (publish_tags, gcc-compat.h), so
   final.cc behaves as GCC 12's.  The plugin uses that value as a tag:

   1. A pass just before "final" numbers the blocks of the final code
      (leaders: the function's start, the start of the cold section, used
      labels, whatever follows a jump; calls do not end blocks), records
      the key of the row covering each instruction and the jumps that
      split keys, and numbers the keys.  It then follows final.cc's
      notice_source_line through the insns and predicts every row final
      will emit with its number, changing the tag only at the block
      starts where the row in force would carry the wrong number.  The
      rows final.cc repeats for a new location view
      (maybe_output_next_view) are row starts like any other in both
      walks: a consumer keys them by the inline instance at their own
      address, which need not be the one of the row they repeat.
   2. A line hook, called by the debug_hooks->source_line wrapper of
      debug-hooks.cc, takes the next predicted row, checks it against what
      final.cc passes, and passes its number on, clearing is_stmt when it
      is not 0.

   Where the tag changes at a block whose first instruction has no
   location, that instruction gets the line of the row covering it
   anyway, in the lexical scope it is in already, so that a row starts
   there.  Only debug output changes: the tag is read by final.cc alone,
   so the code is the same with and without the plugin.
   docs/discriminators.md has the details and the measured figures.

   Placement: just before "final", after pass_free_cfg, machine reorg,
   branch shortening and every pass that moves, duplicates or partitions
   blocks (bb-reorder, hot/cold partitioning, computed-goto duplication
   all run earlier).  What runs in between (machine reorg, delay slots,
   insn splitting for branch shortening) adds no block and no jump on
   x86-64, so the blocks seen here are those of the emitted code.  The
   RTL basic_block structures outlive pass_free_cfg (final.cc reads them
   through the notes), so writing their discriminator here is what final
   sees.  */

#include "gcc-compat.h"
#include "calltab-plugin.h"
#include "line-keys.h"
#include "fs.h"

namespace {

/* A conditional, table or computed jump: the key of its row, its block and
   the blocks it goes to (the fall-through and the labels in LABELS).  */
struct split
{
  line_key key;
  int block;
  int fall;			/* the fall-through block, -1 if none */
  unsigned first_label, n_labels;
};

/* A row final.cc will pass to debug_hooks->source_line, predicted by
   the pass, in emission order.  */
struct predicted_row
{
  const char *file;
  int line, column;
  int tag;			/* the tag final.cc passes with it */
  int disc;			/* -1 until the row covers code */
  bool stmt;			/* the is_stmt final.cc passes */
  bool pad;			/* begins at an alignment insn */
  unsigned gcc;			/* discriminators=layered: GCC's own number
				   of the row */
};

/* discriminators=layered: the tags final.cc passes are the pairs (block
   tag, GCC's own number) numbered in the order met (layered_tag), so
   that final.cc starts a row where either changes, as it does without
   the plugin where GCC's number changes.  */
typedef hash_map<int_hash<HOST_WIDE_INT, -1, -2>, int> layered_tags;

/* The table of the function being output.  */
struct function_table
{
  tree decl;			/* the function; NULL when none */
  vec<predicted_row> rows;	/* in the order final.cc emits them */
  unsigned next;		/* the next row final.cc will emit */
  int last;			/* the last row matched, -1 if none */
  unsigned mismatches;		/* rows not as predicted: report_mismatches */
  /* discriminators=layered: the pairs' tags, and GCC's number by tag
     (0: the pair (0, 0), final.cc's at the function's start).  */
  layered_tags *pairs;
  vec<unsigned> pair_gcc;
};

/* The part's state for the compilation: given to the pass and, as the
   client's data, to the line hook.  */
struct discriminators
{
  explicit discriminators (const calltab_options &o) : opts (o) {}

  const calltab_options &opts;
  function_table current = function_table ();
  /* discriminators=hierarchical: the function whose loops were seen
     last (loop_factors) and, by INSN_UID, how many executions of its
     source one execution of the instruction stands for (0: one).  */
  tree mult_decl = NULL_TREE;
  vec<int> mult = vNULL;
  /* Counters for CALLTAB_DISCRIM_STATS (docs/discriminators.md).  */
  unsigned long n_rows = 0, n_nonzero = 0, n_repeats = 0, n_mismatches = 0;
  unsigned long n_bumps = 0, n_uncovered = 0, n_view_rows = 0;
  unsigned long n_wrappers = 0, n_copies = 0, n_multiple = 0;
  unsigned long n_clamped = 0;
  /* discriminators=layered: rows whose block number or GCC number did
     not fit its field (clamped).  */
  unsigned long n_layered_clamped = 0;
  /* discriminators=fs: (key, block)s of keys in several blocks whose
     code had no P-number (0 given).  */
  unsigned long n_unnumbered = 0, n_several = 0;
};

/* Whether INSN emits machine code that final.cc gives a row: the
   instructions final_scan_insn passes to notice_source_line, without
   the ones of length 0 (blockages, prologue uses), which own no byte,
   and the alignment ones, whose bytes are padding (GCC 14's loop
   alignment on x86: it lies after the jump that ends a block, before
   the label of the next, and would make the fall-through the jump's own
   block).  */
bool
code_insn_p (rtx_insn *insn)
{
  if (!NONDEBUG_INSN_P (insn) || JUMP_TABLE_DATA_P (insn))
    return false;
  rtx body = PATTERN (insn);
  if (GET_CODE (body) == USE || GET_CODE (body) == CLOBBER)
    return false;
  /* get_attr_length recognizes INSN, which calltab_align_insn_p needs.  */
  return get_attr_length (insn) > 0 && !calltab_align_insn_p (insn);
}

/* Whether INSN is a statement or inline-entry marker as final.cc will
   see it: a note (NOTE_INSN_BEGIN_STMT, NOTE_INSN_INLINE_ENTRY) or, where
   var-tracking did not run (-fno-var-tracking), a debug insn still: the
   pass sees the markers as var-tracking left them, and without it
   rest_of_handle_final turns them into notes at the same place
   (delete_vta_debug_insns, reemit_marker_as_note: the note takes the
   insn's location) before final_start_function, or deletes them where
   the function has no markers (!cfun->debug_nonbind_markers).  With
   var-tracking no debug insn is left (vt_debug_insns_local, also when
   the size limit stopped it).  */
bool
marker_p (rtx_insn *insn)
{
  if (NOTE_P (insn))
    return NOTE_MARKER_P (insn);
  return DEBUG_MARKER_INSN_P (insn) && cfun->debug_nonbind_markers;
}

/* The location of MARKER (marker_p): the note's NOTE_MARKER_LOCATION,
   which reemit_marker_as_note copies from the debug insn's
   INSN_LOCATION.  */
location_t &
marker_location (rtx_insn *marker)
{
  return NOTE_P (marker) ? NOTE_MARKER_LOCATION (marker)
			 : INSN_LOCATION (marker);
}

/* Whether final.cc calls notice_source_line for INSN: statement and
   inline-entry markers, and the instructions it outputs.  */
bool
noticed_p (rtx_insn *insn)
{
  if (NOTE_P (insn) || DEBUG_INSN_P (insn))
    return marker_p (insn);
  return NONDEBUG_INSN_P (insn) && !JUMP_TABLE_DATA_P (insn)
	 && GET_CODE (PATTERN (insn)) != USE
	 && GET_CODE (PATTERN (insn)) != CLOBBER;
}

/* Whether LABEL starts a block of the final code: something jumps to it
   (a jump, a jump table, a computed goto, an exception edge).  */
bool
used_label_p (rtx_insn *label)
{
  return LABEL_P (label) && (LABEL_NUSES (label) > 0
			     || LABEL_PRESERVE_P (label));
}

/* expand_location, remembering the last location expanded: the walks
   expand the location of every instruction (row_location) and then again
   that of the row it starts, and the instructions of a statement share
   one.  A location's expansion does not change (the line maps only
   grow).  */
expanded_location
expand_location_cached (location_t loc)
{
  static location_t last_loc;
  static expanded_location last;
  static bool valid;
  if (!valid || loc != last_loc)
    {
      last = expand_location (loc);
      last_loc = loc;
      valid = true;
    }
  return last;
}

/* The location of the row final.cc emits for INSN, a located
   instruction or a statement marker; UNKNOWN_LOCATION when INSN emits no
   row (final.cc skips locations without a line).  */
location_t
row_location (rtx_insn *insn)
{
  location_t loc;
  if (marker_p (insn))
    {
      /* notice_source_line skips markers without a line and a real
	 locus.  */
      loc = marker_location (insn);
      expanded_location xloc = expand_location_cached (loc);
      if (xloc.line == 0
	  && (LOCATION_LOCUS (loc) == UNKNOWN_LOCATION
	      || LOCATION_LOCUS (loc) == BUILTINS_LOCATION))
	return UNKNOWN_LOCATION;
      return xloc.file != NULL ? loc : UNKNOWN_LOCATION;
    }
  else if (noticed_p (insn) && INSN_HAS_LOCATION (insn))
    loc = INSN_LOCATION (insn);
  else
    return UNKNOWN_LOCATION;
  expanded_location xloc = expand_location_cached (loc);
  return xloc.file != NULL && xloc.line != 0 ? loc : UNKNOWN_LOCATION;
}

/* What final.cc's notice_source_line compares: file, line and, with
   -gcolumn-info, column.  */
bool
same_position (const expanded_location &a, const expanded_location &b)
{
  return a.file == b.file && a.line == b.line
	 && (!debug_column_info || a.column == b.column);
}

/* The scope final.cc's reemit_insn_block_notes holds after INSN, given
   the one before (SCOPE): that of the last statement or inline-entry
   marker or active instruction with a location, where an instruction
   with a location but no block is in the function's outermost scope (a
   marker without a block: calltab_marker_scope, which GCC 15 changed);
   an instruction without a location is skipped, it stays in the scope
   before it.  NULL_TREE when unknown (a SEQUENCE, whose scope final.cc
   merges; none on x86-64).  */
tree
scope_after (rtx_insn *insn, tree scope)
{
  if (marker_p (insn))
    return calltab_marker_scope (LOCATION_BLOCK (marker_location (insn)),
				 scope);
  if (active_insn_p (insn) && !JUMP_TABLE_DATA_P (insn))
    {
      if (GET_CODE (PATTERN (insn)) == SEQUENCE)
	return NULL_TREE;
      if (tree s = insn_scope (insn))
	return s;
      if (INSN_LOCATION (insn) != UNKNOWN_LOCATION)
	return DECL_INITIAL (current_function_decl);
    }
  return scope;
}

/* Whether reemit_insn_block_notes (final.cc) puts NOTE_INSN_BLOCK_END
   notes before the insn that takes the scope from FROM to TO: FROM is
   neither TO nor one of its outer scopes (change_scope closes the
   scopes up to their common one).  */
bool
closes_scope_p (tree from, tree to)
{
  if (from == NULL_TREE || to == NULL_TREE)
    return false;
  for (tree b = to; b != NULL_TREE && TREE_CODE (b) == BLOCK;
       b = BLOCK_SUPERCONTEXT (b))
    if (b == from)
      return false;
  return true;
}

/* final.cc's location-view repeats (maybe_output_next_view): after a
   NOTE_INSN_VAR_LOCATION (set_next_view_needed, with
   -gvariable-location-views, the default with var-tracking), the next
   of these emits the last row's position again, not is_stmt, with the
   last row's discriminator: a NOTE_INSN_BLOCK_END (which
   reemit_insn_block_notes puts right before the insn that closes a
   scope), a section switch, the end of the function, or an instruction
   final_scan_insn outputs that starts no row.  A row that starts a row
   or a marker that does clears the request.  Such a repeat begins a row
   at its own address: a consumer (and calltab verify) keys it by the
   inline instance holding that address, so the walks count it as a row
   start like any other.  The pass runs only where final.cc calls the
   hooks (not DECL_IGNORED_P).  */
struct view_state
{
  bool needed = false;		/* final.cc's SEEN_NEXT_VIEW */

  /* INSN, a note, requests the next view.  */
  void note (rtx_insn *insn)
  {
    if (NOTE_P (insn) && NOTE_KIND (insn) == NOTE_INSN_VAR_LOCATION
	&& debug_variable_location_views)
      needed = true;
  }

  /* Whether a repeat is emitted now (the request is then served).  */
  bool take ()
  {
    bool r = needed;
    needed = false;
    return r;
  }
};

/* final.cc's force_source_line, as final_scan_insn sets it: after the
   second of NOTE_INSN_FUNCTION_BEG and NOTE_INSN_PROLOGUE_END the next
   row is emitted whatever its position.  Both walks follow it.  */
struct forced_row
{
  bool force = false;
  int seen = 0;			/* final.cc's SEEN_NOTE (1), SEEN_EMITTED (2) */

  /* INSN is a note.  */
  void note (rtx_insn *insn)
  {
    if (NOTE_KIND (insn) != NOTE_INSN_FUNCTION_BEG
	&& NOTE_KIND (insn) != NOTE_INSN_PROLOGUE_END)
      return;
    if ((seen & 3) == 1)
      {
	seen |= 2;
	force = true;
      }
    else
      seen |= 1;
  }
};

/* Move SCOPE past INSN (scope_after), and return whether a view repeat
   is emitted at a NOTE_INSN_BLOCK_END that reemit_insn_block_notes puts
   before INSN: it begins a row at INSN's address, in the scope INSN goes
   to.  */
bool
repeat_at_scope_end (rtx_insn *insn, tree &scope, view_state &view)
{
  tree prev = scope;
  scope = scope_after (insn, scope);
  return view.needed && closes_scope_p (prev, scope) && view.take ();
}

/* What the first walk finds.  */
struct walk
{
  vec<key_block> keys;		/* one per code instruction, then merged */
  vec<split> splits;
  vec<int> labels;		/* INSN_UIDs of split targets */
  vec<int> label_block;		/* by INSN_UID: the block a label starts */
  vec<bool> must_row;		/* by INSN_UID: a row must start here */
  /* By the index of an RTL basic block: the final block it is in (-1
     before the first), and the tag final.cc will pass with the rows of
     its code (published by publish_tags).  */
  vec<int> bb_block;
  vec<int> bb_tag;
  /* discriminators=hierarchical: the multiplicities by INSN_UID
     (discriminators::mult), NULL in the other modes.  */
  const vec<int> *mult;
  /* discriminators=fs: the numbers come from P (fs-number.cc).  */
  bool fs;
  /* discriminators=layered: keys are per GCC number too
     (line_key::sub).  */
  bool layered;

  void set_block (basic_block bb, int block)
  {
    if ((unsigned) bb->index >= bb_block.length ())
      {
	unsigned old = bb_block.length ();
	bb_block.safe_grow (bb->index + 1);
	bb_tag.safe_grow_cleared (bb->index + 1);
	for (unsigned i = old; i < bb_block.length (); i++)
	  bb_block[i] = -1;
      }
    bb_block[bb->index] = block;
  }
};

/* Whether the plugin numbers the rows (rtl, hierarchical, fs,
   layered).  */
bool
numbered_p (const calltab_options &opts)
{
  return opts.discriminators == CALLTAB_DISCRIM_RTL
	 || opts.discriminators == CALLTAB_DISCRIM_HIERARCHICAL
	 || opts.discriminators == CALLTAB_DISCRIM_FS
	 || opts.discriminators == CALLTAB_DISCRIM_LAYERED;
}

/* discriminators=layered: the tag of the pair (TAG, GCC's number GCC)
   in T, a new one the first time.  */
int
layered_tag (function_table &t, int tag, unsigned gcc)
{
  if (tag == 0 && gcc == 0)
    return 0;
  bool existed;
  int &id = t.pairs->get_or_insert (((HOST_WIDE_INT) tag << 32) | gcc,
				    &existed);
  if (!existed)
    {
      id = t.pair_gcc.length ();
      t.pair_gcc.safe_push (gcc);
    }
  return id;
}

/* discriminators=layered: the value of a row whose GCC number is GCC and
   whose block number is NUM: GCC's number below CALLTAB_LAYERED_SHIFT,
   NUM above it (either clamped to its field, counted in D).  */
unsigned
layered_value (discriminators &d, unsigned gcc, int num)
{
  const int num_max = (1 << CALLTAB_LAYERED_BITS) - 1;
  if (num > num_max || gcc > CALLTAB_LAYERED_GCC_MASK)
    d.n_layered_clamped++;
  return (gcc & CALLTAB_LAYERED_GCC_MASK)
	 | (unsigned) MIN (MAX (num, 0), num_max) << CALLTAB_LAYERED_SHIFT;
}

/* discriminators=hierarchical: a hash of INSN's code (its insn code,
   which get_attr_length in code_insn_p has recognized; -1 for an asm),
   summed per key and block into key_block::shape.  */
unsigned
code_hash (rtx_insn *insn)
{
  unsigned h = (unsigned) INSN_CODE (insn) * 0x9e3779b9u + 0x7f4a7c15u;
  h ^= h >> 16;
  h *= 0x85ebca6bu;
  h ^= h >> 13;
  return h;
}

/* Where the first walk is: the block of the final code, the labels and
   the fall-through waiting for the next code, and the row in force, as
   final.cc emits it (rows it emits only because the tag changed aside).
   At the start, that is the row final_start_function has
   debug_hooks->begin_prologue emit at prologue_location (dwarf2out emits
   it directly, with discriminator 0).  After a section switch none
   covers code until a row is emitted, but final.cc still compares with
   the last one.  */
struct block_walk
{
  explicit block_walk (walk &out)
    : w (out), row (expand_location (prologue_location)),
      row_valid (row.file != NULL && row.line != 0),
      scope (DECL_INITIAL (current_function_decl))
  {}

  bool boundary (rtx_insn *insn);
  void follow_rows (rtx_insn *insn);
  void enter_code (rtx_insn *insn);
  void count_key (rtx_insn *insn);
  void end_block (rtx_insn *insn);

  walk &w;
  int block = -1;
  bool leader = true;		/* the next code starts a block */
  bool first_code = false;	/* no code yet in the current block */
  auto_vec<int> pending;	/* labels before the next code */
  bool fall_pending = false;	/* the last split falls to the next code */
  expanded_location row;
  bool row_valid;
  tree row_inst = NULL_TREE;
  bool row_stmt = false;	/* the row in force is is_stmt */
  bool markers = MAY_HAVE_DEBUG_MARKER_INSNS && cfun->debug_nonbind_markers;
  int counted_block = -1;	/* the block the row was last counted in */
  tree scope;
  view_state view;
  forced_row forced;
  /* GCC's own discriminators (gcc-compat.h), read before publish_tags
     replaces them: the RTL block of the last block note, and the number
     of the row GCC alone would have in force.  That row is emitted at
     the last instruction or marker with a location (where the position
     or GCC's number changes; where neither does, the row in force has
     that number already), and an instruction without one stays under
     it; the begin_prologue row carries 0.  */
  basic_block gcc_bb = NULL;
  int gcc_row = 0;
  rtx_insn *block_note = NULL;	/* the last NOTE_INSN_BASIC_BLOCK */
  /* discriminators=layered: GCC's number of the row in force; a change
     of it starts a row, as final.cc starts one without the plugin.  */
  unsigned row_gcc = 0;
};

/* The block structure at INSN: a section switch or a used label makes
   the next code a leader; an RTL block note is given the final block it
   is in.  Returns whether INSN was such a note, which is nothing else.  */
bool
block_walk::boundary (rtx_insn *insn)
{
  if (NOTE_P (insn) && NOTE_KIND (insn) == NOTE_INSN_SWITCH_TEXT_SECTIONS)
    {
      /* The repeat it may emit lies at the end of the hot part.  */
      view.take ();
      leader = true;
      row_valid = false;
    }
  else if (used_label_p (insn))
    {
      leader = true;
      pending.safe_push (INSN_UID (insn));
    }
  else if (NOTE_P (insn) && NOTE_KIND (insn) == NOTE_INSN_BASIC_BLOCK)
    {
      /* A leader's RTL block note comes before its first instruction,
	 so the tag is in place when final.cc reaches that code.  */
      if (leader)
	{
	  block++;
	  leader = false;
	  first_code = true;
	}
      w.set_block (NOTE_BASIC_BLOCK (insn), block);
      gcc_bb = NOTE_BASIC_BLOCK (insn);
      block_note = insn;
      return true;
    }
  else if (NOTE_P (insn))
    {
      view.note (insn);
      forced.note (insn);
    }
  return false;
}

/* The row in force after INSN: a marker forces a row; an instruction
   starts one where the position changes (after a section switch
   final.cc emits none at the same position: that code stays
   uncovered); a view repeat starts the last one again.  */
void
block_walk::follow_rows (rtx_insn *insn)
{
  bool started = repeat_at_scope_end (insn, scope, view);
  location_t loc = row_location (insn);
  if (loc != UNKNOWN_LOCATION)
    {
      gcc_row = calltab_gcc_discriminator (gcc_bb, loc);
      expanded_location x = expand_location_cached (loc);
      if (forced.force || marker_p (insn) || !same_position (x, row)
	  || (w.layered && (unsigned) gcc_row != row_gcc))
	{
	  row = x;
	  row_gcc = gcc_row;
	  row_valid = true;
	  /* final.cc's is_stmt (row_prediction::notice).  */
	  row_stmt = marker_p (insn) || !markers;
	  counted_block = -1;
	  forced.force = false;
	  view.take ();
	  started = false;
	}
    }
  if (noticed_p (insn) && !marker_p (insn) && view.take ())
    started = true;		/* a repeat at this instruction */
  if (started)
    {
      /* The repeated row goes on from here as a row of its own (also
	 after a section switch: final.cc repeats the last row).  */
      row_valid = row.file != NULL && row.line != 0;
      row_stmt = false;
      counted_block = -1;
    }
}

/* INSN, code, is the next code: the labels and the fall-through waiting
   for it lead to its block.  */
void
block_walk::enter_code (rtx_insn *insn)
{
  if (leader)
    {
      /* Code after a leader point without an RTL block note: final.cc
	 cannot tell, so it stays in the block it is tagged with.  */
      leader = false;
      if (block < 0)
	block = 0;
    }
  /* An RTL block may hold no code.  */
  for (int uid : pending)
    w.label_block[uid] = block;
  pending.truncate (0);
  if (fall_pending)
    {
      w.splits.last ().fall = block;
      fall_pending = false;
    }
  if (first_code && row_valid && scope != NULL_TREE
      && counted_block != -1 && calltab_instance_of (scope) != row_inst)
    {
      /* The block goes on with a row that began in another inline
	 instance: a consumer would take this code for that instance's
	 (the row's start address decides).  It gets a row of its
	 own.  */
      w.must_row[INSN_UID (insn)] = true;
      counted_block = -1;
    }
  first_code = false;
}

/* INSN, code covered by the row in force, counts in that row's key in
   its block.  */
void
block_walk::count_key (rtx_insn *insn)
{
  /* A row's instance is the one of the first code it covers: its
     address is where the row begins.  */
  if (counted_block == -1)
    row_inst = scope != NULL_TREE ? calltab_instance_of (scope) : NULL_TREE;
  bool new_row = counted_block != block;
  line_key k = { row_inst, row.file, row.line };
  key_block kb = calltab_key_block (k, block, w.keys.length ());
  kb.gcc = gcc_row;
  if (w.layered)
    {
      /* Numbered per line and GCC number below the plugin's field,
	 which the plugin's number replaces: GCC 16's own copy IDs group
	 the blocks that no jump of their key reaches (number_key), as
	 GCC's number does in the other modes.  */
      kb.key.sub = (int) (row_gcc & CALLTAB_LAYERED_GCC_MASK);
      kb.gcc = (int) (row_gcc >> CALLTAB_LAYERED_SHIFT);
    }
  kb.rows = new_row ? 1 : 0;
  kb.stmt = new_row && row_stmt;
  if (w.mult != NULL)
    {
      kb.shape = code_hash (insn);
      if ((unsigned) INSN_UID (insn) < w.mult->length ())
	kb.mult = (*w.mult)[INSN_UID (insn)];
    }
  if (w.fs)
    kb.pnum = calltab_fs_pnumber (block_note, insn, k);
  /* The instructions of a row mostly follow each other: merged here
     already as number_keys merges them.  */
  if (!w.keys.is_empty ()
      && calltab_cmp_key_block (&w.keys.last (), &kb) == 0)
    calltab_merge_key_block (w.keys.last (), kb);
  else
    w.keys.safe_push (kb);
  counted_block = block;
}

/* INSN, a jump, ends its block; a conditional, table or computed jump
   under a row splits its key, towards the fall-through and the labels it
   names.  A computed jump (goto *p: an interpreter's dispatch, which
   compgotos copies into the handlers) may go to any label whose address
   the function takes, the edges GCC's CFG gives it (forced_labels).  */
void
block_walk::end_block (rtx_insn *insn)
{
  rtx_jump_table_data *table;
  bool cond = any_condjump_p (insn);
  bool tab = !cond && tablejump_p (insn, NULL, &table);
  bool computed = !cond && !tab && computed_jump_p (insn);
  if (row_valid && (cond || tab || computed))
    {
      split s = { { row_inst, row.file, row.line }, block, -1,
		  w.labels.length (), 0 };
      if (cond)
	{
	  fall_pending = true;
	  rtx label = JUMP_LABEL (insn);
	  if (label != NULL_RTX && LABEL_P (label))
	    w.labels.safe_push (INSN_UID (label));
	}
      else if (tab)
	{
	  rtvec v = table->get_labels ();
	  for (int i = 0; i < GET_NUM_ELEM (v); i++)
	    w.labels.safe_push (INSN_UID (XEXP (RTVEC_ELT (v, i), 0)));
	}
      else
	{
	  unsigned i;
	  rtx_insn *label;
	  FOR_EACH_VEC_SAFE_ELT (forced_labels, i, label)
	    w.labels.safe_push (INSN_UID (label));
	}
      s.n_labels = w.labels.length () - s.first_label;
      w.splits.safe_push (s);
    }
  leader = true;
}

/* The first walk: number the blocks of the final code, record the one
   every RTL block is in (W.bb_block), and record, for each
   instruction that owns bytes, the key of the row covering it (an
   instruction without a location extends the previous row), and the
   conditional, table and computed jumps with the blocks they split.  */
void
walk_blocks (walk &w)
{
  block_walk b (w);
  for (rtx_insn *insn = get_insns (); insn; insn = NEXT_INSN (insn))
    {
      if (b.boundary (insn))
	continue;
      b.follow_rows (insn);
      if (!code_insn_p (insn))
	continue;
      b.enter_code (insn);
      if (b.row_valid)
	b.count_key (insn);
      if (JUMP_P (insn))
	b.end_block (insn);
    }
}

/* Mark KEY's entries in BLOCK as targets of a jump of KEY: the one
   entry, or with discriminators=layered every GCC number's of the
   line.  */
void
mark_target (walk &w, const line_key &key, int block)
{
  if (!w.layered)
    {
      int k = calltab_find_key (w.keys, key, block);
      if (k >= 0)
	w.keys[k].target = true;
      return;
    }
  /* Every GCC number of the line: the keys of a line lie together,
     sorted by GCC number and block (calltab_key_cmp).  */
  line_key first = key;
  first.sub = INT_MIN;
  key_block probe = calltab_key_block (first, INT_MIN, 0);
  unsigned lo = 0, hi = w.keys.length ();
  while (lo < hi)
    {
      unsigned mid = (lo + hi) / 2;
      if (calltab_cmp_key_block (&w.keys[mid], &probe) < 0)
	lo = mid + 1;
      else
	hi = mid;
    }
  for (unsigned k = lo; k < w.keys.length (); k++)
    {
      line_key same = w.keys[k].key;
      same.sub = key.sub;
      if (calltab_key_cmp (same, key) != 0)
	break;
      if (w.keys[k].block == block)
	w.keys[k].target = true;
    }
}

/* Mark the blocks of W.KEYS (merged, sorted) that a conditional, table
   or computed jump of their key goes to: its fall-through and every
   label it names
   (a loop's own block, when the jump at its end goes back to its start,
   is one of them), where they hold rows of the jump's key.  */
void
mark_targets (walk &w)
{
  for (const split &s : w.splits)
    {
      if (s.fall >= 0)
	mark_target (w, s.key, s.fall);
      for (unsigned i = 0; i < s.n_labels; i++)
	{
	  int b = w.label_block[w.labels[s.first_label + i]];
	  if (b >= 0)
	    mark_target (w, s.key, b);
	}
    }
}

/* Number the keys: merge W.KEYS into one entry per (key, block) and
   number each key's blocks (docs/discriminators.md, "The rule").  U, the
   blocks that a conditional, table or computed jump of the key goes to
   (mark_targets), carry numbers no other block of the key carries; the
   others share as far as GCC's count allows; 0 goes to the group of the
   key's first block that holds an is_stmt row, or to the group with most
   rows where no block does (line-keys.cc).  A key in one block carries
   0.  discriminators=fs: each (key, block) takes instead the number its
   code had at P, the pass before bbpart (fs-number.cc), so blocks
   copied after P share their origin's number (docs/fdo.md).

   0 where a breakpoint is: gdb's line reader records a line's first row
   after another line's whatever its number, but drops the rows that
   follow on the same line once one of them had a non-zero number, and a
   non-zero row is not is_stmt; so the first is_stmt row of a line must
   keep 0 for the line to keep its breakpoint there.  Where the key has
   no is_stmt row (at -O2 most rows between statement markers) 0 goes
   where it saves most DW_LNE_set_discriminator.  Measured on sqlite3.c
   (bench/gdb-breakpoints.py: lines whose breakpoint locations differ
   from the build without the plugin): 0 on the key's first block moved
   50 lines at -O2 (38 lost), 0 on the group with most rows 153 (77
   lost), this 19 (10 lost); none moves at -O0, where every row is
   is_stmt and this is the first block.

   Never fewer distinct numbers than GCC: let V be the set of GCC numbers
   of the key's blocks.  Each v in V is carried by a block in U or by a
   class outside U, so |V| <= |U| + (classes outside U); the blocks of U
   carry |U| numbers of their own and the classes outside U make
   max (1, |V| - |U|) groups, each with a number of its own (no more
   groups than classes: |V| - |U| <= classes outside U).  So the key
   carries at least |U| + |V| - |U| = |V| numbers, GCC's count.  */
void
number_keys (walk &w, discriminators &d)
{
  calltab_merge_key_blocks (w.keys);
  if (d.opts.discriminators == CALLTAB_DISCRIM_FS)
    {
      /* Each (key, block) takes the P-number of its first code that has
	 one (count_key); code made after P without one gets 0, and so
	 does a key in one block (no leaks: its groups are one now).  */
      for (unsigned i = 0; i < w.keys.length (); i++)
	{
	  key_block &kb = w.keys[i];
	  bool alone = (i == 0 || calltab_key_cmp (w.keys[i - 1].key, kb.key))
		       && (i + 1 == w.keys.length ()
			   || calltab_key_cmp (w.keys[i + 1].key, kb.key));
	  kb.disc = kb.pnum >= 0 && !alone ? kb.pnum : 0;
	  d.n_unnumbered += kb.pnum < 0 && !alone;
	  d.n_several += !alone;
	}
      return;
    }
  mark_targets (w);
  calltab_number_key_blocks (w.keys, KEY_ORDER_LAYOUT);
}

/* discriminators=hierarchical (calltab-format.h): turn the numbers
   number_keys gave (the base) into [base:8][multiplicity:7][copy ID:11].
   Blocks of a key with the same base and the same code (the same
   multiset of instruction codes: copies the compiler made by unrolling,
   peeling, tail duplication, loop versioning) get copy IDs 0, 1, 2, ...
   in layout order; a block whose code differs keeps 0 (the rule lets
   such blocks share a number, and they are not copies).  The
   multiplicity is the key_block's (loop_factors).  Fields that do not
   fit are clamped and counted.  */
void
encode_hierarchical (walk &w, discriminators &d)
{
  vec<key_block> &keys = w.keys;
  const int base_max = (1 << CALLTAB_DISCR_BASE_BITS) - 1;
  const int mult_max = (1 << CALLTAB_DISCR_MULT_BITS) - 1;
  const int copy_max = (1 << CALLTAB_DISCR_COPY_BITS) - 1;
  auto_vec<int> copy;
  copy.safe_grow_cleared (keys.length ());
  for (unsigned i = 0; i < keys.length (); )
    {
      unsigned j = i;
      while (j < keys.length ()
	     && calltab_key_cmp (keys[j].key, keys[i].key) == 0)
	j++;
      /* Keys are sorted by block: layout order.  */
      for (unsigned k = i + 1; k < j; k++)
	for (unsigned m = i; m < k; m++)
	  if (keys[m].disc == keys[k].disc && keys[m].shape == keys[k].shape)
	    copy[k]++;
      i = j;
    }
  for (unsigned k = 0; k < keys.length (); k++)
    {
      int base = keys[k].disc, mult = keys[k].mult, id = copy[k];
      if (base > base_max || mult > mult_max || id > copy_max)
	d.n_clamped++;
      d.n_copies += id > 0;
      d.n_multiple += mult > 1;
      keys[k].disc = (MIN (base, base_max)
		      | (mult > 1 ? MIN (mult, mult_max) : 0)
			<< CALLTAB_DISCR_MULT_SHIFT
		      | MIN (id, copy_max) << CALLTAB_DISCR_COPY_SHIFT);
    }
}

/* The row final.cc has emitted last, as far as its code goes.  */
struct row_in_force
{
  bool valid;			/* it covers the code that follows */
  bool has_inst;		/* KEY.inst is known: it has covered code */
  line_key key;
  location_t loc;		/* where it was emitted for */
  int index;			/* in the predicted rows; -1: the prologue's */
};

/* Where the second walk is: the rows predicted so far (in D.current),
   the tag, the block of the final code and the row in force, at first
   the begin_prologue row.  */
struct row_prediction
{
  row_prediction (walk &blocks, discriminators &state)
    : w (blocks), d (state), t (state.current),
      last (expand_location (prologue_location)),
      r { last.file != NULL && last.line != 0, false,
	  { NULL_TREE, last.file, last.line }, prologue_location, -1 },
      markers (MAY_HAVE_DEBUG_MARKER_INSNS && cfun->debug_nonbind_markers),
      scope (DECL_INITIAL (current_function_decl))
  {}

  bool note (rtx_insn *insn);
  void repeat ();
  bool retag_p (rtx_insn *insn, location_t loc);
  location_t retag (rtx_insn *insn, location_t loc);
  void notice (rtx_insn *insn, location_t loc);
  void cover ();

  walk &w;
  discriminators &d;
  function_table &t;
  expanded_location last;	/* the last row's position */
  int last_tag = 0, tag = 0, n_tags = 0;
  /* discriminators=layered (GCC 13 and later): the last row's GCC
     number.  */
  unsigned last_gcc = 0;
  row_in_force r;
  bool markers;			/* statement markers: is_stmt (notice) */
  int cur_block = -1;
  bool block_start = false;	/* no code yet in the block */
  auto_vec<basic_block> start_bbs;	/* the RTL blocks before its code */
  tree scope;
  view_state view;
  forced_row forced;
  line_key memo_key = { NULL_TREE, NULL, 0 };	/* the last find_key */
  int memo_block = -1, memo_kb = -1;
};

/* INSN is a note: a section switch ends the row in force (at the end of
   the hot part it covers nothing); an RTL block note gets the tag and
   may start a block of the final code.  Returns whether it was a block
   note, which is nothing else.  */
bool
row_prediction::note (rtx_insn *insn)
{
  switch (NOTE_KIND (insn))
    {
    case NOTE_INSN_SWITCH_TEXT_SECTIONS:
      if (view.take ())
	repeat ();
      r.valid = false;
      return false;
    case NOTE_INSN_BASIC_BLOCK:
      {
	basic_block bb = NOTE_BASIC_BLOCK (insn);
	int b = w.bb_block[bb->index];	/* walk_blocks' number */
	if (b != cur_block)
	  {
	    cur_block = b;
	    block_start = true;
	    start_bbs.truncate (0);
	  }
	if (block_start)
	  start_bbs.safe_push (bb);
	w.bb_tag[bb->index] = tag;
	return true;
      }
    default:
      view.note (insn);
      forced.note (insn);
      return false;
    }
}

/* A view repeat: final.cc passes the last row's position and
   discriminator again, not is_stmt.  It begins a row that covers the
   code up to the next one, and gets the number of the first code it
   covers, keyed by the instance there (0 if it covers none).  */
void
row_prediction::repeat ()
{
  predicted_row p = { last.file, last.line, last.column, last_tag, -1,
		      false, false, last_gcc };
  t.rows.safe_push (p);
  r.valid = last.file != NULL && last.line != 0;
  r.has_inst = false;
  r.key.file = last.file;
  r.key.line = last.line;
  r.key.sub = w.layered ? (int) (last_gcc & CALLTAB_LAYERED_GCC_MASK) : 0;
  r.index = t.rows.length () - 1;
  d.n_view_rows++;
}

/* INSN is the first code of a block, its row location LOC: whether the
   row in force would cover it with another number than its key has in
   this block, or began in another inline instance (W.must_row).  Not
   where a row starts at INSN anyway: where a view repeat begins one,
   that row gets the block's number.  */
bool
row_prediction::retag_p (rtx_insn *insn, location_t loc)
{
  bool moved
    = loc != UNKNOWN_LOCATION
      && (forced.force || !same_position (expand_location_cached (loc), last));
  if (moved || !r.valid || scope == NULL_TREE || view.needed)
    return false;
  if (w.must_row[INSN_UID (insn)])
    return true;
  line_key k = r.key;
  if (!r.has_inst)
    k.inst = calltab_instance_of (scope);
  int kb = calltab_find_key (w.keys, k, cur_block);
  int need = kb >= 0 ? w.keys[kb].disc : -1;
  int have = r.index >= 0 ? t.rows[r.index].disc : 0;
  return need >= 0 && have >= 0 && need != have;
}

/* A new tag for the block INSN starts, so that final.cc starts a row
   there.  Returns INSN's row location LOC, given one if it had none.  */
location_t
row_prediction::retag (rtx_insn *insn, location_t loc)
{
  tag = ++n_tags;
  for (basic_block bb : start_bbs)
    w.bb_tag[bb->index] = tag;
  d.n_bumps++;
  if (loc != UNKNOWN_LOCATION)
    return loc;
  /* Give it the line it is shown with anyway, so that final.cc starts a
     row with the new tag, and the scope it is in already, so that the
     scope notes final.cc rebuilds stay where they were.  A location
     without a block would not do: reemit_insn_block_notes puts such an
     instruction in the function's outermost scope, which closes the
     inlined or lexical blocks around it (an inlined function's call
     ended one instruction early, and gdb's backtrace lost its frame).
     Debug information only: the code is the same.  */
  INSN_LOCATION (insn) = set_block (LOCATION_LOCUS (r.loc), scope);
  /* discriminators=layered: with the GCC number of the row that covered
     it, so that only the tag changes there.  */
  if (w.layered)
    INSN_LOCATION (insn)
      = calltab_location_with_discriminator (INSN_LOCATION (insn),
					     (int) last_gcc);
  return row_location (insn);
}

/* final.cc's notice_source_line at INSN, whose row location is LOC: a
   marker forces a row, an instruction starts one where the position or
   the tag changes.  Where only the tag changed, final.cc emits the last
   row's position again (it updates last_filename, last_linenum and
   last_columnnum only when the position moved): the same file and line,
   but without -gcolumn-info, which does not compare columns, the column
   of the row that last moved, not INSN's.  */
void
row_prediction::notice (rtx_insn *insn, location_t loc)
{
  expanded_location x = expand_location_cached (loc);
  bool marker = marker_p (insn);
  bool moved = forced.force || marker || !same_position (x, last);
  /* discriminators=layered: the tag final.cc passes is the pair's.  */
  unsigned gcc = 0;
  int pass_tag = tag;
  if (w.layered)
    {
      gcc = (unsigned) calltab_gcc_discriminator (NULL, loc);
      pass_tag = layered_tag (t, tag, gcc);
    }
  if (!moved && pass_tag == last_tag)
    return;
  if (moved)
    last = x;
  /* final.cc's is_stmt: true for a marker; for an instruction false
     with markers on, else whether the position moved.  */
  bool stmt = marker || (!markers && moved);
  predicted_row p = { last.file, last.line, last.column, pass_tag, -1, stmt,
		      false, gcc };
  t.rows.safe_push (p);
  r.valid = true;
  r.has_inst = false;
  r.key.file = last.file;
  r.key.line = last.line;
  r.key.sub = w.layered ? (int) (gcc & CALLTAB_LAYERED_GCC_MASK) : 0;
  r.loc = loc;
  r.index = t.rows.length () - 1;
  last_tag = pass_tag;
  last_gcc = gcc;
  forced.force = false;
  view.take ();
}

/* The next code, in the scope the walk is in, lies under the row in
   force: the row's number is that of the code's key in its block (the
   first code it covers decides).  */
void
row_prediction::cover ()
{
  if (!r.has_inst)
    {
      r.key.inst = (scope != NULL_TREE ? calltab_instance_of (scope)
		    : NULL_TREE);
      r.has_inst = true;
    }
  /* Consecutive instructions of a row and block: one search.  */
  if (cur_block != memo_block || calltab_key_cmp (r.key, memo_key) != 0)
    {
      memo_kb = calltab_find_key (w.keys, r.key, cur_block);
      memo_key = r.key;
      memo_block = cur_block;
    }
  int kb = memo_kb;
  int need = kb >= 0 ? w.keys[kb].disc : 0;
  int prologue = 0;		/* the begin_prologue row carries 0 */
  int &disc = r.index >= 0 ? t.rows[r.index].disc : prologue;
  if (disc < 0)
    disc = need;
  else if (disc != need || kb < 0)
    d.n_uncovered++;		/* walk_blocks saw it otherwise */
}

/* A repeat at an alignment insn (GCC 14's loop alignment after a jump)
   covers only the padding before a label, and the row after it begins
   at the label.  A padding of one nop reached by falling through,
   between two rows of a line, is code to a consumer that cannot tell
   the assembler's fill from GCC's nop (calltab verify: a block after the
   jump): it carries the number of the row after it when that is of the
   same line, so that it goes with the block it falls into rather than
   share the jump's number.  */
void
number_padding (function_table &t)
{
  for (unsigned i = 0; i + 1 < t.rows.length (); i++)
    if (t.rows[i].pad && t.rows[i].disc < 0
	&& t.rows[i + 1].line == t.rows[i].line
	&& calltab_file_cmp (t.rows[i + 1].file, t.rows[i].file) == 0)
      t.rows[i].disc = t.rows[i + 1].disc;
}

/* The second walk: follow final.cc's notice_source_line through the insn
   stream and predict every row it emits, with the discriminator of the
   code the row covers.  The tags are chosen here: the tag changes (so
   that final.cc emits a row) only at a block boundary where the code
   that follows would otherwise be covered by a row with another number,
   or one that began in another inline instance; elsewhere consecutive
   blocks keep one tag and final.cc emits no row for them.  */
void
predict_rows (walk &w, discriminators &d)
{
  row_prediction p (w, d);
  for (rtx_insn *insn = get_insns (); insn; insn = NEXT_INSN (insn))
    {
      if (NOTE_P (insn) && p.note (insn))
	continue;
      if (repeat_at_scope_end (insn, p.scope, p.view))
	p.repeat ();
      if (!noticed_p (insn))
	continue;
      bool code = code_insn_p (insn);
      location_t loc = row_location (insn);
      if (p.block_start && code)
	{
	  p.block_start = false;
	  if (p.retag_p (insn, loc))
	    loc = p.retag (insn, loc);
	}
      if (loc != UNKNOWN_LOCATION)
	p.notice (insn, loc);
      /* An instruction final_scan_insn outputs without a row of its own
	 emits the repeat.  */
      if (!marker_p (insn) && p.view.take ())
	{
	  p.repeat ();
	  d.current.rows.last ().pad = calltab_align_insn_p (insn);
	}
      if (code && p.r.valid)
	p.cover ();
    }
  /* The closing NOTE_INSN_BLOCK_ENDs or final_1 at the end: it covers
     nothing.  With discriminators=layered it carries 0, as rtl's does,
     not the GCC number it repeats: the rows at a sequence's end then
     have one value (calltab verify takes two end rows with different
     values for sequences the linker folded), and it costs no
     DW_LNE_set_discriminator.  */
  if (p.view.take ())
    {
      p.repeat ();
      d.current.rows.last ().gcc = 0;
    }
  number_padding (d.current);
}

/* LOC (GCC 13 and later) with the tag final.cc is to pass for it: TAG,
   or with discriminators=layered the tag of the pair (TAG, LOC's GCC
   number).  */
location_t
tagged (walk &w, function_table &t, location_t loc, int tag)
{
  if (w.layered)
    tag = layered_tag (t, tag,
		       (unsigned) calltab_gcc_discriminator (NULL, loc));
  return calltab_location_with_discriminator (loc, tag);
}

/* Put the tags where final.cc reads them (gcc-compat.h): into every RTL
   block on GCC 11 and 12; on GCC 13 and later into the location of every
   instruction and statement marker final.cc may start a row for, the tag
   of the block it is in, which replaces the discriminator GCC assigned to
   the statement.  Either way final.cc passes the tag of the block with
   every row and starts a row where it changes: what predict_rows
   foresaw.  Debug information only: the code is the same.  */
void
publish_tags (walk &w, function_table &t)
{
  int tag = 0;			/* final.cc's at the function's start */
  for (rtx_insn *insn = get_insns (); insn; insn = NEXT_INSN (insn))
    if (NOTE_P (insn) && NOTE_KIND (insn) == NOTE_INSN_BASIC_BLOCK)
      {
	basic_block bb = NOTE_BASIC_BLOCK (insn);
	tag = w.bb_tag[bb->index];
	calltab_set_bb_discriminator (bb, tag);
      }
    else if (!CALLTAB_DISCRIMINATOR_IN_LOCATION)
      continue;
    else if (marker_p (insn))
      marker_location (insn) = tagged (w, t, marker_location (insn), tag);
    else if (noticed_p (insn) && INSN_HAS_LOCATION (insn))
      INSN_LOCATION (insn) = tagged (w, t, INSN_LOCATION (insn), tag);
}

/* Number the rows of the current function (the pass).  */
void
assign_discriminators (discriminators &d)
{
  function_table &t = d.current;
  t.decl = current_function_decl;
  t.rows.truncate (0);
  t.next = 0;
  t.last = -1;
  t.mismatches = 0;
  walk w = walk ();
  w.label_block.safe_grow_cleared (get_max_uid () + 1);
  for (int &b : w.label_block)
    b = -1;
  w.must_row.safe_grow_cleared (get_max_uid () + 1);
  if (d.opts.discriminators == CALLTAB_DISCRIM_HIERARCHICAL)
    {
      /* Another function's, where loop_factors did not run for this one
	 (no RTL loop passes: -O0).  */
      if (d.mult_decl != current_function_decl)
	d.mult.truncate (0);
      w.mult = &d.mult;
    }
  w.fs = d.opts.discriminators == CALLTAB_DISCRIM_FS;
  w.layered = d.opts.discriminators == CALLTAB_DISCRIM_LAYERED;
  if (w.layered)
    {
      delete t.pairs;
      t.pairs = new layered_tags;
      t.pair_gcc.truncate (0);
      t.pair_gcc.safe_push (0);
    }
  walk_blocks (w);
  number_keys (w, d);
  if (w.mult != NULL)
    encode_hierarchical (w, d);
  predict_rows (w, d);
  publish_tags (w, t);
  w.keys.release ();
  w.splits.release ();
  w.labels.release ();
  w.label_block.release ();
  w.must_row.release ();
  w.bb_block.release ();
  w.bb_tag.release ();
}

/* Whether row R of the prediction is the one final.cc emits for
   FILE:LINE:COLUMN with TAG and STMT.  */
bool
row_matches (const predicted_row &r, const char *file, int line, int column,
	     int tag, bool stmt)
{
  return r.line == line && r.column == column && r.tag == tag
	 && r.stmt == stmt && calltab_file_cmp (r.file, file) == 0;
}

/* The discriminator of predicted row R: its number; with
   discriminators=layered, GCC's number with it as the copy ID.  */
int
row_value (discriminators &d, const predicted_row &r)
{
  int num = r.disc > 0 ? r.disc : 0;
  if (d.opts.discriminators == CALLTAB_DISCRIM_LAYERED)
    return (int) layered_value (d, r.gcc, num);
  return num;
}

/* The discriminator of the row final.cc is emitting: the next predicted
   one, checked by position and tag; the view repeats
   (maybe_output_next_view) are predicted rows too.  A repeat the pass
   did not foresee gets the number of the row it repeats.  Anything else
   is a row the pass did not foresee: it gets 0 and is counted, for
   report_mismatches and CALLTAB_DISCRIM_STATS; the next rows are looked
   for a little further on.  */
int
next_discriminator (discriminators &d, const char *file, int line,
		    int column, int tag, bool stmt)
{
  function_table &t = d.current;
  if (t.next < t.rows.length ()
      && row_matches (t.rows[t.next], file, line, column, tag, stmt))
    {
      t.last = t.next++;
      return row_value (d, t.rows[t.last]);
    }
  /* A repeat passes is_stmt false.  */
  if (t.last >= 0 && !stmt
      && row_matches (t.rows[t.last], file, line, column, tag,
		      t.rows[t.last].stmt))
    {
      d.n_repeats++;
      return row_value (d, t.rows[t.last]);
    }
  if (t.last < 0)
    {
      /* final_start_function leaves final.cc's force_source_line as the
	 previous function left it: a row at the begin_prologue position
	 may come first.  It covers what that row covers: 0.  */
      expanded_location p = expand_location (prologue_location);
      if (p.line == line && p.column == column && tag == 0
	  && calltab_file_cmp (p.file, file) == 0)
	{
	  d.n_repeats++;
	  return 0;
	}
    }
  for (unsigned k = t.next + 1; k < t.rows.length () && k < t.next + 4; k++)
    if (row_matches (t.rows[k], file, line, column, tag, stmt))
      {
	/* Predicted rows not emitted.  */
	d.n_mismatches += k - t.next;
	t.mismatches += k - t.next;
	t.last = k;
	t.next = k + 1;
	return row_value (d, t.rows[k]);
      }
  d.n_mismatches++;
  t.mismatches++;
  if (const char *e = getenv ("CALLTAB_DISCRIM_STATS"))
    if (e[0] == '2')
      {
	const predicted_row *n = t.next < t.rows.length ()
				 ? &t.rows[t.next] : NULL;
	/* current_function_name (), not function_name (cfun): GCC 14 made
	   the latter take a const function * (another mangled name), and a
	   plugin importing it fails to load (dlopen) in the other version's
	   cc1 before plugin_init could refuse it by name
	   (calltab.plugin/plugin.exp).  */
	fprintf (stderr, "calltab discriminators: unforeseen row %s:%d:%d"
		 " tag %d in %s; next predicted %d:%d tag %d\n", file, line,
		 column, tag, calltab_function_name (), n ? n->line : 0,
		 n ? n->column : 0, n ? n->tag : 0);
      }
  /* discriminators=layered: GCC's own number, which the tag stands
     for.  */
  if (d.opts.discriminators == CALLTAB_DISCRIM_LAYERED && tag >= 0
      && (unsigned) tag < t.pair_gcc.length ())
    return (int) t.pair_gcc[tag];
  return 0;
}

/* The line hook: the row final.cc is about to emit for FILE:LINE:COLUMN
   gets its DISCRIMINATOR (the tag on entry) and IS_STMT.  */
void
source_line (void *data, const char *file, unsigned int line,
	     unsigned int column, int *discriminator, bool *is_stmt)
{
  discriminators *d = (discriminators *) data;
  function_table &current = d->current;
  if (d->opts.discriminators == CALLTAB_DISCRIM_OFF)
    *discriminator = 0;
  else if (current.decl == current_function_decl && current.decl != NULL)
    {
      *discriminator = next_discriminator (*d, file, (int) line,
					   (int) column, *discriminator,
					   *is_stmt);
      d->n_rows++;
      if (*discriminator != 0)
	{
	  d->n_nonzero++;
	  /* Not a breakpoint location; with hierarchical discriminators,
	     unless only the multiplicity is set (the line's first block,
	     in an unrolled or vectorized loop); with layered ones, unless
	     only GCC's own number is (GCC's is_stmt stays).  */
	  unsigned v = (unsigned) *discriminator;
	  if (d->opts.discriminators == CALLTAB_DISCRIM_HIERARCHICAL)
	    v &= ~(((1u << CALLTAB_DISCR_MULT_BITS) - 1)
		   << CALLTAB_DISCR_MULT_SHIFT);
	  else if (d->opts.discriminators == CALLTAB_DISCRIM_LAYERED)
	    v &= ~CALLTAB_LAYERED_GCC_MASK;
	  if (v != 0)
	    *is_stmt = false;
	}
    }
  /* Otherwise a function the pass did not see (a thunk output without
     the pass pipeline, or one the gate left alone): GCC's own.  */
}

/* At the end of the unit, with CALLTAB_DISCRIM_STATS set in the
   environment: how the prediction went (bench/discriminators.sh).  */
void
finish_unit (void *data)
{
  discriminators *d = (discriminators *) data;
  if (getenv ("CALLTAB_DISCRIM_STATS") == NULL || !numbered_p (d->opts))
    return;
  fprintf (stderr, "calltab discriminators: %lu rows, %lu non-zero, %lu"
	   " tag changes, %lu view repeats predicted, %lu not, %lu"
	   " unforeseen, %lu misattributed, %lu ICF wrappers\n", d->n_rows,
	   d->n_nonzero, d->n_bumps, d->n_view_rows, d->n_repeats,
	   d->n_mismatches, d->n_uncovered, d->n_wrappers);
  if (d->opts.discriminators == CALLTAB_DISCRIM_HIERARCHICAL)
    fprintf (stderr, "calltab discriminators: hierarchical: %lu blocks of"
	     " a line with a copy ID, %lu with a multiplicity, %lu clamped\n",
	     d->n_copies, d->n_multiple, d->n_clamped);
  if (d->n_layered_clamped > 0)
    fprintf (stderr, "calltab discriminators: layered: %lu rows with a"
	     " block or GCC number clamped\n", d->n_layered_clamped);
  if (d->opts.discriminators == CALLTAB_DISCRIM_FS)
    fprintf (stderr, "calltab discriminators: fs: %lu of %lu blocks of lines"
	     " in several blocks without a number from P\n", d->n_unnumbered,
	     d->n_several);
}

/* IPA-ICF's wrapper: when GCC finds two functions with the same body,
   it may replace the second's body by a call to the first and inline
   that call (cgraph_node::create_wrapper, expand_thunk), and it marks
   the wrapper DECL_IGNORED_P because early debug has already run
   (symtab-thunks.cc).  The inlined code keeps its locations, but with
   no lexical block (the wrapper's call had none to put the inlined
   blocks in), and final.cc gives an ignored function no rows: the whole
   copy was covered by the one row dwarf2out_set_ignored_loc emits at
   the wrapper's opening line, so none of its blocks could be told apart
   (nor its lines).  If DECL is such a wrapper, with exactly one
   function inlined into it (the function the variables of
   var-tracking's notes come from) and code located outside its own
   opening line, put that code in a new inlined-function scope of the
   callee (called from the wrapper's opening line, as the wrapper's
   source says nothing better) and give the wrapper its debug
   information back:
   final.cc then emits its rows, dwarf2out a concrete DIE for it with the
   DW_TAG_inlined_subroutine of the callee, and the pass numbers it like
   any function.  Debug information only: the code is the same.  Returns
   whether it did.  */
bool
adopt_wrapper (tree decl)
{
  tree outer = DECL_INITIAL (decl);
  if (DECL_ARTIFICIAL (decl) || outer == NULL_TREE
      || TREE_CODE (outer) != BLOCK || BLOCK_SUBBLOCKS (outer) != NULL_TREE
      || LOCATION_LOCUS (DECL_SOURCE_LOCATION (decl)) <= BUILTINS_LOCATION)
    return false;
  /* The callee: by the time RTL passes run, the inlined edge and its
     clone are gone; the variables the inlined code tracks are copies of
     the callee's (var-tracking's notes).  */
  tree callee = NULL_TREE;
  for (rtx_insn *insn = get_insns (); insn; insn = NEXT_INSN (insn))
    if (NOTE_P (insn) && NOTE_KIND (insn) == NOTE_INSN_VAR_LOCATION)
      {
	tree f = decl_function_context (DECL_ORIGIN (NOTE_VAR_LOCATION_DECL
						     (insn)));
	if (f == NULL_TREE || f == decl || f == callee)
	  continue;
	if (callee != NULL_TREE)
	  return false;
	callee = f;
      }
  if (callee == NULL_TREE || DECL_IGNORED_P (callee))
    return false;
  location_t own = LOCATION_LOCUS (DECL_SOURCE_LOCATION (decl));
  auto inlined_p = [own] (location_t loc)
    {
      return LOCATION_LOCUS (loc) > BUILTINS_LOCATION
	     && LOCATION_BLOCK (loc) == NULL_TREE
	     && LOCATION_LOCUS (loc) != own;
    };
  bool any = false;
  for (rtx_insn *insn = get_insns (); insn && !any; insn = NEXT_INSN (insn))
    any = INSN_P (insn) && INSN_HAS_LOCATION (insn)
	  && inlined_p (INSN_LOCATION (insn));
  if (!any)
    return false;
  tree scope = make_node (BLOCK);
  BLOCK_ABSTRACT_ORIGIN (scope) = callee;
  BLOCK_SOURCE_LOCATION (scope) = own;
  BLOCK_SUPERCONTEXT (scope) = outer;
  BLOCK_SUBBLOCKS (outer) = scope;
  /* final.cc's change_scope compares block numbers before number_blocks
     renumbers them: a subblock's is greater.  */
  BLOCK_NUMBER (scope) = BLOCK_NUMBER (outer) + 1;
  for (rtx_insn *insn = get_insns (); insn; insn = NEXT_INSN (insn))
    if (NOTE_P (insn) && NOTE_MARKER_P (insn)
	&& inlined_p (NOTE_MARKER_LOCATION (insn)))
      NOTE_MARKER_LOCATION (insn)
	= set_block (NOTE_MARKER_LOCATION (insn), scope);
    else if (INSN_P (insn) && INSN_HAS_LOCATION (insn)
	     && inlined_p (INSN_LOCATION (insn)))
      INSN_LOCATION (insn) = set_block (INSN_LOCATION (insn), scope);
  DECL_IGNORED_P (decl) = 0;
  return true;
}

/* The pass before final: number the rows of the function, an ICF
   wrapper's too once it has its debug information back.  */
void
number_function (discriminators &d)
{
  if (DECL_IGNORED_P (current_function_decl))
    {
      if (!adopt_wrapper (current_function_decl))
	return;
      d.n_wrappers++;
      if (const char *e = getenv ("CALLTAB_DISCRIM_STATS"))
	if (e[0] == '2')
	  fprintf (stderr, "calltab discriminators: ICF wrapper %s\n",
		   calltab_function_name ());
    }
  assign_discriminators (d);
}

/* Not for functions without debug information, nor when final.cc
   takes discriminators from decl_to_instance_map (instance numbers
   streamed by LTO) instead of the blocks: the tags would not reach
   the hook there, and GCC's numbers stay.  */
bool
numbering_gate (const discriminators &d)
{
  return numbered_p (d.opts)
	 && debug_info_level >= DINFO_LEVEL_TERSE
	 && decl_to_instance_map == NULL;
}

/* discriminators=hierarchical: the multiplicities, recorded while the
   RTL loop structures exist (just after loop2_unroll, before loop2_done
   frees them; final sees none).  An instruction in the body of a loop
   that the RTL unroller unrolled TIMES + 1 times (lpt_decision, in
   every enclosing loop) stands for that many executions of its source
   per execution; one that computes a vector of N lanes in a loop (the
   vectorizer's code: an arithmetic operation, not a move, of a vector
   mode) for N times that.  GCC's vectorization factor itself is gone
   after the GIMPLE passes: the lanes of the widest vector operation of
   a line are what the RTL still tells (docs/discriminators.md).  */
void
loop_factors (discriminators &d)
{
  d.mult_decl = current_function_decl;
  d.mult.truncate (0);
  d.mult.safe_grow_cleared (get_max_uid () + 1);
  if (current_loops == NULL)
    return;
  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    {
      class loop *loop = bb->loop_father;
      if (loop == NULL || loop_outer (loop) == NULL)
	continue;		/* not in a loop */
      int unroll = 1;
      for (class loop *l = loop; loop_outer (l) != NULL; l = loop_outer (l))
	if (l->lpt_decision.decision != LPT_NONE)
	  unroll *= l->lpt_decision.times + 1;
      rtx_insn *insn;
      FOR_BB_INSNS (bb, insn)
	{
	  if (!NONDEBUG_INSN_P (insn))
	    continue;
	  int lanes = 1;
	  rtx set = single_set (insn);
	  if (set != NULL_RTX && VECTOR_MODE_P (GET_MODE (SET_DEST (set))))
	    switch (GET_RTX_CLASS (GET_CODE (SET_SRC (set))))
	      {
	      case RTX_UNARY:
	      case RTX_BIN_ARITH:
	      case RTX_COMM_ARITH:
	      case RTX_TERNARY:
	      case RTX_COMPARE:
	      case RTX_COMM_COMPARE:
		lanes = constant_lower_bound
			  (GET_MODE_NUNITS (GET_MODE (SET_DEST (set))));
		break;
	      default:
		break;
	      }
	  int m = unroll * lanes;
	  d.mult[INSN_UID (insn)] = m > 1 ? m : 0;
	}
    }
}

/* The pass after final: the rows final.cc emitted that the prediction
   did not foresee (next_discriminator) are reported, never silently:
   they carry discriminator 0, which may merge blocks of a line that the
   rule tells apart, and a consumer then sees one count for them.  A
   warning with no option (docs/plugin-options.md, "Warnings").  */
void
report_mismatches (discriminators &d)
{
  function_table &t = d.current;
  if (t.decl != current_function_decl || t.mismatches == 0)
    return;
  /* GCC shows no warning located in a system header (a library
     template instantiated here): such a function's gets no location.
     expand_location's sysp, not in_system_header_at: the line-map
     function that one calls changed its signature in GCC 14, and a
     plugin must load into another version far enough to refuse it
     (calltab.install).  */
  location_t loc = DECL_SOURCE_LOCATION (t.decl);
  if (expand_location (loc).sysp)
    loc = UNKNOWN_LOCATION;
  warning_n (loc, 0, t.mismatches,
	     "%s: %qD: %u line-table row differs from the prediction; "
	     "discriminators there may be 0 where blocks of a line need "
	     "distinct numbers",
	     "%s: %qD: %u line-table rows differ from the prediction; "
	     "discriminators there may be 0 where blocks of a line need "
	     "distinct numbers",
	     CALLTAB_PLUGIN_NAME, t.decl, t.mismatches);
  t.mismatches = 0;
}

/* For functions with debug information.  */
bool
debug_info_gate (const discriminators &)
{
  return debug_info_level >= DINFO_LEVEL_TERSE;
}

/* An RTL pass of the part: its gate and its work are functions of the
   part's state, so that each pass is those two functions and a name.  */
class part_pass : public rtl_opt_pass
{
public:
  typedef bool (*gate_fn) (const discriminators &);
  typedef void (*execute_fn) (discriminators &);

  part_pass (const char *pass_name, discriminators *state, gate_fn gate_f,
	     execute_fn execute_f)
    : rtl_opt_pass (data (pass_name), g), m_state (state), m_gate (gate_f),
      m_execute (execute_f)
  {}

  bool gate (function *) final override
  {
    return m_gate (*m_state);
  }

  unsigned int execute (function *) final override
  {
    m_execute (*m_state);
    return 0;
  }

private:
  /* No dump group, timer, properties or TODOs (rtl_opt_pass copies
     it).  */
  static pass_data data (const char *pass_name)
  {
    pass_data d = { RTL_PASS, pass_name, OPTGROUP_NONE, TV_NONE,
		    0, 0, 0, 0, 0 };
    return d;
  }

  discriminators *m_state;
  gate_fn m_gate;
  execute_fn m_execute;
};

/* Run PASS at POS of the first instance of the pass named REFERENCE.  */
void
add_pass (const char *plugin_name, opt_pass *pass, const char *reference,
	  pass_positioning_ops pos)
{
  struct register_pass_info info;
  info.pass = pass;
  info.reference_pass_name = reference;
  info.ref_pass_instance_number = 1;
  info.pos_op = pos;
  register_callback (plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL, &info);
}

} // anon namespace

calltab_hook_client
calltab_discriminators_init (const char *plugin_name,
			     const calltab_options &opts)
{
  calltab_hook_client client = calltab_hook_client ();
  if (opts.discriminators == CALLTAB_DISCRIM_GCC)
    return client;		/* GCC's own: no hook, no pass */
  discriminators *state = new discriminators (opts);
  client.data = state;
  client.source_line = source_line;
  client.finish_unit = finish_unit;
  if (!numbered_p (opts))
    return client;
  add_pass (plugin_name,
	    new part_pass ("calltab_discriminators", state, numbering_gate,
			   number_function),
	    CALLTAB_FINAL_PASS_NAME, PASS_POS_INSERT_BEFORE);
  add_pass (plugin_name,
	    new part_pass ("calltab_mismatches", state, numbering_gate,
			   report_mismatches),
	    CALLTAB_FINAL_PASS_NAME, PASS_POS_INSERT_AFTER);
  if (opts.discriminators == CALLTAB_DISCRIM_HIERARCHICAL)
    add_pass (plugin_name,
	      new part_pass ("calltab_loop_factors", state, debug_info_gate,
			     loop_factors),
	      "loop2_unroll", PASS_POS_INSERT_AFTER);
  return client;
}
