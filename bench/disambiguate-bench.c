/* disambiguate-bench.c FILE [QUERIES]: time calltab_begin on FILE, then
   calltab_disambiguate on QUERIES questions (default 100000) built from
   its .debug_dcall entries: the PC at the start of the callee (folded
   with its twin), the entry's call_site as the return address.  Prints
   the time to open, of the first query (it builds the indexes), per
   query after that, and the ratio of a query to opening the file.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gelf.h>
#include "bench.h"

struct sym
{
  const char *name;
  uint64_t addr;
};

static int
by_name (const void *a, const void *b)
{
  return strcmp (((const struct sym *) a)->name, ((const struct sym *) b)->name);
}

int
main (int argc, char **argv)
{
  if (argc < 2)
    {
      fputs ("usage: disambiguate-bench FILE [QUERIES]\n", stderr);
      return 2;
    }
  size_t nq = argc > 2 ? strtoul (argv[2], NULL, 0) : 100000;
  double t_open;
  Calltab *ct = bench_open (argv[1], &t_open);
  if (ct == NULL)
    return 2;
  /* Function symbols by name (the PC of a callee).  */
  Elf *elf = calltab_elf (ct);
  Elf_Scn *scn = NULL;
  struct sym *syms = NULL;
  size_t nsyms = 0;
  while ((scn = elf_nextscn (elf, scn)) != NULL)
    {
      GElf_Shdr sh;
      if (gelf_getshdr (scn, &sh) == NULL || sh.sh_type != SHT_SYMTAB)
	continue;
      Elf_Data *data = elf_getdata (scn, NULL);
      size_t n = sh.sh_size / sh.sh_entsize;
      syms = calloc (n, sizeof *syms);
      for (size_t i = 0; i < n; i++)
	{
	  GElf_Sym s;
	  if (gelf_getsym (data, (int) i, &s) != NULL
	      && GELF_ST_TYPE (s.st_info) == STT_FUNC && s.st_value != 0)
	    syms[nsyms++] = (struct sym) {
	      elf_strptr (elf, sh.sh_link, s.st_name), s.st_value };
	}
    }
  qsort (syms, nsyms, sizeof *syms, by_name);
  size_t ne = calltab_nentries (ct, CALLTAB_DCALL);
  uint64_t (*q)[2] = calloc (nq, sizeof *q);
  size_t k = 0, step = ne / nq ? ne / nq : 1;
  for (size_t i = 0; i < ne && k < nq; i += step)
    {
      Calltab_Entry e;
      Calltab_Func f;
      if (calltab_entry (ct, CALLTAB_DCALL, i, &e) != 0 || e.tombstone
	  || calltab_callee (ct, &e, &f) != 0)
	continue;
      struct sym key = { f.linkage_name ? f.linkage_name : f.name, 0 };
      struct sym *s = bsearch (&key, syms, nsyms, sizeof *syms, by_name);
      if (s == NULL)
	continue;
      q[k][0] = s->addr;
      q[k][1] = e.call_site;
      k++;
    }
  nq = k;
  if (nq == 0)
    {
      fputs ("no query\n", stderr);
      return 2;
    }
  Calltab_Decision d;
  Calltab_Query qq = { .pc = q[0][0], .ra = &q[0][1], .nra = 1 };
  double t0 = now ();
  calltab_disambiguate (ct, &qq, &d);
  double t_first = now () - t0;
  calltab_decision_free (&d);
  size_t decided = 0, merged = 0;
  t0 = now ();
  for (size_t i = 0; i < nq; i++)
    {
      qq.pc = q[i][0];
      qq.ra = &q[i][1];
      if (calltab_disambiguate (ct, &qq, &d) != 0)
	return 2;
      decided += d.verdict == CALLTAB_DECIDED;
      merged += d.ncandidates > 1;
      calltab_decision_free (&d);
    }
  double t_q = (now () - t0) / nq;
  printf ("entries: %zu dcall\n", ne);
  printf ("open: %.3f s\n", t_open);
  printf ("first query (builds the indexes): %.3f s\n", t_first);
  printf ("queries: %zu (%zu at merged code, %zu decided)\n", nq, merged,
	  decided);
  printf ("per query: %.2f us (goal: under 1000 us)\n", t_q * 1e6);
  printf ("ratio query/open: %.2e\n", t_q / t_open);
  calltab_end (ct);
  free (q);
  free (syms);
  return t_q < 1e-3 ? 0 : 1;
}
