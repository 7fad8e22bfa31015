/* Calls through read-only tables of function pointers into merged code
   (docs/disambiguate.md, "Calls through tables of function pointers"):
   run_a and run_b fold together, describe_a and describe_b do not, so
   the tables stay apart and each word names its own function.  */
struct ops
{
  int (*run) (int);
  int kind;
  int (*describe) (int);
};

__attribute__ ((noinline)) int run_a (int x) { return x * 3 + 1; }
__attribute__ ((noinline)) int run_b (int x) { return x * 3 + 1; }
__attribute__ ((noinline)) int describe_a (int x) { return x + 100; }
__attribute__ ((noinline)) int describe_b (int x) { return x + 200; }

const struct ops ops_a = { run_a, 1, describe_a };
const struct ops ops_b = { run_b, 2, describe_b };

/* call *(%rax): the table in a register the callee may change, known
   at the callee's entry only.  */
__attribute__ ((noinline)) int
use (const struct ops *o, int x)
{
  return o->run (x) + 1;
}

/* The table in a register the callee preserves, across the calls of a
   loop: known in the caller's frame wherever the callee stops.  */
__attribute__ ((noinline)) int
loop (const struct ops *o, int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    s += o->run (i);
  return s;
}

/* A writable pointer: its word can change, no table records it.  */
int (*volatile writable) (int) = run_b;

__attribute__ ((noinline)) int
via_writable (int x)
{
  return writable (x) * 2;
}

int
main (int argc, char **argv)
{
  (void) argv;
  int s = use (&ops_a, argc) + use (&ops_b, argc) + loop (&ops_b, 3);
  s += via_writable (argc) + ops_a.describe (argc) + ops_b.describe (argc);
  return s == 332 ? 0 : 1;
}
