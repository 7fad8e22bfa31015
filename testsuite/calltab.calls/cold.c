/* A function split into hot and cold parts (f and f.cold), both making
   calls: each part is a caller of its own, with a DIE named f whose
   DW_AT_low_pc is the start of the part (calls.exp).  */
extern void report (int);
extern int work (int);
__attribute__((noinline)) int f (int x)
{
  if (__builtin_expect (x < 0, 0))
    {
      report (x);
      report (x + 1);
      return -1;
    }
  return work (x) + 1;
}
__attribute__((noinline,cold)) void report (int x) { __asm__ volatile ("" :: "r" (x)); }
__attribute__((noinline)) int work (int x) { return x * 2; }
int main (int c, char **v) { (void) v; return f (c) == 3 ? 0 : 1; }
