/* Reduced from googletest at -Os (MatcherBase::Destroy, gtest-matchers.h:425):
   the function's first instruction has no location (here -fcf-protection's
   endbr64), so the row that final.cc emits at the function's start for
   its opening line (begin_prologue, discriminator 0) covers it; the
   prologue, shrink-wrapped into a later block, is on that line too.
   The plugin did not count the opening row and gave the prologue's
   block discriminator 0 as well.  */

struct payload { long refs; };
struct vt { void (*destroy) (struct payload *); };
struct m { const struct vt *vt; struct payload *shared; };
__attribute__ ((noinline)) int unref (struct payload *);

static inline int
is_shared (const struct m *m)
{
  return m->vt != 0 && m->shared->refs != 0;
}

void destroy (struct m *m) {
  if (is_shared (m) && unref (m->shared))
    m->vt->destroy (m->shared);
}

int
unref (struct payload *p)
{
  return --p->refs == 0;
}

static void
drop (struct payload *p)
{
  p->refs = -1;
}

int
main (void)
{
  static const struct vt vt = { drop };
  struct payload p = { 1 };
  struct m m = { &vt, &p };
  destroy (&m);
  return p.refs != -1;
}
