/* x86_64.h: the x86-64 backend's functions (internal).  The generic code
   reaches them through __calltab_x86_64_target (target.h).  */

#ifndef CALLTAB_X86_64_H
#define CALLTAB_X86_64_H 1

#include "target.h"

/* x86_64-decode.c: the one x86-64 instruction decoder.  */
int __calltab_x86_64_decode (const unsigned char *code, size_t size,
			     size_t off, struct ct_insn *insn);

/* The DWARF register number (psABI 3.6.2) of each register encoding
   (REX.B << 3 | reg): rax rcx rdx rbx rsp rbp rsi rdi, r8-r15.  */
extern const int __calltab_x86_64_dwarf_reg[16];

/* x86_64-flow.c: the target_word hook (target.h).  */
int __calltab_x86_64_target_word (const unsigned char *code, size_t size,
				  size_t start, const struct ct_insn *insn,
				  uint64_t base, struct ct_word_expr *e);

#endif /* x86_64.h */
