/* x86-call.h: recognize x86-64 near call instructions (internal).

   The call tables give return addresses: the first byte after a call.
   x86 code cannot be decoded backwards unambiguously, so
   __calltab_x86_calls_ending_at tries every start offset that could hold
   a call and keeps those whose forward decoding is a call ending exactly
   at the return address.  Recognized: E8 rel32 (direct) and FF /2 in
   every ModRM/SIB/displacement form (indirect), with the prefixes
   compilers and linkers put on calls: REX, 0x3E (notrack), 0xF2 (bnd),
   segment overrides, 0x67 (addr32, as ld writes when it relaxes a call
   through the GOT), 0x66 on FF /2, and on E8 only under REX.W (the TLS
   general-dynamic sequence "data16 data16 rex.W call").  */

#ifndef CALLTAB_X86_CALL_H
#define CALLTAB_X86_CALL_H 1

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum x86_call_kind
{
  X86_CALL_DIRECT = 1,		/* E8 rel32 */
  X86_CALL_INDIRECT = 2		/* FF /2 */
};

/* The longest x86 instruction.  */
#define X86_MAX_INSN 15

struct x86_call
{
  enum x86_call_kind kind;
  size_t start;			/* offset of the first byte, prefixes included */
  size_t opcode;		/* offset of the opcode byte */
  size_t length;		/* whole instruction */
  /* DIRECT: offset and value of the rel32 field (target = end + rel).
     INDIRECT with a 32-bit displacement: its offset and value;
     otherwise FIELD is (size_t) -1.  */
  size_t field;
  int64_t disp;
  bool memory;			/* INDIRECT: the operand is in memory */
  bool rip_relative;		/* INDIRECT: the operand is [rip + disp32] */
};

/* Decode the instruction at CODE[OFF] (CODE has SIZE bytes).  Returns 1
   and fills *CALL if it is a near call, 0 otherwise (another instruction,
   or not decodable within SIZE).  Never reads outside CODE[0, SIZE).  */
int __calltab_x86_decode_call (const unsigned char *code, size_t size,
			       size_t off, struct x86_call *call);

/* The calls that end exactly at offset END of CODE: tries the start
   offsets END - 15 .. END - 2 and stores up to MAX matches in OUT,
   longest first, one per opcode byte (a match and the same instruction
   without some of its prefixes count once).  Returns the number of
   matches (0: no call ends there).  Several matches mean the bytes are
   ambiguous (e.g. FF D0 inside the rel32 of an E8).  */
size_t __calltab_x86_calls_ending_at (const unsigned char *code,
				      size_t size, size_t end,
				      struct x86_call *out, size_t max);

#endif /* x86-call.h */
