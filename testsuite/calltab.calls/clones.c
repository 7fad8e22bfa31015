/* IPA clones as callees and callers, and library calls GCC makes
   through a builtin's own declaration (__builtin_memcmp): the plugin
   names each by the source function, as GCC's own DIE does, with the
   clone's symbol as linkage name (calls.exp).  With -DUSER_FIRST the
   call through the user's declaration of memcmp comes first: the names
   do not depend on which declaration of a symbol is seen first.  */
#include <string.h>
struct msg { int code; const char *text; int unused[8]; };
extern void sink (int, const char *);
/* .isra: only p->code is used, passed by value.  */
static __attribute__((noinline)) void bad_path (struct msg *p) { sink (p->code, "bad"); }
/* .constprop: always called with k == 7.  */
static __attribute__((noinline)) int scaled (int x, int k) { sink (x * k, "k"); return x * k; }
/* .part: the split-off slow path of a function with a fast exit.  */
static int slow_check (int x)
{
  if (__builtin_expect (x == 0, 1))
    return 0;
  sink (x, "slow1"); sink (x + 1, "slow2"); sink (x + 2, "slow3");
  sink (x + 3, "slow4"); sink (x + 4, "slow5");
  return x;
}
int use (struct msg *m, int x, const char *a, const char *b, unsigned long n)
{
  bad_path (m);
  int r = scaled (x, 7) + scaled (x + 1, 7) + slow_check (x) + slow_check (x + 9);
#ifdef USER_FIRST
  r += memcmp (b, a, n) > 0;	/* the user's declaration */
  r += memcmp (a, b, n) == 0;	/* a libcall through __builtin_memcmp */
#else
  r += memcmp (a, b, n) == 0;
  r += memcmp (b, a, n) > 0;
#endif
  return r;
}
