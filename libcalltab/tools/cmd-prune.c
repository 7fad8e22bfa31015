/* cmd-prune.c: calltab prune IN -o OUT: drop the .debug_dcall entries
   that disambiguation never needs (seed 000's linker step, after the
   link; docs/prune.md).

   An entry is kept when its caller (the part of a function its unit
   belongs to) is merged, or when its call_site is live and its callee is
   merged, or its callee jumps on (it has a .debug_tcall unit: the
   functions it reaches by tail calls may be merged, and the entry is
   where their chain starts), or the call passes a pointer to a virtual
   member (.debug_pcall: rule 10 reads which function it calls);
   "merged" means the code is shared with another function
   (calltab_functions_at gives more than one function there).  Every
   .debug_vcall, .debug_tcall and .debug_pcall entry is kept.  Units stay, emptied ones as a bare header,
   so that every caller DIE keeps naming its unit; the caller DIEs'
   DW_AT_calltab_dcall_unit values are rewritten in place.  */

#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <gelf.h>
#include <dwarf.h>
#include "calltab-cli.h"
#include "prune-elf.h"

static void
help (FILE *out)
{
  fputs ("Usage: calltab prune [--debuginfo-path=PATH] [-q] IN -o OUT\n"
	 "Write a copy of the linked file IN to OUT without the .debug_dcall\n"
	 "entries that disambiguation never needs: those whose callee is not\n"
	 "merged with another function (identical code folding) and whose\n"
	 "caller is not merged.  .debug_vcall is kept whole; every other\n"
	 "section is copied unchanged but for the caller DIEs' unit offsets.\n"
	 "Prints the sizes before and after.  When IN's tables are in a\n"
	 "separate debug file, OUT is the pruned copy of that file.\n\n"
	 "  -o OUT, --output=OUT\n"
	 "              the file to write (may be IN)\n"
	 "  --debuginfo-path=PATH\n"
	 "              where to look for separate debug files\n"
	 "  -q, --quiet print nothing but errors\n"
	 "  -h, --help  print this help and exit\n\n"
	 "Exit status: 0 written, 2 usage error, unreadable input, or input\n"
	 "that cannot be pruned (see the message).\n", out);
}

/* A function symbol's name, whether its code is merged and whether it
   makes tail calls.  */
struct sym
{
  const char *name;
  size_t len;			/* of the name without ".cold", ".cold.N" */
  bool merged;
  bool jumps;			/* a .debug_tcall unit is its */
};

static int
cmp_sym (const void *a, const void *b)
{
  const struct sym *x = a, *y = b;
  size_t n = x->len < y->len ? x->len : y->len;
  int c = memcmp (x->name, y->name, n);
  if (c != 0)
    return c;
  return x->len < y->len ? -1 : x->len > y->len;
}

/* An address and the number of functions there.  */
struct place
{
  uint64_t addr;
  size_t n;
};

static int
cmp_place (const void *a, const void *b)
{
  const struct place *x = a, *y = b;
  return x->addr < y->addr ? -1 : x->addr > y->addr;
}

struct prune
{
  const char *file;		/* the file the tables are read from */
  Calltab *ct;
  struct sym *syms;
  size_t nsyms;
  struct place *places;		/* the symbols' addresses, sorted */
  size_t nplaces;
  /* Set by check_input.  */
  bool msb;			/* the file's byte order */
  size_t nunits;		/* .debug_dcall units */
  size_t dscn;			/* the index of .debug_dcall */
  Elf_Data *raw;		/* its bytes */
  Elf_Scn *info;		/* .debug_info */
};

/* The number of functions whose code holds ADDR (calltab_functions_at),
   or (size_t) -1 on error.  */
static size_t
functions_at (const struct prune *p, uint64_t addr)
{
  Calltab_Function *f = NULL;
  size_t n = 0;
  if (calltab_functions_at (p->ct, addr, &f, &n) != 0)
    return (size_t) -1;
  free (f);
  return n;
}

/* Whether the code at ADDR is shared by several functions; -1 on
   error.  */
static int
merged_at (const struct prune *p, uint64_t addr)
{
  struct place key = { addr, 0 };
  const struct place *hit = bsearch (&key, p->places, p->nplaces,
				     sizeof key, cmp_place);
  size_t n = hit != NULL ? hit->n : functions_at (p, addr);
  if (n == (size_t) -1)
    return -1;
  return n > 1;
}

/* Read the function symbols of the tables' file, with whether each is
   merged (a "NAME.cold", "NAME.cold.N" counts as NAME: calltab_symbol_stem,
   as calltab_functions_at).  Returns 0, -1 with a message printed.  */
static int
read_symbols (struct prune *p)
{
  Elf *elf = calltab_elf (p->ct);
  Elf_Scn *scn = NULL, *symtab = NULL;
  GElf_Shdr sh;
  while ((scn = elf_nextscn (elf, scn)) != NULL)
    if (gelf_getshdr (scn, &sh) != NULL && sh.sh_type == SHT_SYMTAB)
      symtab = scn;
  if (symtab == NULL || gelf_getshdr (symtab, &sh) == NULL)
    {
      fprintf (stderr, "calltab prune: %s: no symbol table (.symtab): which"
	       " functions are merged cannot be told; not pruned\n", p->file);
      return -1;
    }
  Elf_Data *data = elf_getdata (symtab, NULL);
  size_t n = sh.sh_entsize ? sh.sh_size / sh.sh_entsize : 0;
  p->syms = calloc (n ? n : 1, sizeof *p->syms);
  if (data == NULL || p->syms == NULL)
    {
      fprintf (stderr, "calltab prune: %s: .symtab: %s\n", p->file,
	       data == NULL ? elf_errmsg (-1) : "out of memory");
      return -1;
    }
  p->places = calloc (n ? n : 1, sizeof *p->places);
  if (p->places == NULL)
    {
      fprintf (stderr, "calltab prune: out of memory\n");
      return -1;
    }
  for (int pass = 0; pass < 2; pass++)
   {
    for (size_t i = 1; i < n; i++)
      {
	GElf_Sym s;
	if (gelf_getsym (data, (int) i, &s) == NULL
	    || (GELF_ST_TYPE (s.st_info) != STT_FUNC
		&& GELF_ST_TYPE (s.st_info) != STT_GNU_IFUNC)
	    || s.st_shndx == SHN_UNDEF)
	  continue;
	if (pass == 0)
	  {
	    p->places[p->nplaces++] = (struct place) { s.st_value, 0 };
	    continue;
	  }
	const char *name = elf_strptr (elf, sh.sh_link, s.st_name);
	if (name == NULL || name[0] == '\0')
	  continue;
	size_t len = calltab_symbol_stem (name);
	p->syms[p->nsyms++] = (struct sym) { name, len,
					     merged_at (p, s.st_value) > 0,
					     false };
      }
    if (pass == 0)
      {
	/* One question per address.  */
	qsort (p->places, p->nplaces, sizeof *p->places, cmp_place);
	size_t w = 0;
	for (size_t i = 0; i < p->nplaces; i++)
	  if (w == 0 || p->places[w - 1].addr != p->places[i].addr)
	    p->places[w++] = p->places[i];
	p->nplaces = w;
	for (size_t i = 0; i < w; i++)
	  if ((p->places[i].n = functions_at (p, p->places[i].addr))
	      == (size_t) -1)
	    {
	      fprintf (stderr, "calltab prune: %s: %s\n", p->file,
		       calltab_errmsg (-1));
	      return -1;
	    }
      }
   }
  qsort (p->syms, p->nsyms, sizeof *p->syms, cmp_sym);
  return 0;
}

/* Whether some function symbol NAME (or NAME.cold, NAME.cold.N) is
   merged; *FOUND tells whether there is one at all.  */
static bool
name_merged (const struct prune *p, const char *name, bool *found)
{
  struct sym key = { name, strlen (name), false, false };
  struct sym *hit = bsearch (&key, p->syms, p->nsyms, sizeof key, cmp_sym);
  *found = hit != NULL;
  if (hit == NULL)
    return false;
  while (hit > p->syms && cmp_sym (hit - 1, &key) == 0)
    hit--;
  for (; hit < p->syms + p->nsyms && cmp_sym (hit, &key) == 0; hit++)
    if (hit->merged)
      return true;
  return false;
}

static const char *
func_symbol (const Calltab_Func *f)
{
  return f->linkage_name != NULL ? f->linkage_name : f->name;
}

/* Mark the symbols of the callers of .debug_tcall units: they jump on.  */
static void
mark_tail_callers (struct prune *p)
{
  Calltab_Unit u;
  for (size_t i = 0; calltab_unit (p->ct, CALLTAB_TCALL, i, &u) == 0; i++)
    {
      Calltab_Caller c;
      const char *name;
      if (calltab_unit_caller (p->ct, &u, &c) != 0
	  || (name = func_symbol (&c.func)) == NULL)
	continue;
      struct sym key = { name, strlen (name), false, false };
      struct sym *hit = bsearch (&key, p->syms, p->nsyms, sizeof key,
				 cmp_sym);
      while (hit != NULL && hit > p->syms && cmp_sym (hit - 1, &key) == 0)
	hit--;
      for (; hit != NULL && hit < p->syms + p->nsyms
	     && cmp_sym (hit, &key) == 0; hit++)
	hit->jumps = true;
    }
}

/* Whether some function symbol NAME makes tail calls.  */
static bool
name_jumps (const struct prune *p, const char *name)
{
  struct sym key = { name, strlen (name), false, false };
  struct sym *hit = bsearch (&key, p->syms, p->nsyms, sizeof key, cmp_sym);
  return hit != NULL && hit->jumps;
}

/* Whether the caller of U is merged: then its whole unit stays (the
   recursive case; ld.lld's recovery by position).  */
static int
caller_merged (struct prune *p, const Calltab_Unit *u)
{
  Calltab_Caller c;
  int r = calltab_unit_caller (p->ct, u, &c);
  if (r < 0)
    return -1;
  if (r > 0)
    return 0;			/* no caller: the unit serves direct lookups
				   only */
  bool found;
  const char *sym = func_symbol (&c.func);
  if (c.discarded)
    /* ld.lld's folded copy (its symbol is at the kept twin) or code the
       linker removed (no symbol: its entries are dead).  */
    return sym != NULL && name_merged (p, sym, &found);
  int m = merged_at (p, c.low_pc);
  if (m != 0)
    return m;
  return sym != NULL && name_merged (p, sym, &found);
}

/* A unit's offset before and after.  */
struct moved
{
  uint64_t old_off, new_off;
};

static int
cmp_moved (const void *a, const void *b)
{
  const struct moved *x = a, *y = b;
  return x->old_off < y->old_off ? -1 : x->old_off > y->old_off;
}

static bool
is_compressed (Elf_Scn *scn)
{
  GElf_Shdr sh;
  return gelf_getshdr (scn, &sh) != NULL
	 && (sh.sh_flags & SHF_COMPRESSED) != 0;
}

/* The section after SCN (NULL: the first) that has a name, *NAME, and
   a header, *SH; NULL after the last.  */
static Elf_Scn *
next_named_section (Elf *elf, Elf_Scn *scn, const char **name, GElf_Shdr *sh)
{
  size_t shstrndx;
  if (elf_getshdrstrndx (elf, &shstrndx) != 0)
    return NULL;
  while ((scn = elf_nextscn (elf, scn)) != NULL)
    if (gelf_getshdr (scn, sh) != NULL
	&& (*name = elf_strptr (elf, shstrndx, sh->sh_name)) != NULL)
      return scn;
  return NULL;
}

/* The section named NAME, or NULL.  */
static Elf_Scn *
find_section (Elf *elf, const char *name)
{
  const char *n;
  GElf_Shdr sh;
  for (Elf_Scn *scn = NULL;
       (scn = next_named_section (elf, scn, &n, &sh)) != NULL;)
    if (strcmp (n, name) == 0)
      return scn;
  return NULL;
}

/* The sum of the sizes of ELF's .debug_* sections.  */
static uint64_t
debug_size (Elf *elf)
{
  uint64_t sum = 0;
  const char *n;
  GElf_Shdr sh;
  for (Elf_Scn *scn = NULL;
       (scn = next_named_section (elf, scn, &n, &sh)) != NULL;)
    if (strncmp (n, ".debug_", 7) == 0)
      sum += sh.sh_size;
  return sum;
}

/* Growable byte buffer.  */
struct buf
{
  unsigned char *b;
  size_t n, a;
};

static bool
buf_add (struct buf *b, const void *p, size_t n)
{
  if (b->n + n > b->a)
    {
      size_t a = b->a ? b->a : 4096;
      while (a < b->n + n)
	a *= 2;
      unsigned char *nb = realloc (b->b, a);
      if (nb == NULL)
	return false;
      b->b = nb;
      b->a = a;
    }
  memcpy (b->b + b->n, p, n);
  b->n += n;
  return true;
}

/* Collect the patches of every DW_AT_calltab_dcall_unit of the
   declaration units.  Returns 0, -1 with a message printed.  */
static int
collect_patches (struct prune *p, const struct moved *moved, size_t nmoved,
		 struct prune_patch **patches, size_t *npatches)
{
  Dwarf *dw = calltab_dwarf (p->ct);
  if (dw == NULL)
    {
      fprintf (stderr, "calltab prune: %s: no DWARF: %s\n", p->file,
	       calltab_errmsg (-1));
      return -1;
    }
  size_t n = 0, a = 0;
  struct prune_patch *v = NULL;
  Dwarf_Off off = 0, next;
  size_t hsize;
  while (dwarf_nextcu (dw, off, &next, &hsize, NULL, NULL, NULL) == 0)
    {
      Dwarf_Die cu, die;
      Dwarf_Attribute attr;
      const char *prod;
      if (dwarf_offdie (dw, off + hsize, &cu) == NULL
	  || (prod = calltab_die_string (&cu, DW_AT_producer)) == NULL
	  || strncmp (prod, CALLTAB_PRODUCER_PREFIX,
		      CALLTAB_PRODUCER_PREFIX_LEN) != 0
	  || dwarf_child (&cu, &die) != 0)
	{
	  off = next;
	  continue;
	}
      do
	{
	  Dwarf_Word value;
	  if (dwarf_attr (&die, DW_AT_calltab_dcall_unit, &attr) == NULL)
	    continue;
	  if ((attr.form != DW_FORM_data4 && attr.form != DW_FORM_data8)
	      || dwarf_formudata (&attr, &value) != 0)
	    {
	      fprintf (stderr, "calltab prune: %s: .debug_info[0x%" PRIx64
		       "]: DW_AT_calltab_dcall_unit is not data4/data8;"
		       " not pruned\n", p->file,
		       (uint64_t) dwarf_dieoffset (&die));
	      free (v);
	      return -1;
	    }
	  struct moved key = { value, 0 };
	  const struct moved *m = bsearch (&key, moved, nmoved, sizeof key,
					   cmp_moved);
	  if (m == NULL)
	    {
	      fprintf (stderr, "calltab prune: %s: .debug_info[0x%" PRIx64
		       "]: DW_AT_calltab_dcall_unit 0x%" PRIx64 " names no"
		       " .debug_dcall unit; not pruned\n", p->file,
		       (uint64_t) dwarf_dieoffset (&die), (uint64_t) value);
	      free (v);
	      return -1;
	    }
	  if (n == a)
	    {
	      a = a ? 2 * a : 256;
	      struct prune_patch *nv = realloc (v, a * sizeof *nv);
	      if (nv == NULL)
		{
		  fprintf (stderr, "calltab prune: out of memory\n");
		  free (v);
		  return -1;
		}
	      v = nv;
	    }
	  /* Where libdw read the value: the DIE's offset plus the
	     distance from the DIE's first byte.  */
	  v[n++] = (struct prune_patch) {
	    .offset = dwarf_dieoffset (&die)
		      + (uint64_t) (attr.valp - (unsigned char *) die.addr),
	    .size = attr.form == DW_FORM_data8 ? 8 : 4,
	    .old = value,
	    .value = m->new_off };
	}
      while (dwarf_siblingof (&die, &die) == 0);
      off = next;
    }
  *patches = v;
  *npatches = n;
  return 0;
}

/* The command line: -o OUT, -q, IN.  Returns -1 to go on, else the exit
   status (after --help, or a usage error reported).  */
static int
parse_args (int argc, char **argv, const char **in, const char **out,
	    bool *quiet, const char **debuginfo_path)
{
  static const struct option options[] = {
    { "output", required_argument, NULL, 'o' },
    { "quiet", no_argument, NULL, 'q' },
  };
  struct cli_parser cli = { .cmd = "prune", .help = help, .shortopts = "o:q",
			    CLI_OPTIONS (options),
			    .common = CLI_DEBUGINFO_PATH };
  int c;
  while ((c = cli_getopt (&cli, argc, argv)) != CLI_OPT_END)
    if (c == 'q')
      *quiet = true;
    else if (c == 'o' && optarg[0] != '\0')
      *out = optarg;
    else if (c == 'o')
      return cli_usage_error (cli.cmd, "empty OUT");
    else
      return cli.status;
  if (optind == argc)
    return cli_usage_error (cli.cmd, "missing IN");
  if (optind + 1 < argc)
    return cli_usage_error (cli.cmd, "extra operand '%s'", argv[optind + 1]);
  if (*out == NULL)
    return cli_usage_error (cli.cmd, "missing -o OUT");
  *in = argv[optind];
  *debuginfo_path = cli.debuginfo_path;
  return -1;
}

/* Whether the tables' file can be pruned: a linked file whose tables
   have no error, with .debug_dcall and .debug_info, neither compressed
   (the sections are rewritten byte for byte); fills the section fields
   of P.  Returns 0, -1 with a message printed (but when the reader
   fails to give its first unit).  */
static int
check_input (struct prune *p)
{
  Elf *elf = calltab_elf (p->ct);
  GElf_Ehdr ehdr;
  if (gelf_getehdr (elf, &ehdr) == NULL)
    {
      fprintf (stderr, "calltab prune: %s: %s\n", p->file, elf_errmsg (-1));
      return -1;
    }
  if (ehdr.e_type == ET_REL)
    {
      fprintf (stderr, "calltab prune: %s: a relocatable object: functions"
	       " are merged when linking; prune the linked file\n", p->file);
      return -1;
    }
  p->msb = ehdr.e_ident[EI_DATA] == ELFDATA2MSB;
  if (cli_print_problems (p->ct) > 0)
    {
      fprintf (stderr, "calltab prune: %s: the tables have errors; not"
	       " pruned\n", p->file);
      return -1;
    }
  p->nunits = calltab_nunits (p->ct, CALLTAB_DCALL);
  if (p->nunits == 0)
    {
      fprintf (stderr, "calltab prune: %s: no .debug_dcall: nothing to"
	       " prune\n", p->file);
      return -1;
    }
  Calltab_Unit u;
  if (calltab_unit (p->ct, CALLTAB_DCALL, 0, &u) != 0)
    return -1;
  p->dscn = u.scn;
  Elf_Scn *dcall = elf_getscn (elf, p->dscn);
  p->info = find_section (elf, ".debug_info");
  if (find_section (elf, ".zdebug_info") != NULL
      || find_section (elf, ".zdebug_dcall") != NULL
      || is_compressed (dcall) || (p->info != NULL
				   && is_compressed (p->info)))
    {
      fprintf (stderr, "calltab prune: %s: compressed debug sections"
	       " (.debug_info or .debug_dcall): not pruned; decompress"
	       " them first (objcopy --decompress-debug-sections)\n", p->file);
      return -1;
    }
  if (p->info == NULL)
    {
      fprintf (stderr, "calltab prune: %s: no .debug_info\n", p->file);
      return -1;
    }
  p->raw = elf_rawdata (dcall, NULL);
  if (p->raw == NULL || p->raw->d_buf == NULL)
    {
      fprintf (stderr, "calltab prune: %s: .debug_dcall: %s\n", p->file,
	       elf_errmsg (-1));
      return -1;
    }
  return 0;
}

/* The counts the summary prints.  */
struct tally
{
  size_t kept, dropped;		/* entries */
  size_t kept_caller;		/* entries kept for their merged caller */
  size_t kept_whole;		/* units whose caller is merged */
  size_t emptied;		/* units left without an entry */
};

/* Whether the call ending at SITE passes a pointer to a virtual member
   (.debug_pcall): disambiguation reads which function it calls.  */
static bool
passes_member_pointer (const struct prune *p, uint64_t site)
{
  size_t cookie = 0;
  Calltab_Entry x;
  while (calltab_lookup (p->ct, CALLTAB_PCALL, site, &cookie, &x) == 0)
    if (CALLTAB_PCALL_IS_ARG (x.value))
      return true;
  return false;
}

/* Whether entry E stays: its caller is merged (CALLER_MERGED), or it is
   live and its callee is merged, jumps on, or cannot be told, or the
   call passes a member-function pointer (docs/disambiguate.md, rule
   10).  */
static bool
keep_entry (const struct prune *p, const Calltab_Entry *e, bool caller_merged)
{
  if (caller_merged || e->tombstone)
    return caller_merged;
  Calltab_Func f;
  bool found;
  return calltab_callee (p->ct, e, &f) != 0 || func_symbol (&f) == NULL
	 || name_merged (p, func_symbol (&f), &found)
	 || name_jumps (p, func_symbol (&f))
	 || passes_member_pointer (p, e->call_site);
}

/* Append unit U to NB with only the entries that stay, its unit_length
   rewritten; *M where it moved.  Returns 0, -1 with a message printed
   (but when the reader fails to give an entry).  */
static int
prune_unit (struct prune *p, const Calltab_Unit *u, struct buf *nb,
	    struct moved *m, struct tally *t)
{
  const unsigned char *old = p->raw->d_buf;
  int cm = caller_merged (p, u);
  if (cm < 0)
    {
      fprintf (stderr, "calltab prune: %s: %s\n", p->file,
	       calltab_errmsg (-1));
      return -1;
    }
  t->kept_whole += cm > 0;
  *m = (struct moved) { u->offset, nb->n };
  size_t start = nb->n;
  if (!buf_add (nb, old + u->offset, u->entries - u->offset))
    goto nomem;
  size_t ukept = 0;
  for (size_t k = 0; k < u->nentries; k++)
    {
      Calltab_Entry e, e2;
      if (calltab_unit_entry (p->ct, u, k, &e) != 0)
	return -1;
      uint64_t end = calltab_unit_entry (p->ct, u, k + 1, &e2) == 0
		     ? e2.offset : u->end;
      if (!keep_entry (p, &e, cm > 0))
	continue;
      if (!buf_add (nb, old + e.offset, end - e.offset))
	goto nomem;
      ukept++;
    }
  t->kept += ukept;
  if (cm > 0)
    t->kept_caller += ukept;
  t->dropped += u->nentries - ukept;
  t->emptied += ukept == 0 && u->nentries > 0;
  /* The new unit_length: what follows the length field.  */
  unsigned int lsize = u->offset_size == 8 ? 12 : 4;
  unsigned char *length = nb->b + start + lsize - u->offset_size;
  if (prune_get_value (length, u->offset_size, p->msb) != u->length)
    {
      fprintf (stderr, "calltab prune: %s: .debug_dcall[0x%" PRIx64
	       "]: unit_length is not what the reader decoded\n",
	       p->file, u->offset);
      return -1;
    }
  prune_put_value (length, u->offset_size, nb->n - start - lsize, p->msb);
  return 0;

 nomem:
  fprintf (stderr, "calltab prune: out of memory\n");
  return -1;
}

/* The new .debug_dcall in NB, every unit pruned; MOVED[I] where unit I
   went.  Returns 0, -1 with a message printed (but when the reader
   fails to give a unit or entry).  */
static int
prune_units (struct prune *p, struct buf *nb, struct moved *moved,
	     struct tally *t)
{
  const unsigned char *old = p->raw->d_buf;
  uint64_t pos = 0;		/* next byte of the old section to copy */
  for (size_t i = 0; i < p->nunits; i++)
    {
      Calltab_Unit u;
      if (calltab_unit (p->ct, CALLTAB_DCALL, i, &u) != 0
	  || u.scn != p->dscn || u.offset < pos || u.end > p->raw->d_size)
	{
	  fprintf (stderr, "calltab prune: %s: .debug_dcall units are not"
		   " in one section in order; not pruned\n", p->file);
	  return -1;
	}
      /* Bytes between units (none in a valid file) are copied.  */
      if (!buf_add (nb, old + pos, u.offset - pos))
	goto nomem;
      if (prune_unit (p, &u, nb, &moved[i], t) != 0)
	return -1;
      pos = u.end;
    }
  if (!buf_add (nb, old + pos, p->raw->d_size - pos))
    goto nomem;
  return 0;

 nomem:
  fprintf (stderr, "calltab prune: out of memory\n");
  return -1;
}

/* Write OUT: the tables' file with NB for its .debug_dcall and the
   caller DIEs' unit offsets moved as MOVED says (sorted here).  Returns
   0, -1 with a message printed.  */
static int
write_pruned (struct prune *p, const char *out, const struct buf *nb,
	      struct moved *moved)
{
  struct prune_patch *patches = NULL;
  size_t npatches = 0;
  qsort (moved, p->nunits, sizeof *moved, cmp_moved);
  if (collect_patches (p, moved, p->nunits, &patches, &npatches) != 0)
    return -1;
  /* Drop the patches that change nothing.  */
  size_t w = 0;
  for (size_t i = 0; i < npatches; i++)
    if (patches[i].old != patches[i].value)
      patches[w++] = patches[i];
  struct prune_edit edit = {
    .table_scn = p->dscn, .table = nb->b, .table_size = nb->n,
    .patch_scn = w > 0 ? elf_ndxscn (p->info) : 0, .patches = patches,
    .npatches = w };
  char err[1024];
  int r = prune_write_elf (p->file, out, &edit, err, sizeof err);
  if (r != 0)
    fprintf (stderr, "calltab prune: %s\n", err);
  free (patches);
  return r;
}

/* What prune did, on stdout; DEBUG_BEFORE the size of the .debug_*
   sections before.  */
static void
print_summary (const struct prune *p, const char *in, const char *out,
	       const struct buf *nb, const struct tally *t,
	       uint64_t debug_before)
{
  if (strcmp (p->file, calltab_path (p->ct)) != 0)
    printf ("%s: the tables are in the separate debug file %s:"
	    " %s is its pruned copy\n", in, p->file, out);
  size_t vunits = calltab_nunits (p->ct, CALLTAB_VCALL);
  uint64_t before = p->raw->d_size;
  printf (".debug_dcall: %" PRIu64 " -> %zu bytes\n", before, nb->n);
  printf ("dcall entries: %zu -> %zu (dropped %zu)\n", t->kept + t->dropped,
	  t->kept, t->dropped);
  printf ("kept: %zu of merged callers, %zu more of merged callees\n",
	  t->kept_caller, t->kept - t->kept_caller);
  printf ("dcall units: %zu (callers merged: %zu, emptied: %zu)\n",
	  p->nunits, t->kept_whole, t->emptied);
  printf ("vcall entries: %zu in %zu units (all kept)\n",
	  calltab_nentries (p->ct, CALLTAB_VCALL), vunits);
  printf (".debug_* sections: %" PRIu64 " -> %" PRIu64 " bytes\n",
	  debug_before, debug_before - (before - nb->n));
}

int
cmd_prune (int argc, char **argv)
{
  const char *in = NULL, *out = NULL, *debuginfo_path = NULL;
  bool quiet = false;
  int status = parse_args (argc, argv, &in, &out, &quiet, &debuginfo_path);
  if (status >= 0)
    return status;
  struct prune p = { 0 };
  p.ct = calltab_begin_debuginfo (in, debuginfo_path);
  if (p.ct == NULL)
    {
      fprintf (stderr, "calltab: %s\n", calltab_errmsg (-1));
      return CLI_EXIT_TROUBLE;
    }
  p.file = calltab_tables_path (p.ct);
  status = CLI_EXIT_TROUBLE;
  struct buf nb = { 0 };
  struct tally t = { 0 };
  struct moved *moved = NULL;
  if (check_input (&p) != 0 || read_symbols (&p) != 0)
    goto done;
  mark_tail_callers (&p);
  moved = calloc (p.nunits, sizeof *moved);
  if (moved == NULL)
    {
      fprintf (stderr, "calltab prune: out of memory\n");
      goto done;
    }
  if (prune_units (&p, &nb, moved, &t) != 0)
    goto done;
  /* The sizes before, read before OUT (which may be IN) is written.  */
  uint64_t debug_before = debug_size (calltab_elf (p.ct));
  if (write_pruned (&p, out, &nb, moved) != 0)
    goto done;
  if (!quiet)
    print_summary (&p, in, out, &nb, &t, debug_before);
  status = CLI_EXIT_OK;

 done:
  free (moved);
  free (nb.b);
  free (p.syms);
  free (p.places);
  calltab_end (p.ct);
  return status;
}
