/* x86_64.h: the x86-64 backend's functions (internal).  The generic code
   reaches them through __calltab_x86_64_target (target.h).  */

#ifndef CALLTAB_X86_64_H
#define CALLTAB_X86_64_H 1

#include "target.h"

/* x86_64-decode.c: the one x86-64 instruction decoder.  */
int __calltab_x86_64_decode (const unsigned char *code, size_t size,
			     size_t off, struct ct_insn *insn);

#endif /* x86_64.h */
