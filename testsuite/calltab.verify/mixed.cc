// Built with the plugin, linked after units built without it: ld.bfd
// keeps their copy of the COMDAT shared () and points this unit's DWARF
// of its discarded copy at its tombstone, 0 (the copies differ in size:
// folded-main.cc's inlines its ext).
extern int ext (int);
inline __attribute__ ((noinline)) int shared (int x) { return ext (x) + ext (x + 1); }
int use_shared (int x) { return shared (x) * 2; }
