/* --gc-sections removes unused (and so helper): their calls die.  */
__attribute__((noinline)) int used (int x) { return x + 1; }
__attribute__((noinline)) int helper (int x) { return x * 2; }
int unused (int x) { return helper (x) + used (x); }
int main (int argc, char **argv) { (void) argv; return used (argc) - 2; }
