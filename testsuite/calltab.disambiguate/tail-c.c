/* Built without the plugin: its tail call of f1 is not recorded.  */
extern volatile int s;
int f1 (int);
__attribute__ ((noinline)) int g4 (int x) { s = 6; return f1 (x + 6); }
