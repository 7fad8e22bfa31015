/* call-target.c: the call ending at a return address, and its target.

   The decode strategy, machine-independent: forwards from the function
   symbol that holds the place when there is one (no ambiguity), else the
   backward search.  The machine decodes (target.h) and names the
   target.  */

#include <string.h>
#include "call-target.h"

/* Whether INSN is what a table entry's instruction is: a call, or with
   JUMPS an unconditional jump (a tail call).  */
static bool
wanted (const struct ct_insn *insn, bool jumps)
{
  return jumps ? insn->kind == CT_INSN_JUMP : __calltab_insn_is_call (insn);
}

static size_t
insns_ending_at (const struct ct_target *target, const unsigned char *code,
		 size_t size, size_t end, struct ct_insn *out, size_t max,
		 bool jumps)
{
  size_t n = 0;
  if (target == NULL || target->decode == NULL || code == NULL
      || end > size || end < target->min_call)
    return 0;
  size_t first = end > CT_MAX_INSN ? end - CT_MAX_INSN : 0;
  /* Longest first: a match starting earlier is the likelier instruction
     when a shorter one hides in its last bytes.  */
  for (size_t start = first; start + target->min_call <= end && n < max;
       start++)
    {
      struct ct_insn c;
      /* Decode within [0, END) so that nothing past the end is read or
	 taken as part of the instruction.  */
      if (target->decode (code, end, start, &c)
	  && wanted (&c, jumps) && start + c.length == end
	  && (n == 0 || out[n - 1].opcode != c.opcode))
	out[n++] = c;
    }
  return n;
}

size_t
__calltab_calls_ending_at (const struct ct_target *target,
			   const unsigned char *code, size_t size,
			   size_t end, struct ct_insn *out, size_t max)
{
  return insns_ending_at (target, code, size, end, out, max, false);
}

/* Decode forwards from START to END: 1 if an instruction ends exactly at
   END (*INSN is it), 0 if the walk steps over END or cannot decode
   (then the backward search decides).  */
static int
forward_to (const struct ct_target *target, const unsigned char *bytes,
	    uint64_t start, uint64_t end, struct ct_insn *insn)
{
  size_t off = (size_t) start;
  while (off < end)
    {
      /* Within [0, END): nothing past the return address belongs to the
	 call.  */
      if (!target->decode (bytes, (size_t) end, off, insn))
	return 0;
      if (off + insn->length == end)
	return 1;
      off += insn->length;
    }
  return 0;
}

static size_t
insns_at (const struct ct_code *code, const struct ct_place *place,
	  struct ct_call *out, size_t max, bool jumps)
{
  const struct ct_target *target = __calltab_code_target (code);
  size_t size;
  const unsigned char *bytes = __calltab_code_bytes (code, place->scnidx,
						     &size);
  if (target == NULL || target->decode == NULL || bytes == NULL
      || place->offset > size)
    return 0;
  struct ct_insn insns[CT_MAX_INSN];
  size_t n;
  uint64_t start = __calltab_code_func_start (code, place->scnidx,
					      place->offset);
  struct ct_insn at;
  if (start != (uint64_t) -1 && start < place->offset
      && forward_to (target, bytes, start, place->offset, &at))
    {
      /* The instruction that ends there is known: no ambiguity.  */
      n = max > 0 && wanted (&at, jumps) ? 1 : 0;
      insns[0] = at;
    }
  else
    n = insns_ending_at (target, bytes, size, (size_t) place->offset, insns,
			 max < CT_MAX_INSN ? max : CT_MAX_INSN, jumps);
  for (size_t i = 0; i < n; i++)
    {
      memset (&out[i], 0, sizeof out[i]);
      out[i].insn = insns[i];
      /* A jump's target is named as a call's would be.  */
      if (jumps)
	out[i].insn.kind = insns[i].direct ? CT_INSN_CALL
			   : CT_INSN_CALL_INDIRECT;
      if (target->resolve_call != NULL)
	target->resolve_call (code, place, &out[i]);
    }
  return n;
}

size_t
__calltab_code_calls_at (const struct ct_code *code,
			 const struct ct_place *place, struct ct_call *out,
			 size_t max)
{
  return insns_at (code, place, out, max, false);
}

size_t
__calltab_code_jumps_at (const struct ct_code *code,
			 const struct ct_place *place, struct ct_call *out,
			 size_t max)
{
  return insns_at (code, place, out, max, true);
}

const char *
__calltab_call_name_next (const struct ct_code *code, const struct ct_call *c,
			  size_t *cookie)
{
  /* COOKIE: 1 + the index in NAMES, then past them the place's own
     cookie + NNAMES + 1.  */
  if (*cookie < c->nnames)
    return c->names[(*cookie)++];
  if (!c->placed || *cookie == (size_t) -1)
    return NULL;
  size_t place = *cookie - c->nnames;
  const char *name;
  for (;;)
    {
      name = __calltab_code_symbol_next (code, c->target_scn, c->target,
					 &place);
      if (name == NULL)
	{
	  *cookie = (size_t) -1;
	  return NULL;
	}
      bool seen = false;
      for (size_t i = 0; i < c->nnames && !seen; i++)
	seen = strcmp (c->names[i], name) == 0;
      if (!seen)
	break;
    }
  *cookie = place + c->nnames;
  return name;
}
