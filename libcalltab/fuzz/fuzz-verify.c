/* fuzz-verify.c: libFuzzer target over calltab_verify.

   The input is a whole file.  It is opened with calltab_begin and
   verified with every check (the reader, calltab_verify's own libelf and
   libdwfl views, the call recognizer, the GCC call-site and line-table
   checks); every finding is formatted as `calltab verify` writes it, into
   a buffer that is thrown away.  stderr stays: libFuzzer and the
   sanitizers report there.  */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "calltab.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* Format F in full, reading every string the library hands out.  */
static void
format_finding (const Calltab_Verify_Finding *f, void *arg)
{
  char buf[1024];
  size_t *total = arg;
  int n = snprintf (buf, sizeof buf, "%d %zu %s %s %s %s %zu %s",
		    f->severity, f->check, f->check_id,
		    f->section ? f->section : "-", f->place ? f->place : "-",
		    f->item ? f->item : "-", f->index, f->text);
  if (n < 0 || f->check >= calltab_verify_ncheck ()
      || f->severity < CALLTAB_ERROR || f->severity > CALLTAB_NOTE
      || (f->place == NULL) != (f->section == NULL))
    abort ();
  *total += strlen (buf);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  int fd = memfd_create ("calltab-fuzz-verify", MFD_CLOEXEC);
  if (fd < 0)
    return 0;
  if (size == 0 || write (fd, data, size) == (ssize_t) size)
    {
      char path[64];
      snprintf (path, sizeof path, "/proc/self/fd/%d", fd);
      Calltab *ct = calltab_begin (path);
      if (ct != NULL)
	{
	  size_t by_check[64] = { 0 };
	  size_t total = 0;
	  Calltab_Verify_Options opts = { .werror = 1 };
	  Calltab_Verify_Counts counts = { .by_check = by_check };
	  if (calltab_verify_ncheck () > sizeof by_check / sizeof by_check[0])
	    abort ();
	  int r = calltab_verify (ct, &opts, format_finding, &total, &counts);
	  if (r < -1 || r > 1)
	    abort ();
	  size_t sum = 0;
	  for (size_t i = 0; i < calltab_verify_ncheck (); i++)
	    sum += by_check[i];
	  if (r >= 0 && sum != counts.errors + counts.warnings + counts.notes)
	    abort ();
	  calltab_end (ct);
	}
      else
	calltab_errno ();
    }
  close (fd);
  return 0;
}
