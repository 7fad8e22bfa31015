/* cmd-disambiguate.c: calltab disambiguate (issue 12; being written).  */

#include "calltab-cli.h"

int
cmd_disambiguate (int argc, char **argv)
{
  (void) argc;
  (void) argv;
  fputs ("calltab disambiguate: not implemented yet\n", stderr);
  return CLI_EXIT_TROUBLE;
}
