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

/* truncated-file: the ELF header's tables and every section's contents
   lie inside the file.  Only the headers are read: libelf does not read
   what lies past the end (it shows no sections when the section header
   table is cut), and the reader's messages cannot tell that the file was
   cut.  */
static void
check_layout (struct verify *v, Elf *elf, uint64_t size, const char *whose)
{
  GElf_Ehdr eh;
  if (gelf_getehdr (elf, &eh) == NULL)
    {
      verify_report (v, VC_TRUNCATED_FILE, NULL,
		     "libelf cannot read the ELF header of %s: %s", whose,
		     elf_errmsg (-1));
      v->truncated = true;
      return;
    }
  static const char *const tables[2] = { "program", "section" };
  uint64_t off[2] = { eh.e_phoff, eh.e_shoff };
  uint64_t num[2] = { eh.e_phnum, eh.e_shnum };
  uint64_t ent[2] = { eh.e_phentsize, eh.e_shentsize };
  for (int t = 0; t < 2; t++)
    {
      /* e_shnum 0 with a table: the count is in section 0, at least one
	 header.  */
      if (off[t] == 0 || (num[t] == 0 && t == 0))
	continue;
      uint64_t n = num[t] != 0 ? num[t] : 1;
      if (off[t] > size || (size - off[t]) / (ent[t] ? ent[t] : 1) < n)
	{
	  verify_report (v, VC_TRUNCATED_FILE, NULL,
			 "%s is truncated: its %s header table"
			 " (%" PRIu64 " entries of %" PRIu64 " bytes at 0x%"
			 PRIx64 ") lies past its end (0x%" PRIx64 " bytes)",
			 whose, tables[t], num[t], ent[t], off[t], size);
	  v->truncated = true;
	}
    }
  if (v->truncated)
    return;
  size_t shnum, shstrndx;
  if (elf_getshdrnum (elf, &shnum) != 0)
    {
      verify_report (v, VC_TRUNCATED_FILE, NULL,
		     "libelf cannot read the section headers of %s: %s",
		     whose, elf_errmsg (-1));
      v->truncated = true;
      return;
    }
  /* Names only from a section name table inside the file.  */
  bool names = false;
  GElf_Shdr sh;
  Elf_Scn *strs;
  if (elf_getshdrstrndx (elf, &shstrndx) == 0
      && (strs = elf_getscn (elf, shstrndx)) != NULL
      && gelf_getshdr (strs, &sh) != NULL
      && sh.sh_offset <= size && size - sh.sh_offset >= sh.sh_size)
    names = true;
  for (Elf_Scn *scn = NULL; (scn = elf_nextscn (elf, scn)) != NULL;)
    {
      size_t ndx = elf_ndxscn (scn);
      if (gelf_getshdr (scn, &sh) == NULL)
	{
	  verify_report (v, VC_TRUNCATED_FILE, NULL,
			 "libelf cannot read the header of section [%zu] of"
			 " %s: %s", ndx, whose, elf_errmsg (-1));
	  v->truncated = true;
	  continue;
	}
      if (sh.sh_type == SHT_NOBITS
	  || (sh.sh_offset <= size && size - sh.sh_offset >= sh.sh_size))
	continue;
      const char *name = names ? elf_strptr (elf, shstrndx, sh.sh_name)
			 : NULL;
      verify_report (v, VC_TRUNCATED_FILE, NULL,
		     "%s is truncated: section [%zu] %s (0x%" PRIx64
		     " bytes at 0x%" PRIx64 ") lies past its end (0x%" PRIx64
		     " bytes)", whose, ndx, name != NULL ? name : "?", sh.sh_size,
		     sh.sh_offset, size);
      v->truncated = true;
    }
}

/* Whether PRODUCER (a GCC unit's DW_AT_producer, with its recorded
   options) names the plugin: "-fplugin=.../calltab.so".  */
static bool
producer_names_plugin (const char *producer)
{
  for (const char *p = strstr (producer, "-fplugin="); p != NULL;
       p = strstr (p + 1, "-fplugin="))
    {
      const char *arg = p + strlen ("-fplugin=");
      size_t len = strcspn (arg, " ");
      const char *base = arg;
      for (size_t i = 0; i < len; i++)
	if (arg[i] == '/')
	  base = arg + i + 1;
      if (strncmp (base, CALLTAB_PLUGIN_NAME,
		   strlen (CALLTAB_PLUGIN_NAME)) == 0)
	return true;
    }
  return false;
}

static int
cmp_range (const void *a, const void *b)
{
  const uint64_t *x = a, *y = b;
  return x[0] < y[0] ? -1 : x[0] > y[0];
}

static int
cmp_u64 (const void *a, const void *b)
{
  uint64_t x = *(const uint64_t *) a, y = *(const uint64_t *) b;
  return x < y ? -1 : x > y;
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
  struct stat st;
  if (v->elf != NULL && fstat (v->fd, &st) == 0)
    check_layout (v, v->elf, (uint64_t) st.st_size, "the file");
  /* The tables from a separate debug file: that file too.  */
  Elf *tables = calltab_elf (v->ct);
  size_t tsize;
  if (tables != NULL && tables != v->ct->elf
      && elf_rawfile (tables, &tsize) != NULL)
    {
      char *whose;
      if (asprintf (&whose, "the debug file %s",
		    calltab_tables_path (v->ct)) < 0)
	{
	  v->nomem = true;
	  return;
	}
      check_layout (v, tables, tsize, whose);
      free (whose);
    }
  struct unit_producer *units = NULL;
  size_t nunits = 0, alloc = 0, nplugin = 0;
  Dwarf_Off off = 0, next;
  size_t hsize;
  while (v->dwarf != NULL
	 && dwarf_nextcu (v->dwarf, off, &next, &hsize, NULL, NULL, NULL) == 0)
    {
      Dwarf_Die cudie;
      const char *producer = NULL;
      if (dwarf_offdie (v->dwarf, off + hsize, &cudie) != NULL)
	producer = calltab_die_string (&cudie, DW_AT_producer);
      if (__calltab_reserve (&units, &alloc, nunits + 1, sizeof *units) < 0)
	{
	  v->nomem = true;
	  free (units);
	  return;
	}
      enum unit_kind kind = UK_OTHER;
      if (producer != NULL
	  && strncmp (producer, CALLTAB_PRODUCER_PREFIX,
		      CALLTAB_PRODUCER_PREFIX_LEN) == 0)
	kind = UK_DECL;
      else if (producer != NULL && producer_names_plugin (producer))
	kind = UK_PLUGIN;
      units[nunits++] = (struct unit_producer) { off, hsize, kind,
						     producer };
      off = next;
    }
  /* The declaration units the tables name: a translation unit's own,
     which the compiler writes into the .debug_info section of GCC's
     unit, right after it.  The others hold one COMDAT caller each and
     may follow any unit in a linked file.  */
  uint64_t *named = calloc (calltab_nunits (v->ct, CALLTAB_DCALL) + 1,
			    sizeof *named);
  size_t nnamed = 0;
  if (named == NULL)
    {
      v->nomem = true;
      free (units);
      return;
    }
  for (size_t n = 0; ; n++)
    {
      Calltab_Unit u;
      if (calltab_unit (v->ct, CALLTAB_DCALL, n, &u) != 0)
	break;
      if (u.debug_info_scn == 0)
	named[nnamed++] = u.debug_info;
    }
  qsort (named, nnamed, sizeof *named, cmp_u64);
  for (size_t i = 0; i < nunits; i++)
    if (units[i].kind == UK_DECL)
      {
	/* Only a unit of callers and callees says tables were there: a
	   unit of vtable DIEs alone (a translation unit that makes no
	   call) does not.  */
	if (decl_unit_has_functions (v, &units[i]))
	  v->decl_units++;
	if (bsearch (&units[i].off, named, nnamed, sizeof *named, cmp_u64)
	    == NULL)
	  continue;
	if (i > 0 && units[i - 1].kind == UK_OTHER)
	  units[i - 1].kind = UK_PLUGIN;
	else if (i == 0 && nunits > 1 && units[1].kind == UK_OTHER)
	  units[1].kind = UK_PLUGIN;
      }
  free (named);
  /* The units without the plugin: one note per producer, and their code
     (in a linked file, COMDAT code kept from them is theirs, even where
     a plugin unit's DWARF points at it).  */
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
	      {
		v->nomem = true;
		free (units);
		return;
	      }
	    v->foreign[v->nforeign].lo = lo;
	    v->foreign[v->nforeign++].hi = hi;
	  }
      const char *prod = units[i].producer != NULL ? units[i].producer
			 : "none";
      bool first = true;
      for (size_t j = 0; j < i && first; j++)
	first = !(units[j].kind == UK_OTHER
		  && strcmp (units[j].producer != NULL ? units[j].producer
			     : "none", prod) == 0);
      if (!first)
	continue;
      size_t same = 0;
      for (size_t j = i; j < nunits; j++)
	same += units[j].kind == UK_OTHER
		&& strcmp (units[j].producer != NULL ? units[j].producer
			   : "none", prod) == 0;
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
  for (size_t i = 0; i < nunits; i++)
    {
      struct verify_place place = { ".debug_info", units[i].off, NULL, 0 };
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
      Dwarf_Die cudie;
      Dwarf_Attribute attr;
      Dwarf_Lines *lines;
      size_t nlines;
      int r = 0;
      dwarf_errno ();
      if (dwarf_offdie (v->dwarf, units[i].off + units[i].header_size,
			&cudie) == NULL
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
  free (units);

  /* No tables at all: the flag was lost, the file was stripped, or
     nothing was built with the plugin.  */
  if (v->ct->nsections > 0 || v->truncated)
    return;
  if (v->decl_units > 0)
    verify_report (v, VC_NO_TABLES, NULL,
		   "no call tables (.debug_dcall, .debug_vcall), but %zu"
		   " %s of the calltab plugin %s them: the tables were"
		   " removed", v->decl_units,
		   v->decl_units == 1 ? "declaration unit" : "declaration units",
		   v->decl_units == 1 ? "names" : "name");
  else
    verify_report_as (v, VC_NO_TABLES,
		      v->allow_no_tables || nplugin > 0 ? V_NOTE : V_ERROR,
		      NULL, "no call tables (.debug_dcall, .debug_vcall): %s",
		      v->dwarf == NULL
		      ? "no DWARF either (stripped, or built without -g)"
		      : nplugin > 0
		      ? "the units built with the calltab plugin make no calls"
		      : "no unit was built with the calltab plugin");
}
