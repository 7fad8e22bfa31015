/* address.exp: the second static twice of the C files.  */
static int __attribute__ ((noipa)) twice (int x) { return x * 7; }
int three (int x) { return twice (x) - 1; }
