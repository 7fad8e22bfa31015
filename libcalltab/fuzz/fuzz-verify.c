/* fuzz-verify.c: libFuzzer target over `calltab verify`.

   The input is a whole file.  It is verified as the command verifies it
   (cmd_verify: the reader, our own libelf and libdwfl views, the call
   recognizer, the GCC call-site and line-table checks) in JSON mode,
   which writes everything, unreadable files included, to stdout; the
   messages are formatted and thrown away.  stderr stays: libFuzzer and
   the sanitizers report there.  */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>
#include "calltab-cli.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  static int quiet_stdout;
  if (!quiet_stdout)
    {
      /* The messages are formatted (that is what is fuzzed), not kept.  */
      if (freopen ("/dev/null", "w", stdout) == NULL)
	abort ();
      quiet_stdout = 1;
    }
  int fd = memfd_create ("calltab-fuzz-verify", MFD_CLOEXEC);
  if (fd < 0)
    return 0;
  if (size == 0 || write (fd, data, size) == (ssize_t) size)
    {
      char path[64];
      snprintf (path, sizeof path, "/proc/self/fd/%d", fd);
      char *argv[] = { (char *) "verify", (char *) "--json",
		       (char *) "--werror", path, NULL };
      int status = cmd_verify (4, argv);
      if (status < 0 || status > 2)
	abort ();
    }
  close (fd);
  return 0;
}
