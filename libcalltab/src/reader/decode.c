/* decode.c: walk the units and entries of .debug_dcall and .debug_vcall.

   Nothing read from the file is trusted: every field is checked against
   the end of its unit and every unit_length against the end of the
   section.  A problem is recorded and decoding goes on where that is
   safe: after a bad header, at the next unit (unit_length says where);
   after a bad entry, at the next entry when the entry's extent is known,
   else at the next unit.  Only a unit_length that cannot be trusted ends
   the section.  */

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "libcalltabP.h"
#include "elf/elf-index.h"

/* The allocated section of the tables' file that holds the byte before
   ADDR (the last byte of the call instruction) in *R, NULL if none.
   Returns 0, or -1 when out of memory (error set).  */
static int
address_range (Calltab *ct, uint64_t addr, const struct ct_range **r)
{
  *r = NULL;
  if (ct->ranges == NULL
      && (ct->ranges = __calltab_addrmap (ct->tables_elf)) == NULL)
    return -1;
  if (addr != 0)
    *r = __calltab_addrmap_find (ct->ranges, addr - 1);
  return 0;
}

#define PROBLEM(code, sev, off, ...)					\
  do {									\
    if (__calltab_problem (ct, code, sev, secno, off, __VA_ARGS__) < 0)	\
      return -1;							\
  } while (0)

/* Decode the entries of unit U (already appended) from P to END.  */
static int
decode_entries (Calltab *ct, size_t secno, struct ct_unit *u,
		uint64_t p, uint64_t end)
{
  const struct ct_section *sec = &ct->sections[secno];
  struct ct_table *tab = &ct->tables[sec->table];
  const char *field = ct_table_has_callee (sec->table) ? "callee_die"
		      : sec->table == CALLTAB_PCALL ? "value" : "vtable_slot";
  unsigned int asz = u->address_size;
  uint64_t ones = asz == 8 ? UINT64_MAX : (UINT64_C (1) << (8 * asz)) - 1;

  while (p < end)
    {
      uint64_t eoff = p;
      if (end - p < asz)
	{
	  PROBLEM (CALLTAB_E_TRUNCATED, CALLTAB_ERROR, eoff,
		   "entry truncated: call_site needs %u bytes, 0x%" PRIx64
		   " left in the unit", asz, end - p);
	  return 0;
	}
      uint64_t call_site = ct_read_uint (ct, sec->data + p, asz);
      p += asz;
      const unsigned char *q = sec->data + p;
      uint64_t value;
      bool overlong;
      int why;
      if (__calltab_uleb128 (&q, sec->data + end, &value, &overlong, &why) < 0)
	{
	  if (why == CALLTAB_E_TRUNCATED)
	    {
	      PROBLEM (CALLTAB_E_TRUNCATED, CALLTAB_ERROR, p,
		       "%s ULEB128 runs past the end of the unit", field);
	      return 0;
	    }
	  PROBLEM (CALLTAB_E_BAD_LEB128, CALLTAB_ERROR, p,
		   "%s ULEB128 does not fit in 64 bits", field);
	  p = (uint64_t) (q - sec->data);
	  continue;
	}
      if (overlong)
	PROBLEM (CALLTAB_E_BAD_LEB128, CALLTAB_WARNING, p,
		 "%s ULEB128 is overlong: %zu bytes, %u needed", field,
		 (size_t) (q - (sec->data + p)), __calltab_uleb128_size (value));
      p = (uint64_t) (q - sec->data);

      if (__calltab_reserve (&tab->entries, &tab->entries_alloc,
			     tab->nentries + 1, sizeof *tab->entries) < 0)
	return -1;
      struct ct_entry *e = &tab->entries[tab->nentries++];
      e->offset = eoff;
      e->call_site = call_site;
      e->value = value;
      e->unit = (size_t) (u - tab->units);
      e->tombstone = call_site == 0 || call_site == ones;
      e->call_scn = 0;
      if (e->tombstone)
	;
      else if (ct->ehdr.e_type == ET_REL)
	e->call_scn = __calltab_reloc_scn (sec, eoff);
      else
	{
	  /* In a linked file, a call_site outside every executable section
	     is dead code's: ld.gold's --gc-sections writes the offset
	     within the removed section instead of a tombstone
	     (docs/format.md).  */
	  const struct ct_range *r;
	  if (address_range (ct, call_site, &r) < 0)
	    return -1;
	  if (r != NULL && r->exec)
	    e->call_scn = r->scn;
	  else
	    e->tombstone = true;
	}
      if (e->tombstone)
	tab->ntombstoned++;
      u->nentries++;
    }
  return 0;
}

int
__calltab_decode_section (Calltab *ct, size_t secno)
{
  const struct ct_section *sec = &ct->sections[secno];
  struct ct_table *tab = &ct->tables[sec->table];
  const unsigned char *data = sec->data;
  uint64_t size = sec->size, off = 0;

  while (off < size)
    {
      uint64_t start = off, left = size - off;
      if (left < 4)
	{
	  PROBLEM (CALLTAB_E_TRUNCATED, CALLTAB_ERROR, start,
		   "unit_length truncated: 0x%" PRIx64
		   " bytes left in the section, 4 needed", left);
	  break;
	}
      uint64_t length = ct_read_uint (ct, data + off, 4);
      unsigned int osz = 4, hlen = 4;
      if (length == 0xffffffff)
	{
	  if (left < 12)
	    {
	      PROBLEM (CALLTAB_E_TRUNCATED, CALLTAB_ERROR, start,
		       "64-bit unit_length truncated: 0x%" PRIx64
		       " bytes left in the section, 12 needed", left);
	      break;
	    }
	  length = ct_read_uint (ct, data + off + 4, 8);
	  osz = 8;
	  hlen = 12;
	}
      else if (length >= 0xfffffff0)
	{
	  PROBLEM (CALLTAB_E_BAD_LENGTH, CALLTAB_ERROR, start,
		   "reserved unit_length value 0x%08" PRIx64, length);
	  break;
	}
      uint64_t body = start + hlen, end;
      bool cut = false;
      if (length > size - body)
	{
	  PROBLEM (CALLTAB_E_BAD_LENGTH, CALLTAB_ERROR, start,
		   "unit_length 0x%" PRIx64 " runs past the end of the section"
		   " (0x%" PRIx64 " bytes follow the length field)",
		   length, size - body);
	  end = size;
	  cut = true;
	}
      else
	end = body + length;
      off = end;

      uint64_t need = ct_table_has_callee (sec->table) ? 2 + osz : 2;
      if (end - body < need)
	{
	  PROBLEM (CALLTAB_E_TRUNCATED, CALLTAB_ERROR, start,
		   "unit of 0x%" PRIx64 " bytes is too short for its header"
		   " (0x%" PRIx64 " bytes)", end - body, need);
	  if (cut)
	    break;
	  continue;
	}
      uint64_t p = body;
      unsigned int version = data[p++];
      uint64_t debug_info = 0, debug_info_off = p;
      if (ct_table_has_callee (sec->table))
	{
	  debug_info = ct_read_uint (ct, data + p, osz);
	  p += osz;
	}
      uint64_t asz_off = p;
      unsigned int asz = data[p++];
      if (version != CALLTAB_TABLE_VERSION)
	{
	  PROBLEM (CALLTAB_E_BAD_VERSION, CALLTAB_ERROR, body,
		   "unsupported version %u (%u expected)", version,
		   CALLTAB_TABLE_VERSION);
	  if (cut)
	    break;
	  continue;
	}
      if (asz != 4 && asz != 8)
	{
	  PROBLEM (CALLTAB_E_BAD_ADDRSIZE, CALLTAB_ERROR, asz_off,
		   "unsupported address_size %u (4 or 8 expected)", asz);
	  if (cut)
	    break;
	  continue;
	}
      size_t info_scn = 0;
      if (ct_table_has_callee (sec->table))
	{
	  /* In an object, the .debug_info section the relocation names
	     (one per COMDAT group is possible); else the only one.  */
	  size_t target = __calltab_reloc_scn (sec, debug_info_off);
	  uint64_t info_size = ct->debug_info_size;
	  bool have_info = ct->have_debug_info;
	  if (ct->ehdr.e_type == ET_REL && target != 0)
	    {
	      GElf_Shdr sh;
	      size_t shstrndx;
	      const char *name = NULL;
	      if (gelf_getshdr (elf_getscn (ct->tables_elf, target), &sh) != NULL
		  && elf_getshdrstrndx (ct->tables_elf, &shstrndx) == 0)
		name = elf_strptr (ct->tables_elf, shstrndx, sh.sh_name);
	      if (name == NULL || strcmp (name, ".debug_info") != 0)
		{
		  PROBLEM (CALLTAB_E_BAD_RELOC, CALLTAB_ERROR, debug_info_off,
			   "debug_info is relocated against section [%zu],"
			   " not .debug_info", target);
		  have_info = false;
		}
	      else
		{
		  info_scn = target;
		  info_size = sh.sh_size;
		  /* A compressed section's size is that of its data.  */
		  GElf_Chdr chdr;
		  if ((sh.sh_flags & SHF_COMPRESSED) != 0
		      && gelf_getchdr (elf_getscn (ct->tables_elf, target),
				       &chdr) != NULL)
		    info_size = chdr.ch_size;
		}
	    }
	  if (have_info && debug_info >= info_size)
	    PROBLEM (CALLTAB_E_BAD_OFFSET, CALLTAB_ERROR, debug_info_off,
		     "debug_info 0x%" PRIx64 " is past the end of .debug_info"
		     " (size 0x%" PRIx64 ")", debug_info, info_size);
	}

      if (__calltab_reserve (&tab->units, &tab->units_alloc, tab->nunits + 1,
			     sizeof *tab->units) < 0)
	return -1;
      struct ct_unit *u = &tab->units[tab->nunits++];
      *u = (struct ct_unit) {
	.section = secno, .info_scn = __calltab_info_key (ct, info_scn),
	.offset = start, .length = length,
	.debug_info = debug_info, .entries = p, .end = end,
	.offset_size = osz, .version = version, .address_size = asz,
	.first = tab->nentries, .nentries = 0 };
      if (decode_entries (ct, secno, u, p, end) < 0)
	return -1;
      if (cut)
	break;
    }
  return 0;
}
