/* cmd-prune.c: calltab prune (issue 12; being written).  */

#include "calltab-cli.h"

int
cmd_prune (int argc, char **argv)
{
  (void) argc;
  (void) argv;
  fputs ("calltab prune: not implemented yet\n", stderr);
  return CLI_EXIT_TROUBLE;
}
