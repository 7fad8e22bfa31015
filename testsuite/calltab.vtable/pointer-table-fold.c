/* Two tables whose functions fold pairwise (compiled -fno-ipa-icf: the
   linker folds them): ld.lld --icf=all --ignore-data-address-equality
   folds the tables too.  */

typedef int (*fn) (int);
struct pair { fn first; int n; fn second; };

__attribute__ ((noinline)) static int f1 (int x) { return x * 3 + 1; }
__attribute__ ((noinline)) static int g1 (int x) { return x * 3 + 1; }
__attribute__ ((noinline)) static int f2 (int x) { return x - 7; }
__attribute__ ((noinline)) static int g2 (int x) { return x - 7; }

static const struct pair fold_f = { f1, 5, f2 };
static const struct pair fold_g = { g1, 5, g2 };

const struct pair *volatile fold_sink;

int
main (int argc, char **argv)
{
  (void) argv;
  fold_sink = &fold_f;
  int r = fold_sink->first (argc);
  fold_sink = &fold_g;
  return r - fold_sink->second (argc) - 10;
}
