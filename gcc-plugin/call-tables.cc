/* call-tables.cc: emit, at the end of the translation unit, the
   declaration units (.debug_info, .debug_abbrev, their strings in
   .debug_str), with the DIEs of the
   vtables and pointer tables the unit emits, and the .debug_dcall, .debug_vcall and
   .debug_tcall units of every caller, i.e. of every contiguous part of a
   function that makes recorded calls (docs/format.md).

   Every address and offset is a label or a difference of labels, so the
   assembler and the linker keep them right; the plugin computes the
   sizes only to report them (stats).  Units of callers and vtables in a
   COMDAT group go into sections of that group, so that they are
   discarded with the code or data they describe.  */

#include "gcc-compat.h"
#include "calltab-plugin.h"
#include "call-tables.h"
#include "calltab-format.h"

namespace {

/* DWARF constants (GCC's dwarf2.h is not among the plugin headers).  */
enum
{
  TAG_compile_unit = 0x11,
  TAG_subprogram = 0x2e,
  AT_name = 0x03,
  AT_language = 0x13,
  AT_producer = 0x25,
  AT_declaration = 0x3c,
  AT_external = 0x3f,
  AT_linkage_name = 0x6e,
  AT_location = 0x02,
  AT_byte_size = 0x0b,
  AT_data_member_location = 0x38,
  FORM_block1 = 0x0a,
  FORM_udata = 0x0f,
  FORM_exprloc = 0x18,
  OP_addr = 0x03,
  AT_MIPS_linkage_name = 0x2007,	/* its spelling before DWARF 4 */
  FORM_strp = 0x0e,
  FORM_data1 = 0x0b,
  FORM_flag = 0x0c,
  FORM_flag_present = 0x19,
  UT_compile = 0x01,
  LANG_C89 = 0x0001,
  LANG_C_plus_plus = 0x0004
};

/* Which optional attributes a subprogram DIE has (its shape); its
   abbreviation code is given by abbrev_codes.  */
enum
{
  HAS_LINKAGE = 1,
  HAS_EXTERNAL = 2,
  HAS_DCALL = 4,
  HAS_VCALL = 8,
  /* A caller DIE of the translation unit's own unit whose .debug_dcall
     unit is implicit (DW_AT_calltab_dcall_implicit, docs/format.md):
     replaces HAS_DCALL there from DWARF 4 on.  */
  HAS_DCALL_IMPLICIT = 16,
  HAS_TCALL = 32,
  HAS_PCALL = 64,
  N_SHAPES = 128,
  ABBREV_CU = 1
};

/* The abbreviation codes of the one table all declaration units share
   (.debug_abbrev is outside COMDAT groups): 1 for the unit, then 2..N
   in the order the units' DIEs first use them, and the table in code
   order.  DWARF allows any codes, but consumers assume dense ones
   (AutoFDO's reader checks that the Nth abbreviation has code N).  */
struct abbrev_codes
{
  unsigned shape_code[N_SHAPES];	/* 0: shape not used */
  unsigned vtable_code;			/* 0: no vtable */
  unsigned table_code;			/* 0: no pointer table */
  /* A pointer table whose words are not known (an alias): no children,
     which DW_CHILDREN_yes would claim (llvm-dwarfdump --verify warns).
     0: none.  */
  unsigned leaf_table_code;
  unsigned entry_code;			/* after the first of them */
  /* A declaration unit without DIEs (the TU's, when it records nothing
     but its tail calls' completeness): its compile unit has no
     children, which DW_CHILDREN_yes would claim (llvm-dwarfdump
     --verify warns).  0: none.  */
  unsigned empty_cu_code;
  /* By code: the subprogram shape, or N_SHAPES for the vtable,
     N_SHAPES + 1 for the entries, N_SHAPES + 2 for the empty unit,
     N_SHAPES + 3 for the pointer table, N_SHAPES + 4 for one without
     entries.  */
  unsigned what[ABBREV_CU + N_SHAPES + 6];
  unsigned n;				/* the last code given */

  abbrev_codes ()
    : vtable_code (0), table_code (0), leaf_table_code (0), entry_code (0),
      empty_cu_code (0), n (ABBREV_CU)
  {
    memset (shape_code, 0, sizeof shape_code);
  }

  void use_shape (unsigned shape)
  {
    if (shape_code[shape] == 0)
      {
	shape_code[shape] = ++n;
	what[n] = shape;
      }
  }

  void use_empty_cu ()
  {
    if (empty_cu_code == 0)
      {
	empty_cu_code = ++n;
	what[n] = N_SHAPES + 2;
      }
  }

  /* A vtable (POINTER_TABLE false) or pointer table, then their
     entries' code if it is the first; a pointer table without ENTRIES
     has a code of its own.  */
  void use_table (bool pointer_table, bool entries)
  {
    bool leaf = pointer_table && !entries;
    unsigned &code = leaf ? leaf_table_code
		     : pointer_table ? table_code : vtable_code;
    if (code == 0)
      {
	code = ++n;
	what[n] = leaf ? N_SHAPES + 4
		  : pointer_table ? N_SHAPES + 3 : N_SHAPES;
      }
    if (leaf)
      return;
    if (entry_code == 0)
      {
	entry_code = ++n;
	what[n] = N_SHAPES + 1;
      }
  }
};

/* The DWARF being written: from -gdwarf-N and -gdwarf32/64.  */
struct layout
{
  int version;
  int offset_size;
  int addr_size;
};

/* Label names: PREFIX and N in decimal, or PREFIX, M, "_" and N.  */
struct label_buf
{
  char s[64];
  label_buf (const char *prefix, unsigned n)
  {
    size_t l = strlen (prefix);
    gcc_checking_assert (l < sizeof s - 12);
    memcpy (s, prefix, l);
    sprint_ul (s + l, n);
  }
  operator const char * () const { return s; }
};

struct label_buf2 : label_buf
{
  label_buf2 (const char *prefix, unsigned m, unsigned n)
    : label_buf (prefix, m)
  {
    size_t l = strlen (s);
    gcc_checking_assert (l < sizeof s - 12);
    s[l] = '_';
    sprint_ul (s + l + 1, n);
  }
};

/* Writes directives to asm_out_file and counts the bytes they take.
   The numbers are written by final.cc's fprint_whex (printf's %#x) and
   sprint_ul (%lu, label_buf) and the rest by fputs (unlocked, system.h):
   a table entry is a few directives, and fprintf's and snprintf's
   parsing cost ten times the rest of their writing (docs/cost.md).  */
struct emitter
{
  unsigned HOST_WIDE_INT bytes;
  const layout &lay;
  /* The strings DW_FORM_strp names, each once (the assembler does not
     merge equal strings within one object), in the order first used;
     STR_INDEX maps a string to its index, which names its label.  */
  auto_vec<const char *> strs;
  hash_map<nofree_string_hash, unsigned> str_index;

  explicit emitter (const layout &l) : bytes (0), lay (l) {}

  void comment (const char *what)
  {
    if (flag_verbose_asm && what != NULL)
      fprintf (asm_out_file, "\t%s %s", ASM_COMMENT_START, what);
    fputc ('\n', asm_out_file);
  }

  /* OP (with its tabs) and V as %#x.  */
  static void hex (const char *op, unsigned HOST_WIDE_INT v)
  {
    fputs (op, asm_out_file);
    fprint_whex (asm_out_file, v);
  }

  /* OP (with its tabs) and the labels A, "-", B (B may be NULL).  */
  static void labels (const char *op, const char *a, const char *b)
  {
    fputs (op, asm_out_file);
    fputs (a, asm_out_file);
    if (b != NULL)
      {
	fputc ('-', asm_out_file);
	fputs (b, asm_out_file);
      }
  }

  void u8 (unsigned v, const char *what)
  {
    hex ("\t.byte\t", v);
    comment (what);
    bytes += 1;
  }

  void u16 (unsigned v, const char *what)
  {
    hex ("\t.value\t", v);
    comment (what);
    bytes += 2;
  }

  void uleb (unsigned HOST_WIDE_INT v, const char *what)
  {
    hex ("\t.uleb128\t", v);
    comment (what);
    bytes += uleb_size (v);
  }

  /* A ULEB128 the assembler computes as END - START; VALUE is what the
     plugin expects it to be, for the byte count.  */
  void uleb_diff (const char *end, const char *start,
		  unsigned HOST_WIDE_INT value, const char *what)
  {
    labels ("\t.uleb128\t", end, start);
    comment (what);
    bytes += uleb_size (value);
  }

  /* An offset-sized reference to LABEL: a relocation in the object.  */
  void offset (const char *label, const char *what)
  {
    labels (lay.offset_size == 8 ? "\t.quad\t" : "\t.long\t", label, NULL);
    comment (what);
    bytes += lay.offset_size;
  }

  void address (const char *label, const char *what)
  {
    labels (lay.addr_size == 8 ? "\t.quad\t" : "\t.long\t", label, NULL);
    comment (what);
    bytes += lay.addr_size;
  }

  /* unit_length of the unit from here to END_LABEL; START_LABEL is
     defined after the length field.  */
  void unit_length (const char *start_label, const char *end_label)
  {
    if (lay.offset_size == 8)
      {
	fputs ("\t.long\t0xffffffff", asm_out_file);
	comment ("64-bit DWARF");
	labels ("\t.quad\t", end_label, start_label);
	bytes += 12;
      }
    else
      {
	labels ("\t.long\t", end_label, start_label);
	bytes += 4;
      }
    comment ("unit_length");
    label (start_label);
  }

  void string (const char *s, const char *what)
  {
    fputs ("\t.string\t\"", asm_out_file);
    for (const char *p = s; *p; p++)
      {
	unsigned char c = *p;
	if (c == '"' || c == '\\')
	  fprintf (asm_out_file, "\\%c", c);
	else if (ISPRINT (c))
	  fputc (c, asm_out_file);
	else
	  fprintf (asm_out_file, "\\%03o", c);
      }
    fputc ('"', asm_out_file);
    comment (what);
    bytes += strlen (s) + 1;
  }

  /* A DW_FORM_strp reference to S in .debug_str (emitted by
     strings ()).  */
  void strp (const char *s, const char *what)
  {
    bool existed;
    unsigned &k = str_index.get_or_insert (s, &existed);
    if (!existed)
      {
	k = strs.length ();
	strs.safe_push (s);
      }
    offset (label_buf (".Lcalltab_str", k), what);
  }

  /* The strings strp () named, in .debug_str: a section of mergeable
     strings, so that the linker merges them with GCC's own and across
     objects.  Its bytes count in BYTES too.  */
  void strings ()
  {
    if (strs.is_empty ())
      return;
    fputs ("\t.pushsection\t.debug_str,\"MS\",@progbits,1\n", asm_out_file);
    for (unsigned k = 0; k < strs.length (); k++)
      {
	label (label_buf (".Lcalltab_str", k));
	string (strs[k], NULL);
      }
    fputs ("\t.popsection\n", asm_out_file);
  }

  void label (const char *name)
  {
    fputs (name, asm_out_file);
    fputs (":\n", asm_out_file);
  }

  static unsigned uleb_size (unsigned HOST_WIDE_INT v)
  {
    unsigned n = 1;
    while (v >= 0x80)
      {
	v >>= 7;
	n++;
      }
    return n;
  }
};

/* One DIE of a declaration unit: of function FUNCTION, the caller DIE
   of the part CALLER (index in call_record::callers) or, with CALLER
   -1, a plain callee DIE.  */
struct die_ref
{
  unsigned function;
  int caller;
};

/* The shape of the DIE D in a unit inside a COMDAT group (IN_GROUP) or
   not; a caller DIE carries the units of its part (a COMDAT caller is a
   plain callee elsewhere).  Outside groups, from DWARF 4 on (where
   DW_FORM_flag_present exists), a caller's .debug_dcall unit is
   implicit: the DIE is marked, and the units outside groups follow the
   marked DIEs one to one in the same order.  */
unsigned
shape_of (const call_record &rec, const die_ref &d, const layout &lay,
	  bool in_group)
{
  const ct_function &f = rec.functions[d.function];
  unsigned shape = 0;
  if (f.linkage_name != NULL)
    shape |= HAS_LINKAGE;
  if (f.external)
    shape |= HAS_EXTERNAL;
  if (d.caller >= 0)
    {
      const ct_caller &c = rec.callers[d.caller];
      if (c.n_dcall != 0)
	shape |= in_group || lay.version < 4 ? HAS_DCALL : HAS_DCALL_IMPLICIT;
      if (c.n_vcall != 0)
	shape |= HAS_VCALL;
      if (c.n_tcall != 0)
	shape |= HAS_TCALL;
      if (c.n_pcall != 0)
	shape |= HAS_PCALL;
    }
  return shape;
}

/* A declaration unit: the TU's own (unit 0, outside any group), or that
   of one function in a COMDAT group (the DIEs of its parts), emitted
   into that group.  */
struct decl_unit
{
  const char *group;		/* COMDAT group, or NULL */
  auto_vec<die_ref> members;	/* by function index, then part */
  /* Offset of each function's first DIE (the one callee_die values
     name) from the unit header, by function index; only members'
     entries are meaningful.  */
  auto_vec<unsigned HOST_WIDE_INT> die_offset;
  /* The vtables whose DIEs it holds (indexes in call_record::vtables).  */
  auto_vec<unsigned> vtables;
};

int
flag_form (const layout &lay)
{
  return lay.version >= 4 ? FORM_flag_present : FORM_flag;
}

int
linkage_name_attr (const layout &lay)
{
  return lay.version >= 4 ? AT_linkage_name : AT_MIPS_linkage_name;
}

/* The abbreviation CODE of the vtable DIEs (TAG DW_TAG_calltab_vtable)
   or of the pointer tables' (DW_TAG_calltab_pointer_table), with
   CHILDREN (their entries) or not.  */
void
emit_table_abbrev (emitter &e, unsigned code, unsigned tag, bool children)
{
  const layout &lay = e.lay;
  bool vtable = tag == DW_TAG_calltab_vtable;
  e.uleb (code, vtable ? "abbrev: vtable" : "abbrev: pointer table");
  e.uleb (tag, vtable ? "DW_TAG_calltab_vtable"
		      : "DW_TAG_calltab_pointer_table");
  e.u8 (children, children ? "DW_CHILDREN_yes" : "DW_CHILDREN_no");
  e.uleb (AT_name, "DW_AT_name");
  e.uleb (FORM_strp, "DW_FORM_strp");
  e.uleb (linkage_name_attr (lay), "DW_AT_linkage_name");
  e.uleb (FORM_strp, "DW_FORM_strp");
  e.uleb (AT_location, "DW_AT_location");
  e.uleb (lay.version >= 4 ? FORM_exprloc : FORM_block1,
	  "DW_FORM_exprloc");
  e.uleb (AT_byte_size, "DW_AT_byte_size");
  e.uleb (FORM_udata, "DW_FORM_udata");
  e.uleb (0, "end of attributes");
  e.uleb (0, NULL);
}

/* The abbreviation CODE of the entries of vtables and pointer tables.  */
void
emit_table_entry_abbrev (emitter &e, unsigned code)
{
  const layout &lay = e.lay;
  e.uleb (code, "abbrev: vtable entry");
  e.uleb (DW_TAG_calltab_vtable_entry, "DW_TAG_calltab_vtable_entry");
  e.u8 (0, "DW_CHILDREN_no");
  e.uleb (linkage_name_attr (lay), "DW_AT_linkage_name");
  e.uleb (FORM_strp, "DW_FORM_strp");
  e.uleb (AT_data_member_location, "DW_AT_data_member_location");
  e.uleb (FORM_udata, "DW_FORM_udata");
  e.uleb (0, "end of attributes");
  e.uleb (0, NULL);
}

/* The abbreviation CODE of the declaration units' compile unit, with
   children or not.  */
void
emit_cu_abbrev (emitter &e, unsigned code, bool children, bool tail_calls)
{
  const layout &lay = e.lay;
  e.uleb (code, "abbrev: declaration unit");
  e.uleb (TAG_compile_unit, "DW_TAG_compile_unit");
  e.u8 (children, children ? "DW_CHILDREN_yes" : "DW_CHILDREN_no");
  e.uleb (AT_producer, "DW_AT_producer");
  e.uleb (FORM_strp, "DW_FORM_strp");
  e.uleb (AT_language, "DW_AT_language");
  e.uleb (FORM_data1, "DW_FORM_data1");
  if (tail_calls)
    {
      e.uleb (DW_AT_calltab_tail_calls, "DW_AT_calltab_tail_calls");
      e.uleb (flag_form (lay), "flag");
    }
  e.uleb (0, "end of attributes");
  e.uleb (0, NULL);
}

void
emit_abbrevs (emitter &e, const abbrev_codes &codes, bool tail_calls)
{
  const layout &lay = e.lay;
  fputs ("\t.pushsection\t.debug_abbrev,\"\",@progbits\n", asm_out_file);
  e.label (".Lcalltab_abbrev");
  emit_cu_abbrev (e, ABBREV_CU, true, tail_calls);
  for (unsigned code = ABBREV_CU + 1; code <= codes.n; code++)
    {
      unsigned shape = codes.what[code];
      if (shape == N_SHAPES + 2)
	{
	  emit_cu_abbrev (e, code, false, tail_calls);
	  continue;
	}
      if (shape == N_SHAPES || shape == N_SHAPES + 3
	  || shape == N_SHAPES + 4)
	{
	  emit_table_abbrev (e, code, shape == N_SHAPES
				      ? DW_TAG_calltab_vtable
				      : DW_TAG_calltab_pointer_table,
			     shape != N_SHAPES + 4);
	  continue;
	}
      if (shape == N_SHAPES + 1)
	{
	  emit_table_entry_abbrev (e, code);
	  continue;
	}
      e.uleb (code, "abbrev: subprogram");
      e.uleb (TAG_subprogram, "DW_TAG_subprogram");
      e.u8 (0, "DW_CHILDREN_no");
      e.uleb (AT_name, "DW_AT_name");
      e.uleb (FORM_strp, "DW_FORM_strp");
      if (shape & HAS_LINKAGE)
	{
	  e.uleb (linkage_name_attr (lay), "DW_AT_linkage_name");
	  e.uleb (FORM_strp, "DW_FORM_strp");
	}
      if (shape & HAS_EXTERNAL)
	{
	  e.uleb (AT_external, "DW_AT_external");
	  e.uleb (flag_form (lay), "flag");
	}
      e.uleb (AT_declaration, "DW_AT_declaration");
      e.uleb (flag_form (lay), "flag");
      if (shape & HAS_DCALL)
	{
	  e.uleb (DW_AT_calltab_dcall_unit, "DW_AT_calltab_dcall_unit");
	  e.uleb (CALLTAB_UNIT_ATTR_FORM (lay.offset_size),
		  "offset-sized constant");
	}
      if (shape & HAS_DCALL_IMPLICIT)
	{
	  e.uleb (DW_AT_calltab_dcall_implicit,
		  "DW_AT_calltab_dcall_implicit");
	  e.uleb (FORM_flag_present, "DW_FORM_flag_present");
	}
      if (shape & HAS_VCALL)
	{
	  e.uleb (DW_AT_calltab_vcall_unit, "DW_AT_calltab_vcall_unit");
	  e.uleb (CALLTAB_UNIT_ATTR_FORM (lay.offset_size),
		  "offset-sized constant");
	}
      if (shape & HAS_TCALL)
	{
	  e.uleb (DW_AT_calltab_tcall_unit, "DW_AT_calltab_tcall_unit");
	  e.uleb (CALLTAB_UNIT_ATTR_FORM (lay.offset_size),
		  "offset-sized constant");
	}
      if (shape & HAS_PCALL)
	{
	  e.uleb (DW_AT_calltab_pcall_unit, "DW_AT_calltab_pcall_unit");
	  e.uleb (CALLTAB_UNIT_ATTR_FORM (lay.offset_size),
		  "offset-sized constant");
	}
      e.uleb (0, "end of attributes");
      e.uleb (0, NULL);
    }
  e.uleb (0, "end of abbreviations");
  fputs ("\t.popsection\n", asm_out_file);
}

/* Switch to section NAME, in COMDAT group GROUP if not NULL.  */
void
push_section (const char *name, const char *group)
{
  fputs ("\t.pushsection\t", asm_out_file);
  fputs (name, asm_out_file);
  if (group != NULL)
    {
      fputs (",\"G\",@progbits,", asm_out_file);
      fputs (group, asm_out_file);
      fputs (",comdat\n", asm_out_file);
    }
  else
    fputs (",\"\",@progbits\n", asm_out_file);
}

/* Declaration unit U (number UNO) of the functions of REC; fills
   U.die_offset.  */
void
emit_declaration_unit (emitter &e, const call_record &rec, unsigned uno,
		       decl_unit &u, const abbrev_codes &codes)
{
  const layout &lay = e.lay;
  push_section (".debug_info", u.group);
  e.label (label_buf (".Lcalltab_cu", uno));
  unsigned HOST_WIDE_INT start = e.bytes;
  e.unit_length (label_buf (".Lcalltab_cu_start", uno),
		 label_buf (".Lcalltab_cu_end", uno));
  e.u16 (lay.version, "DWARF version");
  if (lay.version >= 5)
    {
      e.u8 (UT_compile, "DW_UT_compile");
      e.u8 (lay.addr_size, "address size");
      e.offset (".Lcalltab_abbrev", "abbreviations");
    }
  else
    {
      e.offset (".Lcalltab_abbrev", "abbreviations");
      e.u8 (lay.addr_size, "address size");
    }
  bool empty = u.members.is_empty () && u.vtables.is_empty ();
  e.uleb (empty ? codes.empty_cu_code : (unsigned) ABBREV_CU,
	  "DW_TAG_compile_unit");
  e.strp (CALLTAB_PRODUCER_PREFIX CALLTAB_VERSION, "DW_AT_producer");
  e.u8 (strncmp (lang_hooks.name, "GNU C++", 7) == 0
	? LANG_C_plus_plus : LANG_C89, "DW_AT_language");
  if (rec.tail_calls && lay.version < 4)
    e.u8 (1, "DW_AT_calltab_tail_calls");

  u.die_offset.safe_grow_cleared (rec.functions.length ());
  for (unsigned k = 0; k < u.members.length (); k++)
    {
      const die_ref &d = u.members[k];
      unsigned i = d.function;
      const ct_function &f = rec.functions[i];
      unsigned shape = shape_of (rec, d, lay, u.group != NULL);
      if (k == 0 || u.members[k - 1].function != i)
	{
	  u.die_offset[i] = e.bytes - start;
	  e.label (label_buf2 (".Lcalltab_die", uno, i));
	}
      e.uleb (codes.shape_code[shape], "DW_TAG_subprogram");
      e.strp (f.name, "DW_AT_name");
      if (shape & HAS_LINKAGE)
	e.strp (f.linkage_name, "DW_AT_linkage_name");
      if (lay.version < 4)
	{
	  if (shape & HAS_EXTERNAL)
	    e.u8 (1, "DW_AT_external");
	  e.u8 (1, "DW_AT_declaration");
	}
      if (shape & HAS_DCALL)
	e.offset (label_buf (".Lcalltab_dcall", d.caller),
		  "DW_AT_calltab_dcall_unit");
      if (shape & HAS_VCALL)
	e.offset (label_buf (".Lcalltab_vcall", d.caller),
		  "DW_AT_calltab_vcall_unit");
      if (shape & HAS_TCALL)
	e.offset (label_buf (".Lcalltab_tcall", d.caller),
		  "DW_AT_calltab_tcall_unit");
      if (shape & HAS_PCALL)
	e.offset (label_buf (".Lcalltab_pcall", d.caller),
		  "DW_AT_calltab_pcall_unit");
    }
  for (unsigned k : u.vtables)
    {
      const ct_vtable &v = rec.vtables[k];
      bool leaf = v.pointer_table && v.n_entries == 0;
      if (leaf)
	e.uleb (codes.leaf_table_code, "DW_TAG_calltab_pointer_table");
      else if (v.pointer_table)
	e.uleb (codes.table_code, "DW_TAG_calltab_pointer_table");
      else
	e.uleb (codes.vtable_code, "DW_TAG_calltab_vtable");
      e.strp (v.name, "DW_AT_name");
      e.strp (v.symbol, "DW_AT_linkage_name");
      if (lay.version >= 4)
	e.uleb (1 + lay.addr_size, "DW_AT_location: length");
      else
	e.u8 (1 + lay.addr_size, "DW_AT_location: length");
      e.u8 (OP_addr, "DW_OP_addr");
      e.address (v.symbol, "the object");
      e.uleb (v.size, "DW_AT_byte_size");
      for (unsigned j = 0; j < v.n_entries; j++)
	{
	  const ct_vtable_entry &x = rec.vtable_entries[v.first_entry + j];
	  e.uleb (codes.entry_code, "DW_TAG_calltab_vtable_entry");
	  e.strp (x.symbol, "DW_AT_linkage_name");
	  e.uleb (x.offset, "DW_AT_data_member_location");
	}
      if (!leaf)
	e.uleb (0, "end of the object's entries");
    }
  if (!empty)
    e.uleb (0, "end of children");
  e.label (label_buf (".Lcalltab_cu_end", uno));
  fputs ("\t.popsection\n", asm_out_file);
}

/* The table unit of KIND (.debug_dcall, .debug_vcall, .debug_tcall or
   .debug_pcall)
   of caller (part) I of REC, whose calls are CALLS in the order they
   were emitted; callee DIEs are in declaration unit U (number UNO).  */
void
emit_table_unit (emitter &e, const call_record &rec, unsigned i,
		 ct_call_kind kind, const vec<unsigned> &calls, unsigned uno,
		 const decl_unit &u)
{
  static const char *const section[] = {
    CALLTAB_DCALL_SECTION, CALLTAB_VCALL_SECTION, CALLTAB_TCALL_SECTION,
    CALLTAB_PCALL_SECTION };
  static const char *const prefix[] = {
    ".Lcalltab_dcall", ".Lcalltab_vcall", ".Lcalltab_tcall",
    ".Lcalltab_pcall" };
  const ct_function &f = rec.functions[rec.callers[i].function];
  push_section (section[kind], f.comdat_group);
  char start_prefix[40], end_prefix[40];
  snprintf (start_prefix, sizeof start_prefix, "%s_start", prefix[kind]);
  snprintf (end_prefix, sizeof end_prefix, "%s_end", prefix[kind]);
  label_buf start (start_prefix, i);
  label_buf end (end_prefix, i);
  label_buf cu (".Lcalltab_cu", uno);
  e.label (label_buf (prefix[kind], i));
  e.unit_length (start, end);
  e.u8 (CALLTAB_TABLE_VERSION, "version");
  if (kind != CT_CALL_VIRTUAL && kind != CT_CALL_MEMBER_POINTER)
    e.offset (cu, "debug_info: the declaration unit");
  e.u8 (e.lay.addr_size, "address size");
  for (unsigned k : calls)
    {
      const ct_call &c = rec.calls[k];
      if (c.kind != kind)
	continue;
      e.address (label_buf (c.debug_label ? ".LDL" : ".Lcalltab_ret",
			    c.label), kind == CT_CALL_TAIL ? "site"
						   : "call_site");
      if (kind == CT_CALL_VIRTUAL)
	e.uleb (c.value, "vtable_slot");
      else if (kind == CT_CALL_MEMBER_POINTER)
	e.uleb (c.value, CALLTAB_PCALL_IS_ARG (c.value)
			 ? "value: argument and slot" : "value: parameter");
      else if (c.value == CT_TAIL_INDIRECT)
	e.uleb (CALLTAB_TCALL_INDIRECT, "callee_die: not known");
      else
	e.uleb_diff (label_buf2 (".Lcalltab_die", uno, (unsigned) c.value),
		     cu, u.die_offset[c.value], "callee_die");
    }
  e.label (end);
  fputs ("\t.popsection\n", asm_out_file);
}

} // anon namespace

unsigned HOST_WIDE_INT
calltab_emit_tables (const call_record &rec)
{
  if (rec.calls.is_empty () && rec.vtables.is_empty () && !rec.tail_calls)
    return 0;

  layout lay;
  lay.version = dwarf_version;
  lay.offset_size = dwarf_offset_size == 8 ? 8 : 4;
  lay.addr_size = POINTER_SIZE_UNITS;
  emitter e (lay);

  /* The calls of each caller (part), in the order they were emitted.  */
  unsigned n = rec.functions.length ();
  auto_vec<vec<unsigned> > calls_of;
  calls_of.safe_grow_cleared (rec.callers.length ());
  for (unsigned k = 0; k < rec.calls.length (); k++)
    calls_of[rec.calls[k].caller].safe_push (k);

  /* Unit 0, outside any group, holds every callee of a direct call and
     the callers outside COMDAT groups; the table units' callee_die
     values are relative to it.  A COMDAT function's caller DIEs (one per
     part) go into a unit of its own in the function's group, so that
     nothing outside the group refers into it (docs/format.md).  A
     function's first DIE in unit 0 is the one callees name: its plain
     DIE, or the caller DIE of its entry part.  */
  auto_delete_vec<decl_unit> units;
  units.safe_push (new decl_unit ());
  units[0]->group = NULL;
  auto_vec<bool> callee;
  callee.safe_grow_cleared (n);
  for (const ct_call &c : rec.calls)
    if (ct_call_names_function (c))
      callee[c.value] = true;
  for (unsigned i = 0; i < n; i++)
    {
      const ct_function &f = rec.functions[i];
      int entry = f.part[CT_ENTRY_PART], other = f.part[CT_OTHER_PART];
      decl_unit *own = NULL;
      if (f.comdat_group != NULL && (entry >= 0 || other >= 0))
	{
	  own = new decl_unit ();
	  own->group = f.comdat_group;
	  units.safe_push (own);
	}
      decl_unit *cu = own != NULL ? own : units[0];
      if (callee[i] && (own != NULL || entry < 0))
	units[0]->members.safe_push (die_ref { i, -1 });
      if (entry >= 0)
	cu->members.safe_push (die_ref { i, entry });
      if (other >= 0)
	cu->members.safe_push (die_ref { i, other });
    }

  /* The vtables: outside groups in unit 0, a COMDAT one in a unit of its
     own in its group (one unit per group: a COMDAT function of the same
     group already has one).  */
  for (unsigned k = 0; k < rec.vtables.length (); k++)
    {
      const char *group = rec.vtables[k].comdat_group;
      decl_unit *cu = NULL;
      if (group == NULL)
	cu = units[0];
      else
	for (unsigned uno = 1; uno < units.length () && cu == NULL; uno++)
	  if (strcmp (units[uno]->group, group) == 0)
	    cu = units[uno];
      if (cu == NULL)
	{
	  cu = new decl_unit ();
	  cu->group = group;
	  units.safe_push (cu);
	}
      cu->vtables.safe_push (k);
    }

  /* The codes in the order the units below use them.  */
  abbrev_codes codes;
  for (decl_unit *u : units)
    {
      for (const die_ref &d : u->members)
	codes.use_shape (shape_of (rec, d, lay, u->group != NULL));
      for (unsigned k : u->vtables)
	codes.use_table (rec.vtables[k].pointer_table,
			 rec.vtables[k].n_entries != 0);
      if (u->members.is_empty () && u->vtables.is_empty ()
	  && (u != units[0] || rec.tail_calls))
	codes.use_empty_cu ();
    }

  fprintf (asm_out_file, "%s calltab: declaration units and call tables\n",
	   ASM_COMMENT_START);
  emit_abbrevs (e, codes, rec.tail_calls);
  for (unsigned uno = 0; uno < units.length (); uno++)
    if (!units[uno]->members.is_empty () || !units[uno]->vtables.is_empty ()
	|| (uno == 0 && rec.tail_calls))
      emit_declaration_unit (e, rec, uno, *units[uno], codes);
  /* By function, then part: the order does not depend on which part
     made the first call.  The units outside groups are therefore in the
     order of their marked caller DIEs in unit 0 (members by function,
     then part), which the implicit association relies on.  */
  for (unsigned i = 0; i < n; i++)
    for (int k : rec.functions[i].part)
      {
	if (k < 0)
	  continue;
	if (rec.callers[k].n_dcall != 0)
	  emit_table_unit (e, rec, k, CT_CALL_DIRECT, calls_of[k], 0,
			   *units[0]);
	if (rec.callers[k].n_vcall != 0)
	  emit_table_unit (e, rec, k, CT_CALL_VIRTUAL, calls_of[k], 0,
			   *units[0]);
	if (rec.callers[k].n_tcall != 0)
	  emit_table_unit (e, rec, k, CT_CALL_TAIL, calls_of[k], 0,
			   *units[0]);
	if (rec.callers[k].n_pcall != 0)
	  emit_table_unit (e, rec, k, CT_CALL_MEMBER_POINTER, calls_of[k], 0,
			   *units[0]);
	calls_of[k].release ();
      }
  e.strings ();
  return e.bytes;
}
