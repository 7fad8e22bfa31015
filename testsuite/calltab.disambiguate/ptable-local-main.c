/* Calls through the tables of ptable-local-a.c and ptable-local-b.c,
   whose entries name two static functions 'run' the linker folds.  */
struct ops
{
  int (*run) (int);
};

const struct ops *ops_a (void);
const struct ops *ops_b (void);

__attribute__ ((noinline)) int
use (const struct ops *o, int x)
{
  return o->run (x) + 1;
}

int
main (int argc, char **argv)
{
  (void) argv;
  return use (ops_a (), argc) + use (ops_b (), argc) == 16 ? 0 : 1;
}
