/* The recursive case across two translation units: c and d here.  */
extern int sink (int);

__attribute__ ((noinline)) int d (int x) { return sink (x * 5 + 1) + 1; }
__attribute__ ((noinline)) int c (int x) { return d (x) + 2; }
