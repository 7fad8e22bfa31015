/* fs-number.cc: the pass at P, just before the first bbpart
   (pass_partition_blocks), of flow-sensitive AutoFDO (docs/fdo.md,
   "Flow-sensitive AutoFDO: design").

   It numbers the blocks of each key (inline instance, file, line) of the
   code there by the rule of docs/discriminators.md with the groups
   ordered by source position, not layout (line-keys.cc,
   KEY_ORDER_SOURCE): layout at P differs between the training build and
   the -fauto-profile build exactly where the profile changed the code,
   GCC's early numbers and the columns do not.  Then:
   - discriminators=fs (the training build): it records each RTL
     block's and each instruction's number for the pass before final
     (calltab_fs_pnumber), which gives each key in each final block the
     number of its code there, so that a block copied after P carries
     its origin's number;
   - with -fplugin-arg-calltab-profile=FILE (the -fauto-profile build):
     the loader sets branch probabilities from the late profile
     (fs-load.cc).
   The numbering reads the code and changes nothing.  */

#include "gcc-compat.h"
#include "calltab-plugin.h"
#include "fs.h"

namespace {

/* A location of code at P and the number of its group; -1 where the
   location lay in several groups.  */
struct location_number
{
  location_t loc;
  int pnum;
};

/* What the pass records for discriminators=fs, of the function numbered
   last.  */
struct fs_records
{
  tree decl;
  vec<key_block> keys;		/* its keys at P, numbered */
  vec<int> block_by_note;	/* by the INSN_UID of an RTL block's
				   NOTE_INSN_BASIC_BLOCK: the block at P */
  vec<int> by_uid;		/* the P-number of code by INSN_UID */
  vec<location_number> by_loc;	/* sorted by location */
};

fs_records records;

/* The key of INSN, code of BB at P: its location's instance, file and
   line, with GCC's number and the column in *GCC and *COLUMN.  False for
   what is not code with a location (debug insns, uses, clobbers).  */
bool
code_key (basic_block bb, rtx_insn *insn, line_key *key, int *gcc,
	  int *column)
{
  if (!NONDEBUG_INSN_P (insn) || JUMP_TABLE_DATA_P (insn)
      || GET_CODE (PATTERN (insn)) == USE
      || GET_CODE (PATTERN (insn)) == CLOBBER
      || !INSN_HAS_LOCATION (insn))
    return false;
  location_t loc = INSN_LOCATION (insn);
  expanded_location x = expand_location (loc);
  if (x.file == NULL || x.line == 0)
    return false;
  key->inst = calltab_instance_of (LOCATION_BLOCK (loc));
  key->file = x.file;
  key->line = x.line;
  *gcc = calltab_gcc_discriminator (bb, loc);
  *column = x.column;
  return true;
}

/* The key of BB's conditional or table jump (its own location's, else
   that of the last code before it in BB); false if BB ends otherwise or
   no code of BB has a location.  */
bool
jump_key (basic_block bb, line_key *key)
{
  rtx_insn *end = BB_END (bb);
  if (!JUMP_P (end) || (!any_condjump_p (end) && !tablejump_p (end, NULL,
								NULL)))
    return false;
  int gcc, column;
  for (rtx_insn *insn = end; insn != PREV_INSN (BB_HEAD (bb));
       insn = PREV_INSN (insn))
    if (code_key (bb, insn, key, &gcc, &column))
      return true;
  return false;
}

int
cmp_location_number (const void *pa, const void *pb)
{
  const location_number *a = (const location_number *) pa;
  const location_number *b = (const location_number *) pb;
  return a->loc < b->loc ? -1 : a->loc > b->loc;
}

/* An instruction of code at P with its key and block.  */
struct code_insn
{
  rtx_insn *insn;
  line_key key;
  int block;
};

/* Record the numbers at P (discriminators=fs): each RTL block by its
   block note, which stays with the block until final (a copy or the
   second half of a split gets a new one), each instruction of CODE by
   INSN_UID and by location.  */
void
record_numbers (const fs_function &fn, const vec<code_insn> &code)
{
  records.decl = current_function_decl;
  records.keys.truncate (0);
  records.keys.safe_splice (fn.keys);
  records.block_by_note.truncate (0);
  records.block_by_note.safe_grow (get_max_uid () + 1);
  records.by_uid.truncate (0);
  records.by_uid.safe_grow (get_max_uid () + 1);
  for (unsigned i = 0; i < records.by_uid.length (); i++)
    records.block_by_note[i] = records.by_uid[i] = -1;
  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    records.block_by_note[INSN_UID (bb_note (bb))] = fn.block_of[bb->index];
  records.by_loc.truncate (0);
  for (const code_insn &c : code)
    {
      int kb = calltab_find_key (fn.keys, c.key, c.block);
      gcc_assert (kb >= 0);
      int pnum = fn.keys[kb].disc;
      records.by_uid[INSN_UID (c.insn)] = pnum;
      location_number ln = { INSN_LOCATION (c.insn), pnum };
      records.by_loc.safe_push (ln);
    }
  /* One entry per location; -1 where it lies in several groups.  */
  records.by_loc.qsort (cmp_location_number);
  unsigned out = 0;
  for (const location_number &ln : records.by_loc)
    if (out > 0 && records.by_loc[out - 1].loc == ln.loc)
      {
	if (records.by_loc[out - 1].pnum != ln.pnum)
	  records.by_loc[out - 1].pnum = -1;
      }
    else
      records.by_loc[out++] = ln;
  records.by_loc.truncate (out);
}

/* The pass: number the current function's keys at P, record the
   numbers for discriminators=fs and run the loader.  */
void
number_at_p (const calltab_options &opts)
{
  fs_function fn = fs_function ();
  auto_vec<code_insn> code;
  fn.block_of.safe_grow (last_basic_block_for_fn (cfun));
  for (int &b : fn.block_of)
    b = -1;
  int block = 0;
  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    {
      fn.block_of[bb->index] = block;
      rtx_insn *insn;
      FOR_BB_INSNS (bb, insn)
	{
	  line_key k;
	  int gcc, column;
	  if (!code_key (bb, insn, &k, &gcc, &column))
	    continue;
	  code_insn c = { insn, k, block };
	  code.safe_push (c);
	  key_block kb = calltab_key_block (k, block, fn.keys.length ());
	  kb.gcc = kb.min_gcc = gcc;
	  kb.min_column = column;
	  kb.rows = 1;
	  if (!fn.keys.is_empty ()
	      && calltab_cmp_key_block (&fn.keys.last (), &kb) == 0)
	    calltab_merge_key_block (fn.keys.last (), kb);
	  else
	    fn.keys.safe_push (kb);
	}
      block++;
    }
  calltab_merge_key_blocks (fn.keys);

  /* The blocks a conditional or table jump of their key goes to (a
     loop's own block included).  */
  FOR_EACH_BB_FN (bb, cfun)
    {
      fs_jump j = { bb, { NULL_TREE, NULL, 0 } };
      if (!jump_key (bb, &j.key))
	continue;
      fn.jumps.safe_push (j);
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, bb->succs)
	if (e->dest != EXIT_BLOCK_PTR_FOR_FN (cfun))
	  {
	    int kb = calltab_find_key (fn.keys, j.key,
				       fn.block_of[e->dest->index]);
	    if (kb >= 0)
	      fn.keys[kb].target = true;
	  }
    }
  calltab_number_key_blocks (fn.keys, KEY_ORDER_SOURCE);

  if (opts.discriminators == CALLTAB_DISCRIM_FS)
    record_numbers (fn, code);
  if (opts.profile != NULL)
    calltab_fs_load (fn);
  fn.keys.release ();
  fn.block_of.release ();
  fn.jumps.release ();
}

/* discriminators=fs numbers where the pass before final does (with
   debug information, not under LTO's instance map); the loader runs
   with -fauto-profile.  */
bool
fs_gate (const calltab_options &opts)
{
  bool numbering = opts.discriminators == CALLTAB_DISCRIM_FS
		   && debug_info_level >= DINFO_LEVEL_TERSE
		   && decl_to_instance_map == NULL;
  bool loading = opts.profile != NULL && flag_auto_profile;
  return numbering || loading;
}

class fs_pass : public rtl_opt_pass
{
public:
  explicit fs_pass (const calltab_options &o)
    : rtl_opt_pass (data (), g), opts (o)
  {}

  bool gate (function *) final override
  {
    return fs_gate (opts);
  }

  unsigned int execute (function *) final override
  {
    number_at_p (opts);
    return 0;
  }

private:
  static pass_data data ()
  {
    pass_data d = { RTL_PASS, "calltab_fs", OPTGROUP_NONE, TV_NONE,
		    0, 0, 0, 0, 0 };
    return d;
  }

  const calltab_options &opts;
};

void
finish_unit (void *)
{
  calltab_fs_report ();
}

} // anon namespace

int
calltab_fs_pnumber (rtx_insn *block_note, rtx_insn *insn,
		    const line_key &key)
{
  if (records.decl != current_function_decl)
    return -1;
  /* The block KEY's code is in was there at P, with code of KEY.  */
  unsigned note = block_note != NULL ? INSN_UID (block_note) : 0;
  if (note < records.block_by_note.length ()
      && records.block_by_note[note] >= 0)
    {
      int kb = calltab_find_key (records.keys, key,
				 records.block_by_note[note]);
      if (kb >= 0)
	return records.keys[kb].disc;
    }
  /* INSN, code of KEY's line, was there at P, or has a location that lay
     in one group.  */
  if (!INSN_HAS_LOCATION (insn))
    return -1;
  expanded_location x = expand_location (INSN_LOCATION (insn));
  if (x.line != key.line || calltab_file_cmp (x.file, key.file) != 0)
    return -1;
  unsigned uid = INSN_UID (insn);
  if (uid < records.by_uid.length () && records.by_uid[uid] >= 0)
    return records.by_uid[uid];
  location_number probe = { INSN_LOCATION (insn), -1 };
  const location_number *found
    = (const location_number *) bsearch (&probe, records.by_loc.address (),
					 records.by_loc.length (),
					 sizeof probe, cmp_location_number);
  return found != NULL ? found->pnum : -1;
}

bool
calltab_fs_init (const char *plugin_name, const calltab_options &opts,
		 calltab_hook_client *client)
{
  *client = calltab_hook_client ();
  if (opts.profile != NULL)
    {
      if (!calltab_fs_read_profile (opts.profile))
	return false;
      client->finish_unit = finish_unit;
    }
  if (opts.discriminators != CALLTAB_DISCRIM_FS && opts.profile == NULL)
    return true;
  struct register_pass_info info;
  info.pass = new fs_pass (opts);
  info.reference_pass_name = CALLTAB_PARTITION_PASS_NAME;
  info.ref_pass_instance_number = 1;
  info.pos_op = PASS_POS_INSERT_BEFORE;
  register_callback (plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL, &info);
  return true;
}
