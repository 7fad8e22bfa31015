/* cmd-backtrace.c: calltab backtrace (issue 12; being written).  */

#include "calltab-cli.h"

int
cmd_backtrace (int argc, char **argv)
{
  (void) argc;
  (void) argv;
  fputs ("calltab backtrace: not implemented yet\n", stderr);
  return CLI_EXIT_TROUBLE;
}
