/* The recursive case across two translation units: a and b here.  */
extern int sink (int);

__attribute__ ((noinline)) int b (int x) { return sink (x * 5 + 1) + 1; }
__attribute__ ((noinline)) int a (int x) { return b (x) + 2; }
