/* Two identical read-only tables: under -fmerge-all-constants GCC's
   IPA-ICF makes ALIAS_B an alias of ALIAS_A (.set), its initializer
   dropped: a pointer-table DIE without entries.  */

typedef int (*fn) (int);

static int inc (int x) { return x + 1; }
static int dec (int x) { return x - 1; }

const fn alias_a[2] = { inc, dec };
const fn alias_b[2] = { inc, dec };

int call_a (int i, int x) { return alias_a[i & 1] (x); }
int call_b (int i, int x) { return alias_b[i & 1] (x); }
