/* tables.c: structural checks of .debug_dcall and .debug_vcall.

   The reader (libcalltab) already reports what breaks decoding: unit
   lengths, versions, address sizes, truncated fields, bad ULEB128 and
   out-of-range offsets.  On top of that: the address size matches the
   ELF class; debug_info names a .debug_info unit header of the same
   DWARF offset size; callee_die is the offset of a DW_TAG_subprogram or
   DW_TAG_entry_point DIE of that unit; call_site is in an executable
   section; no unit has two entries for one call_site (in an object: for
   one section and offset).  Tombstoned
   entries (call_site 0 or all ones) are only counted.  */

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <dwarf.h>
#include "verify.h"

static enum verify_check
check_of_problem (int code)
{
  switch (code)
    {
    case CALLTAB_E_BAD_LENGTH: return VC_UNIT_LENGTH;
    case CALLTAB_E_TRUNCATED: return VC_TRUNCATED;
    case CALLTAB_E_BAD_VERSION: return VC_VERSION;
    case CALLTAB_E_BAD_ADDRSIZE: return VC_ADDRESS_SIZE;
    case CALLTAB_E_BAD_LEB128: return VC_ULEB128;
    case CALLTAB_E_BAD_OFFSET: return VC_OFFSET;
    case CALLTAB_E_BAD_RELOC: return VC_RELOCATION;
    /* Only the implicit association's count (die.c) is recorded as a
       problem with this code.  */
    case CALLTAB_E_BAD_DIE: return VC_IMPLICIT_CALLERS;
    default: return VC_FORMAT;
    }
}

/* The DIEs of one .debug_info unit: offset and tag, sorted.  */
/* A DIE of a unit and its tag.  */
struct die_tag
{
  uint64_t offset;
  int tag;
};

struct unit_dies
{
  uint64_t offset;		/* unit header */
  uint64_t next;		/* next unit header */
  uint64_t header_size;
  unsigned offset_size;
  struct die_tag *dies;
  size_t ndies, alloc;
};

struct info_units
{
  struct unit_dies *units;	/* sorted by offset */
  size_t nunits;
};

/* The offsets and tags of DIE, its siblings and their children, into
   U.  Returns 0, or -1 when out of memory.  */
static int
collect_dies (struct unit_dies *u, Dwarf_Die *die, unsigned depth)
{
  /* Deeper than any real DWARF; the bound keeps fuzzed input finite.  */
  if (depth > 512)
    return 0;
  do
    {
      if (__calltab_reserve (&u->dies, &u->alloc, u->ndies + 1,
			     sizeof *u->dies) < 0)
	return -1;
      u->dies[u->ndies].offset = dwarf_dieoffset (die);
      u->dies[u->ndies].tag = dwarf_tag (die);
      u->ndies++;
      Dwarf_Die child;
      if (dwarf_child (die, &child) == 0
	  && collect_dies (u, &child, depth + 1) < 0)
	return -1;
    }
  while (dwarf_siblingof (die, die) == 0);
  return 0;
}

static void
read_units (struct verify *v, struct info_units *info)
{
  memset (info, 0, sizeof *info);
  if (v->dwarf == NULL)
    return;
  size_t alloc = 0;
  Dwarf_Off off = 0, next;
  size_t hsize;
  uint8_t osize;
  while (dwarf_next_unit (v->dwarf, off, &next, &hsize, NULL, NULL, NULL,
			  &osize, NULL, NULL) == 0)
    {
      if (__calltab_reserve (&info->units, &alloc, info->nunits + 1,
			     sizeof *info->units) < 0)
	{
	  v->nomem = true;
	  break;
	}
      info->units[info->nunits++] = (struct unit_dies) {
	.offset = off, .next = next, .header_size = hsize,
	.offset_size = osize };
      off = next;
    }
}

static bool
unit_before (const void *elt, const void *key)
{
  return ((const struct unit_dies *) elt)->offset < *(const uint64_t *) key;
}

static bool
die_before (const void *elt, const void *key)
{
  return ((const struct die_tag *) elt)->offset < *(const uint64_t *) key;
}

static struct unit_dies *
find_unit (struct verify *v, struct info_units *info, uint64_t offset)
{
  size_t lo = __calltab_partition (info->units, info->nunits,
				   sizeof info->units[0], unit_before,
				   &offset);
  if (lo == info->nunits || info->units[lo].offset != offset)
    return NULL;
  struct unit_dies *u = &info->units[lo];
  if (u->dies == NULL)
    {
      /* First use: walk the unit's DIEs once.  */
      Dwarf_Die cudie;
      if (dwarf_offdie (v->dwarf, u->offset + u->header_size, &cudie) != NULL
	  && collect_dies (u, &cudie, 0) < 0)
	v->nomem = true;
      if (u->dies == NULL && (u->dies = malloc (sizeof *u->dies)) == NULL)
	v->nomem = true;
    }
  return u;
}

static int
die_tag (const struct unit_dies *u, uint64_t offset)
{
  size_t lo = __calltab_partition (u->dies, u->ndies, sizeof u->dies[0],
				   die_before, &offset);
  return lo < u->ndies && u->dies[lo].offset == offset ? u->dies[lo].tag : -1;
}

/* Whether entry E's callee_die names a subprogram DIE of unit U.  */
static bool
check_callee (struct verify *v, const Calltab_Unit *unit,
	      const struct unit_dies *u, const Calltab_Entry *e,
	      const struct verify_place *place)
{
  if (u == NULL)
    return false;		/* debug_info already reported */
  uint64_t die = unit->debug_info + e->value;
  if (e->value >= u->next - u->offset)
    {
      verify_report (v, VC_CALLEE_DIE, place,
		     "callee_die 0x%" PRIx64 " is past the end of the unit at"
		     " .debug_info[0x%08" PRIx64 "] (size 0x%" PRIx64 ")",
		     e->value, u->offset, u->next - u->offset);
      return false;
    }
  int tag = die_tag (u, die);
  char buf[32];
  if (tag == DW_TAG_subprogram || tag == DW_TAG_entry_point)
    return true;
  if (tag < 0)
    verify_report (v, VC_CALLEE_DIE, place,
		   "callee_die 0x%" PRIx64 " (.debug_info[0x%08" PRIx64 "])"
		   " is not the offset of a DIE of the unit at"
		   " .debug_info[0x%08" PRIx64 "]", e->value, die, u->offset);
  else
    verify_report (v, VC_CALLEE_DIE, place,
		   "callee_die 0x%" PRIx64 " (.debug_info[0x%08" PRIx64 "])"
		   " is a %s, not a DW_TAG_subprogram or DW_TAG_entry_point",
		   e->value, die, verify_tag_name (tag, buf));
  return false;
}

/* Entries of one unit, for the duplicate check: in an object a
   call_site is an offset in the section CALL_SCN (0 in a linked file).  */
struct site
{
  size_t call_scn;
  uint64_t call_site;
  size_t index;
};

static bool
same_site (const struct site *x, const struct site *y)
{
  return x->call_scn == y->call_scn && x->call_site == y->call_site;
}

static int
cmp_site (const void *a, const void *b)
{
  const struct site *x = a, *y = b;
  if (x->call_scn != y->call_scn)
    return x->call_scn < y->call_scn ? -1 : 1;
  if (x->call_site != y->call_site)
    return x->call_site < y->call_site ? -1 : 1;
  return x->index < y->index ? -1 : x->index > y->index;
}

static void
check_unit (struct verify *v, struct info_units *info, const Calltab_Unit *unit)
{
  const char *label = verify_section_label (v, unit->section, unit->scn);
  struct verify_place uplace = { label, unit->offset, NULL, 0 };
  GElf_Ehdr ehdr;
  Elf *elf = calltab_elf (v->ct);
  unsigned expect = elf != NULL && gelf_getehdr (elf, &ehdr) != NULL
		    && ehdr.e_ident[EI_CLASS] == ELFCLASS32 ? 4 : 8;
  if (unit->address_size != expect)
    verify_report (v, VC_ADDRESS_SIZE, &uplace,
		   "address_size %u does not match the %u-byte addresses"
		   " of this ELF file", unit->address_size, expect);

  const struct unit_dies *u = NULL;
  if (ct_table_has_callee (unit->table))
    {
      if (v->dwarf == NULL)
	verify_report (v, VC_DEBUG_INFO, &uplace,
		       "debug_info 0x%" PRIx64 ": the file has no DWARF"
		       " (.debug_info)", unit->debug_info);
      else if ((u = find_unit (v, info, unit->debug_info)) == NULL)
	verify_report (v, VC_DEBUG_INFO, &uplace,
		       "debug_info 0x%" PRIx64 " is not the offset of a"
		       " .debug_info unit header", unit->debug_info);
      else if (u->offset_size != unit->offset_size)
	verify_report (v, VC_OFFSET_SIZE, &uplace,
		       "%u-bit DWARF unit names a %u-bit DWARF .debug_info"
		       " unit at 0x%08" PRIx64, unit->offset_size * 8,
		       u->offset_size * 8, u->offset);
    }

  /* The caller association (docs/format.md): a caller DIE names every
     unit; in a linked file its entries lie in that caller's code.  */
  Calltab_Caller caller;
  int crc = calltab_unit_caller (v->ct, unit, &caller);
  uint64_t caller_size = 0;
  if (crc == 1)
    verify_report (v, VC_UNIT_CALLER, &uplace,
		   "no subprogram of a declaration unit names this unit"
		   " (%s)", unit->table == CALLTAB_DCALL
		   ? "DW_AT_calltab_dcall_unit"
		   : unit->table == CALLTAB_TCALL ? "DW_AT_calltab_tcall_unit"
		   : unit->table == CALLTAB_PCALL ? "DW_AT_calltab_pcall_unit"
		   : "DW_AT_calltab_vcall_unit");
  else if (crc == 0 && !caller.discarded
	   && !__calltab_code_relocatable (v->code))
    caller_size = __calltab_code_func_size (v->code, 0, caller.low_pc);

  struct site *sites = calloc (unit->nentries + 1, sizeof *sites);
  size_t nsites = 0;
  if (sites == NULL)
    v->nomem = true;
  for (size_t i = 0; ; i++)
    {
      Calltab_Entry e;
      if (calltab_unit_entry (v->ct, unit, i, &e) != 0)
	break;
      struct verify_place place = { label, unit->offset, "entry", i };
      if (unit->table == CALLTAB_DCALL)
	v->direct++;
      else if (unit->table == CALLTAB_TCALL)
	v->tail += !__calltab_tcall_is_method (v->ct, &e);
      else if (unit->table == CALLTAB_VCALL)
	v->virtual++;
      else if (unit->table == CALLTAB_PCALL)
	v->member_pointer++;
      if (e.tombstone && __calltab_code_relocatable (v->code))
	{
	  /* An object has no tombstones: its call_site fields are
	     relocated; 0 is a relocation that is missing.  */
	  verify_report (v, VC_MISSING_RELOCATION, &place,
			 "call_site 0x%" PRIx64 " has no relocation (in an"
			 " object every call_site is relocated)", e.call_site);
	  continue;
	}
      if (e.tombstone)
	{
	  v->tombstoned++;
	  continue;
	}
      int t = unit->table;
      if (ct_table_has_callee (t)
	  && !(t == CALLTAB_TCALL && e.value == CALLTAB_TCALL_INDIRECT)
	  && !check_callee (v, unit, u, &e, &place)
	  && e.index < v->nbad_callee[t])
	v->bad_callee[t][e.index] = true;

      struct ct_place cp;
      if (__calltab_code_relocatable (v->code))
	{
	  if (e.call_scn == 0)
	    verify_report (v, VC_MISSING_RELOCATION, &place,
			   "call_site 0x%" PRIx64 " has no relocation against"
			   " a section", e.call_site);
	  else if (!__calltab_code_is_exec (v->code, e.call_scn))
	    verify_report (v, VC_CALL_SITE_SECTION, &place,
			   "call_site %s+0x%" PRIx64 " is not in an executable"
			   " section", __calltab_code_scn_name (v->code,
								e.call_scn),
			   e.call_site);
	}
      else if (!__calltab_code_locate (v->code, e.call_site, &cp))
	verify_report (v, VC_CALL_SITE_SECTION, &place,
		       "call_site 0x%" PRIx64 " is not in an executable section",
		       e.call_site);
      else if (caller_size > 0
	       && (e.call_site <= caller.low_pc
		   || e.call_site - caller.low_pc > caller_size))
	verify_report (v, VC_CALLER_RANGE, &place,
		       "call_site 0x%" PRIx64 " is outside its caller '%s'"
		       " (0x%" PRIx64 "..0x%" PRIx64 ")", e.call_site,
		       caller.func.linkage_name != NULL
		       ? caller.func.linkage_name
		       : caller.func.name != NULL ? caller.func.name : "?",
		       caller.low_pc, caller.low_pc + caller_size);
      if (sites != NULL)
	sites[nsites++] = (struct site) {
	  __calltab_code_relocatable (v->code) ? e.call_scn : 0, e.call_site,
	  i };
    }

  /* In an object, a call_site is an offset in the section its
     relocation names: two entries are the same site when both agree.  */
  if (sites != NULL && nsites > 1)
    {
      qsort (sites, nsites, sizeof *sites, cmp_site);
      for (size_t i = 1; i < nsites; i++)
	if (same_site (&sites[i], &sites[i - 1]))
	  {
	    /* A virtual tail call's second entry (docs/format.md,
	       ".debug_tcall") shares the site of its indirect one.  */
	    Calltab_Entry e;
	    if (unit->table == CALLTAB_TCALL
		&& (i < 2 || !same_site (&sites[i - 2], &sites[i]))
		&& calltab_unit_entry (v->ct, unit, sites[i].index, &e) == 0
		&& __calltab_tcall_is_method (v->ct, &e))
	      continue;
	    size_t first = i - 1;
	    while (first > 0 && same_site (&sites[first - 1], &sites[i]))
	      first--;
	    struct verify_place place = { label, unit->offset, "entry",
					  sites[i].index };
	    verify_report (v, VC_DUPLICATE, &place,
			   "call_site 0x%" PRIx64 " already has entry[%zu]",
			   sites[i].call_site, sites[first].index);
	  }
    }
  free (sites);
}

void
verify_tables (struct verify *v)
{
  for (size_t i = 0; ; i++)
    {
      Calltab_Problem p;
      if (calltab_problem (v->ct, i, &p) != 0)
	break;
      enum verify_severity sev = p.severity == CALLTAB_WARNING
				 ? V_WARNING : V_ERROR;
      /* The reader's "malformed ELF file" says less than truncated-file
	 (units.c) has said.  */
      if (v->truncated && p.section == NULL && p.code == CALLTAB_E_LIBELF)
	continue;
      if (p.section != NULL)
	{
	  struct verify_place place = {
	    verify_section_label (v, p.section, p.scn), p.offset, NULL, 0 };
	  verify_report_as (v, check_of_problem (p.code), sev, &place, "%s",
			    p.text);
	}
      else
	verify_report_as (v, check_of_problem (p.code), sev, NULL, "%s",
			  p.text);
    }

  for (int t = 0; t < CT_NTABLES; t++)
    {
      v->nbad_callee[t] = calltab_nentries (v->ct, t);
      v->bad_callee[t] = calloc (v->nbad_callee[t] + 1,
				 sizeof *v->bad_callee[t]);
      if (v->bad_callee[t] == NULL)
	{
	  v->nbad_callee[t] = 0;
	  v->nomem = true;
	}
    }
  struct info_units info;
  read_units (v, &info);
  for (int table = CALLTAB_DCALL; table <= CALLTAB_PCALL; table++)
    for (size_t n = 0; ; n++)
      {
	Calltab_Unit unit;
	if (calltab_unit (v->ct, table, n, &unit) != 0)
	  break;
	v->units++;
	check_unit (v, &info, &unit);
      }
  for (size_t i = 0; i < info.nunits; i++)
    free (info.units[i].dies);
  free (info.units);
}
