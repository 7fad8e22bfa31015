/* units.c: the units of the file by their producer (invariant 6), and
   the file's layout.  */

#include <errno.h>
#include <sys/stat.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dwarf.h>
#include "verify.h"

/* What report_layout reports for.  */
struct layout_report
{
  struct verify *v;
  const char *whose;		/* "the file", "the debug file PATH" */
};

/* __calltab_elf_layout callback: report one defect (truncated-file).  A
   compressed section that claims too much is the reader's problem, not
   a cut file.  */
static int
report_layout (const struct ct_layout *d, void *arg)
{
  const struct layout_report *r = arg;
  struct verify *v = r->v;
  const char *whose = r->whose;
  switch (d->what)
    {
    case CT_LAYOUT_COMPRESSED:
      return 0;
    case CT_LAYOUT_EHDR:
      verify_report (v, VC_TRUNCATED_FILE, NULL,
		     "libelf cannot read the ELF header of %s: %s", whose,
		     d->libelf);
      break;
    case CT_LAYOUT_TABLE:
      if (d->count_known)
	verify_report (v, VC_TRUNCATED_FILE, NULL,
		       "%s is truncated: its %s header table"
		       " (%" PRIu64 " entries of %" PRIu64 " bytes at 0x%"
		       PRIx64 ") lies past its end (0x%" PRIx64 " bytes)",
		       whose, d->section_table ? "section" : "program",
		       d->count, d->entsize, d->offset, d->file_size);
      else
	verify_report (v, VC_TRUNCATED_FILE, NULL,
		       "%s is truncated: its section header table (at 0x%"
		       PRIx64 "; its number of entries, in its first entry,"
		       " cannot be read) lies past its end (0x%" PRIx64
		       " bytes)", whose, d->offset, d->file_size);
      break;
    case CT_LAYOUT_SHDRS:
      verify_report (v, VC_TRUNCATED_FILE, NULL,
		     "libelf cannot read the section headers of %s: %s",
		     whose, d->libelf);
      break;
    case CT_LAYOUT_SHDR:
      verify_report (v, VC_TRUNCATED_FILE, NULL,
		     "libelf cannot read the header of section [%zu] of"
		     " %s: %s", d->scn, whose, d->libelf);
      break;
    case CT_LAYOUT_SECTION:
      verify_report (v, VC_TRUNCATED_FILE, NULL,
		     "%s is truncated: section [%zu] %s (0x%" PRIx64
		     " bytes at 0x%" PRIx64 ") lies past its end (0x%" PRIx64
		     " bytes)", whose, d->scn, d->name != NULL ? d->name : "?",
		     d->size, d->offset, d->file_size);
      break;
    }
  v->truncated = true;
  return 0;
}

/* truncated-file: the ELF header's tables and every section's contents
   lie inside the file, and inside the separate debug file that holds
   the tables.  Only the headers are read (elf/layout.c): libelf does not
   read what lies past the end (it shows no sections when the section
   header table is cut), and the reader's messages cannot tell that the
   file was cut.  */
static void
check_layouts (struct verify *v)
{
  struct stat st;
  struct layout_report r = { v, "the file" };
  if (v->elf != NULL && fstat (v->fd, &st) == 0)
    __calltab_elf_layout (v->elf, (uint64_t) st.st_size, report_layout, &r);
  Elf *tables = calltab_elf (v->ct);
  size_t tsize;
  if (tables == NULL || tables == v->ct->elf
      || elf_rawfile (tables, &tsize) == NULL)
    return;
  char *whose;
  if (asprintf (&whose, "the debug file %s", calltab_tables_path (v->ct)) < 0)
    {
      v->nomem = true;
      return;
    }
  r.whose = whose;
  __calltab_elf_layout (tables, tsize, report_layout, &r);
  free (whose);
}

static int
cmp_range (const void *a, const void *b)
{
  const uint64_t *x = a, *y = b;
  return x[0] < y[0] ? -1 : x[0] > y[0];
}

enum unit_kind { UK_OTHER, UK_DECL, UK_PLUGIN };

struct unit_producer
{
  uint64_t off;
  size_t header_size;
  enum unit_kind kind;
  const char *producer;
};

/* Whether the declaration unit U has a DW_TAG_subprogram child.  */
static bool
decl_unit_has_functions (struct verify *v, const struct unit_producer *u)
{
  Dwarf_Die cudie, child;
  if (dwarf_offdie (v->dwarf, u->off + u->header_size, &cudie) == NULL
      || dwarf_child (&cudie, &child) != 0)
    return false;
  do
    if (dwarf_tag (&child) == DW_TAG_subprogram)
      return true;
  while (dwarf_siblingof (&child, &child) == 0);
  return false;
}

/* The units of V's DWARF with their producers, into *UNITS (*NUNITS;
   the caller frees them).  Returns 0, or -1 when out of memory.  */
static int
read_units (struct verify *v, struct unit_producer **units, size_t *nunits)
{
  size_t alloc = 0;
  Dwarf_Off off = 0, next;
  size_t hsize;
  *units = NULL;
  *nunits = 0;
  while (v->dwarf != NULL
	 && dwarf_nextcu (v->dwarf, off, &next, &hsize, NULL, NULL, NULL) == 0)
    {
      Dwarf_Die cudie;
      const char *producer = NULL;
      if (dwarf_offdie (v->dwarf, off + hsize, &cudie) != NULL)
	producer = calltab_die_string (&cudie, DW_AT_producer);
      if (__calltab_reserve (units, &alloc, *nunits + 1, sizeof **units) < 0)
	return -1;
      enum unit_kind kind = UK_OTHER;
      if (producer != NULL
	  && strncmp (producer, CALLTAB_PRODUCER_PREFIX,
		      CALLTAB_PRODUCER_PREFIX_LEN) == 0)
	kind = UK_DECL;
      else if (producer != NULL && __calltab_producer_names_plugin (producer))
	kind = UK_PLUGIN;
      (*units)[(*nunits)++] = (struct unit_producer) { off, hsize, kind,
						       producer };
      off = next;
    }
  return 0;
}

/* Count the plugin's declaration units that hold functions, and mark
   the unit a declaration unit the tables name belongs to as built with
   the plugin.  Returns 0, or -1 when out of memory.  */
static int
mark_declared_units (struct verify *v, struct unit_producer *units,
		     size_t nunits)
{
  /* The declaration units the tables name: a translation unit's own,
     which the compiler writes into the .debug_info section of GCC's
     unit, right after it.  The others hold one COMDAT caller each and
     may follow any unit in a linked file.  */
  uint64_t *named = calloc (calltab_nunits (v->ct, CALLTAB_DCALL) + 1,
			    sizeof *named);
  size_t nnamed = 0;
  if (named == NULL)
    return -1;
  for (size_t n = 0; ; n++)
    {
      Calltab_Unit u;
      if (calltab_unit (v->ct, CALLTAB_DCALL, n, &u) != 0)
	break;
      if (u.debug_info_scn == 0)
	named[nnamed++] = u.debug_info;
    }
  qsort (named, nnamed, sizeof *named, __calltab_compare_u64);
  for (size_t i = 0; i < nunits; i++)
    if (units[i].kind == UK_DECL)
      {
	/* Only a unit of callers and callees says tables were there: a
	   unit of vtable DIEs alone (a translation unit that makes no
	   call) does not.  */
	if (decl_unit_has_functions (v, &units[i]))
	  v->decl_units++;
	if (bsearch (&units[i].off, named, nnamed, sizeof *named,
		     __calltab_compare_u64) == NULL)
	  continue;
	if (i > 0 && units[i - 1].kind == UK_OTHER)
	  units[i - 1].kind = UK_PLUGIN;
	else if (i == 0 && nunits > 1 && units[1].kind == UK_OTHER)
	  units[1].kind = UK_PLUGIN;
      }
  free (named);
  return 0;
}

/* The producer of U, for the notes.  */
static const char *
producer_of (const struct unit_producer *u)
{
  return u->producer != NULL ? u->producer : "none";
}

/* The units without the plugin: one note per producer, and their code
   (in a linked file, COMDAT code kept from them is theirs, even where
   a plugin unit's DWARF points at it) into V->foreign, sorted.  Returns
   0, or -1 when out of memory.  */
static int
note_foreign_units (struct verify *v, const struct unit_producer *units,
		    size_t nunits)
{
  for (size_t i = 0; i < nunits; i++)
    {
      if (units[i].kind != UK_OTHER)
	continue;
      v->units_without_plugin++;
      Dwarf_Die cudie;
      Dwarf_Addr base, lo, hi;
      ptrdiff_t r = 0;
      if (!__calltab_code_relocatable (v->code)
	  && dwarf_offdie (v->dwarf, units[i].off + units[i].header_size,
			   &cudie) != NULL)
	while ((r = dwarf_ranges (&cudie, r, &base, &lo, &hi)) > 0)
	  {
	    if (lo == 0 || lo >= hi)
	      continue;		/* discarded code */
	    if (__calltab_reserve (&v->foreign, &v->foreign_alloc,
				   v->nforeign + 1, sizeof *v->foreign) < 0)
	      return -1;
	    v->foreign[v->nforeign].lo = lo;
	    v->foreign[v->nforeign++].hi = hi;
	  }
      const char *prod = producer_of (&units[i]);
      bool first = true;
      for (size_t j = 0; j < i && first; j++)
	first = !(units[j].kind == UK_OTHER
		  && strcmp (producer_of (&units[j]), prod) == 0);
      if (!first)
	continue;
      size_t same = 0;
      for (size_t j = i; j < nunits; j++)
	same += units[j].kind == UK_OTHER
		&& strcmp (producer_of (&units[j]), prod) == 0;
      struct verify_place place = { ".debug_info", units[i].off, NULL, 0 };
      if (same == 1)
	verify_report (v, VC_NOT_PLUGIN_BUILT, &place,
		       "unit built without the calltab plugin"
		       " (DW_AT_producer: %s): its lines are not checked"
		       " by the plugin's rules", prod);
      else
	verify_report (v, VC_NOT_PLUGIN_BUILT, &place,
		       "%zu units built without the calltab plugin, the"
		       " first here (DW_AT_producer: %s): their lines and"
		       " calls are not checked by the plugin's rules", same,
		       prod);
    }
  if (v->nforeign > 0)
    qsort (v->foreign, v->nforeign, sizeof v->foreign[0], cmp_range);
  for (size_t i = 0; i < v->nforeign; i++)
    v->foreign[i].maxhi = i > 0 && v->foreign[i - 1].maxhi > v->foreign[i].hi
			  ? v->foreign[i - 1].maxhi : v->foreign[i].hi;
  return 0;
}

/* A unit built with the plugin must have a line table libdw reads.  */
static void
check_line_table (struct verify *v, const struct unit_producer *u)
{
  struct verify_place place = { ".debug_info", u->off, NULL, 0 };
  Dwarf_Die cudie;
  Dwarf_Attribute attr;
  Dwarf_Lines *lines;
  size_t nlines;
  int r = 0;
  dwarf_errno ();
  if (dwarf_offdie (v->dwarf, u->off + u->header_size, &cudie) == NULL
      || dwarf_attr (&cudie, DW_AT_stmt_list, &attr) == NULL)
    verify_report (v, VC_NO_LINE_TABLE, &place,
		   "unit built with the calltab plugin has no"
		   " DW_AT_stmt_list: its discriminators cannot be"
		   " checked");
  else if ((r = __calltab_getsrclines (&cudie, &lines, &nlines)) == 0
	   && !__calltab_comp_dir_readable (&cudie))
    verify_report (v, VC_NO_LINE_TABLE, &place,
		   "unit built with the calltab plugin has a"
		   " DW_AT_comp_dir that does not end within the unit,"
		   " which libdw's line functions cannot read safely:"
		   " its discriminators cannot be checked");
  else if (r == 0)
    verify_report (v, VC_NO_LINE_TABLE, &place,
		   "unit built with the calltab plugin has a line table"
		   " before DWARF 5 without DW_AT_comp_dir, which this"
		   " libdw cannot read safely: its discriminators cannot"
		   " be checked");
  else if (r < 0)
    {
      /* libdw's DWARF_E_NOMEM is not in its public header.  */
      int err = dwarf_errno ();
      if (strcmp (dwarf_errmsg (err), "out of memory") == 0)
	v->nomem = true;
      else
	verify_report (v, VC_NO_LINE_TABLE, &place,
		       "unit built with the calltab plugin has no"
		       " readable line table (%s): its discriminators"
		       " cannot be checked", dwarf_errmsg (err));
    }
}

/* The units built with the plugin: their offsets into V->plugin_units,
   each checked for a line table.  Returns their number.  */
static size_t
plugin_units (struct verify *v, const struct unit_producer *units,
	      size_t nunits)
{
  size_t nplugin = 0;
  for (size_t i = 0; i < nunits; i++)
    {
      if (units[i].kind != UK_PLUGIN)
	continue;
      nplugin++;
      if (__calltab_reserve (&v->plugin_units, &v->plugin_units_alloc,
			     v->nplugin_units + 1,
			     sizeof *v->plugin_units) < 0)
	{
	  v->nomem = true;
	  break;
	}
      v->plugin_units[v->nplugin_units++] = units[i].off;
      check_line_table (v, &units[i]);
    }
  return nplugin;
}

/* The units of the file by their DW_AT_producer (invariant 6): the
   plugin's declaration units ("calltab VERSION"), GCC's units built with
   the plugin (their producer records -fplugin=.../calltab.so, or their
   declaration unit follows them; a declaration unit that opens the file
   belongs to the unit after it), and the others, reported and left out
   of the plugin's rules.  A unit built with the plugin must have a line
   table; a file must have call tables.  */
void
verify_units (struct verify *v)
{
  check_layouts (v);
  if (v->nomem)
    return;
  struct unit_producer *units;
  size_t nunits;
  if (read_units (v, &units, &nunits) < 0
      || mark_declared_units (v, units, nunits) < 0
      || note_foreign_units (v, units, nunits) < 0)
    {
      v->nomem = true;
      free (units);
      return;
    }
  size_t nplugin = plugin_units (v, units, nunits);
  free (units);

  /* No tables at all: the flag was lost, the file was stripped, or
     nothing was built with the plugin.  */
  if (v->ct->nsections > 0 || v->truncated)
    return;
  if (v->decl_units > 0)
    verify_report (v, VC_NO_TABLES, NULL,
		   "no call tables (.debug_dcall, .debug_vcall, .debug_tcall), but %zu"
		   " %s of the calltab plugin %s them: the tables were"
		   " removed", v->decl_units,
		   v->decl_units == 1 ? "declaration unit" : "declaration units",
		   v->decl_units == 1 ? "names" : "name");
  else
    verify_report_as (v, VC_NO_TABLES,
		      v->allow_no_tables || nplugin > 0 ? V_NOTE : V_ERROR,
		      NULL, "no call tables (.debug_dcall, .debug_vcall, .debug_tcall): %s",
		      v->dwarf == NULL
		      ? "no DWARF either (stripped, or built without -g)"
		      : nplugin > 0
		      ? "the units built with the calltab plugin make no calls"
		      : "no unit was built with the calltab plugin");
}
