/* cmd-perf-script.c: calltab perf-script (issue 12; being written).  */

#include "calltab-cli.h"

int
cmd_perf_script (int argc, char **argv)
{
  (void) argc;
  (void) argv;
  fputs ("calltab perf-script: not implemented yet\n", stderr);
  return CLI_EXIT_TROUBLE;
}
