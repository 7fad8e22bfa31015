/* address.exp: C functions, a static one defined twice (two.c too).  */
static int __attribute__ ((noipa)) twice (int x) { return x * 3; }
int one (int x) { return twice (x) + 1; }
int counter = 1;
