/* fs-load.cc: the late profile of flow-sensitive AutoFDO
   (-fplugin-arg-calltab-profile=FILE, docs/fdo.md "Where the late
   profile lives"): its reader, and the loader that the pass at P
   (fs-number.cc) runs for each function of a -fauto-profile build.

   The file, written by calltab afdo --fs:

     calltab-fs 1
     function NAME
     key PATH LINE NGROUPS COUNT0 ... COUNT(NGROUPS-1)

   with '-' for a count the training build's line table does not know
   (no row of the key carries that number: unknown, not zero).

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

namespace {

/* Counts whose successors' sum is below this are too few to tell "never"
   from "rare": 100 samples at calltab afdo's default --period of 1000
   (an arm without a sample beside arms with 100 runs at most about 3%
   as often as they do: the rule of three).  docs/fdo.md, "Threshold".  */
const gcov_type fs_min_zero_total = 100000;

struct profile_key
{
  const char *path;		/* "-" or CALLEE:LINE:COLUMN/... */
  int line;			/* offset from the innermost function's line */
  unsigned ngroups;
  unsigned first_count;		/* in late_profile::counts */
};

struct profile_function
{
  const char *name;
  unsigned first_key, n_keys;	/* in late_profile::keys */
};

struct late_profile
{
  const char *file;
  vec<profile_function> functions;	/* in strcmp order */
  vec<profile_key> keys;		/* per function by path, line */
  vec<gcov_type> counts;		/* -1: unknown ('-') */
};

late_profile *profile;

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

/* The parser's position, for messages.  */
struct reader
{
  const char *file;
  int line;
  bool ok = true;

  void fail (const char *what)
  {
    error ("%s: %s:%d: %s", CALLTAB_PLUGIN_NAME, file, line, what);
    ok = false;
  }
};

/* Split LINE at single spaces into FIELDS (pointers into LINE, which is
   changed); false on an empty field (two spaces, a leading or trailing
   one).  */
bool
split_fields (char *line, auto_vec<char *> &fields)
{
  for (char *p = line;;)
    {
      char *space = strchr (p, ' ');
      if (space != NULL)
	*space = '\0';
      if (*p == '\0')
	return false;
      fields.safe_push (p);
      if (space == NULL)
	return true;
      p = space + 1;
    }
}

/* Decimal integers: S whole, optionally negative (SIGNED_OK).  */
bool
parse_number (const char *s, bool signed_ok, long long *value)
{
  const char *digits = signed_ok && *s == '-' ? s + 1 : s;
  if (*digits < '0' || *digits > '9')
    return false;
  errno = 0;
  char *end;
  *value = strtoll (s, &end, 10);
  return *end == '\0' && errno == 0;
}

/* A PATH: "-", or elements CALLEE:LINE:COLUMN joined by '/'.  */
bool
valid_path (const char *path)
{
  if (strcmp (path, "-") == 0)
    return true;
  char *copy = xstrdup (path);
  bool ok = true;
  for (char *elem = copy; ok && elem != NULL;)
    {
      char *slash = strchr (elem, '/');
      if (slash != NULL)
	*slash = '\0';
      char *column = strrchr (elem, ':');
      char *line = column != NULL && column > elem ? column - 1 : NULL;
      while (line != NULL && line > elem && *line != ':')
	line--;
      long long v;
      ok = column != NULL && line != NULL && line > elem && *line == ':';
      if (ok)
	{
	  *column = '\0';
	  ok = parse_number (line + 1, true, &v)
	       && parse_number (column + 1, false, &v);
	}
      elem = slash != NULL ? slash + 1 : NULL;
    }
  free (copy);
  return ok;
}

/* The order of keys in a function: PATH by strcmp, then LINE.  */
int
cmp_profile_key (const char *path, int line, const profile_key &k)
{
  if (int c = strcmp (path, k.path))
    return c;
  return line < k.line ? -1 : line > k.line;
}

/* "key PATH LINE NGROUPS COUNT...", FIELDS split, for function FN.  */
void
read_key (reader &r, late_profile &p, profile_function &fn,
	  const auto_vec<char *> &fields)
{
  long long line, ngroups;
  if (fields.length () < 5 || !valid_path (fields[1])
      || !parse_number (fields[2], true, &line)
      || !parse_number (fields[3], false, &ngroups) || ngroups < 1
      || line < INT_MIN || line > INT_MAX
      || (unsigned long long) ngroups != fields.length () - 4)
    {
      r.fail ("expected 'key PATH LINE NGROUPS COUNT...' with NGROUPS "
	      "counts");
      return;
    }
  if (fn.n_keys > 0
      && cmp_profile_key (fields[1], line, p.keys.last ()) <= 0)
    {
      r.fail ("keys not in order (PATH by strcmp, then LINE) or repeated");
      return;
    }
  profile_key k = { xstrdup (fields[1]), (int) line, (unsigned) ngroups,
		    p.counts.length () };
  for (unsigned i = 4; i < fields.length (); i++)
    {
      long long c = -1;
      if (strcmp (fields[i], "-") != 0
	  && !parse_number (fields[i], false, &c))
	{
	  r.fail ("a count is neither a number nor '-'");
	  return;
	}
      p.counts.safe_push (c);
    }
  p.keys.safe_push (k);
  fn.n_keys++;
}

/* One line of the file after the first, in LINE (changed).  */
void
read_line (reader &r, late_profile &p, char *line)
{
  if (line[0] == '#')
    return;
  if (line[0] == '\0')
    {
      r.fail ("an empty line");
      return;
    }
  auto_vec<char *> fields;
  if (!split_fields (line, fields))
    {
      r.fail ("fields must be separated by one space");
      return;
    }
  if (strcmp (fields[0], "function") == 0 && fields.length () == 2)
    {
      if (!p.functions.is_empty ()
	  && strcmp (p.functions.last ().name, fields[1]) >= 0)
	{
	  r.fail ("functions not in strcmp order, or repeated");
	  return;
	}
      profile_function fn = { xstrdup (fields[1]), p.keys.length (), 0 };
      p.functions.safe_push (fn);
    }
  else if (strcmp (fields[0], "key") == 0)
    {
      if (p.functions.is_empty ())
	r.fail ("a key before the first function");
      else
	read_key (r, p, p.functions.last (), fields);
    }
  else
    r.fail ("expected 'function NAME' or 'key PATH LINE NGROUPS "
	    "COUNT...'");
}

int
cmp_function_name (const void *name, const void *pf)
{
  return strcmp ((const char *) name, ((const profile_function *) pf)->name);
}

/* The innermost function of KEY's code: the inlined callee of its
   instance (NULL_TREE where the instance names none), or the function
   compiled.  */
tree
key_function (tree inst)
{
  if (inst == NULL_TREE)
    return current_function_decl;
  tree origin = BLOCK_ABSTRACT_ORIGIN (inst);
  if (origin == NULL_TREE || TREE_CODE (origin) != FUNCTION_DECL)
    return NULL_TREE;
  return DECL_ORIGIN (origin);
}

/* AutoFDO's name of function DECL, in a new string.  */
char *
afdo_name (tree decl)
{
  return calltab_afdo_original_name
	   (IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (decl)));
}

/* The late profile's PATH of instance INST (NULL_TREE: "-"), in a new
   string: from the outermost call inward, CALLEE:LINE:COLUMN, the line
   an offset from the calling function's line; NULL where a callee is
   not known.  */
char *
key_path (tree inst)
{
  if (inst == NULL_TREE)
    return xstrdup ("-");
  char *path = NULL;
  for (tree b = inst; b != NULL_TREE;)
    {
      tree outer = calltab_instance_of (BLOCK_SUPERCONTEXT (b));
      if (key_function (b) == NULL_TREE || key_function (outer) == NULL_TREE)
	{
	  free (path);
	  return NULL;
	}
      expanded_location call = expand_location (BLOCK_SOURCE_LOCATION (b));
      char *name = afdo_name (key_function (b));
      char pos[64];
      snprintf (pos, sizeof pos, ":%d:%d",
		call.line - DECL_SOURCE_LINE (key_function (outer)),
		call.column);
      char *longer = path != NULL ? concat (name, pos, "/", path, NULL)
			       : concat (name, pos, NULL);
      free (name);
      free (path);
      path = longer;
      b = outer;
    }
  return path;
}

/* The profile's entry of key KEY of function FN, or NULL.  */
const profile_key *
find_profile_key (const profile_function &fn, const line_key &key)
{
  char *path = key_path (key.inst);
  if (path == NULL)
    return NULL;
  int line = key.line - DECL_SOURCE_LINE (key_function (key.inst));
  /* The reader keeps a function's keys in this order (read_key).  */
  const profile_key *found = NULL;
  unsigned lo = fn.first_key, hi = fn.first_key + fn.n_keys;
  while (lo < hi && found == NULL)
    {
      unsigned mid = lo + (hi - lo) / 2;
      int c = cmp_profile_key (path, line, profile->keys[mid]);
      if (c == 0)
	found = &profile->keys[mid];
      else if (c < 0)
	hi = mid;
      else
	lo = mid + 1;
    }
  free (path);
  return found;
}

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
	gcov_type c = profile->counts[matched[k]->first_count
				      + fn.keys[k].disc];
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
	c = profile->counts[pk.first_count + fn.keys[kb].disc];
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
  FILE *f = fopen (file, "r");
  if (f == NULL)
    {
      error ("%s: cannot read the late profile %qs: %s", CALLTAB_PLUGIN_NAME,
	     file, xstrerror (errno));
      return false;
    }
  late_profile *p = new late_profile ();
  p->file = xstrdup (file);
  reader r = { file, 0 };
  char *line = NULL;
  size_t size = 0;
  ssize_t len;
  while (r.ok && (len = getline (&line, &size, f)) >= 0)
    {
      r.line++;
      if (len > 0 && line[len - 1] == '\n')
	line[--len] = '\0';
      if (r.line == 1)
	{
	  if (strcmp (line, "calltab-fs 1") != 0)
	    r.fail ("not a late profile: the first line must be "
		    "'calltab-fs 1'");
	}
      else
	read_line (r, *p, line);
    }
  if (r.ok && r.line == 0)
    {
      r.line = 1;
      r.fail ("not a late profile: the first line must be 'calltab-fs 1'");
    }
  free (line);
  fclose (f);
  if (!r.ok)
    return false;
  profile = p;
  return true;
}

void
calltab_fs_load (const fs_function &fn)
{
  if (profile == NULL || !flag_auto_profile
      || profile_status_for_fn (cfun) != PROFILE_READ)
    return;
  char *name = afdo_name (current_function_decl);
  const profile_function *pf
    = (const profile_function *) bsearch (name, profile->functions.address (),
					  profile->functions.length (),
					  sizeof (profile_function),
					  cmp_function_name);
  free (name);
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
      const profile_key *pk = find_profile_key (*pf, fn.keys[i].key);
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
