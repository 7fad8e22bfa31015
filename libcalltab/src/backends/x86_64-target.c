/* x86_64-target.c: the x86-64 target's hooks (target.h).

   Naming a call's target.  Relocatable objects: a direct call's target
   is the symbol of the relocation at its rel32 (R_X86_64_PLT32,
   R_X86_64_PC32), or, when the assembler resolved it, the symbols at the
   target offset of the same section.  A call through the GOT (FF 15,
   R_X86_64_GOTPCREL[X]) names its symbol the same way.

   Linked files: a direct call's target is the decoded address and the
   function symbols there (.symtab and .dynsym; under ICF several).  A
   target inside a PLT stub (.plt, .plt.sec, .plt.got: "[endbr64] [bnd]
   jmp *GOT(%rip)") is followed to its GOT slot and named by the slot's
   JUMP_SLOT/GLOB_DAT relocation, or by the address the slot holds when
   it has no symbol relocation.

   And the absolute relocations the table sections carry.  */

#include <string.h>
#include "x86_64.h"

static uint64_t
read_le64 (const unsigned char *p)
{
  uint64_t v = 0;
  for (int i = 7; i >= 0; i--)
    v = v << 8 | p[i];
  return v;
}

/* Name the function a GOT slot at ADDR (linked file) leads to.  */
static void
name_got_slot (const struct ct_code *code, uint64_t slot, struct ct_call *c)
{
  c->via_got = true;
  const struct ct_code_reloc *r = __calltab_code_reloc (code, 0, slot);
  if (r != NULL && (r->type == R_X86_64_JUMP_SLOT
		    || r->type == R_X86_64_GLOB_DAT
		    || r->type == R_X86_64_64)
      && r->sym_name != NULL && r->sym_name[0] != '\0')
    {
      c->resolved = true;
      c->names[0] = r->sym_name;
      c->nnames = 1;
      return;
    }
  uint64_t target;
  if (r != NULL && (r->type == R_X86_64_RELATIVE
		    || r->type == R_X86_64_IRELATIVE))
    target = (uint64_t) r->addend;
  else
    {
      /* Bound at link time (static, or -z now with local binding): the
	 slot holds the address.  */
      const unsigned char *p = __calltab_code_bytes_at (code, slot, 8);
      if (p == NULL)
	return;
      target = read_le64 (p);
    }
  c->resolved = true;
  c->placed = true;
  c->target = target;
  c->nnames = __calltab_code_symbols_at (code, 0, target, c->names,
					 CT_MAX_NAMES);
}

/* A PLT stub at ADDR: [endbr64] [bnd] jmp *disp32(%rip).  Returns the
   address of its GOT slot, or 0.  */
static uint64_t
plt_stub_slot (const struct ct_code *code, uint64_t addr)
{
  /* The longest stub first; a short one may end its section (ld.bfd's
     8-byte .plt.got entries: jmp *disp32(%rip), xchg %ax,%ax).  */
  size_t avail = 11;
  const unsigned char *p = NULL;
  for (; avail >= 6 && p == NULL; avail--)
    p = __calltab_code_bytes_at (code, addr, avail);
  if (p == NULL)
    return 0;
  avail++;
  size_t i = 0;
  if (avail >= 10 && p[0] == 0xf3 && p[1] == 0x0f && p[2] == 0x1e
      && p[3] == 0xfa)
    i = 4;
  if (avail >= i + 7 && p[i] == 0xf2)
    i++;
  if (p[i] != 0xff || p[i + 1] != 0x25)
    return 0;
  int32_t disp = (int32_t) ((uint32_t) p[i + 2] | (uint32_t) p[i + 3] << 8
			    | (uint32_t) p[i + 4] << 16
			    | (uint32_t) p[i + 5] << 24);
  return addr + i + 6 + (int64_t) disp;
}

static void
x86_64_resolve_linked (const struct ct_code *code,
		       const struct ct_place *place, struct ct_call *c)
{
  uint64_t base = __calltab_code_scn_addr (code, place->scnidx);
  uint64_t end = base + place->offset;
  if (c->insn.kind == CT_INSN_CALL)
    {
      uint64_t target = end + (uint64_t) c->insn.rel;
      c->target = target;
      c->resolved = true;
      c->placed = true;
      c->nnames = __calltab_code_symbols_at (code, 0, target, c->names,
					     CT_MAX_NAMES);
      if (c->nnames > 0)
	return;
      uint64_t slot = plt_stub_slot (code, target);
      if (slot != 0)
	{
	  c->via_plt = true;
	  c->resolved = false;
	  c->placed = false;
	  name_got_slot (code, slot, c);
	}
      return;
    }
  if (c->insn.pc_relative)
    name_got_slot (code, end + (uint64_t) c->insn.disp, c);
}

static void
x86_64_resolve_relocatable (const struct ct_code *code,
			    const struct ct_place *place, struct ct_call *c)
{
  bool direct = c->insn.kind == CT_INSN_CALL;
  size_t field = direct ? c->insn.rel_field : c->insn.disp_field;
  if (field == CT_NO_FIELD && !(direct && c->insn.direct))
    return;
  /* A short jump (a tail call's rel8) has no field a relocation could
     apply to: the assembler resolved it within the section.  */
  const struct ct_code_reloc *r = field == CT_NO_FIELD ? NULL
    : __calltab_code_reloc (code, place->scnidx, field);
  /* A REL relocation's addend is the field's bytes.  */
  int64_t addend = r == NULL ? 0 : !r->implicit ? r->addend
		   : direct ? c->insn.rel : c->insn.disp;
  if (!direct)
    {
      /* Only a GOT slot names a function; a PC32 displacement reads a
	 pointer variable whose value is unknown here.  */
      if (!c->insn.pc_relative || r == NULL || r->sym_name == NULL
	  || (r->type != R_X86_64_GOTPCREL && r->type != R_X86_64_GOTPCRELX
	      && r->type != R_X86_64_REX_GOTPCRELX) || addend != -4)
	return;
      c->via_got = true;
      c->resolved = true;
      c->names[0] = r->sym_name;
      c->nnames = 1;
      return;
    }
  if (r == NULL)
    {
      /* The assembler resolved a call within the section.  */
      c->resolved = true;
      c->placed = true;
      c->target_scn = place->scnidx;
      c->target = place->offset + (uint64_t) c->insn.rel;
      c->nnames = __calltab_code_symbols_at (code, place->scnidx, c->target,
					     c->names, CT_MAX_NAMES);
      return;
    }
  if (r->type != R_X86_64_PLT32 && r->type != R_X86_64_PC32)
    return;
  /* target = S + A - P + end, and the rel32 is the last 4 bytes.  */
  uint64_t off = r->sym_value + (uint64_t) addend + 4;
  if (r->sym_type == STT_SECTION
      || (r->sym_shndx != SHN_UNDEF && addend != -4))
    {
      c->resolved = true;
      c->placed = true;
      c->target_scn = r->sym_shndx;
      c->target = off;
      c->nnames = __calltab_code_symbols_at (code, r->sym_shndx, off,
					     c->names, CT_MAX_NAMES);
      return;
    }
  if (addend != -4 || r->sym_name == NULL || r->sym_name[0] == '\0')
    return;
  c->resolved = true;
  c->target_scn = r->sym_shndx;
  c->target = r->sym_shndx != SHN_UNDEF ? off : 0;
  c->names[0] = r->sym_name;
  c->nnames = 1;
  if (r->sym_shndx != SHN_UNDEF && r->sym_shndx < SHN_LORESERVE)
    {
      c->placed = true;
      /* Aliases at the same place (ICF-like folding by the assembler's
	 .set, or C++ constructor aliases).  */
      const char *more[CT_MAX_NAMES];
      size_t n = __calltab_code_symbols_at (code, r->sym_shndx, off, more,
					    CT_MAX_NAMES);
      for (size_t i = 0; i < n && c->nnames < CT_MAX_NAMES; i++)
	if (strcmp (more[i], r->sym_name) != 0)
	  c->names[c->nnames++] = more[i];
    }
}

static void
x86_64_resolve_call (const struct ct_code *code, const struct ct_place *place,
		     struct ct_call *c)
{
  if (__calltab_code_relocatable (code))
    x86_64_resolve_relocatable (code, place, c);
  else
    x86_64_resolve_linked (code, place, c);
}

/* Debug sections only see absolute relocations.  */
static size_t
x86_64_reloc_width (unsigned int type, bool *is_signed)
{
  *is_signed = false;
  switch (type)
    {
    case R_X86_64_64: return 8;
    case R_X86_64_32: return 4;
    case R_X86_64_32S: *is_signed = true; return 4;
    }
  return 0;
}

/* Jump tables of PIC code: `.long .Lk-.Ltable` (code/data-refs.h).  */
static size_t
x86_64_pc_reloc_width (unsigned int type)
{
  switch (type)
    {
    case R_X86_64_PC32: return 4;
    case R_X86_64_PC64: return 8;
    }
  return 0;
}

const struct ct_target __calltab_x86_64_target =
{
  .name = "x86-64",
  .machine = EM_X86_64,
  .min_call = 2,		/* FF D0: call *%rax */
  .decode = __calltab_x86_64_decode,
  .resolve_call = x86_64_resolve_call,
  .reloc_width = x86_64_reloc_width,
  .pc_reloc_width = x86_64_pc_reloc_width,
  .copy_reloc = R_X86_64_COPY,
  .target_word = __calltab_x86_64_target_word,
  /* rbx, rbp, r12-r15 (psABI 3.2.1; DWARF 3, 6, 12-15).  */
  .callee_saved = 1u << 3 | 1u << 6 | 0xfu << 12,
  .sp_reg = 7,
  .call_push = 8,
};
