/* The recursive case across two translation units: this one has a and
   b, icf-two-c.c has c and d (calls.exp).  */
extern int sink (int);

__attribute__ ((noinline)) int b (int x) { return sink (x * 5 + 1); }
__attribute__ ((noinline)) int a (int x) { return b (x) + 2; }
