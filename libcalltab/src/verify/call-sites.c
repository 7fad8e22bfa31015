/* call-sites.c: cross-check with GCC's own call-site DIEs.

   Under -O2 -g GCC describes calls with DW_TAG_call_site (DWARF 5:
   DW_AT_call_return_pc, DW_AT_call_origin) or DW_TAG_GNU_call_site
   (DWARF 4: DW_AT_low_pc is the return address, DW_AT_abstract_origin
   the callee).  Where such a DIE names a callee and a .debug_dcall entry
   has the same return address, they must name the same function.  A
   tail call's DIE (DW_AT_call_tail_call) has the address after the jump,
   as its .debug_tcall entry has.  */

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <dwarf.h>
#include "verify.h"

#ifndef DW_TAG_GNU_call_site
# define DW_TAG_GNU_call_site 0x4109
#endif
#ifndef DW_AT_GNU_tail_call
# define DW_AT_GNU_tail_call 0x2115
#endif

struct dentry
{
  struct ct_place place;
  Calltab_Entry entry;
  uint64_t unit_offset;
  size_t index;			/* in its unit */
  const char *label;
};

/* By place, then table.  */
static int
cmp_dentry (const void *a, const void *b)
{
  const struct dentry *x = a, *y = b;
  int c = ct_place_cmp (&x->place, &y->place);
  return c != 0 ? c : (x->entry.table > y->entry.table)
		      - (x->entry.table < y->entry.table);
}

struct sites
{
  struct verify *v;
  struct dentry *entries;
  size_t n;
  bool have[CT_NTABLES];	/* the table has live entries */
};

static void
check_site (struct sites *s, Dwarf_Die *die)
{
  struct verify *v = s->v;
  Dwarf_Attribute attr;
  bool flag;
  bool tail = (dwarf_attr (die, DW_AT_call_tail_call, &attr) != NULL
	       || dwarf_attr (die, DW_AT_GNU_tail_call, &attr) != NULL)
	      && dwarf_formflag (&attr, &flag) == 0 && flag;
  int table = tail ? CALLTAB_TCALL : CALLTAB_DCALL;
  Dwarf_Addr ret;
  if (dwarf_attr (die, DW_AT_call_return_pc, &attr) != NULL)
    {
      if (dwarf_formaddr (&attr, &ret) != 0)
	return;
    }
  else if (dwarf_lowpc (die, &ret) != 0)
    return;
  Dwarf_Die origin;
  if ((dwarf_attr (die, DW_AT_call_origin, &attr) == NULL
       && dwarf_attr (die, DW_AT_abstract_origin, &attr) == NULL)
      || dwarf_formref_die (&attr, &origin) == NULL)
    return;			/* an indirect call */
  const char *name, *linkage;
  verify_die_names (&origin, &name, &linkage);
  if (name == NULL && linkage == NULL)
    return;

  /* ld.bfd points the DWARF of a discarded COMDAT copy at the kept
     one: when that came from a unit without the plugin, the code is
     that unit's and has no entries.  */
  if (verify_foreign_code (v, ret - 1))
    return;
  struct dentry key;
  if (!verify_dwarf_place (v, ret, true, &key.place))
    return;
  key.entry.table = table;
  struct dentry *hit = bsearch (&key, s->entries, s->n, sizeof key,
				cmp_dentry);
  char where[512];
  verify_describe_place (v, &key.place, where, sizeof where);
  struct verify_place place = { ".debug_info", dwarf_dieoffset (die),
				NULL, 0 };
  const char *gcc_name = linkage != NULL ? linkage : name;
  if (hit == NULL)
    {
      if (s->have[table])
	verify_report (v, VC_GCC_CALL_SITE_MISSING, &place,
		       tail ? "GCC's tail call site ending at %s calls '%s';"
		       " no .debug_tcall entry has this site"
		       : "GCC's call site returning to %s calls '%s'; no"
		       " .debug_dcall entry has this return address", where,
		       gcc_name);
      return;
    }
  while (hit > s->entries && cmp_dentry (hit - 1, &key) == 0)
    hit--;
  v->gcc_call_sites++;
  const struct dentry *first = hit;
  for (; hit < s->entries + s->n && cmp_dentry (hit, &key) == 0; hit++)
    {
      Calltab_Func f;
      if (!verify_callee_ok (v, &hit->entry)
	  || calltab_callee (v->ct, &hit->entry, &f) != 0)
	return;			/* callee-die reported it */
      if (verify_gcc_names_match (&f, name, linkage))
	return;
    }
  Calltab_Func f;
  if (calltab_callee (v->ct, &first->entry, &f) != 0)
    return;
  verify_report (v, VC_GCC_CALL_SITE, &place,
		 tail ? "GCC's tail call site ending at %s calls '%s', but"
		 " %s[0x%08" PRIx64 "] entry[%zu] names '%s'"
		 : "GCC's call site returning to %s calls '%s', but %s[0x%08"
		 PRIx64 "] entry[%zu] names '%s'", where, gcc_name,
		 first->label, first->unit_offset, first->index,
		 f.linkage_name != NULL ? f.linkage_name
		 : f.name != NULL ? f.name : "?");
}

static void
walk (struct sites *s, Dwarf_Die *die, unsigned depth)
{
  if (depth > 512)
    return;
  do
    {
      int tag = dwarf_tag (die);
      if (tag == DW_TAG_call_site || tag == DW_TAG_GNU_call_site)
	check_site (s, die);
      Dwarf_Die child;
      if (dwarf_child (die, &child) == 0)
	walk (s, &child, depth + 1);
    }
  while (dwarf_siblingof (die, die) == 0);
}

void
verify_gcc_call_sites (struct verify *v)
{
  if (v->dwarf == NULL)
    return;
  struct sites s = { v, NULL, 0, { false } };
  size_t total = calltab_nentries (v->ct, CALLTAB_DCALL)
		 + calltab_nentries (v->ct, CALLTAB_TCALL);
  s.entries = calloc (total + 1, sizeof *s.entries);
  if (s.entries == NULL)
    {
      v->nomem = true;
      return;
    }
  bool rel = __calltab_code_relocatable (v->code);
  static const int tables[] = { CALLTAB_DCALL, CALLTAB_TCALL };
  for (size_t t = 0; t < 2; t++)
    for (size_t n = 0; ; n++)
      {
	int table = tables[t];
	Calltab_Unit unit;
	if (calltab_unit (v->ct, table, n, &unit) != 0)
	  break;
	const char *label = verify_section_label (v, unit.section, unit.scn);
	for (size_t i = 0; s.n < total; i++)
	  {
	    struct dentry *d = &s.entries[s.n];
	    if (calltab_unit_entry (v->ct, &unit, i, &d->entry) != 0)
	      break;
	    if (d->entry.tombstone)
	      continue;
	    if (rel)
	      d->place = (struct ct_place) { d->entry.call_scn,
					     d->entry.call_site };
	    else if (!__calltab_code_locate (v->code, d->entry.call_site,
					     &d->place))
	      continue;
	    d->unit_offset = unit.offset;
	    d->index = i;
	    d->label = label;
	    s.have[table] = true;
	    s.n++;
	  }
      }
  qsort (s.entries, s.n, sizeof *s.entries, cmp_dentry);

  Dwarf_Off off = 0, next;
  size_t hsize;
  while (dwarf_nextcu (v->dwarf, off, &next, &hsize, NULL, NULL, NULL) == 0)
    {
      Dwarf_Die cudie;
      /* Only units built with the plugin (verify_units): the
	 declaration units have no call sites, and units built without
	 it have no entries to compare.  */
      if (verify_unit_checked (v, off)
	  && dwarf_offdie (v->dwarf, off + hsize, &cudie) != NULL)
	walk (&s, &cudie, 0);
      off = next;
    }
  free (s.entries);
}
