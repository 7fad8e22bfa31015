/* calls.c: the instruction at every return address.

   For each entry whose call_site is in an executable section: a call
   instruction must end there (call-target.c over the machine's decoder,
   x86_64-decode.c); for a .debug_dcall entry its target must be the
   function callee_die names (x86_64-target.c: the relocation in an
   object, the decoded address and the PLT in a linked file; under ICF any of the symbols at the target may match); for a
   .debug_vcall entry it must be an indirect call (or a call of a
   retpoline thunk, -mindirect-branch=thunk).  For a .debug_tcall entry
   an unconditional jump must end at its site: a direct one to the
   function callee_die names, an indirect one for callee_die 0.  */

#include <inttypes.h>
#include <string.h>
#include <dwarf.h>
#include "verify.h"

static bool
is_retpoline_thunk (const char *name)
{
  return strncmp (name, "__x86_indirect_thunk_", 21) == 0
	 || strncmp (name, "__x86_indirect_call_thunk_", 26) == 0;
}

/* "'a', 'b' and 3 more" from every name of C's target into BUF: never
   a name cut.  */
static const char *
names_of (const struct verify *v, const struct ct_call *c, char *buf,
	  size_t size)
{
  size_t n = 0, more = 0, cookie = 0;
  const char *name;
  buf[0] = '\0';
  /* Room kept for " and N more".  */
  const size_t tail = 32;
  while ((name = __calltab_call_name_next (v->code, c, &cookie)) != NULL)
    {
      size_t len = strlen (name) + 4;
      if (more == 0 && n + len + tail < size)
	n += (size_t) snprintf (buf + n, size - n, "%s'%s'", n ? ", " : "",
				name);
      else
	more++;
    }
  if (more > 0)
    snprintf (buf + n, size - n, " and %zu more", more);
  return buf;
}

static const char *
callee_label (const Calltab_Func *f)
{
  if (f->linkage_name != NULL)
    return f->linkage_name;
  return f->name != NULL ? f->name : "?";
}

static void
describe_target (const struct verify *v, const struct ct_call *c, char *buf,
		 size_t size)
{
  char names[1024];
  if (c->nnames > 0)
    snprintf (buf, size, "%s%s", names_of (v, c, names, sizeof names),
	      c->via_plt ? " through the PLT" : "");
  else if (__calltab_code_relocatable (v->code))
    snprintf (buf, size, "%s+0x%" PRIx64 ", where no function symbol is",
	      __calltab_code_scn_name (v->code, c->target_scn), c->target);
  else
    snprintf (buf, size, "0x%" PRIx64 ", where no function symbol is",
	      c->target);
}

/* How a call reaches the callee F.  */
enum reach
{
  R_NO,				/* not: a wrong target */
  R_EXACT,			/* F is the target (or a variant of it) */
  R_ALIAS,			/* F is an alias of other functions there */
  R_LOW_PC,			/* F's DW_AT_low_pc is the target */
  R_OWN_UNIT,			/* F's own table unit starts there */
  R_GCC_DIE,			/* GCC's DIE of F has it as low_pc */
  R_THUNK,			/* F is a thunk that jumps to the target */
  R_GCC_DIES,			/* GCC's DIEs that could be F's have it */
  R_UNIT_ALIAS			/* F is a local alias of code there */
};

/* Whether F is among the names at C's target, and whether every other
   name there is F too (a clone suffix, a symbol version, a structor
   variant).  */
static enum reach
reach_by_name (const struct verify *v, const struct ct_call *c,
	       const Calltab_Func *f)
{
  bool found = false, other = false;
  size_t cookie = 0;
  const char *name;
  while ((name = __calltab_call_name_next (v->code, c, &cookie)) != NULL)
    {
      if (__calltab_symbol_names (name, f->name, f->linkage_name,
				  VERIFY_SYMBOL_EXACT))
	found = true;
      else if (!__calltab_symbol_names (name, f->name, f->linkage_name,
					VERIFY_SYMBOL_VARIANTS))
	other = true;
    }
  return !found ? R_NO : other ? R_ALIAS : R_EXACT;
}

/* Whether C's target is the place PLACE (an object's section and offset,
   or an address).  */
static bool
target_is (const struct verify *v, const struct ct_call *c, size_t scn,
	   uint64_t addr)
{
  if (!c->placed)
    return false;
  if (__calltab_code_relocatable (v->code))
    return c->target_scn == scn && c->target == addr;
  return c->target == addr;
}

/* Whether DIE's entry (its DW_AT_low_pc, or the first of its
   DW_AT_ranges: a function with a cold part) is C's target: the linker
   resolved it to the code the function has in the output.  */
static bool
entry_is_target (struct verify *v, const struct ct_call *c, Dwarf_Die *die)
{
  Dwarf_Addr low;
  if (__calltab_die_entry (die, &low) != 0)
    return false;
  if (!__calltab_code_relocatable (v->code))
    return low != 0 && target_is (v, c, 0, low);
  struct ct_place p;
  return verify_dwarf_place (v, low, false, &p)
	 && target_is (v, c, p.scnidx, p.offset);
}

/* The callee DIE's DW_AT_low_pc (the plugin gives it to a callee that is
   a caller of its unit too).  */
static bool
reach_by_low_pc (struct verify *v, const struct ct_call *c,
		 const Calltab_Func *f)
{
  Dwarf_Die die;
  return v->dwarf != NULL && f->scn == 0
	 && dwarf_offdie (v->dwarf, f->die, &die) != NULL
	 && entry_is_target (v, c, &die);
}

/* F makes calls of its own: a table unit whose caller DIE is F's
   (linked files) starts at the target (docs/format.md "Where a part
   starts": the function symbol holding its first live call_site).
   ld.gold keeps a folded copy's entries at the kept code, so this holds
   where the linker dropped F's local symbol and GCC's DIE of F has no
   linkage name to find it by (a template instance over a lambda).  */
static bool
reach_by_own_unit (struct verify *v, const struct ct_call *c,
		   const Calltab_Func *f, uint64_t *unit_offset, int *table)
{
  if (__calltab_code_relocatable (v->code) || f->scn != 0 || !c->placed)
    return false;
  for (int t = 0; t < CT_NTABLES; t++)
    {
      Calltab_Unit u;
      for (size_t n = 0; calltab_unit (v->ct, t, n, &u) == 0; n++)
	{
	  Calltab_Caller caller;
	  if (calltab_unit_caller (v->ct, &u, &caller) == 0
	      && caller.func.die == f->die && caller.func.scn == 0
	      && !caller.discarded && caller.low_pc == c->target)
	    {
	      *unit_offset = u.offset;
	      *table = t;
	      return true;
	    }
	}
    }
  return false;
}

/* GCC's own DIE of the callee (gcc-die.c) has its DW_AT_low_pc at
   the target: a function that makes no call, whose local symbol the
   linker dropped when it folded it (ld.gold --icf=all).  */
static bool
reach_by_gcc_die (struct verify *v, const struct ct_call *c,
		  const Calltab_Func *f, const struct ct_place *ret,
		  Dwarf_Off *gcc_die)
{
  Dwarf_Die die;
  if (!verify_gcc_callee (v, f, ret, &die) || !entry_is_target (v, c, &die))
    return false;
  *gcc_die = dwarf_dieoffset (&die);
  return true;
}

/* entry_is_target for verify_gcc_unit_code_at: ARG is the call.  */
static bool
entry_is_call_target (struct verify *v, const void *arg, Dwarf_Die *die)
{
  return entry_is_target (v, arg, die);
}

/* Whether no symbol of the linked file names F, whose call C has a
   placed target: the linker dropped it when it folded F's code.  */
static bool
callee_symbol_dropped (struct verify *v, const struct ct_call *c,
		       const Calltab_Func *f)
{
  size_t cookie = 0, scn;
  uint64_t addr, size;
  return !__calltab_code_relocatable (v->code) && c->placed
	 && !__calltab_code_symbol_named (v->code, callee_label (f), &cookie,
					  &scn, &addr, &size);
}

/* F is a local function (its DIE has no DW_AT_external) without a symbol
   in the linked file, and GCC's DIEs of its unit put code of it at the
   target: every definition that could be F's (its name alone, where
   several share it, so that verify_gcc_callee cannot pick one) has the
   target as DW_AT_low_pc (*OWN), or none could be F's and another
   definition there has it: F is an alias GCC's IPA-ICF made of that
   function (the tables name the function the source called).  ld.gold
   dropped the local symbols when it folded their code into the
   target.  */
static bool
reach_by_unit_code (struct verify *v, const struct ct_call *c,
		    const Calltab_Func *f, Dwarf_Off *code_die, bool *own)
{
  Dwarf_Die die;
  if (v->dwarf == NULL || f->scn != 0
      || dwarf_offdie (v->dwarf, f->die, &die) == NULL
      || dwarf_hasattr (&die, DW_AT_external)
      || !callee_symbol_dropped (v, c, f))
    return false;
  if (!verify_gcc_unit_code_at (v, f, entry_is_call_target, c, &die, own))
    return false;
  *code_die = dwarf_dieoffset (&die);
  return true;
}

/* Whether a function symbol named like the callee F holds a thunk: a
   direct jump (after an endbr64) whose target is C's.  GCC's IPA-ICF
   makes one of a folded function whose symbol must stay.  */
static bool
reach_by_thunk (struct verify *v, const struct ct_call *c,
		const Calltab_Func *f, struct ct_place *thunk)
{
  const struct ct_target *target = __calltab_code_target (v->code);
  const char *sym = callee_label (f);
  bool rel = __calltab_code_relocatable (v->code);
  size_t cookie = 0, scn;
  uint64_t addr, size;
  while (__calltab_code_symbol_named (v->code, sym, &cookie, &scn, &addr,
				      &size))
    {
      struct ct_place at = { scn, addr };
      if (!rel && (!__calltab_code_locate (v->code, addr + 1, &at)
		   || at.offset-- == 0))
	continue;
      size_t len;
      const unsigned char *bytes = __calltab_code_bytes (v->code,
							 at.scnidx, &len);
      if (bytes == NULL || at.offset >= len)
	continue;
      size_t off = (size_t) at.offset;
      if (len - off >= 4 && memcmp (bytes + off, "\xf3\x0f\x1e\xfa", 4) == 0)
	off += 4;		/* endbr64 */
      struct ct_call jump;
      memset (&jump, 0, sizeof jump);
      if (!target->decode (bytes, len, off, &jump.insn)
	  || jump.insn.kind != CT_INSN_JUMP || !jump.insn.direct)
	continue;
      /* Named as a call's target would be.  */
      jump.insn.kind = CT_INSN_CALL;
      struct ct_place end = { at.scnidx, off + jump.insn.length };
      target->resolve_call (v->code, &end, &jump);
      if (!jump.resolved)
	continue;
      bool same = jump.placed ? target_is (v, c, jump.target_scn,
					    jump.target)
		  : jump.nnames > 0 && c->nnames > 0
		    && strcmp (jump.names[0], c->names[0]) == 0;
      if (same)
	{
	  *thunk = at;
	  return true;
	}
    }
  return false;
}

/* E's callee (a .debug_dcall entry, or a .debug_tcall one: WHAT is
   "call" or "tail call") against the target of the CALLS ending at
   RET.  */
static void
check_dcall (struct verify *v, const Calltab_Entry *e,
	     const struct verify_place *place, const struct ct_place *ret,
	     const char *where, const char *what,
	     const struct ct_call *calls, size_t n)
{
  Calltab_Func f;
  if (!verify_callee_ok (v, e) || calltab_callee (v->ct, e, &f) != 0)
    return;			/* callee-die reported it */
  const struct ct_call *named = NULL;
  for (size_t i = 0; i < n; i++)
    if (calls[i].resolved && reach_by_name (v, &calls[i], &f) == R_EXACT)
      return;
  /* Folded code: the callee is another function's alias there, or its
     own debug information or a thunk of it says the code is there.  */
  for (size_t i = 0; i < n; i++)
    {
      if (!calls[i].resolved)
	continue;
      if (named == NULL)
	named = &calls[i];
      enum reach how = reach_by_name (v, &calls[i], &f);
      struct ct_place thunk = { 0, 0 };
      Dwarf_Off gcc_die = 0;
      if (how == R_NO && reach_by_low_pc (v, &calls[i], &f))
	how = R_LOW_PC;
      uint64_t unit_offset = 0;
      int unit_table = 0;
      if (how == R_NO && reach_by_gcc_die (v, &calls[i], &f, ret, &gcc_die))
	how = R_GCC_DIE;
      if (how == R_NO && reach_by_own_unit (v, &calls[i], &f, &unit_offset,
					    &unit_table))
	how = R_OWN_UNIT;
      if (how == R_NO && reach_by_thunk (v, &calls[i], &f, &thunk))
	how = R_THUNK;
      bool own = false;
      if (how == R_NO
	  && reach_by_unit_code (v, &calls[i], &f, &gcc_die, &own))
	how = own ? R_GCC_DIES : R_UNIT_ALIAS;
      if (how == R_NO)
	continue;
      char target[1100], why[160];
      describe_target (v, &calls[i], target, sizeof target);
      if (how == R_ALIAS)
	snprintf (why, sizeof why, "an alias at the target");
      else if (how == R_LOW_PC)
	snprintf (why, sizeof why, "its DW_AT_low_pc is the target");
      else if (how == R_OWN_UNIT)
	snprintf (why, sizeof why, "its own %s unit at 0x%" PRIx64
		  " starts at the target", unit_table == CALLTAB_DCALL
		  ? CALLTAB_DCALL_SECTION : unit_table == CALLTAB_VCALL
		  ? CALLTAB_VCALL_SECTION : CALLTAB_TCALL_SECTION,
		  unit_offset);
      else if (how == R_GCC_DIE)
	snprintf (why, sizeof why, "the DW_AT_low_pc of GCC's DIE of it,"
		  " .debug_info[0x%08" PRIx64 "], is the target",
		  (uint64_t) gcc_die);
      else if (how == R_GCC_DIES)
	snprintf (why, sizeof why, "each of GCC's DIEs of its name in its"
		  " unit, .debug_info[0x%08" PRIx64 "] the first, has the"
		  " target as DW_AT_low_pc", (uint64_t) gcc_die);
      else if (how == R_UNIT_ALIAS)
	snprintf (why, sizeof why, "a local alias: no symbol and no code"
		  " of its own; GCC's DIE .debug_info[0x%08" PRIx64 "] of"
		  " its unit has the target as DW_AT_low_pc",
		  (uint64_t) gcc_die);
      else
	{
	  char at[512];
	  snprintf (why, sizeof why, "a thunk at %s that jumps to the"
		    " target", verify_describe_place (v, &thunk, at,
						      sizeof at));
	}
      verify_report (v, VC_CALL_FOLDED, place,
		     "the %s ending at %s calls %s: '%s' is folded code"
		     " there (%s)", what, where, target, callee_label (&f),
		     why);
      return;
    }
  if (named != NULL)
    {
      char target[1100];
      describe_target (v, named, target, sizeof target);
      Dwarf_Die untold;
      size_t ndefs;
      if (callee_symbol_dropped (v, named, &f)
	  && (ndefs = __calltab_verify_gcc_untold (v, &f,
						   entry_is_call_target,
						   named, &untold)) > 0)
	{
	  verify_report (v, VC_CALLEE_UNTOLD, place,
			 "the %s ending at %s calls %s; '%s' has no symbol"
			 " and GCC's DIEs of it have no linkage name: %zu"
			 " DIEs of its unit could be it, one of them"
			 " (.debug_info[0x%08" PRIx64 "]) with its code at"
			 " the target: not judged", what, where, target,
			 callee_label (&f), ndefs,
			 (uint64_t) dwarf_dieoffset (&untold));
	  return;
	}
      verify_report (v, VC_CALL_TARGET, place,
		     "the %s ending at %s calls %s, not '%s'", what, where,
		     target, callee_label (&f));
      return;
    }
  verify_report (v, VC_TARGET_UNKNOWN, place,
		 "the %s ending at %s is %s %s; whether it calls '%s' cannot"
		 " be checked", what, where,
		 calls[0].insn.kind == CT_INSN_CALL_INDIRECT
		 ? "an indirect" : "a direct",
		 strcmp (what, "call") == 0
		 ? (calls[0].insn.kind == CT_INSN_CALL_INDIRECT ? "call"
		    : "call with an unresolved target")
		 : (calls[0].insn.kind == CT_INSN_CALL_INDIRECT ? "jump"
		    : "jump with an unresolved target"),
		 callee_label (&f));
}

/* The .debug_vcall entry E at CALLS[0..N), the calls ending at its
   call_site, or for a virtual tail call's slot the jumps ending there
   (TAIL): indirect, through the slot when the form shows it.  */
static void
check_vcall (struct verify *v, const Calltab_Entry *e, unsigned ptr_size,
	     const struct verify_place *place, const char *where,
	     const struct ct_call *calls, size_t n, bool tail)
{
  const char *what = tail ? "jump" : "call";
  for (size_t i = 0; i < n; i++)
    {
      if (calls[i].insn.kind == CT_INSN_CALL_INDIRECT)
	{
	  /* call *DISP(%reg) loads the slot straight from the vtable:
	     DISP is the slot's offset (Itanium C++ ABI).  A call through a
	     register or another form says nothing about the slot.  */
	  const struct ct_insn *c = &calls[i].insn;
	  if (n == 1 && c->base_disp
	      && (uint64_t) c->disp != e->value * ptr_size)
	    verify_report (v, VC_VTABLE_SLOT, place,
			   "the %s ending at %s reads the vtable at offset"
			   " %" PRId64 ", not at slot %" PRIu64 " (offset %"
			   PRIu64 ")", what, where, c->disp, e->value,
			   e->value * ptr_size);
	  return;
	}
      for (size_t j = 0; j < calls[i].nnames; j++)
	if (is_retpoline_thunk (calls[i].names[j]))
	  return;
    }
  char target[1100];
  describe_target (v, &calls[0], target, sizeof target);
  verify_report (v, VC_CALL_KIND, place,
		 "the %s ending at %s is a direct %s of %s, not an"
		 " indirect %s", what, where, what, target, what);
}

/* A .debug_tcall entry of a jump whose target is not known: the jump
   ending there must be indirect.  */
static void
check_indirect_tail (struct verify *v, const struct verify_place *place,
		     const char *where, const struct ct_call *jumps, size_t n)
{
  for (size_t i = 0; i < n; i++)
    if (jumps[i].insn.kind == CT_INSN_CALL_INDIRECT)
      return;
  char target[1100];
  describe_target (v, &jumps[0], target, sizeof target);
  verify_report (v, VC_CALL_KIND, place,
		 "the tail call ending at %s is a direct jump to %s, not an"
		 " indirect one (callee_die 0)", where, target);
}

/* The .debug_tcall entry E names the function of a virtual tail call:
   its slot must be in .debug_vcall at the same site.  */
static void
check_virtual_tail (struct verify *v, const Calltab_Entry *e,
		    const struct verify_place *place, const char *where)
{
  uint64_t slot;
  if (__calltab_tcall_slot (v->ct, e, &slot))
    return;
  verify_report (v, VC_CALL_KIND, place,
		 "the virtual tail call ending at %s has no .debug_vcall"
		 " entry (its vtable slot)", where);
}

/* A .debug_pcall entry E (docs/format.md): calling a parameter's
   member-function pointer, at an indirect call; passing a pointer to a
   virtual member, at a direct call or jump that .debug_dcall or
   .debug_tcall records.  */
static void
check_pcall (struct verify *v, const Calltab_Entry *e,
	     const struct verify_place *place, const char *where,
	     const struct ct_call *calls, size_t n, bool jump)
{
  if (!CALLTAB_PCALL_IS_ARG (e->value))
    {
      for (size_t i = 0; i < n; i++)
	if (calls[i].insn.kind == CT_INSN_CALL_INDIRECT)
	  return;
      verify_report (v, VC_CALL_KIND, place, "the call through a "
		     "member-function pointer ending at %s is not an "
		     "indirect call", where);
      return;
    }
  bool direct = false;
  for (size_t i = 0; i < n; i++)
    direct |= calls[i].insn.kind != CT_INSN_CALL_INDIRECT;
  Calltab_Entry x;
  if (!direct
      || !__calltab_entry_at_site (v->ct, jump ? CALLTAB_TCALL : CALLTAB_DCALL,
				   e, &x))
    verify_report (v, VC_CALL_KIND, place, "the %s passing a pointer to "
		   "vtable slot %" PRIu64 " ending at %s is not a direct %s "
		   "with a %s entry", jump ? "tail call" : "call",
		   (uint64_t) CALLTAB_PCALL_SLOT (e->value), where,
		   jump ? "jump" : "call",
		   jump ? CALLTAB_TCALL_SECTION : CALLTAB_DCALL_SECTION);
}

void
verify_calls (struct verify *v)
{
  bool rel = __calltab_code_relocatable (v->code);
  const struct ct_target *target = __calltab_code_target (v->code);
  if (target == NULL || target->decode == NULL)
    return;			/* reported by calltab_verify (no-decoder) */
  size_t no_code = 0;
  /* A vtable slot is a pointer of the code's ELF class (not the unit's
     address_size, which the address-size check judges).  */
  unsigned ptr_size = gelf_getclass (v->elf) == ELFCLASS32 ? 4 : 8;
  for (int table = CALLTAB_DCALL; table <= CALLTAB_PCALL; table++)
    for (size_t n = 0; ; n++)
      {
	Calltab_Unit unit;
	if (calltab_unit (v->ct, table, n, &unit) != 0)
	  break;
	const char *label = verify_section_label (v, unit.section, unit.scn);
	for (size_t i = 0; ; i++)
	  {
	    Calltab_Entry e;
	    if (calltab_unit_entry (v->ct, &unit, i, &e) != 0)
	      break;
	    if (e.tombstone)
	      continue;
	    struct ct_place cp;
	    if (rel)
	      {
		if (!__calltab_code_is_exec (v->code, e.call_scn))
		  continue;	/* call-site-section reported it */
		cp = (struct ct_place) { e.call_scn, e.call_site };
	      }
	    else if (!__calltab_code_locate (v->code, e.call_site, &cp))
	      continue;
	    size_t size;
	    if (__calltab_code_bytes (v->code, cp.scnidx, &size) == NULL)
	      {
		no_code++;	/* SHT_NOBITS: a separate debug file */
		continue;
	      }
	    char where[512];
	    verify_describe_place (v, &cp, where, sizeof where);
	    struct verify_place place = { label, unit.offset, "entry", i };
	    struct ct_call calls[CT_MAX_INSN];
	    bool tail = table == CALLTAB_TCALL;
	    size_t ncalls = tail
	      ? __calltab_code_jumps_at (v->code, &cp, calls, CT_MAX_INSN)
	      : __calltab_code_calls_at (v->code, &cp, calls, CT_MAX_INSN);
	    /* A virtual tail call's slot is at its jump.  */
	    bool vtail = ncalls == 0 && table == CALLTAB_VCALL
			 && __calltab_vcall_is_tail (v->ct, &e);
	    if (vtail)
	      ncalls = __calltab_code_jumps_at (v->code, &cp, calls,
						CT_MAX_INSN);
	    /* A pointer passed by a tail call: at its jump.  */
	    bool ptail = ncalls == 0 && table == CALLTAB_PCALL
			 && CALLTAB_PCALL_IS_ARG (e.value);
	    if (ptail)
	      ncalls = __calltab_code_jumps_at (v->code, &cp, calls,
						CT_MAX_INSN);
	    v->calls_checked++;
	    if (ncalls == 0)
	      verify_report (v, VC_NOT_A_CALL, &place,
			     "no %s instruction ends at %s %s",
			     tail ? "jump" : "call", tail ? "site" : "call_site",
			     where);
	    else if (tail && e.value == CALLTAB_TCALL_INDIRECT)
	      check_indirect_tail (v, &place, where, calls, ncalls);
	    else if (tail && __calltab_tcall_is_method (v->ct, &e))
	      {
		check_indirect_tail (v, &place, where, calls, ncalls);
		check_virtual_tail (v, &e, &place, where);
	      }
	    else if (table == CALLTAB_PCALL)
	      check_pcall (v, &e, &place, where, calls, ncalls, ptail);
	    else if (table != CALLTAB_VCALL)
	      check_dcall (v, &e, &place, &cp, where,
			   tail ? "tail call" : "call", calls, ncalls);
	    else
	      check_vcall (v, &e, ptr_size, &place, where, calls, ncalls,
			   vtail);
	  }
      }
  if (no_code > 0)
    verify_report (v, VC_NO_CODE, NULL, "%zu call %s in sections without"
		   " contents (a separate debug file?): their instructions"
		   " are not checked", no_code,
		   no_code == 1 ? "site is" : "sites are");
}
