/* index.c: the units and entries as the public API shows them, and the
   address index: per table, the entries whose call_site is not a
   tombstone, sorted by call_site (then section offset), searched in
   O(log n).  */

#include <stdlib.h>
#include "libcalltabP.h"

static _Thread_local const struct ct_entry *sort_entries;

static int
compare_by_address (const void *a, const void *b)
{
  const struct ct_entry *x = &sort_entries[*(const size_t *) a];
  const struct ct_entry *y = &sort_entries[*(const size_t *) b];
  if (x->call_site != y->call_site)
    return x->call_site < y->call_site ? -1 : 1;
  if (x->call_scn != y->call_scn)
    return x->call_scn < y->call_scn ? -1 : 1;
  /* Stable for equal addresses: table order.  */
  return *(const size_t *) a < *(const size_t *) b ? -1 : 1;
}

int
__calltab_build_index (Calltab *ct)
{
  for (int t = 0; t < CT_NTABLES; t++)
    {
      struct ct_table *tab = &ct->tables[t];
      tab->index = malloc ((tab->nentries ? tab->nentries : 1)
			   * sizeof *tab->index);
      if (tab->index == NULL)
	{
	  __calltab_seterr (CALLTAB_E_NOMEM, NULL);
	  return -1;
	}
      tab->nindex = 0;
      for (size_t i = 0; i < tab->nentries; i++)
	if (!tab->entries[i].tombstone)
	  tab->index[tab->nindex++] = i;
      sort_entries = tab->entries;
      if (tab->nindex > 1)
	qsort (tab->index, tab->nindex, sizeof *tab->index,
	       compare_by_address);
      sort_entries = NULL;
    }
  return 0;
}

static bool
bad_table (const Calltab *ct, int table)
{
  if (ct == NULL || table < 0 || table >= CT_NTABLES)
    {
      __calltab_seterr (CALLTAB_E_INVALID_ARG, NULL);
      return true;
    }
  return false;
}

void
__calltab_fill_unit (const Calltab *ct, int table, size_t n,
		     Calltab_Unit *unit)
{
  const struct ct_unit *u = &ct->tables[table].units[n];
  const struct ct_section *sec = &ct->sections[u->section];
  *unit = (Calltab_Unit) {
    .table = table, .index = n, .section = sec->name, .scn = sec->scn,
    .offset = u->offset, .length = u->length, .offset_size = u->offset_size,
    .version = u->version, .address_size = u->address_size,
    .debug_info = u->debug_info, .debug_info_scn = u->info_scn,
    .entries = u->entries, .end = u->end,
    .nentries = u->nentries };
}

void
__calltab_fill_entry (const Calltab *ct, int table, size_t n,
		      Calltab_Entry *entry)
{
  const struct ct_entry *e = &ct->tables[table].entries[n];
  const struct ct_unit *u = &ct->tables[table].units[e->unit];
  *entry = (Calltab_Entry) {
    .table = table, .unit = e->unit, .index = n, .offset = e->offset,
    .call_site = e->call_site, .call_scn = e->call_scn, .value = e->value,
    .die = ct_table_has_callee (table) && e->value != 0
	   ? u->debug_info + e->value : 0,
    .die_scn = ct_table_has_callee (table) && e->value != 0
	       ? u->info_scn : 0,
    .tombstone = e->tombstone };
}

CALLTAB_EXPORT size_t
calltab_nunits (const Calltab *ct, int table)
{
  return ct != NULL && table >= 0 && table < CT_NTABLES
	 ? ct->tables[table].nunits : 0;
}

CALLTAB_EXPORT size_t
calltab_nentries (const Calltab *ct, int table)
{
  return ct != NULL && table >= 0 && table < CT_NTABLES
	 ? ct->tables[table].nentries : 0;
}

CALLTAB_EXPORT size_t
calltab_ntombstoned (const Calltab *ct, int table)
{
  return ct != NULL && table >= 0 && table < CT_NTABLES
	 ? ct->tables[table].ntombstoned : 0;
}

CALLTAB_EXPORT int
calltab_unit (const Calltab *ct, int table, size_t n, Calltab_Unit *unit)
{
  if (bad_table (ct, table) || unit == NULL)
    return -1;
  if (n >= ct->tables[table].nunits)
    return 1;
  __calltab_fill_unit (ct, table, n, unit);
  return 0;
}

CALLTAB_EXPORT int
calltab_unit_entry (const Calltab *ct, const Calltab_Unit *unit, size_t n,
		    Calltab_Entry *entry)
{
  if (unit == NULL || entry == NULL || bad_table (ct, unit->table)
      || unit->index >= ct->tables[unit->table].nunits)
    {
      __calltab_seterr (CALLTAB_E_INVALID_ARG, NULL);
      return -1;
    }
  const struct ct_unit *u = &ct->tables[unit->table].units[unit->index];
  if (n >= u->nentries)
    return 1;
  __calltab_fill_entry (ct, unit->table, u->first + n, entry);
  return 0;
}

CALLTAB_EXPORT int
calltab_entry (const Calltab *ct, int table, size_t n, Calltab_Entry *entry)
{
  if (bad_table (ct, table) || entry == NULL)
    return -1;
  if (n >= ct->tables[table].nentries)
    return 1;
  __calltab_fill_entry (ct, table, n, entry);
  return 0;
}

CALLTAB_EXPORT int
calltab_lookup (const Calltab *ct, int table, uint64_t addr, size_t *cookie,
		Calltab_Entry *entry)
{
  if (bad_table (ct, table) || cookie == NULL || entry == NULL)
    return -1;
  const struct ct_table *tab = &ct->tables[table];
  size_t pos;
  if (*cookie == 0)
    {
      /* First entry with call_site >= ADDR.  Written out, not through
	 __calltab_partition: the search goes through the index and is
	 the lookup's hot path (bench/lookup.sh).  */
      size_t lo = 0, hi = tab->nindex;
      while (lo < hi)
	{
	  size_t mid = lo + (hi - lo) / 2;
	  if (tab->entries[tab->index[mid]].call_site < addr)
	    lo = mid + 1;
	  else
	    hi = mid;
	}
      pos = lo;
    }
  else
    pos = *cookie;		/* index of the next candidate */
  if (pos >= tab->nindex || tab->entries[tab->index[pos]].call_site != addr)
    return 1;
  __calltab_fill_entry (ct, table, tab->index[pos], entry);
  *cookie = pos + 1;
  return 0;
}

/* A virtual tail call (docs/format.md, ".debug_tcall") is an indirect
   entry followed in its unit by one at the same site naming the virtual
   function called, as the object's class declares it.  */
bool
__calltab_tcall_is_method (const Calltab *ct, const Calltab_Entry *e)
{
  if (e->table != CALLTAB_TCALL || e->value == CALLTAB_TCALL_INDIRECT
      || e->index == 0)
    return false;
  const struct ct_table *tab = &ct->tables[CALLTAB_TCALL];
  const struct ct_entry *prev = &tab->entries[e->index - 1];
  return prev->unit == e->unit && prev->value == CALLTAB_TCALL_INDIRECT
	 && prev->call_site == e->call_site
	 && prev->call_scn == e->call_scn;
}

bool
__calltab_tcall_method (const Calltab *ct, const Calltab_Entry *e,
			Calltab_Entry *method)
{
  if (e->table != CALLTAB_TCALL || e->value != CALLTAB_TCALL_INDIRECT
      || e->index + 1 >= ct->tables[CALLTAB_TCALL].nentries)
    return false;
  Calltab_Entry next;
  __calltab_fill_entry (ct, CALLTAB_TCALL, e->index + 1, &next);
  if (!__calltab_tcall_is_method (ct, &next))
    return false;
  *method = next;
  return true;
}

bool
__calltab_entry_at_site (const Calltab *ct, int table, const Calltab_Entry *e,
			 Calltab_Entry *out)
{
  size_t cookie = 0;
  while (calltab_lookup (ct, table, e->call_site, &cookie, out) == 0)
    if (out->call_scn == e->call_scn)
      return true;
  return false;
}

bool
__calltab_tcall_slot (const Calltab *ct, const Calltab_Entry *e,
		      uint64_t *slot)
{
  Calltab_Entry v;
  if (!__calltab_entry_at_site (ct, CALLTAB_VCALL, e, &v))
    return false;
  *slot = v.value;
  return true;
}

bool
__calltab_vcall_is_tail (const Calltab *ct, const Calltab_Entry *e)
{
  size_t cookie = 0;
  Calltab_Entry t;
  while (calltab_lookup (ct, CALLTAB_TCALL, e->call_site, &cookie, &t) == 0)
    if (t.call_scn == e->call_scn && __calltab_tcall_is_method (ct, &t))
      return true;
  return false;
}

CALLTAB_EXPORT int
calltab_tcall_virtual (const Calltab *ct, const Calltab_Entry *entry)
{
  if (bad_table (ct, CALLTAB_TCALL) || entry == NULL
      || entry->table != CALLTAB_TCALL
      || entry->index >= ct->tables[CALLTAB_TCALL].nentries)
    {
      __calltab_seterr (CALLTAB_E_INVALID_ARG, NULL);
      return -1;
    }
  return __calltab_tcall_is_method (ct, entry);
}
