/* mismatch.exp: code whose line-table rows the prediction missed with
   GCC 12 before it followed final.cc in these modes.  pick: without
   var-tracking the statement markers are still debug insns when the
   plugin's pass runs (final.cc makes them notes), and final.cc emits a
   row for the return's marker.  ternary: a line whose blocks need
   distinct numbers; without column info, a row final.cc emits because
   only the discriminator changed keeps the column of the line's last
   row, not the instruction's.  shrink (reduced from sqlite3.c's
   pcache1Shrink, GCC 15 and 16 at -O2): the last statement, an empty
   macro, leaves a statement marker without a lexical block after the
   variable locations of the inlined body; GCC 11 to 14 close the
   inlined scope at that marker (a NOTE_INSN_BLOCK_END there emits a
   location-view repeat), GCC 15 and later keep the scope until the
   epilogue (gcc-compat.h, calltab_marker_scope).  */

extern int one (void);
extern int two (void);

int
pick (int a, int b)
{
  return a > b ? a * 3 : b + 7;
}

int
ternary (int i)
{
  int x;
  x = (i == 1 ? one () : two ());
  return x + 1;
}

struct group { unsigned n; };
struct cache { struct group *g; int purge; };
extern void enforce (struct cache *);
#define leave(X) ((void) 0)

static void
shrink (void *p0)
{
  struct cache *p = (struct cache *) p0;
  if (p->purge)
    {
      struct group *g = p->g;
      unsigned saved;
      leave (g);
      saved = g->n;
      g->n = 0;
      enforce (p);
      g->n = saved;
      leave (g);
    }
}

void (*shrink_hook) (void *) = shrink;
