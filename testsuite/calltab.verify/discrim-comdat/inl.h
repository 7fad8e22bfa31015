// Two COMDAT functions with discriminators, defined in both units: the
// linker keeps a.cc's copies; b.cc's go to a tombstone (lld: address 0)
// and overlap there in its unit.
inline __attribute__((noinline)) int twice (int x) { int s = 0; for (int i = 0; i < x; i++) s += i % 3 ? 2 : x & 4 ? 7 : 1; return s; }
inline __attribute__((noinline)) int thrice (int x) { int s = 0; while (x-- > 0) s += x % 5 ? 3 : x & 8 ? 9 : 0; return s; }
