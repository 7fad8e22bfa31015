/* Shared by nested.c and other.c: the same static inline function,
   inlined in two compilation units.  */
static inline __attribute__ ((always_inline)) int
clampi (int v, int lo, int hi)
{
  return v < lo ? lo : v > hi ? hi : v;
}
