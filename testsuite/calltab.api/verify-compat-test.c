/* verify-compat-test.c: a program built against older calltab_verify
   versions, whose Calltab_Verify_Counts was shorter: CALLTAB_0.1's
   ended before units_without_plugin, CALLTAB_0.7's before
   pcall_entries.  It binds to calltab_verify@CALLTAB_0.1 and
   @CALLTAB_0.7, gives each its old size with a canary after it, and
   prints the counts next to those of the current calltab_verify:
   "0.1 UNITS DCALL VCALL CHECKED ROWS ERRORS WARNINGS NOTES CANARY",
   "0.7 ... TCALL CANARY" and "new ... TCALL PCALL" (the same fields,
   and the ones each version has).  */

#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <calltab.h>

typedef int verify_fn (const Calltab *, const Calltab_Verify_Options *,
		       Calltab_Verify_Callback *, void *,
		       Calltab_Verify_Counts *);
verify_fn calltab_verify_0_1, calltab_verify_0_7;
__asm__ (".symver calltab_verify_0_1, calltab_verify@CALLTAB_0.1");
__asm__ (".symver calltab_verify_0_7, calltab_verify@CALLTAB_0.7");

#define CANARY 0xca11abu

static void
print (const char *tag, const Calltab_Verify_Counts *c)
{
  printf ("%s %zu %zu %zu %zu %zu %zu %zu %zu", tag, c->units,
	  c->dcall_entries, c->vcall_entries, c->calls_checked, c->line_rows,
	  c->errors, c->warnings, c->notes);
}

/* Run FN on CT with a structure of SIZE bytes and a canary after it;
   print TAG's line.  Returns FN's result.  */
static int
run_old (const char *tag, verify_fn *fn, Calltab *ct, size_t size)
{
  union
  {
    unsigned char bytes[sizeof (Calltab_Verify_Counts) + sizeof (unsigned)];
    Calltab_Verify_Counts align;
  } old;
  unsigned canary = CANARY;
  memset (&old, 0, sizeof old);
  memcpy (old.bytes + size, &canary, sizeof canary);
  int r = fn (ct, NULL, NULL, NULL, (Calltab_Verify_Counts *) old.bytes);
  Calltab_Verify_Counts c;
  memset (&c, 0, sizeof c);
  memcpy (&c, old.bytes, size);
  memcpy (&canary, old.bytes + size, sizeof canary);
  print (tag, &c);
  if (size > offsetof (Calltab_Verify_Counts, tcall_entries))
    printf (" %zu", c.tcall_entries);
  printf (" %#x\n", canary);
  return r;
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
  int r01 = run_old ("0.1", calltab_verify_0_1, ct,
		     offsetof (Calltab_Verify_Counts, units_without_plugin));
  int r07 = run_old ("0.7", calltab_verify_0_7, ct,
		     offsetof (Calltab_Verify_Counts, pcall_entries));
  Calltab_Verify_Counts n = { 0 };
  int r = calltab_verify (ct, NULL, NULL, NULL, &n);
  print ("new", &n);
  printf (" %zu %zu\n", n.tcall_entries, n.pcall_entries);
  calltab_end (ct);
  return r01 != r || r07 != r ? 3 : r < 0 ? 2 : r;
}
