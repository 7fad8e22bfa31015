/* cmd-perf-script.c: calltab perf-script [--report] [EXE...]: read
   `perf script` output with callchains on stdin and write it back with
   the symbol of every frame inside merged code replaced by the function
   the call tables decide; --report: self samples per function.
   docs/perf.md.  */

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <gelf.h>
#include <elfutils/libdw.h>
#include "calltab-cli.h"
#include "perf-script-read.h"

static void
help (FILE *out)
{
  fputs ("Usage: calltab perf-script [OPTION...] [FILE...]\n"
	 "Read the output of `perf script` (samples with callchains, as\n"
	 "recorded by `perf record --call-graph dwarf`) on stdin and write\n"
	 "it back unchanged, except the symbol of every frame inside code\n"
	 "that identical code folding merged: it becomes the function the\n"
	 "call tables decide from the frames above it (or 'undecidable').\n"
	 "Frames are matched to FILEs by the path in parentheses (or, if\n"
	 "no FILE has that path, by its last component); without FILE\n"
	 "every path the frames name is opened.  The registers of\n"
	 "`perf script -F +uregs` decide calls through tables of\n"
	 "function pointers.\n\n"
	 "  --report    print self samples per function instead (a table)\n"
	 "  --debuginfo-path=PATH\n"
	 "              where to look for separate debug files\n"
	 "  -h, --help  print this help and exit\n\n"
	 "Exit status: 0 ok, 1 some frame in merged code undecidable,\n"
	 "2 usage error or unreadable file.\n", out);
}

/* A symbol perf named, looked up in a file.  */
struct sym_entry
{
  char *name;			/* NULL: a free slot */
  int found;			/* calltab_symbol_address's answer */
  uint64_t addr;
};

/* How perf printed the addresses of a file's frames (docs/cli.md):
   relative to the mapping (perf 6.1) or as run-time addresses (6.12).  */
enum form
{
  FORM_UNKNOWN,
  FORM_RELATIVE,
  FORM_ABSOLUTE
};

/* One file the frames name.  */
struct dso
{
  char *name;			/* as perf prints it */
  const char *path;		/* the file opened (a FILE argument or NAME) */
  Calltab *ct;
  bool exec;			/* ET_EXEC: run-time address == file's */
  enum form form;		/* as the last anchor showed */
  struct sym_entry *syms;	/* open addressing, a power of 2 slots */
  size_t nsyms, syms_size;
  Dwarf_CFI *cfi;		/* its .eh_frame, once asked (CFI_TRIED) */
  bool cfi_tried;
};

struct report_row
{
  char *name;
  char *dso;
  size_t samples;
};

struct state
{
  struct cli_modules *modules;
  char **files;
  int nfiles;
  /* Each entry allocated alone: frames keep pointers to them while
     later samples add files.  */
  struct dso **dsos;
  size_t ndsos;
  bool report;
  int status;
  struct report_row *rows;
  size_t nrows;
  size_t nsamples;
};

/* The file of the frames whose dso is NAME (NULL: not ours).  */
static struct dso *
find_dso (struct state *st, const char *name)
{
  if (name[0] == '[' || strcmp (name, "inlined") == 0)
    return NULL;
  for (size_t i = 0; i < st->ndsos; i++)
    if (strcmp (st->dsos[i]->name, name) == 0)
      return st->dsos[i]->ct ? st->dsos[i] : NULL;
  struct dso **v = realloc (st->dsos, (st->ndsos + 1) * sizeof *v);
  if (v == NULL)
    return NULL;
  st->dsos = v;
  struct dso *d = calloc (1, sizeof *d);
  if (d == NULL)
    return NULL;
  if ((d->name = strdup (name)) == NULL)
    {
      free (d);
      return NULL;
    }
  v[st->ndsos++] = d;
  if (st->nfiles == 0)
    d->path = d->name;
  else
    {
      for (int i = 0; i < st->nfiles && d->path == NULL; i++)
	if (strcmp (st->files[i], name) == 0)
	  d->path = st->files[i];
      for (int i = 0; i < st->nfiles && d->path == NULL; i++)
	if (perf_script_names (name, strlen (name), st->files[i]))
	  d->path = st->files[i];
    }
  if (d->path == NULL || access (d->path, R_OK) != 0)
    return NULL;
  d->ct = cli_modules_get (st->modules, d->path);
  if (d->ct == NULL)
    return NULL;
  GElf_Ehdr eh;
  d->exec = gelf_getehdr (calltab_elf (d->ct), &eh) != NULL
    && eh.e_type == ET_EXEC;
  return d;
}

static size_t
sym_hash (const char *s, size_t len)
{
  size_t h = 2166136261u;
  for (size_t i = 0; i < len; i++)
    h = (h ^ (unsigned char) s[i]) * 16777619u;
  return h;
}

/* The file address of the symbol perf printed as NAME[0..LEN) in D
   (calltab_symbol_address, remembered): 0 found, else not usable.  */
static int
dso_symbol (struct dso *d, const char *name, size_t len, uint64_t *addr)
{
  if (2 * (d->nsyms + 1) > d->syms_size)
    {
      size_t size = d->syms_size ? 2 * d->syms_size : 64;
      struct sym_entry *v = calloc (size, sizeof *v);
      if (v == NULL)
	return -1;
      for (size_t i = 0; i < d->syms_size; i++)
	if (d->syms[i].name != NULL)
	  {
	    size_t j = sym_hash (d->syms[i].name, strlen (d->syms[i].name));
	    while (v[j & (size - 1)].name != NULL)
	      j++;
	    v[j & (size - 1)] = d->syms[i];
	  }
      free (d->syms);
      d->syms = v;
      d->syms_size = size;
    }
  size_t j = sym_hash (name, len);
  struct sym_entry *e;
  for (;; j++)
    {
      e = &d->syms[j & (d->syms_size - 1)];
      if (e->name == NULL)
	break;
      if (strncmp (e->name, name, len) == 0 && e->name[len] == '\0')
	{
	  *addr = e->addr;
	  return e->found;
	}
    }
  if ((e->name = strndup (name, len)) == NULL)
    return -1;
  d->nsyms++;
  e->found = calltab_symbol_address (d->ct, e->name, &e->addr);
  *addr = e->addr;
  return e->found;
}

/* One line of a sample: the header line, or a callchain line
   "\t    ADDR SYM[+0xOFF] (DSO)" (FRAME).  */
struct line
{
  char *text;
  bool frame;			/* a callchain line: PF read */
  struct perf_frame pf;		/* ADDR, SYM, OFF and DSO in TEXT */
  bool inlined;			/* DSO is "inlined" */
  /* The physical frame the line belongs to (index in the frames).  */
  size_t frame_index;
  struct dso *file;
};

/* The registers line of a sample (perf script -F +uregs), as read.  */
struct sample_regs
{
  bool found, has_ip;
  uint64_t ip;
  Calltab_Registers regs;
};

/* Whether L is a callchain line, and read it.  A callchain line is
   indented; the sample's header line is not.  */
static bool
parse_line (struct line *l)
{
  const char *s = l->text;
  if ((s[0] != '\t' && s[0] != ' ') || !perf_script_frame (s, &l->pf))
    return false;
  l->inlined = l->pf.dso_end - l->pf.dso == 7
    && strncmp (s + l->pf.dso, "inlined", 7) == 0;
  l->frame = true;
  return true;
}

static void
add_report (struct state *st, const char *name, const char *dso)
{
  st->nsamples++;
  for (size_t i = 0; i < st->nrows; i++)
    if (strcmp (st->rows[i].name, name) == 0
	&& strcmp (st->rows[i].dso, dso) == 0)
      {
	st->rows[i].samples++;
	return;
      }
  struct report_row *v = realloc (st->rows, (st->nrows + 1) * sizeof *v);
  if (v == NULL)
    return;
  st->rows = v;
  v[st->nrows].name = strdup (name);
  v[st->nrows].dso = strdup (dso);
  if (v[st->nrows].name == NULL || v[st->nrows].dso == NULL)
    {
      free (v[st->nrows].name);
      free (v[st->nrows].dso);
      return;
    }
  v[st->nrows].samples = 1;
  st->nrows++;
}

/* The length of NAME without its parameters: up to its first "(" out
   of template arguments (perf 6.1 prints C++ names so: "ns::A<int>::f").  */
static size_t
without_params (const char *name)
{
  int depth = 0;
  for (size_t i = 0; name[i] != '\0'; i++)
    if (name[i] == '<')
      depth++;
    else if (name[i] == '>')
      depth--;
    else if (name[i] == '(' && depth == 0 && i > 0)
      return i;
  return strlen (name);
}

static bool
candidate_named (const Calltab_Decision *d, const char *s, size_t len)
{
  bool params = memchr (s, '(', len) != NULL;
  for (size_t i = 0; i < d->ncandidates; i++)
    {
      const char *name = d->candidates[i].name;
      size_t n = params ? strlen (name) : without_params (name);
      if ((n == len && strncmp (name, s, len) == 0)
	  || (d->candidates[i].symbol != NULL
	      && strlen (d->candidates[i].symbol) == len
	      && strncmp (d->candidates[i].symbol, s, len) == 0))
	return true;
    }
  return false;
}

/* A file's anchor in a sample: its run-time bias (printed address -
   file address), and whether the address was mapping-relative.  */
struct anchor
{
  struct dso *file;
  uint64_t bias;
  bool relative;
};

/* The file address of every frame of a sample (FRAMES[F].ct and .addr,
   the latter return address - 1 unless an activation); FILES[F] is
   cleared where there is none.  perf prints a user-space address
   relative to its mapping (ip - start + pgoff: perf 6.1's DWARF
   unwinder) or as the run-time address (perf 6.12), and SYM+0xOFF in
   both: a frame whose symbol is one of its file (not an "(inlined)"
   line's, which is the function inlined at the address) is at the
   symbol's address + OFF, and anchors the other frames of that file in
   the sample.  A frame without one (no symbol or offset, [unknown], a
   local name defined twice, a frame perf shows only as "(inlined)"
   lines) is at its printed address less the bias of an anchor of its
   file in the sample, else at the file address of its printed address
   taken as a file offset (the form its file's anchors showed last, or
   none yet), else at its printed address in a non-PIE executable,
   whose run-time addresses are the file's.  */
static void
frame_addresses (struct line *lines, const size_t *last, size_t nframes,
		 struct dso **files, const bool *guessed,
		 struct cli_frame *frames)
{
  struct anchor *anchors = calloc (nframes ? nframes : 1, sizeof *anchors);
  uint64_t *addrs = calloc (nframes ? nframes : 1, sizeof *addrs);
  bool *have = calloc (nframes ? nframes : 1, sizeof *have);
  size_t nanchors = 0;
  if (anchors == NULL || addrs == NULL || have == NULL)
    {
      for (size_t f = 0; f < nframes; f++)
	files[f] = NULL;
      goto out;
    }
  for (size_t f = 0; f < nframes; f++)
    {
      struct line *l = &lines[last[f]];
      uint64_t sym, rel;
      if (files[f] == NULL || guessed[f] || l->inlined || !l->pf.has_off
	  || dso_symbol (files[f], l->text + l->pf.sym, l->pf.sym_end - l->pf.sym,
			 &sym) != 0)
	continue;
      addrs[f] = sym + l->pf.off;
      have[f] = true;
      bool relative = calltab_file_address (files[f]->ct, l->pf.addr,
					    &rel) == 0 && rel == addrs[f];
      files[f]->form = relative ? FORM_RELATIVE : FORM_ABSOLUTE;
      size_t k = 0;
      while (k < nanchors && anchors[k].file != files[f])
	k++;
      if (k == nanchors)
	{
	  anchors[nanchors].file = files[f];
	  anchors[nanchors].bias = l->pf.addr - addrs[f];
	  anchors[nanchors++].relative = relative;
	}
    }
  for (size_t f = 0; f < nframes; f++)
    {
      if (files[f] == NULL || have[f])
	continue;
      struct line *l = &lines[last[f]];
      size_t k = 0;
      while (k < nanchors && anchors[k].file != files[f])
	k++;
      bool relative = k < nanchors ? anchors[k].relative
	: files[f]->form != FORM_ABSOLUTE;
      if (relative)
	have[f] = calltab_file_address (files[f]->ct, l->pf.addr,
					&addrs[f]) == 0;
      else if (k < nanchors)
	{
	  addrs[f] = l->pf.addr - anchors[k].bias;
	  have[f] = true;
	}
      if (!have[f] && k == nanchors && files[f]->exec)
	{
	  addrs[f] = l->pf.addr;
	  have[f] = true;
	}
    }
  for (size_t f = 0; f < nframes; f++)
    if (files[f] != NULL && have[f])
      {
	frames[f].ct = files[f]->ct;
	frames[f].addr = frames[f].activation ? addrs[f] : addrs[f] + 1;
      }
    else
      files[f] = NULL;
 out:
  free (anchors);
  free (addrs);
  free (have);
}

/* One sample being processed: its lines, and its physical frames (the
   arrays have room for a frame a line).  */
struct sample
{
  struct line *lines;
  size_t n;
  struct cli_frame *frames;
  size_t *last;			/* each frame's own line, the last of its */
  size_t nframes;
  struct dso **files;		/* each frame's file, NULL: none */
  bool *guessed;		/* the file is the next frame's */
  char **names;			/* the name to print, NULL: as perf's */
  uint64_t *lows;		/* the decided function's start, or -1 */
};

/* Physical frames: consecutive lines with one address are one frame
   (perf's inlined functions first, then the function itself).  */
static void
group_frames (struct sample *s)
{
  for (size_t i = 0; i < s->n; i++)
    {
      struct line *l = &s->lines[i];
      if (!l->frame)
	continue;
      size_t nf = s->nframes;
      if (nf > 0 && s->lines[s->last[nf - 1]].pf.addr == l->pf.addr
	  && s->lines[s->last[nf - 1]].inlined)
	{
	  l->frame_index = nf - 1;
	  s->last[nf - 1] = i;
	}
      else
	{
	  l->frame_index = nf;
	  s->last[s->nframes++] = i;
	}
    }
}

/* Each frame's file: that of its non-inlined line; a frame perf shows
   only as "(inlined)" lines (perf does so when the line table names
   the function itself) takes the file of the frame after it, checked
   by decide_frames against the function names at the address.  */
static void
frame_files (struct state *st, struct sample *s)
{
  for (size_t f = 0; f < s->nframes; f++)
    {
      struct line *l = &s->lines[s->last[f]];
      if (!l->inlined)
	{
	  char *dso = strndup (l->text + l->pf.dso, l->pf.dso_end - l->pf.dso);
	  if (dso != NULL)
	    s->files[f] = find_dso (st, dso);
	  free (dso);
	}
    }
  for (size_t f = s->nframes; f-- > 0;)
    if (s->files[f] == NULL && s->lines[s->last[f]].inlined
	&& f + 1 < s->nframes)
      {
	s->files[f] = s->files[f + 1];
	s->guessed[f] = true;
      }
}

/* The first user-space frame is the sampled instruction; the others
   are printed as return address - 1 (perf's unwinder decrements the PC
   of every frame that is not an activation).  */
static void
mark_activations (struct sample *s)
{
  bool user_seen = false;
  for (size_t f = 0; f < s->nframes; f++)
    {
      struct line *l = &s->lines[s->last[f]];
      bool kernel = l->text[l->pf.dso] == '[';
      s->frames[f].activation = !kernel && !user_seen;
      if (!kernel)
	user_seen = true;
    }
}

/* "undecidable(NAME|NAME...)" with every candidate of D; NULL when out
   of memory.  */
static char *
undecidable_name (const Calltab_Decision *d)
{
  char *buf = NULL;
  size_t size = 0;
  FILE *m = open_memstream (&buf, &size);
  if (m == NULL)
    return NULL;
  fputs ("undecidable(", m);
  for (size_t i = 0; i < d->ncandidates; i++)
    fprintf (m, "%s%s", i ? "|" : "", d->candidates[i].name);
  fputc (')', m);
  fclose (m);
  return buf;
}

/* Frame F is in merged code, D its decision: the name to print, and
   the start its offset is counted from (-1: none, undecidable).  */
static void
name_frame (struct state *st, struct sample *s, size_t f,
	    const Calltab_Decision *d)
{
  if (d->verdict == CALLTAB_DECIDED)
    {
      s->names[f] = strdup (d->function.name);
      s->lows[f] = d->function.low_pc;
      return;
    }
  s->names[f] = undecidable_name (d);
  s->lows[f] = (uint64_t) -1;
  if (st->status == CLI_EXIT_OK)
    st->status = CLI_EXIT_PROBLEMS;
}

/* Decide every frame whose file has call tables; name those in merged
   code (name_frame).  */
static void
decide_frames (struct state *st, struct sample *s)
{
  for (size_t f = 0; f < s->nframes; f++)
    {
      if (s->frames[f].ct == NULL)
	continue;
      Calltab_Decision d;
      if (cli_frame_decide (s->frames, s->nframes, f, &d) != 0)
	continue;
      struct line *l = &s->lines[s->last[f]];
      if (s->guessed[f] && !candidate_named (&d, l->text + l->pf.sym,
					     l->pf.sym_end - l->pf.sym))
	{
	  /* Not the function itself: leave the frame alone.  */
	  calltab_decision_free (&d);
	  s->frames[f].ct = NULL;
	  continue;
	}
      if (cli_decision_merged (&d))
	name_frame (st, s, f, &d);
      calltab_decision_free (&d);
    }
}

/* --report: the sample counts for its innermost frame's function.  */
static void
report_sample (struct state *st, const struct sample *s)
{
  if (s->nframes == 0)
    return;
  const struct line *l = &s->lines[s->last[0]];
  char *sym = s->names[0] ? NULL
    : strndup (l->text + l->pf.sym, l->pf.sym_end - l->pf.sym);
  /* A frame perf shows only as "(inlined)": the file of the first
     frame that names one.  */
  const struct line *dl = l;
  for (size_t f = 0; f < s->nframes && dl->inlined; f++)
    dl = &s->lines[s->last[f]];
  char *dso = strndup (dl->text + dl->pf.dso, dl->pf.dso_end - dl->pf.dso);
  if ((s->names[0] || sym) && dso)
    add_report (st, s->names[0] ? s->names[0] : sym, dso);
  free (sym);
  free (dso);
}

/* Write the sample back: its lines as they were, but the symbol and
   offset of each frame's own line where the frame was decided.  */
static void
print_sample (const struct sample *s)
{
  for (size_t i = 0; i < s->n; i++)
    {
      const struct line *l = &s->lines[i];
      size_t f = l->frame_index;
      if (!l->frame || s->last[f] != i || s->names[f] == NULL)
	{
	  fputs (l->text, stdout);
	  continue;
	}
      fwrite (l->text, 1, l->pf.sym, stdout);
      fputs (s->names[f], stdout);
      if (l->pf.has_off && s->lows[f] != (uint64_t) -1)
	{
	  uint64_t at = s->frames[f].activation ? s->frames[f].addr
	    : s->frames[f].addr - 1;
	  printf ("+0x%" PRIx64, at - s->lows[f]);
	}
      fputs (l->text + l->pf.sym_end
	     + (l->pf.has_off ? strcspn (l->text + l->pf.sym_end, " ") : 0),
	     stdout);
    }
}

/* The registers of the frame that called the one at file address PC in
   D, from IN, that frame's: those the CFI at PC says it has not changed
   ("same value": the registers a callee preserves, until it saves
   them).  One step of libdw's CFI, not an unwinder: what the callee
   saved on the stack is not in perf script's text.  */
static void
caller_registers (struct dso *d, uint64_t pc, const Calltab_Registers *in,
		  Calltab_Registers *out)
{
  memset (out, 0, sizeof *out);
  if (!d->cfi_tried)
    {
      d->cfi_tried = true;
      Elf *elf = calltab_elf (d->ct);
      d->cfi = elf ? dwarf_getcfi_elf (elf) : NULL;
    }
  Dwarf_Frame *frame;
  if (d->cfi == NULL || dwarf_cfi_addrframe (d->cfi, pc, &frame) != 0)
    return;
  for (int r = 0; r < CALLTAB_MAX_REGS; r++)
    {
      Dwarf_Op mem[3], *ops;
      size_t nops;
      if ((in->known >> r & 1) != 0
	  && dwarf_frame_register (frame, r, mem, &ops, &nops) == 0
	  && nops == 0 && ops == NULL)
	{
	  out->known |= (uint64_t) 1 << r;
	  out->value[r] = in->value[r];
	}
    }
  free (frame);
}

/* The sample's registers R (perf script -F +uregs) are its sampled
   frame's, and its caller's as caller_registers says when the caller is
   in the same file; the run-time IP less the sampled frame's file
   address is that file's load bias.  Without them, rule 11 of
   docs/disambiguate.md has nothing to read.  */
static void
sample_registers (struct sample *s, const struct sample_regs *r)
{
  if (!r->found || !r->has_ip)
    return;
  const Calltab_Registers regs = r->regs;
  const uint64_t ip = r->ip;
  for (size_t f = 0; f < s->nframes; f++)
    {
      struct cli_frame *fr = &s->frames[f];
      if (!fr->activation)
	continue;
      if (fr->ct == NULL || s->files[f] == NULL)
	return;
      fr->regs = regs;
      fr->bias = ip - fr->addr;
      if (f + 1 < s->nframes && s->files[f + 1] == s->files[f]
	  && s->frames[f + 1].ct == fr->ct)
	{
	  caller_registers (s->files[f], fr->addr, &regs,
			    &s->frames[f + 1].regs);
	  s->frames[f + 1].bias = fr->bias;
	}
      return;
    }
}

/* Process one sample: LINES[0..N) (the header line first), its
   registers R.  Out of memory, the sample is left out.  */
static void
do_sample (struct state *st, struct line *lines, size_t n,
	   const struct sample_regs *r)
{
  size_t room = n ? n : 1;
  struct sample s = {
    .lines = lines, .n = n,
    .frames = calloc (room, sizeof *s.frames),
    .last = calloc (room, sizeof *s.last),
    .files = calloc (room, sizeof *s.files),
    .guessed = calloc (room, sizeof *s.guessed),
    .names = calloc (room, sizeof *s.names),
    .lows = calloc (room, sizeof *s.lows) };
  if (s.frames != NULL && s.last != NULL && s.files != NULL
      && s.guessed != NULL && s.names != NULL && s.lows != NULL)
    {
      group_frames (&s);
      frame_files (st, &s);
      mark_activations (&s);
      frame_addresses (lines, s.last, s.nframes, s.files, s.guessed,
		       s.frames);
      sample_registers (&s, r);
      decide_frames (st, &s);
      if (st->report)
	report_sample (st, &s);
      else
	print_sample (&s);
      for (size_t f = 0; f < s.nframes; f++)
	free (s.names[f]);
    }
  free (s.frames);
  free (s.last);
  free (s.files);
  free (s.guessed);
  free (s.names);
  free (s.lows);
}

static int
row_cmp (const void *a, const void *b)
{
  const struct report_row *x = a, *y = b;
  if (x->samples != y->samples)
    return x->samples < y->samples ? 1 : -1;
  int c = strcmp (x->name, y->name);
  return c ? c : strcmp (x->dso, y->dso);
}

/* Process the sample read, LINES[0..*N) with its registers *R, and
   start the next.  */
static void
end_sample (struct state *st, struct line *lines, size_t *n,
	    struct sample_regs *r)
{
  do_sample (st, lines, *n, r);
  for (size_t k = 0; k < *n; k++)
    free (lines[k].text);
  *n = 0;
  r->found = false;
}

int
cmd_perf_script (int argc, char **argv)
{
  struct state st;
  memset (&st, 0, sizeof st);
  enum { OPT_REPORT = 256 };
  static const struct option options[] = {
    { "report", no_argument, NULL, OPT_REPORT },
  };
  struct cli_parser p = { .cmd = "perf-script", .help = help,
			  CLI_OPTIONS (options), .common = CLI_DEBUGINFO_PATH };
  int c;
  while ((c = cli_getopt (&p, argc, argv)) != CLI_OPT_END)
    if (c == OPT_REPORT)
      st.report = true;
    else
      return p.status;
  const char *debuginfo_path = p.debuginfo_path;
  int i = optind;
  st.files = argv + i;
  st.nfiles = argc - i;
  for (int k = 0; k < st.nfiles; k++)
    {
      Calltab *ct = calltab_begin_debuginfo (st.files[k], debuginfo_path);
      if (ct == NULL)
	{
	  fprintf (stderr, "calltab perf-script: %s\n", calltab_errmsg (-1));
	  return CLI_EXIT_TROUBLE;
	}
      calltab_end (ct);
    }
  st.modules = cli_modules_new (debuginfo_path, 1);
  if (st.modules == NULL)
    return CLI_EXIT_TROUBLE;

  struct line *lines = NULL;
  size_t n = 0, alloc = 0;
  char *buf = NULL;
  size_t size = 0;
  bool body = false;		/* the sample has a frame or registers */
  struct sample_regs regs = { .found = false };
  for (;;)
    {
      ssize_t len = getline (&buf, &size, stdin);
      bool blank = len <= 0 || buf[0] == '\n';
      struct line l = { .text = buf };
      struct sample_regs r;
      bool line_regs = false;
      if (!blank)
	{
	  line_regs = !parse_line (&l)
		      && perf_script_regs (buf, &r.regs, &r.ip, &r.has_ip);
	  /* A sample ends at a blank line, or where the next one's
	     header follows its body (perf script -F +uregs separates
	     none).  */
	  if (l.frame || line_regs)
	    body = true;
	  else if (body)
	    {
	      end_sample (&st, lines, &n, &regs);
	      body = false;
	    }
	  if (line_regs && !regs.found)
	    {
	      regs = r;
	      regs.found = true;
	    }
	  if (n == alloc)
	    {
	      alloc = alloc ? 2 * alloc : 64;
	      struct line *v = realloc (lines, alloc * sizeof *v);
	      if (v == NULL)
		break;
	      lines = v;
	    }
	  lines[n] = l;
	  lines[n].text = strdup (buf);
	  if (lines[n].text == NULL)
	    break;
	  n++;
	}
      else
	{
	  end_sample (&st, lines, &n, &regs);
	  body = false;
	  if (len <= 0)
	    break;
	  if (!st.report)
	    fputs (buf, stdout);
	}
    }
  free (buf);
  free (lines);
  if (st.report)
    {
      qsort (st.rows, st.nrows, sizeof *st.rows, row_cmp);
      printf ("%8s %7s  %s\n", "samples", "percent", "function (file)");
      for (size_t k = 0; k < st.nrows; k++)
	printf ("%8zu %6.2f%%  %s (%s)\n", st.rows[k].samples,
		100.0 * (double) st.rows[k].samples
		/ (double) (st.nsamples ? st.nsamples : 1),
		st.rows[k].name, st.rows[k].dso);
      printf ("%8zu %6.2f%%  total\n", st.nsamples, 100.0);
    }
  for (size_t k = 0; k < st.nrows; k++)
    {
      free (st.rows[k].name);
      free (st.rows[k].dso);
    }
  free (st.rows);
  for (size_t k = 0; k < st.ndsos; k++)
    {
      free (st.dsos[k]->name);
      for (size_t j = 0; j < st.dsos[k]->syms_size; j++)
	free (st.dsos[k]->syms[j].name);
      free (st.dsos[k]->syms);
      dwarf_cfi_end (st.dsos[k]->cfi);
      free (st.dsos[k]);
    }
  free (st.dsos);
  cli_modules_free (st.modules);
  if (ferror (stdout) || fflush (stdout) != 0)
    return CLI_EXIT_TROUBLE;
  return st.status;
}
