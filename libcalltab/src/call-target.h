/* call-target.h: find the call that ends at a return address and the
   function it calls (internal).

   Relocatable objects: a place is a section index and an offset in it;
   a direct call's target is the symbol of the relocation at its rel32
   (R_X86_64_PLT32, R_X86_64_PC32), or, when the assembler resolved it,
   the symbols at the target offset of the same section.  A call through
   the GOT (FF 15, R_X86_64_GOTPCREL[X]) names its symbol the same way.

   Linked files: a place is an address; a direct call's target is the
   decoded address and the function symbols there (.symtab and .dynsym;
   under ICF several).  A target inside a PLT stub (.plt, .plt.sec,
   .plt.got: "[endbr64] [bnd] jmp *GOT(%rip)") is followed to its GOT
   slot and named by the slot's JUMP_SLOT/GLOB_DAT relocation, or by the
   address the slot holds when it has no symbol relocation.  */

#ifndef CALLTAB_CALL_TARGET_H
#define CALLTAB_CALL_TARGET_H 1

#include <gelf.h>
#include <stdbool.h>
#include "x86-call.h"

struct ct_code;

/* Where a return address is.  */
struct ct_place
{
  size_t scnidx;		/* section holding the code */
  uint64_t offset;		/* return address, as an offset in it */
};

#define CT_MAX_NAMES 8

/* One call that ends at a place, and its target.  */
struct ct_call
{
  struct x86_call insn;
  bool resolved;		/* the target is known */
  bool via_plt;			/* linked: through a PLT stub */
  bool via_got;			/* through a GOT slot */
  size_t nnames;		/* symbols naming the target (0: none known) */
  const char *names[CT_MAX_NAMES];
  uint64_t target;		/* linked: address; relocatable: offset in
				   section TARGET_SCN (0: undefined symbol) */
  size_t target_scn;
};

/* Index the code sections, symbols and relocations of ELF.  Returns
   NULL if ELF is not a usable ELF file (libelf error).  */
struct ct_code *__calltab_code_begin (Elf *elf);
void __calltab_code_end (struct ct_code *code);

/* Whether ELF is relocatable (places come from relocations) or linked
   (places are addresses).  */
bool __calltab_code_relocatable (const struct ct_code *code);

/* The address of section SCNIDX (0 in objects, or if it does not
   exist).  */
uint64_t __calltab_code_scn_addr (const struct ct_code *code, size_t scnidx);

/* The contents of section SCNIDX and their size, or NULL.  */
const unsigned char *__calltab_code_bytes (const struct ct_code *code,
					   size_t scnidx, size_t *size);

/* Linked files: the executable section holding return address ADDR
   (section start < ADDR <= section end: a call may be the section's last
   instruction).  Returns false if no executable section holds it.  */
bool __calltab_code_locate (const struct ct_code *code, uint64_t addr,
			    struct ct_place *place);

/* Whether, in a relocatable object, a relocation applies at OFFSET of
   section SCNIDX (so the bytes there are not the final value).  */
bool __calltab_code_reloc_at (const struct ct_code *code, size_t scnidx,
			      uint64_t offset);

/* Whether section SCNIDX exists, is allocated and executable.  */
bool __calltab_code_is_exec (const struct ct_code *code, size_t scnidx);

/* The name of section SCNIDX, "?" if it has none.  */
const char *__calltab_code_scn_name (const struct ct_code *code,
				     size_t scnidx);

/* The calls ending at PLACE, with their targets: up to MAX in OUT,
   longest first.  Returns their number, 0 if no call ends there (or
   the section has no contents).  When a sized function symbol holds the
   place, its code is decoded forwards from the symbol (x86-insn.c) and
   the instruction that ends at PLACE decides, without ambiguity; else
   (no symbol, undecodable bytes, or no instruction ends there) the
   backward search of x86-call.c.  */
size_t __calltab_code_calls_at (const struct ct_code *code,
				const struct ct_place *place,
				struct ct_call *out, size_t max);

/* The function symbols at ADDR (linked) or at offset ADDR of section
   SCNIDX (relocatable; SCNIDX is ignored for linked files).  Up to MAX
   names in OUT; returns their number.  */
size_t __calltab_code_symbols_at (const struct ct_code *code, size_t scnidx,
				  uint64_t addr, const char **out, size_t max);

/* The largest st_size of the function symbols at ADDR (as for
   __calltab_code_symbols_at), 0 if none has a size.  */
uint64_t __calltab_code_func_size (const struct ct_code *code, size_t scnidx,
				   uint64_t addr);

#endif /* call-target.h */
