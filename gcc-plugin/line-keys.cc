/* line-keys.cc: the keys of the discriminator rule and their numbering
   (line-keys.h), for the final code (discriminators.cc) and the code at
   P (fs-number.cc).  */

#include "gcc-compat.h"
#include "line-keys.h"

key_block
calltab_key_block (const line_key &k, int block, unsigned seq)
{
  key_block kb = key_block ();
  kb.key = k;
  kb.block = block;
  kb.disc = -1;
  kb.seq = seq;
  kb.min_gcc = kb.min_column = INT_MAX;
  kb.pnum = -1;
  return kb;
}

int
calltab_file_cmp (const char *a, const char *b)
{
  if (a == b)
    return 0;
  if (a == NULL || b == NULL)
    return a == NULL ? -1 : 1;
  return strcmp (a, b);
}

/* Any total order does (each key is numbered on its own).  */
int
calltab_key_cmp (const line_key &a, const line_key &b)
{
  if (a.inst != b.inst)
    return (uintptr_t) a.inst < (uintptr_t) b.inst ? -1 : 1;
  if (a.line != b.line)
    return a.line < b.line ? -1 : 1;
  if (int c = calltab_file_cmp (a.file, b.file))
    return c;
  return a.sub < b.sub ? -1 : a.sub > b.sub;
}

int
calltab_cmp_key_block (const void *pa, const void *pb)
{
  const key_block *a = (const key_block *) pa;
  const key_block *b = (const key_block *) pb;
  if (int c = calltab_key_cmp (a->key, b->key))
    return c;
  return a->block < b->block ? -1 : a->block > b->block;
}

/* A fragment counts as its origin: dwarf2out gives them one DIE.  */
tree
calltab_instance_of (tree scope)
{
  for (tree b = scope; b != NULL_TREE && TREE_CODE (b) == BLOCK;
       b = BLOCK_SUPERCONTEXT (b))
    {
      tree origin = BLOCK_FRAGMENT_ORIGIN (b) ? BLOCK_FRAGMENT_ORIGIN (b) : b;
      if (inlined_function_outer_scope_p (origin))
	return origin;
    }
  return NULL_TREE;
}

void
calltab_merge_key_block (key_block &sum, const key_block &entry)
{
  sum.shape += entry.shape;
  sum.mult = MAX (sum.mult, entry.mult);
  sum.rows += entry.rows;
  sum.stmt |= entry.stmt;
  if (entry.min_gcc < sum.min_gcc
      || (entry.min_gcc == sum.min_gcc && entry.min_column < sum.min_column))
    {
      sum.min_gcc = entry.min_gcc;
      sum.min_column = entry.min_column;
    }
  if (sum.pnum < 0)
    sum.pnum = entry.pnum;
}

namespace {

/* By key and block, and within a (key, block) in the order the walk met
   the entries, so that the first one, which holds GCC's number of the
   block's first code of the key, comes first.  */
int
cmp_key_block_seq (const void *pa, const void *pb)
{
  if (int c = calltab_cmp_key_block (pa, pb))
    return c;
  const key_block *a = (const key_block *) pa;
  const key_block *b = (const key_block *) pb;
  return a->seq < b->seq ? -1 : a->seq > b->seq;
}

/* The key's blocks KEYS[I..J), sorted by block, numbered
   (docs/discriminators.md, "The rule" and "Encoding").  Classes: a block
   that a jump of the key goes to (key_block::target, U) is a class of
   its own, the other blocks make one class per GCC number
   (key_block::gcc).  Groups: the classes of U alone; the classes outside
   U only as far apart as GCC's count needs (|V| - |U| groups, at least
   one), the classes with fewest rows apart and the rest in one group,
   that of the anchor below when it lies outside U.  The anchor is the
   group of the key's first block that holds an is_stmt row (a
   breakpoint location), or where no block does, the group with most
   rows.  KEY_ORDER_LAYOUT: the anchor carries 0, the other groups 1, 2,
   ... in the layout order of their first blocks.  KEY_ORDER_SOURCE: the
   groups in the order of their smallest (GCC's number, column), in
   block order among equals (docs/fdo.md, "The numbering at P").  */
void
number_key (vec<key_block> &keys, unsigned i, unsigned j, key_order order)
{
  unsigned n = j - i;
  auto_vec<unsigned> cls, crows, cfirst, grp, grows;
  auto_vec<int> gccs, num;
  unsigned n_u = 0, n_other = 0;
  int anchor = -1;
  for (unsigned k = i; k < j; k++)
    {
      unsigned c = 0;
      if (!keys[k].target)
	while (c < cfirst.length ()
	       && (keys[cfirst[c]].target || keys[cfirst[c]].gcc != keys[k].gcc))
	  c++;
      else
	c = cfirst.length ();
      if (c == cfirst.length ())
	{
	  cfirst.safe_push (k);
	  crows.safe_push (0);
	  n_u += keys[k].target;
	  n_other += !keys[k].target;
	}
      crows[c] += keys[k].rows;
      cls.safe_push (c);
      if (anchor < 0 && keys[k].stmt)
	anchor = c;
      if (!gccs.contains (keys[k].gcc))
	gccs.safe_push (keys[k].gcc);
    }
  unsigned nc = cfirst.length ();
  for (unsigned c = 0; c < nc; c++)
    grp.safe_push (c);
  if (n_other > 1)
    {
      /* The class the others outside U join: the anchor's, else the one
	 with most rows (the first of equals).  */
      unsigned need = gccs.length () > n_u ? gccs.length () - n_u : 1;
      int into = -1;
      if (anchor >= 0 && !keys[cfirst[anchor]].target)
	into = anchor;
      else
	for (unsigned c = 0; c < nc; c++)
	  if (!keys[cfirst[c]].target && (into < 0 || crows[c] > crows[into]))
	    into = c;
      /* The others by rows, fewest first (the later of equals first):
	 the first NEED - 1 stay apart.  */
      auto_vec<unsigned> others;
      for (unsigned c = 0; c < nc; c++)
	if (!keys[cfirst[c]].target && (int) c != into)
	  others.safe_push (c);
      for (unsigned x = 0; x < others.length (); x++)
	for (unsigned y = x + 1; y < others.length (); y++)
	  if (crows[others[y]] < crows[others[x]]
	      || (crows[others[y]] == crows[others[x]] && others[y] > others[x]))
	    std::swap (others[x], others[y]);
      for (unsigned x = need - 1; x < others.length (); x++)
	grp[others[x]] = into;
    }
  num.safe_grow (nc);
  for (unsigned c = 0; c < nc; c++)
    num[c] = -1;
  if (order == KEY_ORDER_LAYOUT)
    {
      grows.safe_grow_cleared (nc);
      for (unsigned c = 0; c < nc; c++)
	grows[grp[c]] += crows[c];
      unsigned zero = grp[0];
      if (anchor >= 0)
	zero = grp[anchor];
      else
	for (unsigned c = 0; c < nc; c++)
	  if (grp[c] == c && grows[c] > grows[zero])
	    zero = c;
      num[zero] = 0;
    }
  else
    {
      /* The groups in block order of their first blocks, then stably
	 sorted by their smallest (GCC's number, column).  */
      auto_vec<unsigned> order_of;
      auto_vec<int> g_gcc, g_col;
      g_gcc.safe_grow (nc);
      g_col.safe_grow (nc);
      for (unsigned c = 0; c < nc; c++)
	g_gcc[c] = g_col[c] = INT_MAX;
      for (unsigned k = 0; k < n; k++)
	{
	  const key_block &kb = keys[i + k];
	  unsigned g = grp[cls[k]];
	  if (!order_of.contains (g))
	    order_of.safe_push (g);
	  if (kb.min_gcc < g_gcc[g]
	      || (kb.min_gcc == g_gcc[g] && kb.min_column < g_col[g]))
	    {
	      g_gcc[g] = kb.min_gcc;
	      g_col[g] = kb.min_column;
	    }
	}
      for (unsigned x = 1; x < order_of.length (); x++)
	for (unsigned y = x; y > 0; y--)
	  {
	    unsigned a = order_of[y - 1], b = order_of[y];
	    if (g_gcc[b] > g_gcc[a]
		|| (g_gcc[b] == g_gcc[a] && g_col[b] >= g_col[a]))
	      break;
	    std::swap (order_of[y - 1], order_of[y]);
	  }
      for (unsigned x = 0; x < order_of.length (); x++)
	num[order_of[x]] = x;
    }
  int next = 1;
  for (unsigned k = 0; k < n; k++)
    {
      unsigned g = grp[cls[k]];
      if (num[g] < 0)
	num[g] = next++;
      keys[i + k].disc = num[g];
    }
}

} // anon namespace

void
calltab_merge_key_blocks (vec<key_block> &keys)
{
  keys.qsort (cmp_key_block_seq);
  unsigned out = 0;
  for (unsigned i = 0; i < keys.length (); i++)
    if (out > 0 && calltab_cmp_key_block (&keys[out - 1], &keys[i]) == 0)
      calltab_merge_key_block (keys[out - 1], keys[i]);
    else
      keys[out++] = keys[i];
  keys.truncate (out);
}

int
calltab_find_key (const vec<key_block> &keys, const line_key &k, int block)
{
  key_block probe = calltab_key_block (k, block, 0);
  const key_block *found
    = (const key_block *) bsearch (&probe, keys.address (), keys.length (),
				   sizeof (key_block), calltab_cmp_key_block);
  return found ? (int) (found - keys.address ()) : -1;
}

void
calltab_number_key_blocks (vec<key_block> &keys, key_order order)
{
  for (unsigned i = 0; i < keys.length (); )
    {
      unsigned j = i;
      while (j < keys.length ()
	     && calltab_key_cmp (keys[j].key, keys[i].key) == 0)
	j++;
      number_key (keys, i, j, order);
      i = j;
    }
}
