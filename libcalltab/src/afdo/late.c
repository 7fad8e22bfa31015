/* late.c: the late profile of flow-sensitive AutoFDO (calltab afdo
   --fs; docs/fdo.md, "Flow-sensitive AutoFDO: design", the file
   `calltab-fs 1` that the plugin's loader reads).

   Keyed by the code of every function with samples (a DW_TAG_subprogram
   holding an instruction of a sampled block): each row of the unit's
   line table within the function's ranges that covers code (up to the
   next row; a row at the address of the next covers none, libdw maps no
   address to it) makes that code a piece of the key of its inline stack
   there (afdo.c's, split where the stack changes: inline path, line
   offset) with the row's discriminator as its P-number.  A key has 1 +
   its largest P-number groups; a group's count is the largest count of
   the sampled blocks holding code of it (estimate.c's counts on every
   instruction of a block, scaled as the .afdo's), 0 when none.  */

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "reader/libcalltabP.h"
#include "inlines/inlines.h"
#include "afdo/afdo.h"

/* A P-number this large leaves its key out: the .afdo keeps 16 bits of
   a discriminator, and the plugin numbers a few groups per line.  */
#define LATE_MAX_GROUPS 65536u
/* In write_key's counts: a P-number without a piece.  */
#define LATE_ABSENT UINT64_MAX

/* A stretch of code of one key and P-number, with the largest count on
   it.  */
struct late_piece
{
  const char *name;		/* the function (GCC's name, interned) */
  const char *path;		/* "-" or the inline path (interned) */
  long long line;		/* from the innermost function's first line */
  uint32_t pnum;
  uint64_t count;
};

/* A function with samples: the root node of its unit's inline tree.  */
struct late_func
{
  struct in_cu *cu;
  uint32_t node;
};

struct late
{
  Calltab_Afdo *p;
  struct late_piece *v;
  size_t n, alloc;
  char *buf;			/* the path being built */
  size_t len, buf_alloc;
};

/* Whether NAME can stand in the file: not empty, no space or control
   character, no ':' or '/' (the path's separators).  */
static bool
name_ok (const char *name)
{
  if (*name == '\0')
    return false;
  for (const unsigned char *c = (const unsigned char *) name; *c; c++)
    if (*c <= ' ' || *c == 0x7f || *c == ':' || *c == '/')
      return false;
  return true;
}

/* Append the LEN bytes at S to L's path.  */
static int
put_bytes (struct late *l, const char *s, size_t len)
{
  if (__calltab_reserve (&l->buf, &l->buf_alloc, l->len + len + 1, 1) != 0)
    return -1;
  memcpy (l->buf + l->len, s, len);
  l->len += len;
  l->buf[l->len] = '\0';
  return 0;
}

/* The inline path of the levels LV[0..N) into L's buffer, interned in
   *PATH: "-", or CALLEE:LINE:COLUMN of each inlined level, outermost
   first, joined by '/'.  *PATH NULL when a name cannot stand in the
   file.  Returns 0, -1 out of memory.  */
static int
make_path (struct late *l, const struct afdo_level *lv, size_t n,
	   const char **path)
{
  *path = NULL;
  l->len = 0;
  if (n == 1 && put_bytes (l, "-", 1) != 0)
    return -1;
  for (size_t i = 1; i < n; i++)
    {
      if (!name_ok (lv[i].name))
	return 0;
      char pos[64];
      int k = snprintf (pos, sizeof pos, ":%lld:%d",
			(long long) lv[i - 1].call_line - lv[i - 1].start,
			lv[i - 1].call_column);
      if ((i > 1 && put_bytes (l, "/", 1) != 0)
	  || put_bytes (l, lv[i].name, strlen (lv[i].name)) != 0
	  || put_bytes (l, pos, (size_t) k) != 0)
	return -1;
    }
  *path = __calltab_afdo_intern (l->p, l->buf, l->len);
  return *path != NULL ? 0 : -1;
}

static bool
sample_before (const void *elt, const void *key)
{
  return ((const struct afdo_sample *) elt)->addr < *(const uint64_t *) key;
}

/* The largest estimated count at file addresses [LOW, HIGH).  */
static uint64_t
max_count (const struct afdo_samples *est, uint64_t low, uint64_t high)
{
  uint64_t c = 0;
  for (size_t i = __calltab_partition (est->v, est->n, sizeof *est->v,
				       sample_before, &low);
       i < est->n && est->v[i].addr < high; i++)
    if (est->v[i].count > c)
      c = est->v[i].count;
  return c;
}

/* The code of function F at file addresses [LOW, HIGH), which one row
   (LINE, DISCR) covers: a piece per stretch of one inline stack.
   Returns 0, -1 out of memory.  */
static int
add_row (struct late *l, const struct late_func *f, uint64_t low,
	 uint64_t high, int line, unsigned int discr)
{
  uint64_t die = f->cu->nodes[f->node].die;
  for (uint64_t a = low; a < high;)
    {
      Calltab_Inline_Frame *fr;
      size_t n;
      uint64_t end;
      if (__calltab_afdo_stack (l->p, a, die, line, discr, &fr, &n, &end)
	  != 0)
	return -1;
      uint64_t next = end < high ? end : high;
      int status = 0;
      struct afdo_level *lv = NULL;
      const char *path = NULL;
      if (n > 0 && fr[n - 1].die == die)
	{
	  lv = malloc (n * sizeof *lv);
	  if (lv == NULL)
	    {
	      __calltab_seterr (CALLTAB_E_NOMEM, NULL);
	      status = -1;
	    }
	  else
	    status = __calltab_afdo_levels (l->p, fr, n, lv);
	  if (status == 0)
	    status = make_path (l, lv, n, &path);
	}
      if (status == 0 && path != NULL && name_ok (lv[0].name))
	{
	  if (__calltab_reserve (&l->v, &l->alloc, l->n + 1,
				 sizeof *l->v) != 0)
	    status = -1;
	  else
	    l->v[l->n++] = (struct late_piece) {
	      lv[0].name, path, (long long) line - lv[n - 1].start,
	      discr < LATE_MAX_GROUPS ? discr : LATE_MAX_GROUPS,
	      max_count (&l->p->est, a, next) };
	}
      free (lv);
      free (fr);
      if (status != 0)
	return -1;
      a = next;
    }
  return 0;
}

/* The index of the first row of LINES[0..N) after DWARF address ADDR.  */
static size_t
row_after (Dwarf_Lines *lines, size_t n, uint64_t addr)
{
  size_t lo = 0, hi = n;
  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;
      Dwarf_Addr a;
      if (dwarf_lineaddr (dwarf_onesrcline (lines, mid), &a) == 0
	  && a <= addr)
	lo = mid + 1;
      else
	hi = mid;
    }
  return lo;
}

/* Every piece of code of function F: the rows of its unit's line table
   within its ranges.  A table libdw cannot read gives none.  Returns 0,
   -1 out of memory.  */
static int
add_function (struct late *l, const struct late_func *f)
{
  Dwarf_Lines *lines;
  size_t nlines;
  if (__calltab_getsrclines (&f->cu->cudie, &lines, &nlines) != 1)
    return 0;
  uint64_t delta = l->p->in->delta;
  const struct in_node *node = &f->cu->nodes[f->node];
  for (uint32_t r = 0; r < node->nranges; r++)
    {
      const struct in_range *rg = &f->cu->ranges[node->ranges + r];
      size_t i = row_after (lines, nlines, rg->low);
      for (i = i > 0 ? i - 1 : 0; i + 1 < nlines; i++)
	{
	  Dwarf_Line *row = dwarf_onesrcline (lines, i);
	  Dwarf_Addr a, next;
	  bool end_seq;
	  int line;
	  unsigned int discr;
	  if (dwarf_lineaddr (row, &a) != 0 || a >= rg->high)
	    break;
	  if (dwarf_lineendsequence (row, &end_seq) != 0 || end_seq
	      || dwarf_lineaddr (dwarf_onesrcline (lines, i + 1), &next) != 0
	      || dwarf_lineno (row, &line) != 0 || line <= 0
	      || dwarf_linediscriminator (row, &discr) != 0)
	    continue;
	  uint64_t low = a > rg->low ? a : rg->low;
	  uint64_t high = next < rg->high ? next : rg->high;
	  if (low < high
	      && add_row (l, f, low - delta, high - delta, line, discr) != 0)
	    return -1;
	}
    }
  return 0;
}

static int
cmp_func (const void *a, const void *b)
{
  const struct late_func *x = a, *y = b;
  if (x->cu->offset != y->cu->offset)
    return x->cu->offset < y->cu->offset ? -1 : 1;
  return x->node < y->node ? -1 : x->node > y->node;
}

/* The functions with samples into *FUNCS, *N of them: the roots of the
   inline trees at P's estimated counts.  Returns 0, -1 out of memory.  */
static int
sampled_functions (Calltab_Afdo *p, struct late_func **funcs, size_t *n)
{
  size_t alloc = 0;
  *funcs = NULL;
  *n = 0;
  for (size_t i = 0; i < p->est.n; i++)
    {
      struct in_cu *cu;
      uint32_t node;
      if (p->est.v[i].count == 0)
	continue;
      if (__calltab_in_at (p->in, p->est.v[i].addr, 0, &cu, &node) != 0)
	return -1;
      if (node == IN_NONE)
	continue;
      while (cu->nodes[node].parent != IN_NONE)
	node = cu->nodes[node].parent;
      if (cu->nodes[node].inlined
	  || (*n > 0 && (*funcs)[*n - 1].cu == cu
	      && (*funcs)[*n - 1].node == node))
	continue;
      if (__calltab_reserve (funcs, &alloc, *n + 1, sizeof **funcs) != 0)
	return -1;
      (*funcs)[(*n)++] = (struct late_func) { cu, node };
    }
  if (*n > 0)
    qsort (*funcs, *n, sizeof **funcs, cmp_func);
  size_t k = 0;
  for (size_t i = 0; i < *n; i++)
    if (k == 0 || cmp_func (&(*funcs)[k - 1], &(*funcs)[i]) != 0)
      (*funcs)[k++] = (*funcs)[i];
  *n = k;
  return 0;
}

static int
cmp_piece (const void *a, const void *b)
{
  const struct late_piece *x = a, *y = b;
  int c = strcmp (x->name, y->name);
  if (c == 0)
    c = strcmp (x->path, y->path);
  if (c == 0 && x->line != y->line)
    c = x->line < y->line ? -1 : 1;
  if (c == 0 && x->pnum != y->pnum)
    c = x->pnum < y->pnum ? -1 : 1;
  return c;
}

/* The key of V[0..N) (pieces of one key by P-number, sorted, the last
   below LATE_MAX_GROUPS: write_late's check) to OUT; COUNTS has room
   for LATE_MAX_GROUPS.  */
static void
write_key (FILE *out, const struct late_piece *v, size_t n,
	   uint64_t *counts, uint64_t period)
{
  uint32_t ngroups = v[n - 1].pnum + 1;
  /* A P-number no row of the key carries is unknown ("-"), not 0: its
     code is not in the training build's line table.  */
  for (uint32_t g = 0; g < ngroups; g++)
    counts[g] = LATE_ABSENT;
  for (size_t i = 0; i < n; i++)
    if (counts[v[i].pnum] == LATE_ABSENT || counts[v[i].pnum] < v[i].count)
      counts[v[i].pnum] = v[i].count;
  fprintf (out, "key %s %lld %" PRIu32, v[0].path, v[0].line, ngroups);
  for (uint32_t g = 0; g < ngroups; g++)
    if (counts[g] == LATE_ABSENT)
      fputs (" -", out);
    else
      fprintf (out, " %" PRIu64, __calltab_afdo_scaled (counts[g], period));
  fputc ('\n', out);
}

/* The late profile of the pieces in L (sorted) to OUT.  Returns 0, -1
   out of memory.  */
static int
write_late (FILE *out, const struct late *l, uint64_t period)
{
  uint64_t *counts = malloc (LATE_MAX_GROUPS * sizeof *counts);
  if (counts == NULL)
    {
      __calltab_seterr (CALLTAB_E_NOMEM, NULL);
      return -1;
    }
  fputs ("calltab-fs 1\n", out);
  const char *name = NULL;
  for (size_t i = 0; i < l->n;)
    {
      size_t j = i + 1;
      while (j < l->n && l->v[j].name == l->v[i].name
	     && l->v[j].path == l->v[i].path && l->v[j].line == l->v[i].line)
	j++;
      if (l->v[j - 1].pnum < LATE_MAX_GROUPS)
	{
	  if (l->v[i].name != name)
	    fprintf (out, "function %s\n", name = l->v[i].name);
	  write_key (out, &l->v[i], j - i, counts, period);
	}
      i = j;
    }
  free (counts);
  return 0;
}

CALLTAB_EXPORT int
calltab_afdo_write_fs (Calltab_Afdo *p, FILE *out,
		       const Calltab_Afdo_Options *opts)
{
  if (__calltab_afdo_ready (p, out) != 0)
    return -1;
  struct late l = { .p = p };
  struct late_func *funcs = NULL;
  size_t nfuncs = 0;
  pthread_mutex_lock (&p->ct->lock);
  int status = sampled_functions (p, &funcs, &nfuncs);
  for (size_t i = 0; i < nfuncs && status == 0; i++)
    status = add_function (&l, &funcs[i]);
  pthread_mutex_unlock (&p->ct->lock);
  if (status == 0)
    {
      if (l.n > 0)
	qsort (l.v, l.n, sizeof *l.v, cmp_piece);
      status = write_late (out, &l, opts != NULL ? opts->period : 1);
    }
  if (status == 0 && ferror (out))
    {
      __calltab_seterr (CALLTAB_E_IO, "writing the late profile");
      status = -1;
    }
  free (funcs);
  free (l.v);
  free (l.buf);
  return status;
}
