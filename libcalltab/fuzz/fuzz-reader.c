/* fuzz-reader.c: libFuzzer target over libcalltab's reader.

   The first input byte selects the mode:
     even: the rest is a whole file, opened with calltab_begin and walked
	   as calltab dump walks it (units, entries, callees, callers,
	   lookups, problems);
     odd:  the rest is the contents of one table section (bits 1-2:
	   the table, CALLTAB_DCALL to CALLTAB_PCALL: 1 .debug_dcall,
	   3 .debug_vcall, 5 .debug_tcall, 7 .debug_pcall), decoded
	   directly, so that mutations reach the decoder without first
	   breaking the ELF.
   To exercise more of the library on an opened file (calltab verify),
   add a function to the `steps' table below.  */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "reader/libcalltabP.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* Keep the compiler from discarding what the steps read.  */
static volatile uint64_t sink;

static void
walk_entries (Calltab *ct)
{
  for (int t = 0; t < CT_NTABLES; t++)
    {
      Calltab_Unit u;
      for (size_t i = 0; calltab_unit (ct, t, i, &u) == 0; i++)
	{
	  Calltab_Caller c;
	  if (calltab_unit_caller (ct, &u, &c) == 0 && c.func.name != NULL)
	    sink += strlen (c.func.name);
	  Calltab_Entry e;
	  for (size_t j = 0; calltab_unit_entry (ct, &u, j, &e) == 0; j++)
	    {
	      Calltab_Func f;
	      if (t == CALLTAB_TCALL)
		sink += calltab_tcall_virtual (ct, &e);
	      if ((t == CALLTAB_DCALL || t == CALLTAB_TCALL)
		  && calltab_callee (ct, &e, &f) == 0)
		{
		  if (f.name != NULL)
		    sink += strlen (f.name);
		  if (f.linkage_name != NULL)
		    sink += strlen (f.linkage_name);
		  if (f.decl_file != NULL)
		    sink += strlen (f.decl_file);
		}
	      size_t cookie = 0;
	      Calltab_Entry m;
	      while (calltab_lookup (ct, t, e.call_site, &cookie, &m) == 0)
		sink += m.offset;
	    }
	}
    }
}

static void
walk_problems (Calltab *ct)
{
  Calltab_Problem p;
  for (size_t i = 0; calltab_problem (ct, i, &p) == 0; i++)
    sink += strlen (p.message);
}

/* What runs on every file that opens.  */
static void (*const steps[]) (Calltab *) = {
  walk_entries,
  walk_problems,
};

static void
fuzz_file (const uint8_t *data, size_t size)
{
  int fd = memfd_create ("calltab-fuzz", MFD_CLOEXEC);
  if (fd < 0)
    return;
  if (size == 0 || write (fd, data, size) == (ssize_t) size)
    {
      char path[64];
      snprintf (path, sizeof path, "/proc/self/fd/%d", fd);
      Calltab *ct = calltab_begin (path);
      if (ct != NULL)
	for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++)
	  steps[i] (ct);
      else
	sink += strlen (calltab_errmsg (-1));
      calltab_end (ct);
    }
  close (fd);
}

static void
fuzz_section (int table, const uint8_t *data, size_t size)
{
  Calltab ct;
  memset (&ct, 0, sizeof ct);
  struct ct_section sec = { .table = table, .scn = 1,
			    .name = ct_table_section (table) };
  sec.label = sec.name;
  sec.data = malloc (size ? size : 1);
  if (sec.data == NULL)
    return;
  memcpy (sec.data, data, size);
  sec.size = size;
  ct.path = ct.tables_path = (char *) "fuzz";
  ct.ehdr.e_ident[EI_DATA] = ELFDATA2LSB;
  ct.ehdr.e_type = ET_REL;	/* no section headers to search */
  ct.sections = &sec;
  ct.nsections = 1;
  ct.fd = -1;
  __calltab_decode_section (&ct, 0);
  __calltab_build_index (&ct);
  walk_problems (&ct);
  for (size_t i = 0; i < ct.tables[table].nentries; i++)
    {
      Calltab_Entry e, m;
      calltab_entry (&ct, table, i, &e);
      size_t cookie = 0;
      while (calltab_lookup (&ct, table, e.call_site, &cookie, &m) == 0)
	sink += m.offset;
    }
  for (int t = 0; t < CT_NTABLES; t++)
    {
      free (ct.tables[t].units);
      free (ct.tables[t].entries);
      free (ct.tables[t].index);
    }
  for (size_t i = 0; i < ct.nproblems; i++)
    {
      free (ct.problems[i].message);
      free (ct.problems[i].text);
    }
  free (ct.problems);
  free (sec.data);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  if (size == 0)
    return 0;
  if ((data[0] & 1) == 0)
    fuzz_file (data + 1, size - 1);
  else
    fuzz_section ((data[0] >> 1) & 3, data + 1, size - 1);
  return 0;
}
