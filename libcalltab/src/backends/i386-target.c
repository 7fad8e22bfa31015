/* i386-target.c: the i386 target's hooks (target.h).  Only the table
   sections' relocations: there is no 32-bit decoder, so the calls of
   i386 code are not checked.  */

#include <gelf.h>
#include "target.h"

static size_t
i386_reloc_width (unsigned int type, bool *is_signed)
{
  *is_signed = false;
  return type == R_386_32 ? 4 : 0;
}

const struct ct_target __calltab_i386_target =
{
  .name = "i386",
  .machine = EM_386,
  .reloc_width = i386_reloc_width,
  .copy_reloc = R_386_COPY,
  /* ebx, ebp, esi, edi (DWARF 3, 5, 6, 7).  */
  .callee_saved = 1u << 3 | 1u << 5 | 1u << 6 | 1u << 7,
  .sp_reg = 4,
  .call_push = 4,
};
