/* The code of folded-alias.c's f1 and f2, kept by ld.gold --icf=all.  */
static __attribute__ ((noinline)) int f0 (int *p) { return *p * 3 + p[1]; }
int a (int *);
int b (int *p) { return f0 (p) + 1; }
int main (void) { int v[2] = { 1, 2 }; return a (v) + b (v) == 0; }
