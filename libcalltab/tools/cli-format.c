/* cli-format.c: the text and JSON forms of units and entries that dump
   and lookup share.  The text format is documented in docs/cli.md and is
   stable: one record per line, a keyword first, NAME=VALUE fields, the
   free-text name last.  */

#include <inttypes.h>
#include <stdbool.h>
#include "calltab-cli.h"

const char *
cli_table_name (int table)
{
  return table == CALLTAB_DCALL ? "dcall"
	 : table == CALLTAB_TCALL ? "tcall"
	 : table == CALLTAB_PCALL ? "pcall" : "vcall";
}

void
cli_print_unit (FILE *out, const Calltab *ct, const Calltab_Unit *u)
{
  fprintf (out, "unit %s %s[%zu] 0x%08" PRIx64 " length=0x%" PRIx64
	   " format=dwarf%u version=%u address_size=%u",
	   cli_table_name (u->table), u->section, u->scn, u->offset,
	   u->length, u->offset_size * 8, u->version, u->address_size);
  if (u->table == CALLTAB_DCALL || u->table == CALLTAB_TCALL)
    fprintf (out, " debug_info=0x%08" PRIx64, u->debug_info);
  if (u->debug_info_scn != 0)
    fprintf (out, " debug_info_scn=%zu", u->debug_info_scn);
  fprintf (out, " entries=%zu\n", u->nentries);
  Calltab_Caller c;
  if (calltab_unit_caller (ct, u, &c) == 0)
    fprintf (out, "caller %s %s[%zu] 0x%08" PRIx64 " die=0x%08" PRIx64
	     " low_pc=0x%" PRIx64 "%s name=%s\n", cli_table_name (u->table),
	     u->section, u->scn, u->offset, c.func.die, c.low_pc,
	     c.discarded ? " discarded" : "",
	     c.func.name ? c.func.name : "?");
}

/* The callee of the direct-call entry E into *F: NULL, or why it does not
   resolve (the library's message, valid until its next error; the error
   is consumed, so that it does not become the command's).  */
static const char *
entry_callee (const Calltab *ct, const Calltab_Entry *e, Calltab_Func *f)
{
  if (calltab_callee (ct, e, f) == 0)
    return NULL;
  const char *why = calltab_errmsg (-1);
  calltab_errno ();
  return why;
}

/* The callee of a direct call, or WHY it does not resolve, in the text
   form.  */
static void
text_callee (FILE *out, const Calltab_Func *f, const char *why)
{
  if (why != NULL)
    {
      fprintf (out, " unresolved=%s", why);
      return;
    }
  if (f->decl_file != NULL)
    fprintf (out, " decl=%s:%d", f->decl_file, f->decl_line);
  if (f->linkage_name != NULL)
    fprintf (out, " linkage=%s", f->linkage_name);
  fprintf (out, " name=%s", f->name ? f->name : "?");
}

/* The same in the JSON form.  */
static void
json_callee (FILE *out, const Calltab_Func *f, const char *why)
{
  if (why != NULL)
    {
      fputs (",\"error\":", out);
      cli_json_string (out, why);
      return;
    }
  fputs (",\"name\":", out);
  cli_json_string (out, f->name);
  fputs (",\"linkage_name\":", out);
  cli_json_string (out, f->linkage_name);
  fputs (",\"decl_file\":", out);
  cli_json_string (out, f->decl_file);
  fprintf (out, ",\"decl_line\":%d", f->decl_line);
}

/* What entry E says of its target, the same in both forms (JSON or
   text): an indirect call's vtable slot; a direct call's callee DIE,
   then its callee or why it does not resolve; a tail call's the same,
   or callee_die 0 for a jump whose target is not known.  */
static void
print_target (FILE *out, const Calltab *ct, const Calltab_Entry *e,
	      bool json)
{
  if (e->table == CALLTAB_VCALL)
    {
      fprintf (out, json ? ",\"vtable_slot\":%" PRIu64
			 : " vtable_slot=%" PRIu64, e->value);
      return;
    }
  if (e->table == CALLTAB_PCALL)
    {
      /* docs/format.md, ".debug_pcall".  */
      if (CALLTAB_PCALL_IS_ARG (e->value))
	fprintf (out, json ? ",\"argument\":%" PRIu64 ",\"vtable_slot\":%"
			   PRIu64 : " argument=%" PRIu64 " vtable_slot=%"
			   PRIu64, (uint64_t) CALLTAB_PCALL_K (e->value),
		 (uint64_t) CALLTAB_PCALL_SLOT (e->value));
      else
	fprintf (out, json ? ",\"parameter\":%" PRIu64
			   : " parameter=%" PRIu64,
		 (uint64_t) CALLTAB_PCALL_K (e->value));
      return;
    }
  fprintf (out, json ? ",\"callee_die\":%" PRIu64 ",\"die\":%" PRIu64
		     : " callee_die=0x%" PRIx64 " die=0x%08" PRIx64,
	   e->value, e->die);
  if (e->table == CALLTAB_TCALL && e->value == CALLTAB_TCALL_INDIRECT)
    {
      fputs (json ? ",\"indirect\":true" : " indirect", out);
      return;
    }
  Calltab_Func f;
  const char *why = entry_callee (ct, e, &f);
  if (json)
    json_callee (out, &f, why);
  else
    text_callee (out, &f, why);
  if (e->table == CALLTAB_TCALL && calltab_tcall_virtual (ct, e) == 1)
    fputs (json ? ",\"virtual\":true" : " virtual", out);
}

void
cli_print_entry (FILE *out, const Calltab *ct, const Calltab_Entry *e)
{
  Calltab_Unit u = { 0 };
  calltab_unit (ct, e->table, e->unit, &u);
  int width = (int) u.address_size * 2;
  fprintf (out, "%s %s[%zu] 0x%08" PRIx64 " 0x%08" PRIx64
	   " call_site=0x%0*" PRIx64, cli_table_name (e->table),
	   u.section, u.scn, u.offset, e->offset,
	   width, e->call_site);
  if (e->tombstone)
    fputs (" tombstone", out);
  else
    fprintf (out, " scn=%zu", e->call_scn);
  print_target (out, ct, e, false);
  putc ('\n', out);
}

/* The one JSON string escaper of dump, lookup and verify (RFC 8259):
   S up to its NUL, with '"', '\\' and the control characters below 0x20
   escaped, and DEL (0x7f) as \u007f too, so that no control character
   reaches the output raw; other bytes as they are (names are UTF-8 or
   bytes a consumer must take as such).  NULL is written as null.  */
void
cli_json_string (FILE *out, const char *s)
{
  if (s == NULL)
    {
      fputs ("null", out);
      return;
    }
  putc ('"', out);
  for (; *s; s++)
    {
      unsigned char c = (unsigned char) *s;
      if (c == '"' || c == '\\')
	fprintf (out, "\\%c", c);
      else if (c < 0x20 || c == 0x7f)
	fprintf (out, "\\u%04x", c);
      else
	putc (c, out);
    }
  putc ('"', out);
}

void
cli_json_entry (FILE *out, const Calltab *ct, const Calltab_Entry *e)
{
  Calltab_Unit u;
  calltab_unit (ct, e->table, e->unit, &u);
  fprintf (out, "{\"table\":\"%s\",\"scn\":%zu,\"unit\":%" PRIu64
	   ",\"offset\":%" PRIu64 ",\"call_site\":%" PRIu64
	   ",\"call_scn\":%zu,\"tombstone\":%s", cli_table_name (e->table),
	   u.scn, u.offset, e->offset, e->call_site, e->call_scn,
	   e->tombstone ? "true" : "false");
  print_target (out, ct, e, true);
  putc ('}', out);
}

size_t
cli_print_problems (const Calltab *ct)
{
  size_t errors = 0;
  Calltab_Problem p;
  for (size_t i = 0; calltab_problem (ct, i, &p) == 0; i++)
    {
      fprintf (stderr, "calltab: %s: %s\n",
	       p.severity == CALLTAB_ERROR ? "error" : "warning", p.message);
      errors += p.severity == CALLTAB_ERROR;
    }
  return errors;
}
