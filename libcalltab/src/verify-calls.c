/* verify-calls.c: the instruction at every return address.

   For each entry whose call_site is in an executable section: a call
   instruction must end there (call-target.c over the machine's decoder,
   x86_64-decode.c); for a .debug_dcall entry its target must be the
   function callee_die names (x86_64-target.c: the relocation in an
   object, the decoded address and the PLT in a linked file; under ICF any of the symbols at the target may match); for a
   .debug_vcall entry it must be an indirect call (or a call of a
   retpoline thunk, -mindirect-branch=thunk).  */

#include <inttypes.h>
#include <string.h>
#include "verify.h"

static bool
is_retpoline_thunk (const char *name)
{
  return strncmp (name, "__x86_indirect_thunk_", 21) == 0
	 || strncmp (name, "__x86_indirect_call_thunk_", 26) == 0;
}

/* "a, b, c" from the names of C into BUF.  */
static const char *
names_of (const struct ct_call *c, char *buf, size_t size)
{
  size_t n = 0;
  buf[0] = '\0';
  for (size_t i = 0; i < c->nnames && n < size; i++)
    n += (size_t) snprintf (buf + n, size - n, "%s'%s'", i ? ", " : "",
			    c->names[i]);
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
  char names[256];
  if (c->nnames > 0)
    snprintf (buf, size, "%s%s", names_of (c, names, sizeof names),
	      c->via_plt ? " through the PLT" : "");
  else if (__calltab_code_relocatable (v->code))
    snprintf (buf, size, "%s+0x%" PRIx64 ", where no function symbol is",
	      __calltab_code_scn_name (v->code, c->target_scn), c->target);
  else
    snprintf (buf, size, "0x%" PRIx64 ", where no function symbol is",
	      c->target);
}

static void
check_dcall (struct verify *v, const Calltab_Entry *e,
	     const struct verify_place *place, const char *where,
	     const struct ct_call *calls, size_t n)
{
  Calltab_Func f;
  if (!verify_callee_ok (v, e) || calltab_callee (v->ct, e, &f) != 0)
    return;			/* callee-die reported it */
  const struct ct_call *named = NULL;
  for (size_t i = 0; i < n; i++)
    {
      if (!calls[i].resolved)
	continue;
      for (size_t j = 0; j < calls[i].nnames; j++)
	if (verify_symbol_matches (calls[i].names[j], f.name,
				   f.linkage_name))
	  return;
      if (named == NULL)
	named = &calls[i];
    }
  if (named != NULL)
    {
      char target[400];
      describe_target (v, named, target, sizeof target);
      verify_report (v, VC_CALL_TARGET, place,
		     "the call ending at %s calls %s, not '%s'", where,
		     target, callee_label (&f));
      return;
    }
  verify_report (v, VC_TARGET_UNKNOWN, place,
		 "the call ending at %s is %s; whether it calls '%s' cannot"
		 " be checked", where,
		 calls[0].insn.kind == CT_INSN_CALL_INDIRECT
		 ? "an indirect call" : "a direct call with an unresolved target",
		 callee_label (&f));
}

static void
check_vcall (struct verify *v, const Calltab_Entry *e, unsigned ptr_size,
	     const struct verify_place *place, const char *where,
	     const struct ct_call *calls, size_t n)
{
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
			   "the call ending at %s reads the vtable at offset"
			   " %" PRId64 ", not at slot %" PRIu64 " (offset %"
			   PRIu64 ")", where, c->disp, e->value,
			   e->value * ptr_size);
	  return;
	}
      for (size_t j = 0; j < calls[i].nnames; j++)
	if (is_retpoline_thunk (calls[i].names[j]))
	  return;
    }
  char target[400];
  describe_target (v, &calls[0], target, sizeof target);
  verify_report (v, VC_CALL_KIND, place,
		 "the call ending at %s is a direct call of %s, not an"
		 " indirect call", where, target);
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
  for (int table = CALLTAB_DCALL; table <= CALLTAB_VCALL; table++)
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
	    size_t ncalls = __calltab_code_calls_at (v->code, &cp, calls,
						     CT_MAX_INSN);
	    v->calls_checked++;
	    if (ncalls == 0)
	      verify_report (v, VC_NOT_A_CALL, &place,
			     "no call instruction ends at call_site %s",
			     where);
	    else if (table == CALLTAB_DCALL)
	      check_dcall (v, &e, &place, where, calls, ncalls);
	    else
	      check_vcall (v, &e, ptr_size, &place, where, calls, ncalls);
	  }
      }
  if (no_code > 0)
    verify_report (v, VC_NO_CODE, NULL, "%zu call %s in sections without"
		   " contents (a separate debug file?): their instructions"
		   " are not checked", no_code,
		   no_code == 1 ? "site is" : "sites are");
}
