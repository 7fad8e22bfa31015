/* calltab-format.h: the constants of the calltab DWARF extensions
   (docs/format.md), the one definition that the GCC plugin, libcalltab,
   the calltab command, the testsuite and gas-support share.

   Plain preprocessor definitions only, so that C, C++ and assembler
   sources run through cpp (.S) can include it; installed beside
   calltab.h.  testsuite/calltab.reader/format-header.exp checks that
   gas-support/calltab.inc agrees with it.  */

#ifndef CALLTAB_FORMAT_H
#define CALLTAB_FORMAT_H 1

/* The two table sections.  */
#define CALLTAB_DCALL_SECTION ".debug_dcall"
#define CALLTAB_VCALL_SECTION ".debug_vcall"
/* Tail calls: the units and entries of .debug_dcall, the site being the
   first byte after the jump; callee_die 0 for a jump whose target is not
   known (through a register or memory: a virtual or other indirect
   tail call).  */
#define CALLTAB_TCALL_SECTION ".debug_tcall"
#define CALLTAB_TCALL_INDIRECT 0

/* Calls through C++ member-function pointers (docs/format.md,
   ".debug_pcall"): the units and entries of .debug_vcall; an entry's
   value is CALLTAB_PCALL_PARAM (K) at an indirect call through the
   member-function pointer the caller's parameter K holds at entry, or
   CALLTAB_PCALL_ARG_SLOT (K, S) at a direct call passing as argument K
   a constant pointer to the virtual member in vtable slot S.  */
#define CALLTAB_PCALL_SECTION ".debug_pcall"
#define CALLTAB_PCALL_MAX_ARG 63
#define CALLTAB_PCALL_PARAM(k) ((unsigned long long) (k) << 1)
#define CALLTAB_PCALL_ARG_SLOT(k, s) \
  (((((unsigned long long) (s) << 6) | (unsigned long long) (k)) << 1) | 1)
#define CALLTAB_PCALL_IS_ARG(v) (((v) & 1) != 0)
#define CALLTAB_PCALL_K(v) (CALLTAB_PCALL_IS_ARG (v) ? ((v) >> 1) & 63 \
			    : (v) >> 1)
#define CALLTAB_PCALL_SLOT(v) ((v) >> 7)

/* The version byte of every .debug_dcall and .debug_vcall unit header.  */
#define CALLTAB_TABLE_VERSION 4

/* Vendor attributes of a caller's DIE in a declaration unit: the offset
   of the caller's .debug_dcall or .debug_vcall unit (in the DW_AT_lo_user
   .. DW_AT_hi_user range).  */
#define DW_AT_calltab_dcall_unit 0x3c70
#define DW_AT_calltab_vcall_unit 0x3c71

/* Vendor attribute marking a caller's DIE in a translation unit's
   declaration unit whose .debug_dcall unit is implicit (DWARF 4 and later;
   earlier layouts name every unit explicitly): DW_FORM_flag_present, no
   bytes.  The .debug_dcall units whose debug_info names that declaration
   unit and that no DW_AT_calltab_dcall_unit names belong, in section
   order, one to one to its marked DIEs in DIE order (docs/format.md "Which caller
   an entry belongs to").  */
#define DW_AT_calltab_dcall_implicit 0x3c72

/* Vendor attribute of a caller's DIE: the offset of its .debug_tcall
   unit (the tail calls of the part), in the form of
   DW_AT_calltab_dcall_unit; always explicit.  */
#define DW_AT_calltab_tcall_unit 0x3c73

/* Vendor attribute of a declaration unit's DW_TAG_compile_unit: every
   tail call of the translation unit's functions is in .debug_tcall, so a
   function without a .debug_tcall unit makes none (DW_FORM_flag_present,
   DW_FORM_flag before DWARF 4).  The translation unit's own declaration
   unit follows GCC's unit in .debug_info and is written whenever the
   plugin writes tables, even with no call to record.  */
#define DW_AT_calltab_tail_calls 0x3c74

/* Vendor attribute of a caller's DIE: the offset of its .debug_pcall
   unit, in the form of DW_AT_calltab_vcall_unit; always explicit.  */
#define DW_AT_calltab_pcall_unit 0x3c75

/* Vendor tag of a vtable's DIE in a declaration unit (DW_TAG_lo_user
   .. DW_TAG_hi_user range): one per vtable (_ZTV symbol) the translation
   unit emits, with DW_AT_name (the class), DW_AT_linkage_name (the _ZTV
   symbol), DW_AT_location (DW_OP_addr of the symbol) and DW_AT_byte_size
   (docs/format.md "Vtables").  */
#define DW_TAG_calltab_vtable 0x4c70

/* Vendor tag of the children of a vtable's DIE: one per function pointer
   the vtable object holds (its virtual functions in every slot of every
   vtable of its group, thunks and __cxa_pure_virtual included), with
   DW_AT_linkage_name (the function's symbol) and
   DW_AT_data_member_location (DW_FORM_udata: the entry's byte offset
   from the start of the vtable object).  GCC writes no
   DW_AT_vtable_elem_location on destructors; these name every slot
   (docs/format.md "Vtables").  */
#define DW_TAG_calltab_vtable_entry 0x4c71

/* Vendor tag of a pointer table's DIE, a sibling of the vtable DIEs: one
   per read-only variable the translation unit emits whose initializer
   holds the address of a function (a C dispatch table, googletest's
   MatcherBase::VTable), with the attributes of a vtable DIE (DW_AT_name:
   the variable's qualified name; DW_AT_linkage_name: its symbol) and one
   DW_TAG_calltab_vtable_entry child per function pointer.  A table DIE
   without children names a variable whose words are not known (GCC's
   IPA-ICF made it an alias of another): a word there names no function
   (docs/format.md "Pointer tables").  */
#define DW_TAG_calltab_pointer_table 0x4c72

/* The form of those attributes: a constant of the unit's offset size
   (DW_FORM_data4 = 0x06 in 32-bit DWARF, DW_FORM_data8 = 0x07 in
   64-bit DWARF), relocated against the table section in objects.  Not
   DW_FORM_sec_offset, which elfutils rejects on attributes it does not
   know.  */
#define CALLTAB_UNIT_ATTR_FORM(offset_size) ((offset_size) == 8 ? 0x07 : 0x06)

/* DW_AT_producer of a declaration unit: this prefix, then the version
   of calltab that wrote it.  Units of other producers were not built by
   the plugin.  */
#define CALLTAB_PRODUCER_PREFIX "calltab "
#define CALLTAB_PRODUCER_PREFIX_LEN 8

/* The plugin's name as GCC derives it from its file name (calltab.so):
   options are spelled -fplugin-arg-calltab-KEY[=VALUE], and a unit GCC
   built with it records -fplugin=.../calltab.so in its DW_AT_producer
   (with -grecord-gcc-switches, GCC's default).  */
#define CALLTAB_PLUGIN_NAME "calltab"

/* Hierarchical discriminators (-fplugin-arg-calltab-discriminators=
   hierarchical; docs/discriminators.md "Hierarchical discriminators"):
   the layout of GCC's development input.h and of LLVM and AutoFDO,
   [Base:8][Multiplicity:7][CopyID:11][Unused:6] from bit 0.  Base tells
   apart the blocks of a line (what discriminators=rtl numbers);
   multiplicity is how many executions of the line one execution of the
   code stands for (0: not known, read as 1); copy ID tells apart copies
   of the same code.  A unit built in the mode records the option in its
   DW_AT_producer (with -grecord-gcc-switches, GCC's default).  */
#define CALLTAB_DISCR_BASE_BITS 8
#define CALLTAB_DISCR_MULT_SHIFT 8
#define CALLTAB_DISCR_MULT_BITS 7
#define CALLTAB_DISCR_COPY_SHIFT 15
#define CALLTAB_DISCR_COPY_BITS 11
#define CALLTAB_DISCR_FIELD(d, shift, bits) \
  (((d) >> (shift)) & ((1u << (bits)) - 1))
#define CALLTAB_DISCR_OPTION \
  "-fplugin-arg-" CALLTAB_PLUGIN_NAME "-discriminators="
#define CALLTAB_DISCR_HIERARCHICAL_OPTION CALLTAB_DISCR_OPTION "hierarchical"
/* discriminators=layered (docs/discriminators.md, "Layered
   discriminators"): each row keeps GCC's own number in the low bits and
   holds above them the plugin's number of the row's block among the
   blocks of its line with that GCC number: what GCC's AutoFDO keys on
   stays, the blocks stay apart.  Where the plugin's number goes depends
   on the GCC that built the unit (its DW_AT_producer says which):
   GCC 16 numbers in bits 0-14 (its base and multiplicity) and the
   plugin's goes in the copy ID field (bits 15-25); GCC 13 to 15 number
   each line's blocks from 0 (below 256 in practice) in bits 0-7 and the
   plugin's goes in bits 8-14, so that every value stays below 32768
   (create_gcov packs a discriminator into 16 bits) and its ULEB128 in
   two bytes.  Readers bring a GCC 13 to 15 unit's values to GCC 16's
   layout (CALLTAB_DISCR_LAYERED_CANONICAL).  */
#define CALLTAB_DISCR_LAYERED_SHIFT(gcc_major) \
  ((gcc_major) >= 16 ? CALLTAB_DISCR_COPY_SHIFT : CALLTAB_DISCR_MULT_SHIFT)
#define CALLTAB_DISCR_LAYERED_BITS(gcc_major) \
  ((gcc_major) >= 16 ? CALLTAB_DISCR_COPY_BITS : CALLTAB_DISCR_MULT_BITS)
#define CALLTAB_DISCR_LAYERED_CANONICAL(d, shift) \
  (((d) & ((1u << (shift)) - 1)) \
   | ((d) >> (shift)) << CALLTAB_DISCR_COPY_SHIFT)
#define CALLTAB_DISCR_LAYERED_OPTION CALLTAB_DISCR_OPTION "layered"
/* The first GCC major version whose plugin numbers in the layered mode
   by default (before it, and where 0, rtl is the default): read by the
   plugin's options and by the readers of a unit whose DW_AT_producer
   records no mode.  Layered needs GCC 13 or later.  */
#define CALLTAB_DISCR_LAYERED_DEFAULT_GCC 13
/* GCC's own number of a layered value in GCC 16's layout.  */
#define CALLTAB_DISCR_GCC_MASK ((1u << CALLTAB_DISCR_COPY_SHIFT) - 1)
/* discriminators=fs (docs/fdo.md, "Flow-sensitive AutoFDO"): each block
   of a line carries the number its code's group had before GCC's
   bbpart pass, so blocks copied, split or joined after it share
   numbers.  */
#define CALLTAB_DISCR_FS_OPTION CALLTAB_DISCR_OPTION "fs"

#endif /* calltab-format.h */
