/* early-load.cc: the early profile (-fplugin-arg-calltab-early-profile=
   FILE, docs/fdo.md "The early profile"), for the GCCs whose
   -fauto-profile folds each line into one count (11 and 12: their
   reader drops a position's discriminator), so that every basic block
   gets a count of its own, as GCC 13 and later read it.

   FILE is a profile of the plugin ("calltab-fs 1", profile-file.cc)
   converted with a build whose line table holds GCC's own numbers (built
   without the plugin, or with discriminators=gcc): per key (inline path,
   line) a count per GCC number.  A simple IPA pass right after GCC's
   own (afdo) annotates every function GCC's profile annotated and the
   file lists again:

   - a block's own count is the largest count of the (key, GCC number)
     of its statements; a block whose code counted nothing has none (as
     GCC reads a position without samples);
   - the counts are spread over the CFG as AutoFDO does (the AutoFDO
     paper; GCC's auto-profile.cc): blocks that dominate and
     post-dominate each other in one loop share a count, and a block's
     count is the sum of its edges' wherever all but one edge are known;
   - a block whose outgoing edges are all known gets its branch
     probabilities from them; the others keep GCC's.

   Everything else GCC's pass did (the head count, early inlining,
   indirect call promotion) stays.  */

#include "gcc-compat.h"
#include "calltab-plugin.h"
#include "profile-file.h"

namespace {

/* Propagation rounds: AutoFDO stops after 10 too, and a CFG settles in
   a few.  */
const int early_rounds = 10;

profile_file *profile;

/* The unit's figures for CALLTAB_FS_STATS.  */
struct early_stats
{
  unsigned long functions, functions_absent;
  unsigned long blocks, blocks_own, blocks_spread;
  unsigned long jumps, jumps_set;
};

early_stats stats;

/* A block's or an edge's count while it is spread.  */
struct flow_count
{
  gcov_type count;
  bool known;
};

/* The blocks' counts by index, and the edges' by the index in their
   aux (1-based).  */
struct flow
{
  auto_vec<flow_count> blocks;
  auto_vec<flow_count> edges;

  flow_count &of (basic_block bb) { return blocks[bb->index]; }
  flow_count &of (edge e) { return edges[(intptr_t) e->aux - 1]; }
};

/* BB's own count: the largest of its statements' (key, GCC number) in
   PF; -1 when none of them has a count above 0.  */
gcov_type
own_count (const profile_function &pf, basic_block bb)
{
  gcov_type best = -1;
  for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
       gsi_next (&gsi))
    {
      gimple *stmt = gsi_stmt (gsi);
      location_t loc = gimple_location (stmt);
      if (is_gimple_debug (stmt) || gimple_clobber_p (stmt)
	  || LOCATION_LOCUS (loc) == UNKNOWN_LOCATION)
	continue;
      expanded_location x = expand_location (loc);
      line_key key = { calltab_instance_of (LOCATION_BLOCK (loc)), x.file,
		       x.line };
      const profile_key *k = calltab_profile_key (*profile, pf, key);
      if (k == NULL)
	continue;
      gcov_type c = calltab_profile_count (*profile, *k,
					   calltab_gcc_discriminator (bb, loc));
      best = MAX (best, c);
    }
  return best > 0 ? best : -1;
}

/* Blocks that dominate and post-dominate each other in one loop run
   equally often: each such class takes the largest known count of its
   blocks, and every block the class's.  */
void
share_equal_counts (flow &f)
{
  auto_vec<int> leader;
  leader.safe_grow_cleared (last_basic_block_for_fn (cfun));
  for (int &l : leader)
    l = -1;
  basic_block bb;
  FOR_ALL_BB_FN (bb, cfun)
    {
      if (leader[bb->index] >= 0)
	continue;
      leader[bb->index] = bb->index;
      flow_count &c = f.of (bb);
      auto_vec<basic_block> dom, postdom;
      calltab_dominated_by (CDI_DOMINATORS, bb, dom);
      calltab_dominated_by (CDI_POST_DOMINATORS, bb, postdom);
      auto_vec<basic_block> members;
      for (basic_block d : dom)
	if (dominated_by_p (CDI_POST_DOMINATORS, bb, d))
	  members.safe_push (d);
      for (basic_block d : postdom)
	if (dominated_by_p (CDI_DOMINATORS, bb, d))
	  members.safe_push (d);
      for (basic_block m : members)
	if (leader[m->index] < 0 && m->loop_father == bb->loop_father)
	  {
	    leader[m->index] = bb->index;
	    const flow_count &mc = f.of (m);
	    if (mc.known && (!c.known || mc.count > c.count))
	      c = mc;
	  }
    }
  FOR_ALL_BB_FN (bb, cfun)
    f.of (bb) = f.blocks[leader[bb->index]];
}

/* One round over the edges into (PREDS) or out of every block: a block
   whose edges are all known counts at least their sum; of a known
   block, the one unknown edge takes the rest, and, as the only edge,
   gives the block at its other end at least that.  Whether anything
   changed.  */
bool
spread_over_edges (flow &f, bool preds)
{
  bool changed = false;
  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    {
      flow_count &b = f.of (bb);
      vec<edge, va_gc> *edges = preds ? bb->preds : bb->succs;
      edge unknown = NULL;
      unsigned n_unknown = 0;
      gcov_type sum = 0;
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, edges)
	if (f.of (e).known)
	  sum += f.of (e).count;
	else
	  {
	    unknown = e;
	    n_unknown++;
	  }
      if (n_unknown == 0 && sum > b.count)
	{
	  b.count = sum;
	  b.known = true;
	  changed = true;
	}
      else if (n_unknown == 1 && b.known)
	{
	  flow_count &u = f.of (unknown);
	  u.count = MAX (b.count - sum, 0);
	  u.known = true;
	  changed = true;
	  flow_count &other = f.of (preds ? unknown->src : unknown->dest);
	  if (EDGE_COUNT (edges) == 1 && u.count > other.count)
	    {
	      other.count = u.count;
	      other.known = true;
	    }
	}
    }
  return changed;
}

/* Annotate the current function from PF.  */
void
annotate (const profile_function &pf)
{
  flow f;
  f.blocks.safe_grow_cleared (last_basic_block_for_fn (cfun));
  basic_block bb;
  int n_edges = 0;
  FOR_ALL_BB_FN (bb, cfun)
    {
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, bb->succs)
	e->aux = (void *) (intptr_t) ++n_edges;
    }
  f.edges.safe_grow_cleared (n_edges);

  FOR_EACH_BB_FN (bb, cfun)
    {
      gcov_type c = own_count (pf, bb);
      stats.blocks++;
      if (c > 0)
	{
	  f.of (bb) = { c, true };
	  stats.blocks_own++;
	}
    }
  /* The entry's count is GCC's head count; the first and the last block
     run at least as often.  */
  basic_block entry = ENTRY_BLOCK_PTR_FOR_FN (cfun);
  gcov_type head = entry->count.ipa ().initialized_p ()
		   ? entry->count.ipa ().to_gcov_type () : 0;
  f.of (entry).count = head;
  for (basic_block end : { entry->next_bb,
			   EXIT_BLOCK_PTR_FOR_FN (cfun)->prev_bb })
    if (head > f.of (end).count)
      f.of (end) = { head, true };

  calculate_dominance_info (CDI_DOMINATORS);
  calculate_dominance_info (CDI_POST_DOMINATORS);
  loop_optimizer_init (0);
  share_equal_counts (f);
  for (int round = 0; round < early_rounds; round++)
    {
      bool changed = spread_over_edges (f, false);
      changed |= spread_over_edges (f, true);
      if (!changed)
	break;
    }
  loop_optimizer_finalize ();
  free_dominance_info (CDI_DOMINATORS);
  free_dominance_info (CDI_POST_DOMINATORS);

  FOR_EACH_BB_FN (bb, cfun)
    {
      bb->count = profile_count::from_gcov_type (f.of (bb).count).afdo ();
      stats.blocks_spread += f.of (bb).known;
      if (EDGE_COUNT (bb->succs) < 2)
	continue;
      stats.jumps++;
      gcov_type total = 0;
      bool all_known = true;
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, bb->succs)
	{
	  all_known &= f.of (e).known;
	  total += f.of (e).count;
	}
      if (!all_known || total <= 0)
	continue;
      profile_count sum = profile_count::from_gcov_type (total);
      FOR_EACH_EDGE (e, ei, bb->succs)
	e->probability = profile_count::from_gcov_type (f.of (e).count)
			   .probability_in (sum).afdo ();
      stats.jumps_set++;
    }
  FOR_ALL_BB_FN (bb, cfun)
    {
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, bb->succs)
	e->aux = NULL;
    }
  update_max_bb_count ();
}

const pass_data early_pass_data = {
  SIMPLE_IPA_PASS,
  "calltab_early",		/* name */
  OPTGROUP_NONE,
  TV_NONE,
  PROP_cfg,			/* properties_required */
  0, 0, 0, 0
};

class early_pass : public simple_ipa_opt_pass
{
public:
  early_pass () : simple_ipa_opt_pass (early_pass_data, g) {}

  bool
  gate (function *) final override
  {
    return flag_auto_profile && profile != NULL;
  }

  unsigned int
  execute (function *) final override
  {
    cgraph_node *node;
    FOR_EACH_DEFINED_FUNCTION (node)
      {
	function *fn = DECL_STRUCT_FUNCTION (node->decl);
	if (!node->has_gimple_body_p () || fn == NULL || fn->cfg == NULL
	    || profile_status_for_fn (fn) != PROFILE_READ)
	  continue;
	push_cfun (fn);
	if (const profile_function *pf = calltab_profile_function (*profile))
	  {
	    stats.functions++;
	    annotate (*pf);
	    compute_function_frequency ();
	    cgraph_edge::rebuild_edges ();
	  }
	else
	  stats.functions_absent++;
	pop_cfun ();
      }
    return 0;
  }
};

void
finish_unit (void *)
{
  if (getenv ("CALLTAB_FS_STATS") == NULL)
    return;
  fprintf (stderr, "calltab early: %s: functions %lu in the profile, %lu"
	   " not; blocks %lu, %lu with own counts, %lu counted after"
	   " spreading; jumps %lu, %lu set\n",
	   main_input_filename, stats.functions, stats.functions_absent,
	   stats.blocks, stats.blocks_own, stats.blocks_spread, stats.jumps,
	   stats.jumps_set);
  stats = early_stats ();
}

} // anon namespace

bool
calltab_early_init (const char *plugin_name, const calltab_options &opts,
		    calltab_hook_client *client)
{
  *client = calltab_hook_client ();
  if (opts.early_profile == NULL)
    return true;
  if (!CALLTAB_AFDO_FOLDS_LINES)
    {
      warning (0, "%s: %<-fplugin-arg-%s-early-profile%> ignored: the"
	       " %<-fauto-profile%> of GCC %d keeps the count of each"
	       " discriminator itself",
	       CALLTAB_PLUGIN_NAME, CALLTAB_PLUGIN_NAME, BUILDING_GCC_MAJOR);
      return true;
    }
  profile = calltab_read_profile_file (opts.early_profile, "early");
  if (profile == NULL)
    return false;
  client->finish_unit = finish_unit;
  struct register_pass_info info;
  info.pass = new early_pass ();
  info.reference_pass_name = "afdo";
  info.ref_pass_instance_number = 1;
  info.pos_op = PASS_POS_INSERT_AFTER;
  register_callback (plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL, &info);
  return true;
}
