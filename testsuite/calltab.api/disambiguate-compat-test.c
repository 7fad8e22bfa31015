/* disambiguate-compat-test.c: a program built against the
   calltab_disambiguate of CALLTAB_0.2 to 0.12, whose Calltab_Query
   ended before regs.  It binds to calltab_disambiguate@CALLTAB_0.2,
   gives it a query of the old size followed by bytes of 0xff (a
   version reading past the old structure takes them for registers and
   fails or answers otherwise), and prints its answer next to that of
   the current calltab_disambiguate for the same question without
   registers: "old VERDICT EVIDENCE" and "new VERDICT EVIDENCE".

   Usage: disambiguate-compat-test FILE PC RA  */

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <calltab.h>

typedef int disambiguate_fn (const Calltab *, const Calltab_Query *,
			     Calltab_Decision *);
disambiguate_fn calltab_disambiguate_0_2;
__asm__ (".symver calltab_disambiguate_0_2, calltab_disambiguate@CALLTAB_0.2");

static int
answer (const char *tag, disambiguate_fn *fn, Calltab *ct,
	const Calltab_Query *q)
{
  Calltab_Decision d;
  if (fn (ct, q, &d) != 0)
    {
      fprintf (stderr, "%s: %s\n", tag, calltab_errmsg (-1));
      return 1;
    }
  printf ("%s %d %s\n", tag, d.verdict, d.evidence);
  calltab_decision_free (&d);
  return 0;
}

int
main (int argc, char **argv)
{
  if (argc != 4)
    return 2;
  Calltab *ct = calltab_begin (argv[1]);
  if (ct == NULL)
    {
      fprintf (stderr, "%s\n", calltab_errmsg (-1));
      return 1;
    }
  uint64_t ra = strtoull (argv[3], NULL, 0);
  union
  {
    unsigned char bytes[sizeof (Calltab_Query)];
    Calltab_Query align;
  } old;
  memset (&old, 0xff, sizeof old);
  Calltab_Query q = { .pc = strtoull (argv[2], NULL, 0), .ra = &ra,
		      .nra = 1 };
  memcpy (old.bytes, &q, offsetof (Calltab_Query, regs));
  int r = answer ("old", calltab_disambiguate_0_2, ct,
		  (const Calltab_Query *) old.bytes);
  r |= answer ("new", calltab_disambiguate, ct, &q);
  calltab_end (ct);
  return r;
}
