/* dwarf-read.h: the dwarf layer of libcalltab (internal): DWARF read
   through libdw and libdwfl so that malformed input cannot crash or
   mislead the layers above.  die-string.c: string attributes bounded by
   their unit (calltab_die_string); die-entry.c: where a function is
   entered; srclines.c: line tables and file names where libdw can read
   them; dwfl.c: the one libdwfl set-up and where libdwfl placed an
   address of a relocatable object.  Above common (common/common.h).  */

#ifndef CALLTAB_DWARF_READ_H
#define CALLTAB_DWARF_READ_H 1

#include <stdbool.h>
#include <stddef.h>
#include <elfutils/libdwfl.h>
#include "common/common.h"

/* GCC's attribute for the discriminator of an inlined call (a vendor
   attribute of DWARF, not of calltab's format; elfutils' dwarf.h lacks
   it).  Read by afdo and inlines.  */
#define CT_DW_AT_GNU_discriminator 0x2136

/* Whether PRODUCER (a GCC unit's DW_AT_producer, with its recorded
   options: -grecord-gcc-switches, GCC's default) names the plugin:
   "-fplugin=.../calltab.so".  */
bool __calltab_producer_names_plugin (const char *producer);

/* The discriminators mode of a unit built with the plugin whose
   DW_AT_producer is PRODUCER: the value of the last
   -fplugin-arg-calltab-discriminators= it records ("rtl", "gcc",
   "layered", ...: not NUL-terminated, its length in *LEN), else the
   plugin's default for the GCC that PRODUCER names ("layered" from
   CALLTAB_DISCR_LAYERED_DEFAULT_GCC on, else "rtl").  */
const char *__calltab_producer_discriminators (const char *producer,
					       size_t *len);

/* Whether the unit whose DW_AT_producer is PRODUCER was built with
   discriminators=MODE, OPTION being the option calltab-format.h spells
   (CALLTAB_DISCR_HIERARCHICAL_OPTION, ...): its
   __calltab_producer_discriminators is MODE.  */
bool __calltab_producer_mode_is (const char *producer, const char *option);

/* For a unit numbered in the layered mode (by PRODUCER's
   __calltab_producer_discriminators), the first bit of the plugin's
   number in its discriminators (CALLTAB_DISCR_LAYERED_SHIFT of the GCC
   PRODUCER names); 0 for a unit in another mode.  */
unsigned __calltab_producer_layered_shift (const char *producer);

/* DIE's DW_AT_linkage_name (DW_AT_MIPS_linkage_name before DWARF 4),
   through its abstract origin and specification; NULL if none.  */
const char *__calltab_die_linkage_name (Dwarf_Die *die);

/* Where the function of DIE is entered (die-entry.c): its
   DW_AT_entry_pc, else DW_AT_low_pc, else the start of the first range
   of its DW_AT_ranges.  Returns 0, or -1 when DIE has no address.  */
int __calltab_die_entry (Dwarf_Die *die, Dwarf_Addr *entry);

/* The one libdwfl set-up of the reader and the verifier: report PATH
   offline, separate debug files along *DEBUGINFO_PATH (NULL string:
   libdwfl's default).  Fills *CALLBACKS, which must live as long as the
   Dwfl.  Returns 1 with the module's Dwarf in *DWP, 0 when there is no
   DWARF (*DWP NULL, dwfl_errmsg says why), -1 when out of memory
   (CALLTAB_E_NOMEM; *DWFLP NULL); *DWFLP, when not NULL, is the
   caller's to end.  */
int __calltab_dwfl_offline (Dwfl_Callbacks *callbacks, char **debuginfo_path,
			    const char *path, Dwfl **dwflp,
			    Dwfl_Module **modp, Dwarf **dwp, Dwarf_Addr *bias);

/* Where libdwfl placed address *ADDR of relocatable object MOD (its
   DWARF's addresses): 1 with the section index in *SCN and *ADDR made
   an offset into it, as dwfl_module_address_section answers, or with
   RELOCATE_ONLY as dwfl_module_relocate_address (*SCN unset); 0 in no
   section (*ADDR unchanged); -1 out of memory (CALLTAB_E_NOMEM).  The
   table of sections is built on the first call and kept with MOD:
   __calltab_dwfl_end releases it (addrmap.c).  */
int __calltab_dwfl_place (Dwfl_Module *mod, Dwarf_Addr *addr, size_t *scn,
			  bool relocate_only);

/* dwfl_end for a Dwfl whose modules __calltab_dwfl_place was used on.
   NULL: nothing.  */
void __calltab_dwfl_end (Dwfl *dwfl);

/* Whether libdw can read CUDIE's line table without crashing
   (srclines.c: elfutils 0.192 and a pre-DWARF 5 table that lists files,
   in a unit without a readable DW_AT_comp_dir).  */
bool __calltab_lines_readable (Dwarf_Die *cudie);

/* dwarf_getsrclines where __calltab_lines_readable: 1 when the table
   is read, 0 when it is not, -1 when libdw fails (CALLTAB_E_LIBDW;
   dwarf_errno still says which error).  */
int __calltab_getsrclines (Dwarf_Die *cudie, Dwarf_Lines **lines,
			   size_t *nlines);

/* Whether CUDIE has no DW_AT_comp_dir or one that ends within its unit
   (libdw's line functions read it without looking; srclines.c).  */
bool __calltab_comp_dir_readable (Dwarf_Die *cudie);

/* dwarf_getsrcfiles and dwarf_decl_file where libdw can read the
   unit's DW_AT_comp_dir (srclines.c): 0, or -1 (CALLTAB_E_LIBDW set)
   where it cannot or libdw fails; the file name, or NULL.  */
int __calltab_getsrcfiles (Dwarf_Die *cudie, Dwarf_Files **files,
			   size_t *nfiles);
const char *__calltab_decl_file (Dwarf_Die *die);

#endif /* dwarf-read.h */
