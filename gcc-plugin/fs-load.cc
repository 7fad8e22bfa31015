/* fs-load.cc: the loader of the late profile of flow-sensitive AutoFDO
   (-fplugin-arg-calltab-profile=FILE, docs/fdo.md "Where the late
   profile lives"; read by profile-file.cc), which the pass at P
   (fs-number.cc) runs for each function of a -fauto-profile build.

   The loader, for a function GCC's profile annotated (PROFILE_READ) and
   the file lists: a key is matched where the file has it with as many
   groups as the code at P (else GCC's counts stay).  A conditional or
   table jump of a matched key gets its edge probabilities from its
   successors' counts (load_jump): a successor holding code of the key,
   its group's count; one holding none that only the jump enters, the
   smallest count of the keys it holds; and each successor with one
   predecessor gets its count.  A successor that counted nothing becomes
   never executed (probability never, count an AFDO zero: what makes
   bbpart move it to the cold part) where only jumps of the key enter it
   and the jump's successors counted enough to trust the absence
   (fs_min_zero_total); otherwise the jump is left to GCC.  */

#include "gcc-compat.h"
#include "calltab-plugin.h"
#include "fs.h"
#include "profile-file.h"

namespace {

/* Counts whose successors' sum is below this are too few to tell "never"
   from "rare": 100 samples at calltab afdo's default --period of 1000
   (an arm without a sample beside arms with 100 runs at most about 3%
   as often as they do: the rule of three).  docs/fdo.md, "Threshold".  */
const gcov_type fs_min_zero_total = 100000;

profile_file *profile;

/* The unit's figures for CALLTAB_FS_STATS.  */
struct fs_stats
{
  unsigned long functions, functions_absent;
  unsigned long keys_matched, keys_other_groups, keys_absent;
  unsigned long jumps_set, jumps_other_keys, jumps_outside, jumps_unknown;
  unsigned long jumps_unsampled;
  unsigned long jumps_few, jumps_join;
  unsigned long blocks_set, zeros;
};

fs_stats stats;

/* Whether every edge into BB comes from a conditional or table jump of
   KEY in FN (copies of one test, as the tracer makes them).  */
bool
only_jumps_of (const fs_function &fn, basic_block bb, const line_key &key)
{
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, bb->preds)
    {
      bool found = false;
      for (const fs_jump &j : fn.jumps)
	if (j.bb == e->src && calltab_key_cmp (j.key, key) == 0)
	  found = true;
      if (!found)
	return false;
    }
  return true;
}

/* The count of block BB of FN (a jump's successor holding no code of
   the jump's key) from the keys whose code it holds, MATCHED[K] the
   profile's entry of FN.KEYS[K] or NULL: in the training build every
   instruction of a block has the block's count, so each of its keys'
   groups counts at least that much, and the smallest is the nearest.
   -1 when a key of BB has no usable count, -2 when BB holds no key.  */
gcov_type
count_of_block (const fs_function &fn, basic_block bb,
		const vec<const profile_key *> &matched)
{
  int b = fn.block_of[bb->index];
  gcov_type best = -2;
  for (unsigned k = 0; b >= 0 && k < fn.keys.length (); k++)
    if (fn.keys[k].block == b)
      {
	if (matched[k] == NULL)
	  return -1;
	gcov_type c = calltab_profile_count (*profile, *matched[k],
					     fn.keys[k].disc);
	if (c < 0)
	  return -1;
	if (best < 0 || c < best)
	  best = c;
      }
  return best;
}

/* Set the probabilities of jump J from the counts of its successors:
   a successor holding code of the jump's key, its group's in PK
   (matched); else, when the jump is its only way in, its own count from
   the keys it holds (count_of_block).  Only where every successor has
   one and they can be trusted; a successor without a count goes to
   ZEROS (load_function gives it its count).  */
void
load_jump (const fs_function &fn, const fs_jump &j, const profile_key &pk,
	   const vec<const profile_key *> &matched, vec<basic_block> &zeros)
{
  auto_vec<gcov_type> counts;
  gcov_type sum = 0;
  bool other_keys = false;
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, j.bb->succs)
    {
      int kb = e->dest == EXIT_BLOCK_PTR_FOR_FN (cfun) ? -1
	       : calltab_find_key (fn.keys, j.key,
				   fn.block_of[e->dest->index]);
      gcov_type c;
      if (kb >= 0)
	c = calltab_profile_count (*profile, pk, fn.keys[kb].disc);
      else if (e->dest != EXIT_BLOCK_PTR_FOR_FN (cfun)
	       && single_pred_p (e->dest))
	{
	  c = count_of_block (fn, e->dest, matched);
	  if (c == -2)
	    {
	      stats.jumps_outside++;
	      return;
	    }
	  other_keys = true;
	}
      else
	{
	  stats.jumps_outside++;
	  return;
	}
      if (c < 0)
	{
	  stats.jumps_unknown++;
	  return;
	}
      /* A join's zero says nothing of this edge (its block may be a
	 copy the training build's line table numbered otherwise).  */
      if (c == 0 && kb >= 0 && !only_jumps_of (fn, e->dest, j.key))
	{
	  stats.jumps_join++;
	  return;
	}
      counts.safe_push (c);
      sum += c;
    }
  if (sum == 0)
    {
      stats.jumps_unsampled++;
      return;
    }
  if (counts.contains (0) && sum < fs_min_zero_total)
    {
      stats.jumps_few++;
      return;
    }
  /* The last edge with a count takes what the others leave, so that the
     probabilities add up to always.  */
  unsigned last = 0;
  for (unsigned i = 0; i < counts.length (); i++)
    if (counts[i] != 0)
      last = i;
  profile_probability rest = profile_probability::always ();
  profile_count total = profile_count::from_gcov_type (sum);
  unsigned i = 0;
  FOR_EACH_EDGE (e, ei, j.bb->succs)
    {
      gcov_type c = counts[i];
      profile_probability p;
      if (c == 0)
	p = profile_probability::never ();
      else if (i == last)
	p = rest.afdo ();
      else
	{
	  p = profile_count::from_gcov_type (c).probability_in (total).afdo ();
	  rest -= p;
	}
      e->probability = p;
      if (c == 0)
	zeros.safe_push (e->dest);
      else if (single_pred_p (e->dest) && j.bb->count.initialized_p ())
	{
	  e->dest->count = j.bb->count.apply_probability (p).afdo ();
	  stats.blocks_set++;
	}
      i++;
    }
  if (any_condjump_p (BB_END (j.bb)))
    update_br_prob_note (j.bb);
  stats.jumps_set++;
  stats.jumps_other_keys += other_keys;
}

} // anon namespace

bool
calltab_fs_read_profile (const char *file)
{
  profile = calltab_read_profile_file (file, "late");
  return profile != NULL;
}

void
calltab_fs_load (const fs_function &fn)
{
  if (profile == NULL || !flag_auto_profile
      || profile_status_for_fn (cfun) != PROFILE_READ)
    return;
  const profile_function *pf = calltab_profile_function (*profile);
  if (pf == NULL)
    {
      stats.functions_absent++;
      return;
    }
  stats.functions++;

  /* Per key of FN.KEYS (by key and block): the profile's entry where it
     has as many groups as the code here, else NULL.  */
  auto_vec<const profile_key *> matched;
  for (unsigned i = 0; i < fn.keys.length (); )
    {
      unsigned j = i;
      int groups = 0;
      for (; j < fn.keys.length ()
	     && calltab_key_cmp (fn.keys[j].key, fn.keys[i].key) == 0; j++)
	groups = MAX (groups, fn.keys[j].disc + 1);
      const profile_key *pk = calltab_profile_key (*profile, *pf, fn.keys[i].key);
      if (pk == NULL)
	stats.keys_absent++;
      else if (pk->ngroups != (unsigned) groups)
	{
	  stats.keys_other_groups++;
	  pk = NULL;
	}
      else
	stats.keys_matched++;
      for (; i < j; i++)
	matched.safe_push (pk);
    }
  auto_vec<basic_block> zeros;
  for (const fs_jump &jump : fn.jumps)
    {
      int kb = calltab_find_key (fn.keys, jump.key,
				 fn.block_of[jump.bb->index]);
      if (kb >= 0 && matched[kb] != NULL)
	load_jump (fn, jump, *matched[kb], matched, zeros);
    }
  /* A block without a count is never executed once every edge into it
     is (a jump of its key left to GCC keeps it as GCC has it).  */
  for (basic_block bb : zeros)
    {
      bool never = !(bb->count == profile_count::zero ().afdo ());
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, bb->preds)
	never &= e->probability == profile_probability::never ();
      if (never)
	{
	  bb->count = profile_count::zero ().afdo ();
	  stats.zeros++;
	  stats.blocks_set++;
	}
    }
}

void
calltab_fs_report (void)
{
  if (getenv ("CALLTAB_FS_STATS") == NULL)
    return;
  fprintf (stderr, "calltab fs: %s: functions %lu in the profile, %lu not;"
	   " keys %lu matched, %lu with other group counts, %lu not in the"
	   " profile; jumps %lu set (%lu by an arm's own keys), left to GCC:"
	   " %lu to other code with other ways in,"
	   " %lu to unknown groups, %lu without samples, %lu with too few for"
	   " a zero, %lu with a zero at a join; blocks %lu set, %lu zeros\n",
	   main_input_filename, stats.functions, stats.functions_absent,
	   stats.keys_matched, stats.keys_other_groups, stats.keys_absent,
	   stats.jumps_set, stats.jumps_other_keys, stats.jumps_outside,
	   stats.jumps_unknown,
	   stats.jumps_unsampled, stats.jumps_few, stats.jumps_join,
	   stats.blocks_set, stats.zeros);
  stats = fs_stats ();
}
