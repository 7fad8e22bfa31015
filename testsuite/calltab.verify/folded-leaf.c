/* The same at -O0, in C: no call sites; GCC's DIE of each function is
   the one definition of its name in the unit.  */
extern int use_width (int);
static int zero_a (void) { return 0; }
static int zero_b (void) { return 0; }
int main (void) { return zero_a () + zero_b () + use_width (1); }
