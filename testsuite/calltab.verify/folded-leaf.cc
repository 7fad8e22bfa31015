// Reduced from googletest at -Og linked by ld.gold --icf=all: local
// overloads that make no call (GetCharWidthPrefix(signed char),
// GetCharWidthPrefix(unsigned char)) have identical code; gold folds
// them and drops the folded one's local symbol.  Their callee DIEs
// have no address; GCC's DIE of each (no DW_AT_linkage_name, a local
// function) is found through GCC's call site at the return address.
static __attribute__ ((noipa)) int width (signed char) { return 7; }
static __attribute__ ((noipa)) int width (unsigned char) { return 7; }
extern "C" int use_width (int c)
{
  return width ((signed char) c) * 3 + width ((unsigned char) c);
}
