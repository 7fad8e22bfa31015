// F, defined in a.cc's and b.cc's units: the linker keeps a.cc's copy.
// b.cc's copy, its section discarded, is at the tombstone: its rows and
// its DIE at 0, and (lld and ld.bfd write the tombstone without the
// relocation's addend) its inlined sq's ranges based at 0 instead of at
// sq's code, which its rows keep.  A row there took sq's key, and F's
// lines 5 and 6 seemed to skip numbers (discriminator-density).
static inline int sq (int x) { return x * x + x % 9 - x / 7 + (x >> 2) * 5 + x % 11; }
inline __attribute__((noinline)) int F (int *a, int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    s += a[i] > 3 ? a[i] : a[i] < -3 ? -a[i] : sq (a[i]);
  return s;
}
