/* The caller of merged.c's run_all, in the executable when merged.c is
   a shared library.  */
extern int run_all (int);

int
main (void)
{
  return run_all (1) == 0;
}
