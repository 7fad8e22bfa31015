/* fs.h: flow-sensitive AutoFDO (docs/fdo.md, "Flow-sensitive AutoFDO"),
   between the pass at P, just before bbpart (fs-number.cc), the late
   profile's loader (fs-load.cc) and discriminators=fs's numbering of the
   final code (discriminators.cc).  */

#ifndef CALLTAB_FS_H
#define CALLTAB_FS_H

#include "line-keys.h"

/* A conditional or table jump at P: its block and the key of its code.  */
struct fs_jump
{
  basic_block bb;
  line_key key;
};

/* The current function at P: its keys numbered (by key and block, the
   block numbers those of BLOCK_OF), the block number of each RTL block
   by index (-1: none), and its jumps.  */
struct fs_function
{
  vec<key_block> keys;
  vec<int> block_of;
  vec<fs_jump> jumps;
};

/* discriminators=fs: the P-number of code of KEY at INSN, in the RTL
   block of BLOCK_NOTE (its NOTE_INSN_BASIC_BLOCK) in the final code:
   KEY's group in that block at P where the block was there (its note
   was) and held code of KEY; else, for code of
   KEY's line, INSN's own number where INSN was there, or that of its
   location where the location lay in one group of the key; -1 when none
   of these (code made after P).  */
int calltab_fs_pnumber (rtx_insn *block_note, rtx_insn *insn,
			const line_key &key);

/* fs-load.cc: read the late profile FILE; false after an error (named
   with the file and line).  */
bool calltab_fs_read_profile (const char *file);

/* fs-load.cc: set the current function's probabilities from the late
   profile (gated on -fauto-profile and GCC's profile being read).  */
void calltab_fs_load (const fs_function &fn);

/* fs-load.cc: the statistics line of the unit (CALLTAB_FS_STATS=1).  */
void calltab_fs_report (void);

#endif /* CALLTAB_FS_H */
