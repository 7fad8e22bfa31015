/* discriminators.cc: per-basic-block discriminators on the final RTL.

   The rule (docs/discriminators.md): per function and per source position
   (file, line), the basic blocks of the final code that hold instructions
   of that line get discriminators 0, 1, 2, ... in layout order, 0 when
   there is one; a block's discriminator never reaches the rows of other
   lines; rows with a non-zero discriminator are not is_stmt.

   GCC 12 keeps one discriminator per RTL basic block
   (basic_block->discriminator); final.cc copies it at every
   NOTE_INSN_BASIC_BLOCK and passes it with every row to
   debug_hooks->source_line, emitting a row whenever it changes.  One
   number per block cannot say "0 for line A, 2 for line B" in a block
   holding both lines, so the plugin uses the field as a block tag
   instead:

   1. A pass just before "final" numbers the blocks of the final code
      (leaders: the function's start, the start of the cold section, used
      labels, whatever follows a jump or return; calls do not end
      blocks), stores block number + 1 as the tag in the discriminator of
      every RTL block, and computes the table (block, file, line) ->
      discriminator.
   2. A line hook, called by the debug_hooks->source_line wrapper of
      debug-hooks.cc, looks up (tag, file, line) for every row final.cc
      emits and passes the real discriminator on, clearing is_stmt when it
      is not 0.

   Because the tag changes at every block boundary, final.cc emits a row
   at the start of every block whose first instruction has a location:
   exactly where a line shared by several blocks needs a new
   discriminator.  A block starting with an instruction without a
   location gets the line of the row covering it anyway, in the lexical
   scope it is in already, so that a row starts there too; statement-marker rows that cover no instruction
   keep 0 (they answer no PC; 4 bytes each).  Only debug output changes:
   the tag is read by final.cc alone, so the code is the same with and
   without the plugin.  docs/discriminators.md has the details and the
   measured figures.

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

namespace {

/* One (block, file, line) the final code holds, with its discriminator.  */
struct line_block
{
  int block;			/* final block number, 0-based, layout order */
  const char *file;
  int line;
  int discriminator;
};

/* A statement marker's row, in the order final.cc emits them.  */
struct marker_row
{
  const char *file;
  int line;
  int column;
  bool empty;			/* no instruction before the next row */
};

/* The table of the function being output.  */
struct function_table
{
  tree decl;			/* the function; NULL when none */
  vec<line_block> rows;		/* sorted by (block, line, file) */
  vec<marker_row> markers;	/* statement markers, in insn order */
  unsigned next_marker;		/* the next one final.cc will emit */
  bool markers_ok;		/* the rows seen so far matched markers */
};

/* The part's state for the compilation: given to the pass and, as the
   client's data, to the line hook.  */
struct discriminators
{
  explicit discriminators (const calltab_options &o) : opts (o) {}

  const calltab_options &opts;
  function_table current = function_table ();
};

/* strcmp that orders NULL first; file names come from the line maps.  */
int
file_cmp (const char *a, const char *b)
{
  if (a == b)
    return 0;
  if (a == NULL || b == NULL)
    return a == NULL ? -1 : 1;
  return strcmp (a, b);
}

/* Order for numbering: by position, then by block (layout order).  */
int
cmp_position_block (const void *pa, const void *pb)
{
  const line_block *a = (const line_block *) pa;
  const line_block *b = (const line_block *) pb;
  if (a->line != b->line)
    return a->line < b->line ? -1 : 1;
  if (int c = file_cmp (a->file, b->file))
    return c;
  return a->block < b->block ? -1 : a->block > b->block;
}

/* Order for look-ups: by block, then position.  */
int
cmp_block_position (const void *pa, const void *pb)
{
  const line_block *a = (const line_block *) pa;
  const line_block *b = (const line_block *) pb;
  if (a->block != b->block)
    return a->block < b->block ? -1 : 1;
  if (a->line != b->line)
    return a->line < b->line ? -1 : 1;
  return file_cmp (a->file, b->file);
}

/* Whether INSN emits machine code that final.cc gives a row: the
   instructions final_scan_insn passes to notice_source_line, without
   the ones of length 0 (blockages, prologue uses), which own no byte.  */
bool
code_insn_p (rtx_insn *insn)
{
  if (!NONDEBUG_INSN_P (insn) || JUMP_TABLE_DATA_P (insn))
    return false;
  rtx body = PATTERN (insn);
  if (GET_CODE (body) == USE || GET_CODE (body) == CLOBBER)
    return false;
  return get_attr_length (insn) > 0;
}

/* Whether LABEL starts a block of the final code: something jumps to it
   (a jump, a jump table, a computed goto, an exception edge).  */
bool
used_label_p (rtx_insn *label)
{
  return LABEL_P (label) && (LABEL_NUSES (label) > 0
			     || LABEL_PRESERVE_P (label));
}

/* The location of the row final.cc emits for INSN, a located
   instruction or a statement marker; UNKNOWN_LOCATION when INSN emits no
   row (final.cc skips locations without a line).  */
location_t
row_location (rtx_insn *insn)
{
  location_t loc;
  if (NOTE_P (insn) && NOTE_MARKER_P (insn))
    loc = NOTE_MARKER_LOCATION (insn);
  else if (NONDEBUG_INSN_P (insn) && !JUMP_TABLE_DATA_P (insn)
	   && GET_CODE (PATTERN (insn)) != USE
	   && GET_CODE (PATTERN (insn)) != CLOBBER
	   && INSN_HAS_LOCATION (insn))
    loc = INSN_LOCATION (insn);
  else
    return UNKNOWN_LOCATION;
  expanded_location xloc = expand_location (loc);
  return xloc.file != NULL && xloc.line != 0 ? loc : UNKNOWN_LOCATION;
}

/* Whether final.cc emits a row for the statement marker NOTE
   (notice_source_line skips markers without a line and a real locus).  */
bool
marker_emits_row_p (rtx_insn *note)
{
  location_t loc = NOTE_MARKER_LOCATION (note);
  expanded_location xloc = expand_location (loc);
  return !(xloc.line == 0
	   && (LOCATION_LOCUS (loc) == UNKNOWN_LOCATION
	       || LOCATION_LOCUS (loc) == BUILTINS_LOCATION));
}

/* Whether the row final.cc emits for the statement marker NOTE, in
   the block tagged TAG, covers no instruction: another row starts before
   any instruction with bytes (a marker, or an instruction whose location
   or tag differs), or the section or the function ends first.  Such a
   row is never the answer for a PC, so it needs no discriminator: 4
   bytes of line program each.  */
bool
empty_marker_row_p (rtx_insn *note, int tag)
{
  expanded_location m = expand_location (NOTE_MARKER_LOCATION (note));
  int cur = tag;
  for (rtx_insn *insn = NEXT_INSN (note); insn; insn = NEXT_INSN (insn))
    {
      if (NOTE_P (insn))
	{
	  if (NOTE_MARKER_P (insn))
	    {
	      if (marker_emits_row_p (insn))
		return true;
	    }
	  else if (NOTE_KIND (insn) == NOTE_INSN_SWITCH_TEXT_SECTIONS)
	    return true;
	  else if (NOTE_KIND (insn) == NOTE_INSN_BASIC_BLOCK)
	    cur = NOTE_BASIC_BLOCK (insn)->discriminator;
	  continue;
	}
      if (!NONDEBUG_INSN_P (insn) || JUMP_TABLE_DATA_P (insn)
	  || GET_CODE (PATTERN (insn)) == USE
	  || GET_CODE (PATTERN (insn)) == CLOBBER)
	continue;
      /* What notice_source_line decides for INSN.  */
      location_t loc = row_location (insn);
      bool new_row = false;
      if (loc != UNKNOWN_LOCATION)
	{
	  expanded_location x = expand_location (loc);
	  new_row = (x.file != m.file || x.line != m.line
		     || (debug_column_info && x.column != m.column)
		     || cur != tag);
	}
      if (new_row)
	return true;
      if (get_attr_length (insn) > 0)
	return false;
    }
  return true;
}

/* Number the blocks of the final code of the current function, tag the
   RTL blocks, and build the table for the hook.  What is recorded is
   what consumers will see: for each instruction that owns bytes, the
   line of the row covering it, i.e. of the last row emitted before it
   (an instruction without a location extends the previous row).  The
   result goes into CURRENT.  */
void
assign_discriminators (function_table &current)
{
  current.decl = current_function_decl;
  current.rows.truncate (0);

  int block = -1;
  bool leader = true;		/* the next code starts a block */
  bool first_code = false;	/* no code yet in the current block */
  /* The row in force.  At the start, the one final_start_function has
     debug_hooks->begin_prologue emit at prologue_location (dwarf2out
     emits it directly, with discriminator 0): code before the first
     located instruction is on the function's opening line, in block 0,
     whose discriminator for any line is 0.  Without it, that line's
     other blocks (a shrink-wrapped prologue further down, which is on
     the same line) would get 0 too.  */
  location_t row = UNKNOWN_LOCATION;
  {
    expanded_location x = expand_location (prologue_location);
    if (x.file != NULL && x.line != 0)
      row = prologue_location;
  }
  bool prologue_row = row != UNKNOWN_LOCATION;
  /* The lexical scope final.cc's reemit_insn_block_notes holds at this
     point of the insn stream: the scope of the last statement or
     inline-entry marker or active instruction with a location, where
     one with a location but no block is in the function's outermost
     scope; an instruction without a location is skipped, it stays in
     the scope before it.  NULL_TREE when unknown
     (a SEQUENCE, whose scope final.cc merges; none on x86-64).  */
  tree scope = DECL_INITIAL (current_function_decl);
  for (rtx_insn *insn = get_insns (); insn; insn = NEXT_INSN (insn))
    {
      if (NOTE_P (insn)
	  && NOTE_KIND (insn) == NOTE_INSN_SWITCH_TEXT_SECTIONS)
	{
	  /* The cold part is a line sequence of its own: no row of the
	     hot part covers its code.  */
	  leader = true;
	  row = UNKNOWN_LOCATION;
	  prologue_row = false;
	}
      else if (used_label_p (insn))
	leader = true;
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
	  NOTE_BASIC_BLOCK (insn)->discriminator = block + 1;
	  continue;
	}

      if (NOTE_P (insn) && NOTE_MARKER_P (insn))
	{
	  /* Statement and inline-entry markers set the scope too.  */
	  tree s = LOCATION_BLOCK (NOTE_MARKER_LOCATION (insn));
	  scope = s ? s : DECL_INITIAL (current_function_decl);
	}
      else if (active_insn_p (insn) && !JUMP_TABLE_DATA_P (insn))
	{
	  if (GET_CODE (PATTERN (insn)) == SEQUENCE)
	    scope = NULL_TREE;
	  else if (tree s = insn_scope (insn))
	    scope = s;
	  else if (INSN_LOCATION (insn) != UNKNOWN_LOCATION)
	    scope = DECL_INITIAL (current_function_decl);
	}

      location_t loc = row_location (insn);
      if (loc != UNKNOWN_LOCATION)
	{
	  row = loc;
	  prologue_row = false;
	  first_code = false;	/* this row carries the block's tag */
	}
      if (!code_insn_p (insn))
	continue;
      if (leader)
	{
	  /* Code after a leader point without an RTL block note: final.cc
	     cannot tell, so it stays in the block it is tagged with.  */
	  leader = false;
	  if (block < 0)
	    block = 0;
	}
      /* The begin_prologue row already gives the first block's code
	 discriminator 0.  */
      if (first_code && loc == UNKNOWN_LOCATION && row != UNKNOWN_LOCATION
	  && !prologue_row && scope != NULL_TREE)
	{
	  /* The block starts with an instruction without a location (or
	     one without a line, whose block SCOPE already holds): the
	     previous block's row would cover it with that block's
	     discriminator.  Give it the line it is shown with anyway, so
	     that final.cc starts a row with this block's tag, and the
	     scope it is in already, so that the scope notes final.cc
	     rebuilds stay where they were.  A location without a block
	     would not do: reemit_insn_block_notes puts such an
	     instruction in the function's outermost scope, which closes
	     the inlined or lexical blocks around it and changes their
	     DW_AT_high_pc or DW_AT_ranges (an inlined function's call
	     ended one instruction early, and gdb's backtrace lost its
	     frame).  Debug information only: final.cc emits the same
	     code.  */
	  INSN_LOCATION (insn) = set_block (LOCATION_LOCUS (row), scope);
	}
      first_code = false;
      if (row != UNKNOWN_LOCATION)
	{
	  expanded_location xloc = expand_location (row);
	  line_block lb = { block, xloc.file, xloc.line, 0 };
	  current.rows.safe_push (lb);
	}
      if (JUMP_P (insn))
	leader = true;
    }

  /* Number the blocks of each position in layout order.  */
  vec<line_block> &rows = current.rows;
  rows.qsort (cmp_position_block);
  unsigned out = 0;
  for (unsigned i = 0; i < rows.length (); i++)
    {
      if (out > 0 && cmp_block_position (&rows[out - 1], &rows[i]) == 0)
	continue;		/* the same block and position again */
      line_block lb = rows[i];
      if (out > 0 && rows[out - 1].line == lb.line
	  && file_cmp (rows[out - 1].file, lb.file) == 0)
	lb.discriminator = rows[out - 1].discriminator + 1;
      else
	lb.discriminator = 0;
      rows[out++] = lb;
    }
  rows.truncate (out);
  rows.qsort (cmp_block_position);

  /* The statement markers' rows, once every block carries its tag.
     final.cc passes is_stmt only for them when markers are on.  */
  current.markers.truncate (0);
  current.next_marker = 0;
  current.markers_ok = MAY_HAVE_DEBUG_MARKER_INSNS
		       && cfun->debug_nonbind_markers;
  if (!current.markers_ok)
    return;
  int tag = 0;
  for (rtx_insn *insn = get_insns (); insn; insn = NEXT_INSN (insn))
    if (NOTE_P (insn) && NOTE_KIND (insn) == NOTE_INSN_BASIC_BLOCK)
      tag = NOTE_BASIC_BLOCK (insn)->discriminator;
    else if (NOTE_P (insn) && NOTE_MARKER_P (insn)
	     && marker_emits_row_p (insn))
      {
	expanded_location x = expand_location (NOTE_MARKER_LOCATION (insn));
	marker_row m = { x.file, x.line, x.column,
			 empty_marker_row_p (insn, tag) };
	current.markers.safe_push (m);
      }
}

/* The discriminator of FILE:LINE in the block tagged TAG of CURRENT, 0
   when that block holds no code of the line (a row of zero length).  */
int
lookup (const function_table &current, int tag, const char *file, int line)
{
  if (tag <= 0)
    return 0;
  line_block key = { tag - 1, file, line, 0 };
  const line_block *found
    = (const line_block *) bsearch (&key, current.rows.address (),
				    current.rows.length (),
				    sizeof (line_block), cmp_block_position);
  return found ? found->discriminator : 0;
}

/* Whether the row final.cc is emitting, for FILE:LINE:COLUMN with
   IS_STMT, is a statement marker's row that covers no instruction.  With
   markers on, final.cc passes is_stmt only for markers, in insn order;
   the position is checked so that a mismatch can only turn the saving
   off for the rest of the function, never mislabel a row.  */
bool
empty_marker_row (function_table &current, const char *file, int line,
		  int column, bool is_stmt)
{
  if (!is_stmt || !current.markers_ok)
    return false;
  if (current.next_marker >= current.markers.length ())
    {
      current.markers_ok = false;
      return false;
    }
  const marker_row &m = current.markers[current.next_marker++];
  if (m.file != file || m.line != line || m.column != column)
    {
      current.markers_ok = false;
      return false;
    }
  return m.empty;
}

/* The line hook: the row final.cc is about to emit for FILE:LINE:COLUMN
   gets its DISCRIMINATOR (the block tag on entry) and IS_STMT.  */
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
      if (empty_marker_row (current, file, line, column, *is_stmt))
	*discriminator = 0;	/* no PC maps to it */
      else
	{
	  *discriminator = lookup (current, *discriminator, file, line);
	  if (*discriminator != 0)
	    *is_stmt = false;	/* not a breakpoint location */
	}
    }
  /* Otherwise a function the pass did not see (a thunk output without
     the pass pipeline, or one the gate left alone): GCC's own.  */
}

const pass_data discriminators_pass_data = {
  RTL_PASS,
  "calltab_discriminators",	/* name */
  OPTGROUP_NONE,
  TV_NONE,
  0, 0, 0, 0, 0
};

class discriminators_pass : public rtl_opt_pass
{
public:
  discriminators_pass (gcc::context *ctxt, discriminators *state)
    : rtl_opt_pass (discriminators_pass_data, ctxt), m_state (state)
  {}

  /* Not for functions without debug information, nor when final.cc
     takes discriminators from decl_to_instance_map (instance numbers
     streamed by LTO) instead of the blocks: the tags would not reach
     the hook there, and GCC's numbers stay.  */
  bool gate (function *) final override
  {
    return m_state->opts.discriminators == CALLTAB_DISCRIM_RTL
	   && debug_info_level >= DINFO_LEVEL_TERSE
	   && !DECL_IGNORED_P (current_function_decl)
	   && decl_to_instance_map == NULL;
  }

  unsigned int execute (function *) final override
  {
    assign_discriminators (m_state->current);
    return 0;
  }

private:
  discriminators *m_state;
};

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
  if (opts.discriminators != CALLTAB_DISCRIM_RTL)
    return client;
  struct register_pass_info info;
  info.pass = new discriminators_pass (g, state);
  info.reference_pass_name = CALLTAB_FINAL_PASS_NAME;
  info.ref_pass_instance_number = 1;
  info.pos_op = PASS_POS_INSERT_BEFORE;
  register_callback (plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL, &info);
  return client;
}
