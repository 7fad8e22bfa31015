/* verify-api-test: calltab_verify and its check registry through the
   public API, for calltab.verify/verify-api.exp.

   verify-api-test [--werror] [--remove] FILE

   Prints the registry's size and its first and last check, every
   finding with all its fields, the counts and calltab_verify's result;
   then verifies again without a callback and says whether the counts
   agree.  --remove removes FILE after calltab_begin, so that
   calltab_verify cannot open it again (its -1 path).  Also checks the
   argument errors.  Exit status 0 unless an assertion failed (3).  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "calltab.h"

static const char *const severities[] = { "error", "warning", "note" };

static int failures;

#define CHECK(cond)							\
  do { if (!(cond)) { printf ("FAILED: %s (line %d)\n", #cond, __LINE__); \
		      failures++; } } while (0)

static void
print_finding (const Calltab_Verify_Finding *f, void *arg)
{
  size_t *n = arg;
  printf ("finding %zu: %s check=%zu %s", (*n)++, severities[f->severity],
	  f->check, f->check_id);
  if (f->section != NULL)
    {
      printf (" section=%s offset=0x%llx", f->section,
	      (unsigned long long) f->offset);
      if (f->item != NULL)
	printf (" %s=%zu", f->item, f->index);
      printf (" place='%s'", f->place);
    }
  else
    CHECK (f->place == NULL && f->item == NULL);
  printf (" text='%s'\n", f->text);
  Calltab_Verify_Check c;
  CHECK (calltab_verify_check_info (f->check, &c) == 0
	 && strcmp (c.id, f->check_id) == 0);
}

static void
print_counts (const Calltab_Verify_Counts *c, size_t nchecks)
{
  printf ("counts: units=%zu dcall=%zu vcall=%zu tcall=%zu tombstoned=%zu"
	  " calls_checked=%zu gcc_call_sites=%zu line_rows=%zu"
	  " errors=%zu warnings=%zu notes=%zu\nby check:",
	  c->units, c->dcall_entries, c->vcall_entries, c->tcall_entries,
	  c->tombstoned,
	  c->calls_checked, c->gcc_call_sites, c->line_rows, c->errors,
	  c->warnings, c->notes);
  Calltab_Verify_Check info;
  for (size_t i = 0; i < nchecks; i++)
    if (c->by_check[i] > 0 && calltab_verify_check_info (i, &info) == 0)
      printf (" %s=%zu", info.id, c->by_check[i]);
  putchar ('\n');
}

int
main (int argc, char **argv)
{
  Calltab_Verify_Options opts = { 0 };
  int remove_file = 0;
  int i = 1;
  for (; i < argc && argv[i][0] == '-'; i++)
    if (strcmp (argv[i], "--werror") == 0)
      opts.werror = 1;
    else if (strcmp (argv[i], "--remove") == 0)
      remove_file = 1;
  if (i + 1 != argc)
    {
      fprintf (stderr, "usage: verify-api-test [--werror] [--remove] FILE\n");
      return 2;
    }
  const char *path = argv[i];

  /* The registry.  */
  size_t nchecks = calltab_verify_ncheck ();
  Calltab_Verify_Check c;
  printf ("checks: %zu\n", nchecks);
  CHECK (calltab_verify_check_info (0, &c) == 0);
  printf ("first: %s %s %s\n", c.id, severities[c.severity], c.description);
  CHECK (calltab_verify_check_info (nchecks - 1, &c) == 0);
  printf ("last: %s %s %s\n", c.id, severities[c.severity], c.description);
  CHECK (calltab_verify_check_info (nchecks, &c) == 1);
  CHECK (calltab_verify_check_info (0, NULL) == -1
	 && calltab_errno () == CALLTAB_E_INVALID_ARG);
  CHECK (calltab_verify (NULL, NULL, NULL, NULL, NULL) == -1
	 && calltab_errno () == CALLTAB_E_INVALID_ARG);

  Calltab *ct = calltab_begin (path);
  if (ct == NULL)
    {
      printf ("calltab_begin: %s\n", calltab_errmsg (-1));
      return 2;
    }
  if (remove_file)
    CHECK (unlink (path) == 0);

  size_t *by_check = calloc (nchecks, sizeof *by_check);
  size_t *by_check2 = calloc (nchecks, sizeof *by_check2);
  if (by_check == NULL || by_check2 == NULL)
    return 2;
  Calltab_Verify_Counts counts = { .by_check = by_check };
  size_t n = 0;
  int r = calltab_verify (ct, &opts, print_finding, &n, &counts);
  printf ("result: %d\n", r);
  if (r < 0)
    {
      printf ("error: %s\n", calltab_errmsg (-1));
      CHECK (n == 0 && counts.units == 0 && counts.errors == 0);
    }
  else
    {
      print_counts (&counts, nchecks);
      CHECK (n == counts.errors + counts.warnings + counts.notes);
      /* Without a callback (and with the counts' array stale): the same
	 counts and result.  */
      Calltab_Verify_Counts quiet = { .by_check = by_check2 };
      memset (by_check2, 0xff, nchecks * sizeof *by_check2);
      int r2 = calltab_verify (ct, &opts, NULL, NULL, &quiet);
      int same = r2 == r && memcmp (by_check, by_check2,
				    nchecks * sizeof *by_check) == 0;
      quiet.by_check = by_check;
      same = same && memcmp (&quiet, &counts, sizeof counts) == 0;
      printf ("without callback: %s\n", same ? "same" : "different");
      CHECK (calltab_verify (ct, NULL, NULL, NULL, NULL)
	     == (counts.errors > 0));
    }
  free (by_check);
  free (by_check2);
  calltab_end (ct);
  return failures ? 3 : 0;
}
