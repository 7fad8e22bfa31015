/* calltab.afdo: flow-sensitive AutoFDO in the plugin (fs-load.exp):
   discriminators=fs and -fplugin-arg-calltab-profile.  HOT_LINE holds a
   test, a cold arm (a call of rare) and a hot arm (a call of common);
   pick, inlined on CALL_LINE, holds the same on INL_LINE (rare2 and
   common2).  The training run never takes a cold arm.  The test finds
   the lines by their comments.  */

unsigned char flags[1024];
volatile long runs = 1000000;

__attribute__ ((noinline)) long rare (long i) { return i * 3 + 1; }
__attribute__ ((noinline)) long common (long i) { return i ^ 5; }
__attribute__ ((noinline)) long rare2 (long i) { return i * 5 + 2; }
__attribute__ ((noinline)) long common2 (long i) { return i ^ 9; }

static inline __attribute__ ((always_inline)) long
pick (long i)
{
  return flags[(i >> 3) & 1023] ? rare2 (i) : common2 (i); /* INL_LINE */
}

__attribute__ ((noinline)) long
work (long n)
{
  long s = 0;
  for (long i = 0; i < n; i++)
    {
      if (flags[i & 1023]) s += rare (i); else s += common (i); /* HOT_LINE */
      s += pick (i); /* CALL_LINE */
    }
  return s;
}

int
main (int argc, char **argv)
{
  (void) argv;
  flags[7] = argc > 5;
  return (int) (work (runs) & 1);
}
