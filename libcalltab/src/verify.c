/* verify.c: calltab_verify, the check registry and what the checks
   share.

   calltab_verify opens its own views of the file (libelf for the code,
   libdwfl for the DWARF, relocated in objects and mapping DWARF addresses
   to sections), runs the checks of verify-tables.c, verify-calls.c,
   verify-call-sites.c and verify-lines.c in that order, and hands each
   finding to the caller's callback with its exact place.  */

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <dwarf.h>
#include "verify.h"

const struct verify_check_info verify_checks[VC_NUM] = {
  [VC_TRUNCATED_FILE] = { "truncated-file", V_ERROR,
    "the file is truncated: headers or sections lie past its end" },
  [VC_NO_TABLES] = { "no-tables", V_ERROR,
    "the file has no call tables (a note under --allow-no-tables, unless"
    " units built with the plugin lack theirs)" },
  [VC_NOT_PLUGIN_BUILT] = { "not-plugin-built", V_NOTE,
    "a unit built without the plugin: not judged by its rules" },
  [VC_NO_LINE_TABLE] = { "no-line-table", V_ERROR,
    "a unit built with the plugin has no line table: its lines not checked" },
  [VC_MISSING_RELOCATION] = { "missing-relocation", V_ERROR,
    "an object's table entry whose call_site has no relocation" },
  [VC_UNIT_LENGTH] = { "unit-length", V_ERROR,
    "unit_length reserved or past the end of the section" },
  [VC_TRUNCATED] = { "truncated", V_ERROR,
    "a header or entry field runs past the end of its unit" },
  [VC_VERSION] = { "version", V_ERROR, "unit version is not 4" },
  [VC_ADDRESS_SIZE] = { "address-size", V_ERROR,
    "address_size is not the ELF file's address size" },
  [VC_ULEB128] = { "uleb128", V_ERROR,
    "ULEB128 overflows 64 bits (error) or is overlong (warning)" },
  [VC_OFFSET] = { "offset", V_ERROR, "an offset points outside its section" },
  [VC_RELOCATION] = { "relocation", V_ERROR,
    "a relocation of the table cannot be applied or targets the wrong section" },
  [VC_FORMAT] = { "format", V_ERROR, "other malformed table data" },
  [VC_DEBUG_INFO] = { "debug-info", V_ERROR,
    "debug_info is not the offset of a .debug_info unit header" },
  [VC_OFFSET_SIZE] = { "offset-size", V_WARNING,
    "32/64-bit DWARF differs between the table unit and its .debug_info unit" },
  [VC_CALLEE_DIE] = { "callee-die", V_ERROR,
    "callee_die is not a DW_TAG_subprogram/DW_TAG_entry_point DIE of its unit" },
  [VC_CALL_SITE_SECTION] = { "call-site-section", V_ERROR,
    "call_site is not inside an executable section" },
  [VC_DUPLICATE] = { "duplicate", V_ERROR,
    "two entries of one unit have the same call_site" },
  [VC_UNIT_CALLER] = { "unit-caller", V_WARNING,
    "no caller DIE names the unit (DW_AT_calltab_dcall_unit/_vcall_unit)" },
  [VC_CALLER_RANGE] = { "caller-range", V_ERROR,
    "linked files: a call_site outside the function its unit's caller DIE names" },
  [VC_NOT_A_CALL] = { "not-a-call", V_ERROR,
    "no call instruction ends at call_site" },
  [VC_CALL_KIND] = { "call-kind", V_ERROR,
    "a virtual-call entry at a direct call" },
  [VC_VTABLE_SLOT] = { "vtable-slot", V_WARNING,
    "a virtual call through [reg + disp] whose disp is not vtable_slot times"
    " the address size" },
  [VC_CALL_TARGET] = { "call-target", V_ERROR,
    "a direct call's target is not the function callee_die names" },
  [VC_CALL_FOLDED] = { "call-folded", V_NOTE,
    "a direct call reaches the function callee_die names through folded"
    " code: an alias of another function, its DW_AT_low_pc, or a thunk" },
  [VC_TARGET_UNKNOWN] = { "target-unknown", V_WARNING,
    "a direct-call entry whose call's target cannot be determined" },
  [VC_NO_CODE] = { "no-code", V_NOTE,
    "the code is not in the file (a separate debug file): calls not checked" },
  [VC_NO_DECODER] = { "no-decoder", V_WARNING,
    "no instruction decoder for the file's machine: calls and basic blocks"
    " not checked" },
  [VC_GCC_CALL_SITE] = { "gcc-call-site", V_ERROR,
    "GCC's DW_TAG_call_site names another callee for the same return address" },
  [VC_GCC_CALL_SITE_MISSING] = { "gcc-call-site-missing", V_NOTE,
    "GCC's DW_TAG_call_site of a direct call has no .debug_dcall entry" },
  [VC_DISCRIMINATOR_IS_STMT] = { "discriminator-is-stmt", V_WARNING,
    "a line-table row with a non-zero discriminator is a statement start" },
  [VC_DISCRIMINATOR_DENSITY] = { "discriminator-density", V_WARNING,
    "the discriminators of a line in a function are not 0..n-1" },
  [VC_DISCRIMINATOR_SINGLE_BLOCK] = { "discriminator-single-block", V_WARNING,
    "a line in one basic block of a function has a non-zero discriminator" },
  [VC_DISCRIMINATOR_SHARED] = { "discriminator-shared", V_WARNING,
    "two basic blocks of a line share a discriminator" },
  [VC_DISCRIMINATOR_UNCHECKED] = { "discriminator-unchecked", V_WARNING,
    "code that does not decode, or rows several functions hold: their"
    " discriminator rules not checked" },
  [VC_VTABLE_LOCATION] = { "vtable-location", V_ERROR,
    "a vtable DIE's DW_AT_location is not the address of its _ZTV symbol" },
  [VC_IMPLICIT_CALLERS] = { "implicit-callers", V_ERROR,
    "a declaration unit's caller DIEs marked DW_AT_calltab_dcall_implicit"
    " and the .debug_dcall units naming it that no caller DIE names differ"
    " in number" },
};

static void
vreport (struct verify *v, enum verify_check check,
	 enum verify_severity severity, const struct verify_place *place,
	 const char *fmt, va_list ap)
{
  v->counts[check]++;
  v->nseverity[severity]++;
  if (v->cb == NULL)
    return;
  char *text, *where = NULL;
  if (vasprintf (&text, fmt, ap) < 0)
    {
      v->nomem = true;
      return;
    }
  if (place != NULL
      && ((place->item != NULL
	   ? asprintf (&where, "%s[0x%08" PRIx64 "] %s[%zu]", place->section,
		       place->offset, place->item, place->index)
	   : asprintf (&where, "%s[0x%08" PRIx64 "]", place->section,
		       place->offset)) < 0))
    {
      v->nomem = true;
      free (text);
      return;
    }
  Calltab_Verify_Finding f = {
    .severity = severity,
    .check = check,
    .check_id = verify_checks[check].id,
    .section = place != NULL ? place->section : NULL,
    .offset = place != NULL ? place->offset : 0,
    .item = place != NULL ? place->item : NULL,
    .index = place != NULL ? place->index : 0,
    .place = where,
    .text = text,
  };
  v->cb (&f, v->cb_arg);
  free (where);
  free (text);
}



void
verify_report (struct verify *v, enum verify_check check,
	       const struct verify_place *place, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  vreport (v, check, verify_checks[check].severity, place, fmt, ap);
  va_end (ap);
}

void
verify_report_as (struct verify *v, enum verify_check check,
		  enum verify_severity severity,
		  const struct verify_place *place, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  vreport (v, check, severity, place, fmt, ap);
  va_end (ap);
}

const char *
verify_section_label (struct verify *v, const char *name, size_t scn)
{
  return __calltab_section_label (v->ct, name, scn);
}

bool
verify_dwarf_place (struct verify *v, Dwarf_Addr addr, bool return_address,
		    struct ct_place *place)
{
  if (!__calltab_code_relocatable (v->code))
    {
      if (return_address)
	return __calltab_code_locate (v->code, addr, place);
      if (!__calltab_code_locate (v->code, addr + 1, place))
	return false;
      place->offset--;
      return true;
    }
  if (v->mod == NULL)
    return false;
  /* libdwfl laid the object's sections out at addresses of its own:
     which section is an address in (addrmap.c).  */
  Dwarf_Addr a = addr + v->bias - (return_address ? 1 : 0);
  size_t scn;
  int rc = __calltab_dwfl_place (v->mod, &a, &scn, false);
  if (rc < 0)
    v->nomem = true;
  if (rc <= 0)
    return false;
  place->scnidx = scn;
  place->offset = a + (return_address ? 1 : 0);
  return true;
}

const char *
verify_describe_place (const struct verify *v, const struct ct_place *place,
		       char *buf, size_t size)
{
  if (__calltab_code_relocatable (v->code))
    snprintf (buf, size, "%s+0x%" PRIx64,
	      __calltab_code_scn_name (v->code, place->scnidx), place->offset);
  else
    snprintf (buf, size, "0x%" PRIx64,
	      __calltab_code_scn_addr (v->code, place->scnidx)
	      + place->offset);
  return buf;
}

const char *
verify_tag_name (int tag, char buf[32])
{
  switch (tag)
    {
    case DW_TAG_subprogram: return "DW_TAG_subprogram";
    case DW_TAG_entry_point: return "DW_TAG_entry_point";
    case DW_TAG_compile_unit: return "DW_TAG_compile_unit";
    case DW_TAG_partial_unit: return "DW_TAG_partial_unit";
    case DW_TAG_type_unit: return "DW_TAG_type_unit";
    case DW_TAG_variable: return "DW_TAG_variable";
    case DW_TAG_formal_parameter: return "DW_TAG_formal_parameter";
    case DW_TAG_base_type: return "DW_TAG_base_type";
    case DW_TAG_inlined_subroutine: return "DW_TAG_inlined_subroutine";
    case DW_TAG_lexical_block: return "DW_TAG_lexical_block";
    case DW_TAG_call_site: return "DW_TAG_call_site";
    default:
      snprintf (buf, 32, "DW_TAG_<0x%x>", (unsigned) tag);
      return buf;
    }
}

/* Length of the GCC clone or version suffix that starts SUFFIX, or 0.  */
static bool
ignorable_suffix (const char *suffix)
{
  if (suffix[0] == '@')		/* symbol version */
    return true;
  static const char *const clones[] = {
    ".constprop.", ".isra.", ".part.", ".cold", ".localalias", ".lto_priv.",
  };
  for (size_t i = 0; i < sizeof clones / sizeof clones[0]; i++)
    if (strncmp (suffix, clones[i], strlen (clones[i])) == 0)
      return true;
  return false;
}

static bool
name_matches (const char *sym, const char *name)
{
  if (name == NULL || name[0] == '\0')
    return false;
  size_t n = strlen (name);
  return strncmp (sym, name, n) == 0
	 && (sym[n] == '\0' || ignorable_suffix (sym + n));
}

/* Itanium C++ ABI mangled names, only as far as finding a constructor
   or destructor's variant code ("C1", "D2", ...) in a <nested-name>.
   Each function steps over one production and returns what follows it,
   or NULL for what it does not know (expressions, local names): the
   name is then compared as it is.  */

static const char *mangled_type (const char *p, unsigned depth);
static const char *mangled_unscoped (const char *p, unsigned depth);
static const char *mangled_local (const char *p, unsigned depth,
				  const char **structor, size_t *len);
static const char *mangled_nested (const char *p, unsigned depth,
				   const char **structor, size_t *len);

static const char *
mangled_number (const char *p)
{
  if (*p < '0' || *p > '9')
    return NULL;
  while (*p >= '0' && *p <= '9')
    p++;
  return p;
}

/* <source-name> ::= <length> <identifier>  */
static const char *
mangled_source_name (const char *p)
{
  size_t n = 0;
  if (*p < '1' || *p > '9')
    return NULL;
  for (; *p >= '0' && *p <= '9'; p++)
    {
      n = n * 10 + (size_t) (*p - '0');
      if (n > 4096)
	return NULL;
    }
  return strnlen (p, n) == n ? p + n : NULL;
}

/* S_, S<seq-id>_, St, Sa, Sb, Ss, Si, So, Sd; T_, T<n>_  */
static const char *
mangled_subst (const char *p)
{
  p++;
  if (p[0] != '\0' && strchr ("tabsiod", p[0]) != NULL)
    return p + 1;
  while ((*p >= '0' && *p <= '9') || (*p >= 'A' && *p <= 'Z'))
    p++;
  return *p == '_' ? p + 1 : NULL;
}

/* I <template-arg>+ E (or J ... E, an argument pack)  */
static const char *
mangled_template_args (const char *p, unsigned depth)
{
  for (p++; p != NULL && *p != 'E'; )
    {
      if (*p == 'I' || *p == 'J')
	p = mangled_template_args (p, depth + 1);
      else if (*p == 'L')
	{
	  /* L <type> <value> E; not L_Z <encoding> E.  */
	  if (p[1] == '_')
	    return NULL;
	  p = mangled_type (p + 1, depth + 1);
	  while (p != NULL && *p != '\0' && *p != 'E')
	    p++;
	  if (p != NULL && *p == 'E')
	    p++;
	}
      else
	p = mangled_type (p, depth + 1);
    }
  return p != NULL ? p + 1 : NULL;
}

/* An unqualified name alone: a source name, or a closure or unnamed
   type (Ul <types> E [<number>] _, Ut [<number>] _), with template
   arguments.  */
static const char *
mangled_unscoped (const char *p, unsigned depth)
{
  if (*p == 'U' && (p[1] == 'l' || p[1] == 't'))
    {
      bool lambda = p[1] == 'l';
      p += 2;
      while (lambda && p != NULL && *p != 'E')
	p = mangled_type (p, depth + 1);
      if (p != NULL && lambda)
	p++;
      while (p != NULL && *p >= '0' && *p <= '9')
	p++;
      p = p != NULL && *p == '_' ? p + 1 : NULL;
    }
  else
    p = mangled_source_name (p);
  if (p != NULL && *p == 'I')
    p = mangled_template_args (p, depth + 1);
  return p;
}

static const char *
mangled_type (const char *p, unsigned depth)
{
  if (p == NULL || depth > 64)
    return NULL;
  switch (*p)
    {
    case 'v': case 'w': case 'b': case 'c': case 'a': case 'h': case 's':
    case 't': case 'i': case 'j': case 'l': case 'm': case 'x': case 'y':
    case 'n': case 'o': case 'f': case 'd': case 'e': case 'g': case 'z':
      return p + 1;
    case 'u':
      return mangled_source_name (p + 1);
    case 'r': case 'V': case 'K': case 'P': case 'R': case 'O': case 'C':
    case 'G':
      return mangled_type (p + 1, depth + 1);
    case 'U':
      p = mangled_source_name (p + 1);
      if (p != NULL && *p == 'I')
	p = mangled_template_args (p, depth + 1);
      return mangled_type (p, depth + 1);
    case 'F':
      p++;
      if (*p == 'Y')
	p++;
      while (p != NULL && *p != 'E')
	p = (*p == 'R' || *p == 'O') && p[1] == 'E' ? p + 1
	    : mangled_type (p, depth + 1);
      return p != NULL ? p + 1 : NULL;
    case 'A':
      p++;
      if (*p != '_')
	p = mangled_number (p);
      if (p == NULL || *p != '_')
	return NULL;
      return mangled_type (p + 1, depth + 1);
    case 'M':
      return mangled_type (mangled_type (p + 1, depth + 1), depth + 1);
    case 'N':
      {
	const char *structor;
	size_t len;
	return mangled_nested (p, depth + 1, &structor, &len);
      }
    case 'Z':
      {
	const char *structor;
	size_t len;
	return mangled_local (p, depth + 1, &structor, &len);
      }
    case 'S':
      if (p[1] == 't')
	p = mangled_source_name (p + 2);
      else
	p = mangled_subst (p);
      break;
    case 'T':
      p = mangled_subst (p);
      break;
    case 'D':
      switch (p[1])
	{
	case 'p':
	  return mangled_type (p + 2, depth + 1);
	case 'n': case 'a': case 'c': case 'i': case 's': case 'u': case 'f':
	case 'd': case 'e': case 'h':
	  return p + 2;
	default:
	  return NULL;
	}
    default:
      if (*p >= '1' && *p <= '9')
	{
	  p = mangled_source_name (p);
	  break;
	}
      return NULL;
    }
  if (p != NULL && *p == 'I')
    p = mangled_template_args (p, depth + 1);
  return p;
}

/* N [<CV-qualifiers>] [<ref-qualifier>] <prefix> <unqualified-name> E:
   *STRUCTOR is set to the last constructor or destructor name ("C1",
   "CI2 <base>", "D0") of its components, *LEN to the length of its
   code.  */
static const char *
mangled_nested (const char *p, unsigned depth, const char **structor,
		size_t *len)
{
  *structor = NULL;
  p++;
  while (*p == 'r' || *p == 'V' || *p == 'K')
    p++;
  if (*p == 'R' || *p == 'O')
    p++;
  while (p != NULL && *p != 'E')
    {
      if (depth > 64)
	return NULL;
      if (*p >= '1' && *p <= '9')
	p = mangled_source_name (p);
      else if (*p == 'S' && p[1] != 't')
	p = mangled_subst (p);
      else if (*p == 'S')
	p += 2;
      else if (*p == 'T')
	p = mangled_subst (p);
      else if (*p == 'I')
	p = mangled_template_args (p, depth + 1);
      else if (*p == 'B')
	p = mangled_source_name (p + 1);
      else if (*p == 'U' && (p[1] == 'l' || p[1] == 't'))
	p = mangled_unscoped (p, depth + 1);
      else if (*p == 'C' && p[1] >= '1' && p[1] <= '5')
	{
	  *structor = p;
	  *len = 2;
	  p += 2;
	}
      else if (*p == 'C' && p[1] == 'I' && (p[2] == '1' || p[2] == '2'))
	{
	  *structor = p;
	  *len = 3;
	  p = mangled_type (p + 3, depth + 1);
	}
      else if (*p == 'D' && p[1] >= '0' && p[1] <= '5' && p[1] != '3')
	{
	  *structor = p;
	  *len = 2;
	  p += 2;
	}
      else if (*p >= 'a' && *p <= 'z' && p[1] >= 'a' && p[1] <= 'z')
	{
	  /* An operator name; a conversion names its type.  */
	  bool cv = p[0] == 'c' && p[1] == 'v';
	  p += 2;
	  if (cv)
	    p = mangled_type (p, depth + 1);
	}
      else
	return NULL;
    }
  return p != NULL ? p + 1 : NULL;
}

/* Where the constructor or destructor code of mangled name NAME is
   ("_ZN1AC2Ev": at "C2"), with its length in *LEN; NULL if NAME is no
   constructor or destructor, or cannot be read.  */
/* Z <function encoding> E <entity name> [<discriminator>]: a name local
   to a function; *STRUCTOR as for mangled_nested, of the entity.  */
static const char *
mangled_local (const char *p, unsigned depth, const char **structor,
	       size_t *len)
{
  const char *inner;
  size_t ilen;
  if (depth > 64)
    return NULL;
  p++;
  /* The function: its name, then its parameter types.  */
  if (*p == 'N')
    p = mangled_nested (p, depth + 1, &inner, &ilen);
  else if (*p == 'Z')
    p = mangled_local (p, depth + 1, &inner, &ilen);
  else
    p = mangled_unscoped (p, depth + 1);
  while (p != NULL && *p != 'E')
    p = mangled_type (p, depth + 1);
  if (p == NULL)
    return NULL;
  p++;
  *structor = NULL;
  if (*p == 'N')
    p = mangled_nested (p, depth + 1, structor, len);
  else if (*p == 's')
    p++;
  else
    p = mangled_unscoped (p, depth + 1);
  if (p != NULL && *p == '_')
    p = mangled_number (p + 1);
  return p;
}

static const char *
structor_code (const char *name, size_t *len)
{
  const char *structor = NULL;
  if (strncmp (name, "_ZN", 3) == 0)
    {
      if (mangled_nested (name + 2, 0, &structor, len) == NULL)
	return NULL;
    }
  else if (strncmp (name, "_ZZ", 3) == 0)
    {
      if (mangled_local (name + 2, 0, &structor, len) == NULL)
	return NULL;
    }
  return structor;
}

/* Whether SYM and NAME are two variants of one constructor or
   destructor (Itanium C++ ABI: C1 complete, C2 base, C3 allocating, C4
   GCC's "unified" abstract one that its DWARF names, C5 the COMDAT
   group; D0 deleting, D1 complete, D2 base, D4, D5), SYM perhaps with a
   clone suffix.  */
static bool
structor_variants (const char *sym, const char *name)
{
  size_t slen, nlen;
  const char *s = structor_code (sym, &slen);
  const char *n = structor_code (name, &nlen);
  if (s == NULL || n == NULL || s - sym != n - name || slen != nlen
      || strncmp (sym, name, (size_t) (s - sym)) != 0 || s[0] != n[0]
      || (slen == 3 && s[1] != n[1]))
    return false;
  return name_matches (s + slen, n + nlen);
}

bool
verify_symbol_exact (const char *sym, const char *name, const char *linkage)
{
  /* A C++ function is named by its linkage name; "foo" would also match
     every overload.  */
  if (linkage != NULL && linkage[0] != '\0')
    return name_matches (sym, linkage);
  return name_matches (sym, name);
}

bool
verify_symbol_matches (const char *sym, const char *name, const char *linkage)
{
  if (verify_symbol_exact (sym, name, linkage))
    return true;
  return linkage != NULL && linkage[0] != '\0'
	 && structor_variants (sym, linkage);
}

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

static bool
offset_before (const void *elt, const void *key)
{
  return *(const uint64_t *) elt < *(const uint64_t *) key;
}

bool
verify_unit_checked (const struct verify *v, uint64_t offset)
{
  size_t lo = __calltab_partition (v->plugin_units, v->nplugin_units,
				   sizeof v->plugin_units[0], offset_before,
				   &offset);
  return lo < v->nplugin_units && v->plugin_units[lo] == offset;
}

static bool
range_at_or_before (const void *elt, const void *key)
{
  return ((const uint64_t *) elt)[0] <= *(const uint64_t *) key;
}

bool
verify_foreign_code (const struct verify *v, uint64_t addr)
{
  /* Sorted by start; MAXHI is the largest end so far.  */
  size_t i = __calltab_partition (v->foreign, v->nforeign,
				  sizeof v->foreign[0], range_at_or_before,
				  &addr);
  for (; i > 0 && v->foreign[i - 1].maxhi > addr; i--)
    if (v->foreign[i - 1].hi > addr)
      return true;
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
      else if ((r = __calltab_getsrclines (&cudie, &lines, &nlines)) > 0
	       && !__calltab_comp_dir_readable (&cudie))
	verify_report (v, VC_NO_LINE_TABLE, &place,
		       "unit built with the calltab plugin has a"
		       " DW_AT_comp_dir that does not end within the unit,"
		       " which libdw's line functions cannot read safely:"
		       " its discriminators cannot be checked");
      else if (r > 0)
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

/* Open our own views of the file: libelf for the code, libdwfl for
   DWARF.  Not the handle's: libelf and libdw fill caches on first use
   (section data, line tables, abbreviations), and a handle may be used
   from several threads at once, so verify must not touch its Elf or
   Dwarf.  Returns false with the error set.  */
static bool
open_views (struct verify *v)
{
  /* Where the reader looks for separate debug files, we look too.  */
  if (v->ct->debuginfo_path != NULL
      && (v->debuginfo_path = strdup (v->ct->debuginfo_path)) == NULL)
    {
      __calltab_seterr (CALLTAB_E_NOMEM, NULL);
      return false;
    }
  char why[400];
  v->fd = open (v->path, O_RDONLY | O_CLOEXEC);
  if (v->fd < 0)
    {
      snprintf (why, sizeof why, "%s: %s", v->path, strerror (errno));
      __calltab_seterr_msg (CALLTAB_E_IO, why);
      return false;
    }
  elf_errno ();
  v->elf = elf_begin (v->fd, ELF_C_READ_MMAP, NULL);
  v->code = __calltab_code_begin (v->elf);
  int elf_err = elf_errno ();
  if (v->code == NULL && elf_err == 0)
    {
      /* No libelf error: our own allocation failed.  */
      __calltab_seterr (CALLTAB_E_NOMEM, "%s", v->path);
      return false;
    }
  if (v->code == NULL)
    {
      snprintf (why, sizeof why, "%s: %s", v->path, elf_errmsg (elf_err));
      __calltab_seterr_msg (CALLTAB_E_LIBELF, why);
      return false;
    }
  /* Only where the reader found DWARF: it does not give libdwfl a file
     whose headers lie past its end (libdwfl would trust their sizes).  */
  if (calltab_dwarf (v->ct) != NULL)
    {
      v->dwarf = __calltab_dwfl_offline (&v->callbacks, &v->debuginfo_path,
					 v->path, &v->dwfl, &v->mod,
					 &v->bias);
      if (v->dwfl == NULL)
	{
	  __calltab_seterr (CALLTAB_E_NOMEM, NULL);
	  return false;
	}
    }
  return true;
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
  free (v->bad_callee);
  free (v->plugin_units);
  free (v->foreign);
  verify_gcc_dies_end (v);
}

CALLTAB_EXPORT size_t
calltab_verify_ncheck (void)
{
  return VC_NUM;
}

CALLTAB_EXPORT int
calltab_verify_check_info (size_t n, Calltab_Verify_Check *info)
{
  if (info == NULL)
    {
      __calltab_seterr (CALLTAB_E_INVALID_ARG, NULL);
      return -1;
    }
  if (n >= VC_NUM)
    return 1;
  *info = (Calltab_Verify_Check) {
    .id = verify_checks[n].id,
    .severity = verify_checks[n].severity,
    .description = verify_checks[n].what,
  };
  return 0;
}

CALLTAB_EXPORT int
calltab_verify (const Calltab *ct, const Calltab_Verify_Options *opts,
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
  if (!open_views (&v))
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
