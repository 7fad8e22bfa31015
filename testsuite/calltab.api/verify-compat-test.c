/* verify-compat-test.c: a program built against calltab_verify of
   CALLTAB_0.1, whose Calltab_Verify_Counts ended before
   units_without_plugin.  It binds to calltab_verify@CALLTAB_0.1, gives
   the old size with a canary after it, and prints the counts next to
   those of the current calltab_verify: "old UNITS DCALL VCALL CHECKED
   ROWS ERRORS WARNINGS NOTES CANARY" and "new ..." (the same fields).  */

#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <calltab.h>

int calltab_verify_0_1 (const Calltab *, const Calltab_Verify_Options *,
			Calltab_Verify_Callback *, void *,
			Calltab_Verify_Counts *);
__asm__ (".symver calltab_verify_0_1, calltab_verify@CALLTAB_0.1");

#define OLD_SIZE offsetof (Calltab_Verify_Counts, units_without_plugin)

static void
print (const char *tag, const Calltab_Verify_Counts *c, unsigned canary)
{
  printf ("%s %zu %zu %zu %zu %zu %zu %zu %zu %#x\n", tag, c->units,
	  c->dcall_entries, c->vcall_entries, c->calls_checked, c->line_rows,
	  c->errors, c->warnings, c->notes, canary);
}

int
main (int argc, char **argv)
{
  if (argc != 2)
    {
      fprintf (stderr, "usage: %s FILE\n", argv[0]);
      return 2;
    }
  Calltab *ct = calltab_begin (argv[1]);
  if (ct == NULL)
    {
      fprintf (stderr, "%s\n", calltab_errmsg (-1));
      return 2;
    }
  /* The old structure, and right after it what a caller keeps there.  */
  union
  {
    unsigned char bytes[OLD_SIZE + sizeof (unsigned)];
    Calltab_Verify_Counts align;
  } old;
  unsigned canary = 0xca11ab;
  memset (&old, 0, sizeof old);
  memcpy (old.bytes + OLD_SIZE, &canary, sizeof canary);
  Calltab_Verify_Counts o;
  int r0 = calltab_verify_0_1 (ct, NULL, NULL, NULL,
			       (Calltab_Verify_Counts *) old.bytes);
  memcpy (&o, old.bytes, OLD_SIZE);
  memcpy (&canary, old.bytes + OLD_SIZE, sizeof canary);
  print ("old", &o, canary);
  Calltab_Verify_Counts n = { 0 };
  int r1 = calltab_verify (ct, NULL, NULL, NULL, &n);
  print ("new", &n, 0xca11ab);
  calltab_end (ct);
  return r0 != r1 ? 3 : r0 < 0 ? 2 : r0;
}
