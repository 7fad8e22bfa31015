/* cmd-perf-script.c: calltab perf-script [--report] [EXE...]: read
   `perf script` output with callchains on stdin and write it back with
   the symbol of every frame inside merged code replaced by the function
   the call tables decide; --report: self samples per function.
   docs/perf.md.  */

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <gelf.h>
#include "calltab-cli.h"

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
	 "every path the frames name is opened.\n\n"
	 "  --report    print self samples per function instead (a table)\n"
	 "  --debuginfo-path=PATH\n"
	 "              where to look for separate debug files\n"
	 "  -h, --help  print this help and exit\n\n"
	 "Exit status: 0 ok, 1 some frame in merged code undecidable,\n"
	 "2 usage error or unreadable file.\n", out);
}

/* One file the frames name.  */
struct dso
{
  char *name;			/* as perf prints it */
  const char *path;		/* the file opened (a FILE argument or NAME) */
  Calltab *ct;
  GElf_Phdr *loads;		/* its PT_LOAD headers */
  size_t nloads;
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

static void
load_phdrs (struct dso *d)
{
  int fd = open (d->path, O_RDONLY);
  if (fd < 0)
    return;
  Elf *elf = elf_begin (fd, ELF_C_READ_MMAP, NULL);
  size_t n;
  if (elf != NULL && elf_getphdrnum (elf, &n) == 0 && n > 0
      && (d->loads = calloc (n, sizeof *d->loads)) != NULL)
    for (size_t i = 0; i < n; i++)
      {
	GElf_Phdr ph;
	if (gelf_getphdr (elf, (int) i, &ph) != NULL && ph.p_type == PT_LOAD)
	  d->loads[d->nloads++] = ph;
      }
  elf_end (elf);
  close (fd);
}

static const char *
base_name (const char *p)
{
  const char *s = strrchr (p, '/');
  return s ? s + 1 : p;
}

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
	if (strcmp (base_name (st->files[i]), base_name (name)) == 0)
	  d->path = st->files[i];
    }
  if (d->path == NULL || access (d->path, R_OK) != 0)
    return NULL;
  d->ct = cli_modules_get (st->modules, d->path);
  if (d->ct == NULL)
    return NULL;
  load_phdrs (d);
  return d;
}

/* perf script prints a user-space callchain address as an offset in the
   mapped file (map-relative: ip - map start + page offset): the file
   address is where that offset is loaded.  */
static bool
file_address (const struct dso *d, uint64_t off, uint64_t *addr)
{
  for (size_t i = 0; i < d->nloads; i++)
    if (off >= d->loads[i].p_offset
	&& off < d->loads[i].p_offset + d->loads[i].p_filesz)
      {
	*addr = off - d->loads[i].p_offset + d->loads[i].p_vaddr;
	return true;
      }
  return false;
}

/* One callchain line: "\t    ADDR SYM[+0xOFF] (DSO)".  */
struct line
{
  char *text;
  bool frame;			/* a callchain line */
  uint64_t printed;		/* ADDR */
  size_t sym, sym_end;		/* SYM (without +0xOFF) in TEXT */
  bool has_off;
  size_t dso, dso_end;		/* DSO in TEXT */
  bool inlined;			/* DSO is "inlined" */
  /* The physical frame the line belongs to (index in the frames).  */
  size_t frame_index;
  struct dso *file;
};

static bool
parse_line (struct line *l)
{
  char *s = l->text;
  size_t len = strlen (s);
  while (len > 0 && (s[len - 1] == '\n' || s[len - 1] == '\r'))
    len--;
  if (len == 0 || (s[0] != '\t' && s[0] != ' '))
    return false;
  size_t i = 0;
  while (s[i] == '\t' || s[i] == ' ')
    i++;
  char *end;
  errno = 0;
  l->printed = strtoull (s + i, &end, 16);
  if (errno != 0 || end == s + i || *end != ' ')
    return false;
  if (s[len - 1] != ')')
    return false;
  /* The last " (" opens the dso: a C++ symbol may hold parentheses.  */
  size_t open = len - 1;
  while (open > 0 && !(s[open] == '(' && s[open - 1] == ' '))
    open--;
  if (open == 0 || (size_t) (end - s) + 1 > open - 1)
    return false;
  l->dso = open + 1;
  l->dso_end = len - 1;
  l->sym = (size_t) (end - s) + 1;
  l->sym_end = open - 1;
  l->inlined = l->dso_end - l->dso == 7
    && strncmp (s + l->dso, "inlined", 7) == 0;
  /* "+0xOFF" at the end of SYM.  */
  size_t p = l->sym_end;
  while (p > l->sym && strchr ("0123456789abcdefABCDEF", s[p - 1]) != NULL)
    p--;
  if (p >= l->sym + 3 && p < l->sym_end && strncmp (s + p - 3, "+0x", 3) == 0)
    {
      l->sym_end = p - 3;
      l->has_off = true;
    }
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

static bool
candidate_named (const Calltab_Decision *d, const char *s, size_t len)
{
  for (size_t i = 0; i < d->ncandidates; i++)
    if ((strlen (d->candidates[i].name) == len
	 && strncmp (d->candidates[i].name, s, len) == 0)
	|| (d->candidates[i].symbol != NULL
	    && strlen (d->candidates[i].symbol) == len
	    && strncmp (d->candidates[i].symbol, s, len) == 0))
      return true;
  return false;
}

/* Process one sample: LINES[0..N) (the header line first).  */
static void
do_sample (struct state *st, struct line *lines, size_t n)
{
  /* Physical frames: consecutive lines with one address are one frame
     (perf's inlined functions first, then the function itself).  */
  struct cli_frame *frames = calloc (n ? n : 1, sizeof *frames);
  size_t *last = calloc (n ? n : 1, sizeof *last);
  if (frames == NULL || last == NULL)
    {
      free (frames);
      free (last);
      return;
    }
  size_t nframes = 0;
  bool user_seen = false;
  for (size_t i = 0; i < n; i++)
    {
      if (!parse_line (&lines[i]))
	continue;
      struct line *l = &lines[i];
      if (nframes > 0 && lines[last[nframes - 1]].printed == l->printed
	  && lines[last[nframes - 1]].inlined)
	{
	  l->frame_index = nframes - 1;
	  last[nframes - 1] = i;
	}
      else
	{
	  l->frame_index = nframes;
	  last[nframes++] = i;
	}
    }
  /* Each frame's file: that of its non-inlined line; a frame perf shows
     only as "(inlined)" lines (perf does so when the line table names
     the function itself) takes the file of the frame after it, checked
     below against the function names at the address.  */
  struct dso **files = calloc (nframes ? nframes : 1, sizeof *files);
  bool *guessed = calloc (nframes ? nframes : 1, sizeof *guessed);
  if (files == NULL || guessed == NULL)
    goto out;
  for (size_t f = 0; f < nframes; f++)
    {
      struct line *l = &lines[last[f]];
      if (!l->inlined)
	{
	  char *dso = strndup (l->text + l->dso, l->dso_end - l->dso);
	  if (dso != NULL)
	    files[f] = find_dso (st, dso);
	  free (dso);
	}
    }
  for (size_t f = nframes; f-- > 0;)
    if (files[f] == NULL && lines[last[f]].inlined && f + 1 < nframes)
      {
	files[f] = files[f + 1];
	guessed[f] = true;
      }
  /* The first user-space frame is the sampled instruction; the others
     are printed as return address - 1 (perf's unwinder decrements the
     PC of every frame that is not an activation).  */
  for (size_t f = 0; f < nframes; f++)
    {
      struct line *l = &lines[last[f]];
      bool kernel = l->text[l->dso] == '[';
      frames[f].activation = !kernel && !user_seen;
      if (!kernel)
	user_seen = true;
      uint64_t addr;
      if (files[f] == NULL || !file_address (files[f], l->printed, &addr))
	{
	  files[f] = NULL;
	  continue;
	}
      frames[f].ct = files[f]->ct;
      frames[f].addr = frames[f].activation ? addr : addr + 1;
    }

  /* Decide every frame; rewrite the symbol of its own line.  */
  char **names = calloc (nframes ? nframes : 1, sizeof *names);
  uint64_t *lows = calloc (nframes ? nframes : 1, sizeof *lows);
  if (names == NULL || lows == NULL)
    {
      free (names);
      free (lows);
      goto out;
    }
  for (size_t f = 0; f < nframes; f++)
    {
      if (frames[f].ct == NULL)
	continue;
      Calltab_Decision d;
      if (cli_frame_decide (frames, nframes, f, &d) != 0)
	continue;
      struct line *l = &lines[last[f]];
      if (guessed[f]
	  && !candidate_named (&d, l->text + l->sym, l->sym_end - l->sym))
	{
	  /* Not the function itself: leave the frame alone.  */
	  calltab_decision_free (&d);
	  frames[f].ct = NULL;
	  continue;
	}
      if (cli_decision_merged (&d))
	{
	  if (d.verdict == CALLTAB_DECIDED)
	    {
	      names[f] = strdup (d.function.name);
	      lows[f] = d.function.low_pc;
	    }
	  else
	    {
	      char *buf = NULL;
	      size_t size = 0;
	      FILE *m = open_memstream (&buf, &size);
	      if (m != NULL)
		{
		  fputs ("undecidable(", m);
		  for (size_t i = 0; i < d.ncandidates; i++)
		    fprintf (m, "%s%s", i ? "|" : "", d.candidates[i].name);
		  fputc (')', m);
		  fclose (m);
		  names[f] = buf;
		}
	      lows[f] = (uint64_t) -1;
	      if (st->status == CLI_EXIT_OK)
		st->status = CLI_EXIT_PROBLEMS;
	    }
	}
      calltab_decision_free (&d);
    }

  if (st->report)
    {
      if (nframes > 0)
	{
	  struct line *l = &lines[last[0]];
	  char *sym = names[0] ? NULL
	    : strndup (l->text + l->sym, l->sym_end - l->sym);
	  /* A frame perf shows only as "(inlined)": the file of the first
	     frame that names one.  */
	  struct line *dl = l;
	  for (size_t f = 0; f < nframes && dl->inlined; f++)
	    dl = &lines[last[f]];
	  char *dso = strndup (dl->text + dl->dso, dl->dso_end - dl->dso);
	  if ((names[0] || sym) && dso)
	    add_report (st, names[0] ? names[0] : sym,
			dso);
	  free (sym);
	  free (dso);
	}
    }
  else
    for (size_t i = 0; i < n; i++)
      {
	struct line *l = &lines[i];
	size_t f = l->frame_index;
	if (!l->frame || last[f] != i || names[f] == NULL)
	  {
	    fputs (l->text, stdout);
	    continue;
	  }
	fwrite (l->text, 1, l->sym, stdout);
	fputs (names[f], stdout);
	if (l->has_off && lows[f] != (uint64_t) -1)
	  {
	    uint64_t at = frames[f].activation ? frames[f].addr
	      : frames[f].addr - 1;
	    printf ("+0x%" PRIx64, at - lows[f]);
	  }
	fputs (l->text + l->sym_end
	       + (l->has_off ? strcspn (l->text + l->sym_end, " ") : 0),
	       stdout);
      }
  for (size_t f = 0; f < nframes; f++)
    free (names[f]);
  free (names);
  free (lows);
 out:
  free (files);
  free (guessed);
  free (frames);
  free (last);
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

int
cmd_perf_script (int argc, char **argv)
{
  struct state st;
  memset (&st, 0, sizeof st);
  const char *debuginfo_path = NULL;
  int i = 1;
  for (; i < argc && argv[i][0] == '-'; i++)
    {
      if (strcmp (argv[i], "-h") == 0 || strcmp (argv[i], "--help") == 0)
	{
	  help (stdout);
	  return CLI_EXIT_OK;
	}
      else if (strcmp (argv[i], "--report") == 0)
	st.report = true;
      else if (strncmp (argv[i], "--debuginfo-path=", 17) == 0)
	debuginfo_path = argv[i] + 17;
      else if (strcmp (argv[i], "--") == 0)
	{
	  i++;
	  break;
	}
      else
	{
	  help (stderr);
	  return CLI_EXIT_TROUBLE;
	}
    }
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
  for (;;)
    {
      ssize_t len = getline (&buf, &size, stdin);
      bool blank = len <= 0 || buf[0] == '\n';
      if (len > 0 && !blank)
	{
	  if (n == alloc)
	    {
	      alloc = alloc ? 2 * alloc : 64;
	      struct line *v = realloc (lines, alloc * sizeof *v);
	      if (v == NULL)
		break;
	      lines = v;
	    }
	  memset (&lines[n], 0, sizeof lines[n]);
	  lines[n].text = strdup (buf);
	  if (lines[n].text == NULL)
	    break;
	  n++;
	}
      if (blank)
	{
	  do_sample (&st, lines, n);
	  for (size_t k = 0; k < n; k++)
	    free (lines[k].text);
	  n = 0;
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
      free (st.dsos[k]->loads);
      free (st.dsos[k]);
    }
  free (st.dsos);
  cli_modules_free (st.modules);
  if (ferror (stdout) || fflush (stdout) != 0)
    return CLI_EXIT_TROUBLE;
  return st.status;
}
