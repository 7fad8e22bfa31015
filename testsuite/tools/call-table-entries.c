/* call-table-entries: print the entries of the call tables of a linked
   program or shared library, with what the plugin tests check of each.

   call-table-entries [-a] FILE

   One line per entry, in section order:

     dcall CALLER+OFF CALLEE INSN
     vcall CALLER+OFF slot N INSN
     tcall CALLER+OFF CALLEE|indirect INSN

   CALLER is the function whose DIE in a calltab declaration unit names
   the entry's unit (DW_AT_calltab_dcall_unit/vcall_unit, or the
   implicit association of DW_AT_calltab_dcall_implicit, worked out here
   on its own), "?" if none does; OFF is call_site minus the start of the caller's part (the
   return address within the caller, stable across linkers): the DIE's
   DW_AT_low_pc in the layout of plugins before 0.2, else the start of
   the sized function symbol whose code holds the byte before call_site
   (docs/format.md "Where a part starts").  CALLEE is the
   linkage name (else the name) of the DIE that callee_die designates.
   INSN describes the instruction that ends at call_site, from the
   file's own bytes: for a direct call "call=callee" when its target is
   the address of CALLEE's symbol, else "call=SYMBOL" (a symbol at the
   target, "plt" for a PLT stub), "call*" for an indirect call, "NOT-CALL"
   otherwise; for a tail call (.debug_tcall, OFF the end of the jump)
   the same with "jmp" for "call".  Entries whose call_site is a linker tombstone (0 or all
   ones, or with gold's --gc-sections an offset into no code section)
   print "dead" instead of CALLER+OFF and INSN.  A last line
   counts units and entries.  With -a, every line that is not a
   tombstone ends with " @ADDR len N": call_site and the length of the
   call instruction (for a debugger to stop on it).  Relocatable objects are not supported (the
   tables of an object need its relocations applied): link first.

   A test tool: it reads the tables through libcalltab's reader and
   decodes the instructions with libcalltab's x86-64 decoder, but fails
   loudly (exit 2) on anything malformed rather than recovering.  */

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <fcntl.h>
#include <gelf.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "calltab.h"
#include "calltab-format.h"
#include "backends/target.h"

static const char *file;

static void __attribute__ ((noreturn, format (printf, 1, 2)))
fatal (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  fprintf (stderr, "call-table-entries: %s: ", file);
  vfprintf (stderr, fmt, ap);
  fputc ('\n', stderr);
  va_end (ap);
  exit (2);
}

/* A caller DIE of a declaration unit.  */
struct caller
{
  const char *name;
  int have_low_pc;		/* older layout: the DIE has DW_AT_low_pc */
  uint64_t low_pc;
  int64_t unit[3];		/* dcall, vcall, tcall unit offsets, -1 if
				   none */
  int marked;			/* DW_AT_calltab_dcall_implicit */
  uint64_t cu;			/* offset of its declaration unit */
};

static struct caller *callers;
static size_t n_callers;
static Elf *elf;
static Dwarf *dwarf;
static int swap;
static int show_addresses;
static int call_length;		/* of the last instruction describe_call saw */

static int
tombstone (uint64_t a)
{
  return a == 0 || a == UINT64_MAX || a == UINT32_MAX;
}

static uint64_t
read_n (const unsigned char *p, int n)
{
  uint64_t v = 0;
  for (int i = 0; i < n; i++)
    v |= (uint64_t) p[swap ? n - 1 - i : i] << (8 * i);
  return v;
}

static const char *
die_name (Dwarf_Die *die)
{
  Dwarf_Attribute a;
  const char *n = dwarf_formstring (dwarf_attr (die, DW_AT_linkage_name, &a));
  if (n == NULL)
    n = dwarf_formstring (dwarf_attr (die, DW_AT_MIPS_linkage_name, &a));
  if (n == NULL)
    n = dwarf_diename (die);
  return n != NULL ? n : "?";
}

/* A DW_FORM_sec_offset (or data4/data8 before DWARF 4) value, read from
   the attribute's bytes: libdw refuses sec_offset for attributes it does
   not know.  */
static int64_t
sec_offset (Dwarf_Die *die, unsigned name)
{
  Dwarf_Attribute a;
  if (dwarf_attr (die, name, &a) == NULL)
    return -1;
  switch (dwarf_whatform (&a))
    {
    case DW_FORM_sec_offset:
      {
	Dwarf_Die cu;
	uint8_t offset_size;
	if (dwarf_cu_die (a.cu, &cu, NULL, NULL, NULL, &offset_size, NULL,
			  NULL) == NULL)
	  fatal ("cannot read unit of DIE 0x%" PRIx64, dwarf_dieoffset (die));
	return read_n (a.valp, offset_size);
      }
    case DW_FORM_data4:
    case DW_FORM_data8:
      {
	Dwarf_Word w;
	if (dwarf_formudata (&a, &w) != 0)
	  fatal ("bad attribute 0x%x", name);
	return w;
      }
    default:
      fatal ("DIE 0x%" PRIx64 ": attribute 0x%x has form 0x%x",
	     dwarf_dieoffset (die), name, dwarf_whatform (&a));
    }
}

static void
collect_callers (void)
{
  Dwarf_Off off = 0, next;
  size_t hsize;
  while (dwarf_nextcu (dwarf, off, &next, &hsize, NULL, NULL, NULL) == 0)
    {
      Dwarf_Die cu, child;
      Dwarf_Attribute a;
      const char *producer;
      if (dwarf_offdie (dwarf, off + hsize, &cu) != NULL
	  && (producer = dwarf_formstring (dwarf_attr (&cu, DW_AT_producer,
						       &a))) != NULL
	  && strncmp (producer, CALLTAB_PRODUCER_PREFIX,
		      CALLTAB_PRODUCER_PREFIX_LEN) == 0
	  && dwarf_child (&cu, &child) == 0)
	do
	  {
	    Dwarf_Addr low = 0;
	    int have_low = dwarf_lowpc (&child, &low) == 0;
	    struct caller c = { die_name (&child), have_low, low,
	      { sec_offset (&child, DW_AT_calltab_dcall_unit),
		sec_offset (&child, DW_AT_calltab_vcall_unit),
		sec_offset (&child, DW_AT_calltab_tcall_unit) },
	      dwarf_hasattr (&child, DW_AT_calltab_dcall_implicit), off };
	    if (c.unit[0] < 0 && c.unit[1] < 0 && c.unit[2] < 0 && !c.marked)
	      continue;
	    callers = realloc (callers, (n_callers + 1) * sizeof *callers);
	    callers[n_callers++] = c;
	  }
	while (dwarf_siblingof (&child, &child) == 0);
      off = next;
    }
}

/* The caller whose DIE names unit OFFSET of kind K; discarded copies
   (in the older layout: tombstoned low_pc) name nothing.  */
static const struct caller *
caller_of (int k, uint64_t offset)
{
  const struct caller *found = NULL;
  for (size_t i = 0; i < n_callers; i++)
    if (!(callers[i].have_low_pc && tombstone (callers[i].low_pc))
	&& callers[i].unit[k] == (int64_t) offset)
      {
	if (found != NULL)
	  fatal ("unit 0x%" PRIx64 " named by two callers, %s and %s",
		 offset, found->name, callers[i].name);
	found = &callers[i];
      }
  return found;
}

/* The implicit association (docs/format.md "Which caller an entry
   belongs to"): the .debug_dcall units whose debug_info names a
   declaration unit and that no caller DIE names explicitly go, in
   section order, to its marked caller DIEs in DIE order; fatal unless
   the counts agree.  */
static void
assign_implicit (Calltab *ct)
{
  int any = 0;
  for (size_t i = 0; i < n_callers && !any; i++)
    any = callers[i].marked;
  if (!any)
    return;
  size_t units = calltab_nunits (ct, CALLTAB_DCALL);
  for (size_t u = 0; u < units; u++)
    {
      Calltab_Unit unit;
      if (calltab_unit (ct, CALLTAB_DCALL, u, &unit) != 0)
	fatal (".debug_dcall: unit %zu: %s", u, calltab_errmsg (-1));
      int named = 0, has_marks = 0;
      for (size_t i = 0; i < n_callers && !named; i++)
	named = !callers[i].marked && callers[i].unit[0] == (int64_t) unit.offset;
      if (named)
	continue;
      size_t i;
      for (i = 0; i < n_callers; i++)
	if (callers[i].marked && callers[i].cu == unit.debug_info)
	  {
	    has_marks = 1;
	    if (callers[i].unit[0] < 0)
	      break;
	  }
      if (i < n_callers)
	callers[i].unit[0] = (int64_t) unit.offset;
      else if (has_marks)
	fatal ("unit 0x%" PRIx64 ": more implicit units than marked DIEs in"
	       " the declaration unit at 0x%" PRIx64, unit.offset,
	       unit.debug_info);
    }
  for (size_t i = 0; i < n_callers; i++)
    if (callers[i].marked && callers[i].unit[0] < 0)
      fatal ("marked caller DIE %s of the unit at 0x%" PRIx64 " has no"
	     " unit", callers[i].name, callers[i].cu);
}

/* The start of the sized function symbol (.symtab) whose code holds the
   byte before return address END; fatal if none does.  */
static uint64_t
part_start (uint64_t end)
{
  Elf_Scn *scn = NULL;
  GElf_Shdr sh;
  while ((scn = elf_nextscn (elf, scn)) != NULL)
    if (gelf_getshdr (scn, &sh) != NULL && sh.sh_type == SHT_SYMTAB)
      break;
  Elf_Data *d = scn != NULL ? elf_getdata (scn, NULL) : NULL;
  if (d == NULL || sh.sh_entsize == 0)
    fatal ("no symbol table to find the caller of 0x%" PRIx64, end);
  for (size_t i = 1; i < sh.sh_size / sh.sh_entsize; i++)
    {
      GElf_Sym sym;
      if (gelf_getsym (d, (int) i, &sym) != NULL
	  && GELF_ST_TYPE (sym.st_info) == STT_FUNC && sym.st_size > 0
	  && sym.st_shndx != SHN_UNDEF && sym.st_value < end
	  && end - 1 - sym.st_value < sym.st_size)
	return sym.st_value;
    }
  fatal ("no function symbol holds call_site 0x%" PRIx64, end);
  return 0;
}

/* The bytes of the allocated section holding ADDR, and its header.  */
static const unsigned char *
code_at (uint64_t addr, GElf_Shdr *shdr, size_t *avail_before)
{
  Elf_Scn *scn = NULL;
  while ((scn = elf_nextscn (elf, scn)) != NULL)
    if (gelf_getshdr (scn, shdr) != NULL && (shdr->sh_flags & SHF_EXECINSTR)
	&& shdr->sh_type == SHT_PROGBITS
	&& addr > shdr->sh_addr && addr <= shdr->sh_addr + shdr->sh_size)
      {
	Elf_Data *d = elf_getdata (scn, NULL);
	if (d == NULL)
	  return NULL;
	*avail_before = addr - shdr->sh_addr;
	return (const unsigned char *) d->d_buf + *avail_before;
      }
  return NULL;
}

/* The address of the function symbol NAME, or 0.  */
static uint64_t
symbol_address (const char *name)
{
  Elf_Scn *scn = NULL;
  GElf_Shdr shdr;
  while ((scn = elf_nextscn (elf, scn)) != NULL)
    {
      if (gelf_getshdr (scn, &shdr) == NULL || shdr.sh_type != SHT_SYMTAB)
	continue;
      Elf_Data *d = elf_getdata (scn, NULL);
      size_t n = shdr.sh_entsize ? shdr.sh_size / shdr.sh_entsize : 0;
      for (size_t i = 0; d != NULL && i < n; i++)
	{
	  GElf_Sym sym;
	  const char *sn;
	  if (gelf_getsym (d, i, &sym) != NULL
	      && GELF_ST_TYPE (sym.st_info) == STT_FUNC && sym.st_shndx != 0
	      && (sn = elf_strptr (elf, shdr.sh_link, sym.st_name)) != NULL
	      && strcmp (sn, name) == 0)
	    return sym.st_value;
	}
    }
  return 0;
}

static const char *
symbol_at (uint64_t addr)
{
  Elf_Scn *scn = NULL;
  GElf_Shdr shdr;
  size_t shstrndx;
  if (elf_getshdrstrndx (elf, &shstrndx) != 0)
    return NULL;
  const char *in_plt = NULL;
  while ((scn = elf_nextscn (elf, scn)) != NULL)
    {
      if (gelf_getshdr (scn, &shdr) == NULL)
	continue;
      const char *sname = elf_strptr (elf, shstrndx, shdr.sh_name);
      if (sname != NULL && strncmp (sname, ".plt", 4) == 0
	  && addr >= shdr.sh_addr && addr < shdr.sh_addr + shdr.sh_size)
	in_plt = "plt";
      if (shdr.sh_type != SHT_SYMTAB)
	continue;
      Elf_Data *d = elf_getdata (scn, NULL);
      size_t n = shdr.sh_entsize ? shdr.sh_size / shdr.sh_entsize : 0;
      for (size_t i = 0; d != NULL && i < n; i++)
	{
	  GElf_Sym sym;
	  if (gelf_getsym (d, i, &sym) != NULL && sym.st_value == addr
	      && GELF_ST_TYPE (sym.st_info) == STT_FUNC && sym.st_shndx != 0)
	    return elf_strptr (elf, shdr.sh_link, sym.st_name);
	}
    }
  return in_plt;
}

/* What jump ends at SITE (a tail call), as describe_call says of a
   call: forwards from each start that could reach SITE, with the
   machine's decoder.  */
static const char *
describe_jump (uint64_t site, const char *callee, char *buf, size_t size)
{
  GElf_Shdr shdr;
  size_t before;
  const unsigned char *end = code_at (site, &shdr, &before);
  call_length = 0;
  if (end == NULL)
    return "NOT-JUMP(no code)";
  const unsigned char *code = end - before;
  for (size_t len = 2; len <= CT_MAX_INSN && len <= before; len++)
    {
      struct ct_insn insn;
      if (!__calltab_x86_64_target.decode (code, before, before - len, &insn)
	  || insn.length != len || insn.kind != CT_INSN_JUMP)
	continue;
      call_length = (int) (before - insn.opcode);
      if (!insn.direct)
	return "jmp*";
      uint64_t target = site + (uint64_t) insn.rel;
      const char *sym = symbol_at (target);
      if (callee != NULL && symbol_address (callee) == target)
	snprintf (buf, size, "jmp=callee");
      else if (sym != NULL)
	snprintf (buf, size, "jmp=%s", sym);
      else
	snprintf (buf, size, "jmp=0x%" PRIx64, target);
      return buf;
    }
  return "NOT-JUMP";
}

/* What instruction ends at RET, into BUF; CALLEE is the function the
   entry names (NULL for a virtual call).  */
static const char *
describe_call (uint64_t ret, const char *callee, char *buf, size_t size)
{
  GElf_Shdr shdr;
  size_t before;
  const unsigned char *end = code_at (ret, &shdr, &before);
  call_length = 0;
  if (end == NULL)
    return "NOT-CALL(no code)";
  /* libcalltab's decoder, backwards: a direct call whose opcode is 5
     bytes before RET wins, else the indirect call with the fewest bytes
     from its opcode.  CALL_LENGTH counts from the opcode (prefixes
     left out).  */
  struct ct_insn calls[CT_MAX_INSN];
  size_t n = __calltab_calls_ending_at (&__calltab_x86_64_target,
					end - before, before, before, calls,
					CT_MAX_INSN);
  const struct ct_insn *direct = NULL, *indirect = NULL;
  for (size_t i = 0; i < n; i++)
    if (calls[i].kind == CT_INSN_CALL && before - calls[i].opcode == 5)
      direct = &calls[i];
    else if (calls[i].kind == CT_INSN_CALL_INDIRECT
	     && (indirect == NULL || calls[i].opcode > indirect->opcode))
      indirect = &calls[i];
  if (direct != NULL)
    {
      call_length = 5;
      uint64_t target = ret + (uint64_t) direct->rel;
      const char *sym = symbol_at (target);
      if (callee != NULL && symbol_address (callee) == target)
	snprintf (buf, size, "call=callee");
      else if (sym != NULL)
	snprintf (buf, size, "call=%s", sym);
      else
	snprintf (buf, size, "call=0x%" PRIx64, target);
      return buf;
    }
  if (indirect != NULL)
    {
      call_length = (int) (before - indirect->opcode);
      return "call*";
    }
  return "NOT-CALL";
}

/* The entries of table K (CALLTAB_DCALL, CALLTAB_VCALL, CALLTAB_TCALL),
   through libcalltab's reader.  */
static void
walk (Calltab *ct, const char *secname, int k)
{
  size_t units = calltab_nunits (ct, k), entries = 0;
  for (size_t u = 0; u < units; u++)
    {
      Calltab_Unit unit;
      if (calltab_unit (ct, k, u, &unit) != 0)
	fatal ("%s: unit %zu: %s", secname, u, calltab_errmsg (-1));
      const struct caller *c = caller_of (k, unit.offset);
      for (size_t i = 0; i < unit.nentries; i++)
	{
	  Calltab_Entry e;
	  if (calltab_unit_entry (ct, &unit, i, &e) != 0)
	    fatal ("%s[0x%" PRIx64 "]: entry %zu: %s", secname, unit.offset,
		   i, calltab_errmsg (-1));
	  uint64_t site = e.call_site, v = e.value;
	  entries++;
	  char where[512], what[256], insn[320];
	  const char *callee_name = NULL;
	  Dwarf_Die callee;
	  if (k == CALLTAB_TCALL && v == CALLTAB_TCALL_INDIRECT)
	    callee_name = "indirect";
	  else if (k != CALLTAB_VCALL)
	    {
	      if (dwarf_offdie (dwarf, e.die, &callee) == NULL
		  || (dwarf_tag (&callee) != DW_TAG_subprogram
		      && dwarf_tag (&callee) != DW_TAG_entry_point))
		fatal ("%s[0x%" PRIx64 "]: callee_die 0x%" PRIx64
		       " (unit 0x%" PRIx64 ") is not a subprogram DIE",
		       secname, unit.offset, v, unit.debug_info);
	      callee_name = die_name (&callee);
	    }
	  GElf_Shdr code_shdr;
	  size_t before;
	  if (e.tombstone || tombstone (site)
	      || code_at (site, &code_shdr, &before) == NULL)
	    {
	      snprintf (where, sizeof where, "dead");
	      insn[0] = '\0';
	    }
	  else
	    {
	      if (c != NULL)
		snprintf (where, sizeof where, "%s+0x%" PRIx64, c->name,
			  site - (c->have_low_pc ? c->low_pc
				  : part_start (site)));
	      else
		snprintf (where, sizeof where, "?+0x%" PRIx64, site);
	      int used = snprintf (insn, sizeof insn, " %s",
				   k == CALLTAB_TCALL
				   ? describe_jump (site, v == 0 ? NULL
						    : callee_name, what,
						    sizeof what)
				   : describe_call (site, callee_name, what,
						    sizeof what));
	      if (show_addresses)
		snprintf (insn + used, sizeof insn - used,
			  " @0x%" PRIx64 " len %d", site, call_length);
	    }
	  if (k == CALLTAB_DCALL)
	    printf ("dcall %s %s%s\n", where, callee_name, insn);
	  else if (k == CALLTAB_TCALL)
	    printf ("tcall %s %s%s\n", where, callee_name, insn);
	  else
	    printf ("vcall %s slot %" PRIu64 "%s\n", where, v, insn);
	}
    }
  printf ("%s: %zu units, %zu entries\n", secname, units, entries);
}

int
main (int argc, char **argv)
{
  if (argc == 3 && strcmp (argv[1], "-a") == 0)
    {
      show_addresses = 1;
      argv++;
      argc--;
    }
  if (argc != 2)
    {
      fprintf (stderr, "usage: call-table-entries [-a] FILE\n");
      return 2;
    }
  file = argv[1];
  elf_version (EV_CURRENT);
  int fd = open (file, O_RDONLY);
  if (fd < 0)
    fatal ("cannot open");
  elf = elf_begin (fd, ELF_C_READ, NULL);
  GElf_Ehdr eh;
  if (elf == NULL || gelf_getehdr (elf, &eh) == NULL)
    fatal ("not ELF");
  if (eh.e_type == ET_REL)
    fatal ("a relocatable object: link it first");
  swap = eh.e_ident[EI_DATA] != ELFDATA2LSB;
  dwarf = dwarf_begin_elf (elf, DWARF_C_READ, NULL);
  if (dwarf == NULL)
    fatal ("no DWARF: %s", dwarf_errmsg (-1));
  collect_callers ();
  /* The tables through libcalltab's reader; this tool recovers from
     nothing: any problem the reader records is fatal.  */
  Calltab *ct = calltab_begin (file);
  if (ct == NULL)
    fatal ("cannot read the tables: %s", calltab_errmsg (-1));
  Calltab_Problem problem;
  if (calltab_nproblems (ct) > 0 && calltab_problem (ct, 0, &problem) == 0)
    fatal ("%s[0x%" PRIx64 "]: %s", problem.section, problem.offset,
	   problem.text);
  assign_implicit (ct);
  walk (ct, CALLTAB_DCALL_SECTION, CALLTAB_DCALL);
  walk (ct, CALLTAB_VCALL_SECTION, CALLTAB_VCALL);
  walk (ct, CALLTAB_TCALL_SECTION, CALLTAB_TCALL);
  calltab_end (ct);
  return 0;
}
