/* An inline function (a COMDAT group in every object that emits it)
   whose unlikely path calls a cold function: GCC 12 does not split
   COMDAT functions into hot and cold parts, so it stays one caller
   (calls.exp).  */
extern void report (int) __attribute__ ((cold));
extern int work (int);
inline __attribute__((noinline)) int split (int x)
{
  if (__builtin_expect (x < 0, 0))
    {
      report (x);
      report (x + 1);
      return -1;
    }
  return work (x) + 1;
}
