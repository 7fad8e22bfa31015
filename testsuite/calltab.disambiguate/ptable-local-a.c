/* A static function and a table naming it, in two units with the same
   names (ptable-local-b.c includes this one): the linker folds the two
   run functions, and the tables' entries both say 'run'.  */
struct ops
{
  int (*run) (int);
};

static int
run (int x)
{
  return x * 5 + 2;
}

static const struct ops ops = { run };

const struct ops *
ops_a (void)
{
  return &ops;
}
