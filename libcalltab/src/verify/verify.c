/* verify.c: calltab_verify, the driver of the checks.

   calltab_verify opens its own views of the file (libelf for the code,
   libdwfl for the DWARF, relocated in objects and mapping DWARF addresses
   to sections), runs the checks of units.c, tables.c, calls.c,
   call-sites.c, lines.c and vtables.c in that order, and hands each
   finding to the caller's callback with its exact place (report.c).  */

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <dwarf.h>
#include "verify.h"


/* Open our own views of the file: libelf for the code, libdwfl for
   DWARF.  Not the handle's: libelf and libdw fill caches on first use
   (section data, line tables, abbreviations), and a handle may be used
   from several threads at once, so verify must not touch its Elf or
   Dwarf.  Returns 0, or -1 with the error set.  */
static int
open_views (struct verify *v)
{
  /* Where the reader looks for separate debug files, we look too.  */
  if (v->ct->debuginfo_path != NULL
      && (v->debuginfo_path = strdup (v->ct->debuginfo_path)) == NULL)
    {
      __calltab_seterr (CALLTAB_E_NOMEM, NULL);
      return -1;
    }
  char why[400];
  v->fd = open (v->path, O_RDONLY | O_CLOEXEC);
  if (v->fd < 0)
    {
      snprintf (why, sizeof why, "%s: %s", v->path, strerror (errno));
      __calltab_seterr_msg (CALLTAB_E_IO, why);
      return -1;
    }
  elf_errno ();
  v->elf = elf_begin (v->fd, ELF_C_READ_MMAP, NULL);
  v->code = __calltab_code_begin (v->elf);
  int elf_err = elf_errno ();
  if (v->code == NULL && elf_err == 0)
    {
      /* No libelf error: our own allocation failed.  */
      __calltab_seterr (CALLTAB_E_NOMEM, "%s", v->path);
      return -1;
    }
  if (v->code == NULL)
    {
      snprintf (why, sizeof why, "%s: %s", v->path, elf_errmsg (elf_err));
      __calltab_seterr_msg (CALLTAB_E_LIBELF, why);
      return -1;
    }
  /* Only where the reader found DWARF: it does not give libdwfl a file
     whose headers lie past its end (libdwfl would trust their sizes).  */
  if (calltab_dwarf (v->ct) != NULL
      && __calltab_dwfl_offline (&v->callbacks, &v->debuginfo_path, v->path,
				 &v->dwfl, &v->mod, &v->dwarf, &v->bias) < 0)
    return -1;
  return 0;
}

static void
close_views (struct verify *v)
{
  __calltab_dwfl_end (v->dwfl);
  __calltab_code_end (v->code);
  free (v->debuginfo_path);
  elf_end (v->elf);
  if (v->fd >= 0)
    close (v->fd);
  for (int t = 0; t < CT_NTABLES; t++)
    free (v->bad_callee[t]);
  free (v->plugin_units);
  free (v->foreign);
  verify_gcc_dies_end (v);
}

/* calltab_verify@@CALLTAB_0.10 (and the static library's
   calltab_verify).  */
CALLTAB_EXPORT int __calltab_verify_0_10 (const Calltab *ct,
					  const Calltab_Verify_Options *opts,
					  Calltab_Verify_Callback *cb,
					  void *arg,
					  Calltab_Verify_Counts *counts)
  __attribute__ ((symver ("calltab_verify@@CALLTAB_0.10")));

CALLTAB_EXPORT int
__calltab_verify_0_10 (const Calltab *ct, const Calltab_Verify_Options *opts,
		       Calltab_Verify_Callback *cb, void *arg,
		       Calltab_Verify_Counts *counts)
{
  size_t *by_check = counts != NULL ? counts->by_check : NULL;
  if (counts != NULL)
    *counts = (Calltab_Verify_Counts) { .by_check = by_check };
  if (by_check != NULL)
    memset (by_check, 0, VC_NUM * sizeof by_check[0]);
  if (ct == NULL)
    {
      __calltab_seterr (CALLTAB_E_INVALID_ARG, NULL);
      return -1;
    }
  struct verify v = { .path = ct->path, .ct = ct, .fd = -1, .cb = cb,
		      .cb_arg = arg,
		      .allow_no_tables = opts != NULL && opts->allow_no_tables };
  if (open_views (&v) < 0)
    {
      close_views (&v);
      return -1;
    }
  verify_units (&v);
  const struct ct_target *target = __calltab_code_target (v.code);
  if (target == NULL || target->decode == NULL)
    verify_report (&v, VC_NO_DECODER, NULL,
		   "no instruction decoder for ELF machine %u: the call"
		   " instructions and the basic blocks of the line rules are"
		   " not checked", (unsigned) v.ct->ehdr.e_machine);
  verify_tables (&v);
  verify_calls (&v);
  verify_gcc_call_sites (&v);
  verify_lines (&v);
  verify_vtables (&v);
  close_views (&v);
  if (v.nomem)
    {
      /* A check did less than it should: no counts, no verdict.  */
      __calltab_seterr (CALLTAB_E_NOMEM, "%s", ct->path);
      if (by_check != NULL)
	memset (by_check, 0, VC_NUM * sizeof by_check[0]);
      return -1;
    }

  if (counts != NULL)
    {
      counts->units = v.units;
      counts->dcall_entries = v.direct;
      counts->vcall_entries = v.virtual;
      counts->tcall_entries = v.tail;
      counts->pcall_entries = v.member_pointer;
      counts->tombstoned = v.tombstoned;
      counts->calls_checked = v.calls_checked;
      counts->gcc_call_sites = v.gcc_call_sites;
      counts->line_rows = v.rows;
      counts->errors = v.nseverity[V_ERROR];
      counts->warnings = v.nseverity[V_WARNING];
      counts->notes = v.nseverity[V_NOTE];
      counts->units_without_plugin = v.units_without_plugin;
      if (by_check != NULL)
	memcpy (by_check, v.counts, VC_NUM * sizeof by_check[0]);
    }
  bool werror = opts != NULL && opts->werror;
  return (v.nseverity[V_ERROR] > 0
	  || (werror && v.nseverity[V_WARNING] > 0)) ? 1 : 0;
}

/* calltab_verify for a caller whose Calltab_Verify_Counts ends at SIZE
   bytes: only the fields before SIZE are written.  */
static int
verify_old_counts (const Calltab *ct, const Calltab_Verify_Options *opts,
		   Calltab_Verify_Callback *cb, void *arg,
		   Calltab_Verify_Counts *counts, size_t size)
{
  Calltab_Verify_Counts all = { .by_check = counts ? counts->by_check : NULL };
  int r = __calltab_verify_0_10 (ct, opts, cb, arg, counts ? &all : NULL);
  if (counts != NULL)
    memcpy (counts, &all, size);
  return r;
}

/* calltab_verify as CALLTAB_0.1 to 0.6 exported it, for programs built
   against them: their Calltab_Verify_Counts may end before
   units_without_plugin (appended in 0.6 without a new version).  */
CALLTAB_EXPORT int __calltab_verify_0_1 (const Calltab *ct,
					 const Calltab_Verify_Options *opts,
					 Calltab_Verify_Callback *cb,
					 void *arg,
					 Calltab_Verify_Counts *counts)
  __attribute__ ((symver ("calltab_verify@CALLTAB_0.1")));

CALLTAB_EXPORT int
__calltab_verify_0_1 (const Calltab *ct, const Calltab_Verify_Options *opts,
		      Calltab_Verify_Callback *cb, void *arg,
		      Calltab_Verify_Counts *counts)
{
  return verify_old_counts (ct, opts, cb, arg, counts,
			    offsetof (Calltab_Verify_Counts,
				      units_without_plugin));
}

/* calltab_verify as CALLTAB_0.7 to 0.9 exported it: their
   Calltab_Verify_Counts ends before pcall_entries.  */
CALLTAB_EXPORT int __calltab_verify_0_7 (const Calltab *ct,
					 const Calltab_Verify_Options *opts,
					 Calltab_Verify_Callback *cb,
					 void *arg,
					 Calltab_Verify_Counts *counts)
  __attribute__ ((symver ("calltab_verify@CALLTAB_0.7")));

CALLTAB_EXPORT int
__calltab_verify_0_7 (const Calltab *ct, const Calltab_Verify_Options *opts,
		      Calltab_Verify_Callback *cb, void *arg,
		      Calltab_Verify_Counts *counts)
{
  return verify_old_counts (ct, opts, cb, arg, counts,
			    offsetof (Calltab_Verify_Counts, pcall_entries));
}
