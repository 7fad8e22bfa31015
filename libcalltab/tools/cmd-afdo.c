/* cmd-afdo.c: calltab afdo BINARY [PERF_SCRIPT|-] -o OUT.afdo: the
   AutoFDO profile GCC's -fauto-profile reads (12, or --gcc=N), from the
   samples of
   `perf script` text (or of a perf.data read through perf script);
   --fs=FILE: the late profile the plugin reads (calltab-fs 1);
   --early=FILE: the same from a build with GCC's own discriminators,
   the early profile for GCC 11 and 12;
   --blocks: the samples of every (function, file:line, discriminator).
   docs/fdo.md.  */

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>
#include <dwarf.h>
#include <gelf.h>
#include "calltab-cli.h"
#include "calltab-format.h"
#include "perf-script-read.h"

static void
help (FILE *out)
{
  fputs ("Usage: calltab afdo [OPTION...] BINARY [PERF_SCRIPT|-]\n"
	 "Build the AutoFDO profile that GCC's -fauto-profile reads (GCC 12's\n"
	 "unless --gcc=N) from the samples of BINARY in the output of\n"
	 "  perf script -F ip,sym,symoff,dso --no-demangle --show-mmap-events -G\n"
	 "(PERF_SCRIPT, or stdin for '-' or none), or of a perf.data file.\n"
	 "Each sampled address is mapped through BINARY's DWARF to its inline\n"
	 "stack, line and discriminator; a line's count is the largest count\n"
	 "of its blocks (GCC 12 gives one count to every block of a line).\n\n"
	 "  -o FILE, --output=FILE  write the profile to FILE\n"
	 "  --fs=FILE               write the late profile of flow-sensitive\n"
	 "                          AutoFDO to FILE (text, 'calltab-fs 1'; the\n"
	 "                          plugin's -fplugin-arg-calltab-profile=FILE):\n"
	 "                          per function with samples every (inline\n"
	 "                          path, line) of its code, its groups (1 +\n"
	 "                          the largest discriminator) and each group's\n"
	 "                          largest block count, scaled by --period\n"
	 "  --early=FILE            write the early profile to FILE: as --fs,\n"
	 "                          from a BINARY with GCC's own discriminators\n"
	 "                          (built without the plugin, or with\n"
	 "                          discriminators=gcc); GCC 11 and 12 read it\n"
	 "                          with -fplugin-arg-calltab-early-profile=FILE\n"
	 "                          to give each block its own count\n"
	 "  --perf-data=FILE        read the samples of FILE (runs perf script)\n"
	 "  --counts=FILE           read exact counts instead of samples: lines\n"
	 "                          'ADDR COUNT' (BINARY's file addresses, hex\n"
	 "                          with 0x or decimal; '#' starts a comment),\n"
	 "                          e.g. instruction counts of a callgrind run\n"
	 "  --period=N              counts are samples times N: the executions\n"
	 "                          a sample stands for (default 1000; 1 with\n"
	 "                          --counts)\n"
	 "  --gcc=N                 for GCC N's -fauto-profile (default 12;\n"
	 "                          16 and later: AutoFDO version 3): 12\n"
	 "                          folds every line; 13 and later key\n"
	 "                          entries on GCC's own discriminators, so\n"
	 "                          lines are kept per discriminator when\n"
	 "                          BINARY's are GCC's own (built without the\n"
	 "                          plugin, with discriminators=gcc, or with\n"
	 "                          layered, the plugin's default from GCC\n"
	 "                          13), folded when they are the plugin's\n"
	 "                          alone (rtl); 16 keys them by\n"
	 "                          their base, the largest of a statement's\n"
	 "                          copies\n"
	 "  --keep-discriminators   one entry per (line, discriminator), for\n"
	 "                          consumers keyed on discriminators\n"
	 "  --cold=N                with N samples or more (default 10000),\n"
	 "                          list every function of BINARY no sample\n"
	 "                          reached, with no counts: GCC 11 to 15\n"
	 "                          then optimize it as never run (cold);\n"
	 "                          0: never\n"
	 "  --blocks                print every (function, file:line,\n"
	 "                          discriminator) with its samples and share,\n"
	 "                          the most samples first\n"
	 "  --json                  --blocks as one JSON object\n"
	 "  --dso=NAME              take the samples of the file perf names\n"
	 "                          NAME (path or last component; default:\n"
	 "                          BINARY's) as BINARY's: the same code\n"
	 "  --debuginfo-path=PATH   where to look for separate debug files\n"
	 "  -h, --help              print this help and exit\n\n"
	 "Exit status: 0 ok, 1 no sample in BINARY, 2 usage error, unreadable\n"
	 "file or line, BINARY without debug information.\n", out);
}

/* --period's default: executions per sample.  */
#define AFDO_DEFAULT_PERIOD 1000

/* One mapping of BINARY from a PERF_RECORD_MMAP or _MMAP2 line.  */
struct map
{
  uint64_t start, len, pgoff;
};

struct input
{
  const char *binary;
  const char *dso;		/* --dso: the samples' file, or NULL */
  const char *name;		/* for messages */
  Calltab *ct;
  Calltab_Afdo *prof;
  struct map *maps;
  size_t nmaps;
  bool pic;			/* ET_DYN: run-time addresses need a map */
  uint64_t samples, ours, unmapped;
};

/* Whether DSO (LEN bytes) names the binary, or the file --dso names.  */
static bool
is_ours (const struct input *in, const char *dso, size_t len)
{
  return perf_script_names (dso, len, in->dso ? in->dso : in->binary);
}

/* Keep the mapping M of LINE when it maps the binary.  */
static void
add_mapping (struct input *in, const char *line, const struct perf_mmap *m)
{
  if (!is_ours (in, line + m->path, m->path_end - m->path))
    return;
  struct map *v = realloc (in->maps, (in->nmaps + 1) * sizeof *v);
  if (v == NULL)
    return;
  in->maps = v;
  in->maps[in->nmaps++] = (struct map) { m->start, m->len, m->pgoff };
}

/* Count the binary's sample F of line S at its file address: through
   the mapping that holds its address, else the symbol and its offset,
   else the address itself when it is one (not a PIE's or a shared
   object's run-time address).  Returns 0, -2 out of memory.  */
static int
count_sample (struct input *in, const char *s, const struct perf_frame *f)
{
  uint64_t addr = f->addr;
  for (size_t i = in->nmaps; i-- > 0;)
    {
      const struct map *m = &in->maps[i];
      if (addr < m->start || addr - m->start >= m->len)
	continue;
      uint64_t fa;
      if (calltab_file_address (in->ct, addr - m->start + m->pgoff, &fa) == 0)
	return calltab_afdo_add (in->prof, fa, 1) == 0 ? 0 : -2;
      break;
    }
  /* Only SYM+0xOFF places a sample: a symbol alone (perf script
     without symoff) says nothing about where in it.  */
  if (f->has_off)
    {
      uint64_t base;
      char *name = strndup (s + f->sym, f->sym_end - f->sym);
      if (name == NULL)
	return -2;
      int r = calltab_afdo_symbol (in->prof, name, &base);
      free (name);
      if (r == 0)
	return calltab_afdo_add (in->prof, base + f->off, 1) == 0 ? 0 : -2;
    }
  if (in->pic)
    {
      /* A PIE or shared object: the address is a run-time address.  */
      in->unmapped++;
      return 0;
    }
  return calltab_afdo_add (in->prof, addr, 1) == 0 ? 0 : -2;
}

/* A sample line (perf_script_sample).  Returns 0 (counted or not the
   binary's), -1 malformed, -2 out of memory.  */
static int
add_sample (struct input *in, const char *s)
{
  struct perf_frame f;
  if (!perf_script_sample (s, &f))
    return -1;
  in->samples++;
  if (s[f.dso] == '[' || !is_ours (in, s + f.dso, f.dso_end - f.dso))
    return 0;
  in->ours++;
  return count_sample (in, s, &f);
}
static int
read_input (struct input *in, FILE *f)
{
  char *buf = NULL;
  size_t size = 0;
  ssize_t len;
  size_t lineno = 0;
  int status = CLI_EXIT_OK;
  while ((len = getline (&buf, &size, f)) > 0)
    {
      lineno++;
      if ((size_t) len != strlen (buf))
	{
	  fprintf (stderr, "calltab afdo: %s:%zu: a NUL byte in the line\n",
		   in->name, lineno);
	  status = CLI_EXIT_TROUBLE;
	  break;
	}
      if (buf[strspn (buf, " \t\r\n")] == '\0')
	continue;
      struct perf_mmap m;
      enum perf_event ev = perf_script_event (buf, &m);
      if (ev == PERF_EVENT_BAD)
	{
	  fprintf (stderr, "calltab afdo: %s:%zu: cannot read this "
		   "mmap event\n", in->name, lineno);
	  status = CLI_EXIT_TROUBLE;
	  break;
	}
      if (ev == PERF_EVENT_MMAP)
	add_mapping (in, buf, &m);
      if (ev != PERF_EVENT_NONE)
	continue;
      int r = add_sample (in, buf);
      if (r == -2)
	{
	  fprintf (stderr, "calltab afdo: %s\n", calltab_errmsg (-1));
	  status = CLI_EXIT_TROUBLE;
	  break;
	}
      if (r < 0)
	{
	  fprintf (stderr, "calltab afdo: %s:%zu: not a perf script sample "
		   "line (expected 'IP [SYM+0xOFF] (DSO)', as printed by "
		   "perf script -F ip,sym,symoff,dso)\n", in->name, lineno);
	  status = CLI_EXIT_TROUBLE;
	  break;
	}
    }
  if (status == CLI_EXIT_OK && ferror (f))
    {
      fprintf (stderr, "calltab afdo: %s: %s\n", in->name, strerror (errno));
      status = CLI_EXIT_TROUBLE;
    }
  free (buf);
  return status;
}

static void
print_blocks (const Calltab_Afdo_Block *b, size_t n, uint64_t total,
	      bool json, const char *binary)
{
  if (json)
    {
      fputs ("{\"file\":", stdout);
      cli_json_string (stdout, binary);
      printf (",\"samples\":%" PRIu64 ",\"blocks\":[", total);
      for (size_t i = 0; i < n; i++)
	{
	  fputs (i ? ",{\"function\":" : "{\"function\":", stdout);
	  cli_json_string (stdout, b[i].function);
	  fputs (",\"inlined_into\":", stdout);
	  if (b[i].inlined_into)
	    cli_json_string (stdout, b[i].inlined_into);
	  else
	    fputs ("null", stdout);
	  fputs (",\"source\":", stdout);
	  cli_json_string (stdout, b[i].file);
	  printf (",\"line\":%d,\"discriminator\":%u,\"samples\":%" PRIu64
		  ",\"share\":%.4f}", b[i].line, b[i].discriminator,
		  b[i].samples,
		  total ? (double) b[i].samples / (double) total : 0.0);
	}
      fputs ("]}\n", stdout);
      return;
    }
  printf ("%8s %7s  %s\n", "samples", "share", "function file:line discriminator");
  for (size_t i = 0; i < n; i++)
    {
      printf ("%8" PRIu64 " %6.2f%%  %s", b[i].samples,
	      total ? 100.0 * (double) b[i].samples / (double) total : 0.0,
	      b[i].function);
      if (b[i].inlined_into)
	printf (" (inlined into %s)", b[i].inlined_into);
      printf (" %s:%d %u\n", b[i].file, b[i].line, b[i].discriminator);
    }
  printf ("%8" PRIu64 " %6.2f%%  total\n", total, 100.0);
}

/* Whether a unit whose DW_AT_producer PRODUCER ("GNU C17 13.3.0 ...")
   records no discriminators mode was numbered in the plugin's layered
   default (calltab-format.h).  */
static bool
layered_default (const char *producer)
{
  if (CALLTAB_DISCR_LAYERED_DEFAULT_GCC == 0
      || strncmp (producer, "GNU ", 4) != 0)
    return false;
  const char *v = strchr (producer + 4, ' ');
  return v != NULL && atoi (v + 1) >= CALLTAB_DISCR_LAYERED_DEFAULT_GCC;
}

/* Whether a unit of DWARF numbered its discriminators with the plugin
   in place of GCC's (discriminators=rtl, hierarchical or fs:
   final-code numbers, not GCC's early ones; layered ones keep GCC's):
   its DW_AT_producer (GCC's -grecord-gcc-switches) names
   -fplugin=.../calltab.so and the last -fplugin-arg-calltab-
   discriminators= is none of gcc, off and layered, or there is none and
   the plugin's default for the unit's GCC is not layered
   (calltab-format.h); where no unit recorded its switches, the
   plugin's declaration unit says the plugin ran, in its default
   mode.  */
static bool
plugin_numbered (Dwarf *dwarf)
{
  static const char arg[] = "-fplugin-arg-" CALLTAB_PLUGIN_NAME
			    "-discriminators=";
  Dwarf_Off off = 0, next;
  size_t hsize;
  bool decl_unit = false, recorded = false;
  bool layered = false;		/* a GCC unit's GCC numbers layered by
				   default */
  while (dwarf != NULL
	 && dwarf_nextcu (dwarf, off, &next, &hsize, NULL, NULL, NULL) == 0)
    {
      Dwarf_Die cu;
      const char *producer = NULL;
      if (dwarf_offdie (dwarf, off + hsize, &cu) != NULL)
	producer = calltab_die_string (&cu, DW_AT_producer);
      off = next;
      if (producer == NULL)
	continue;
      if (strncmp (producer, CALLTAB_PRODUCER_PREFIX,
		   CALLTAB_PRODUCER_PREFIX_LEN) == 0)
	{
	  decl_unit = true;
	  continue;
	}
      bool plugin = false;
      const char *mode = NULL;
      layered |= layered_default (producer);
      for (const char *p = strstr (producer, " -"); p != NULL;
	   p = strstr (p + 1, " -"))
	{
	  recorded = true;
	  if (strncmp (p + 1, "-fplugin=", 9) == 0)
	    {
	      const char *path = p + 10, *base = path;
	      for (size_t i = 0; i < strcspn (path, " "); i++)
		if (path[i] == '/')
		  base = path + i + 1;
	      plugin |= strncmp (base, CALLTAB_PLUGIN_NAME,
				 strlen (CALLTAB_PLUGIN_NAME)) == 0;
	    }
	  else if (strncmp (p + 1, arg, sizeof arg - 1) == 0)
	    mode = p + sizeof arg;
	}
      if (plugin && (mode == NULL ? !layered_default (producer)
		     : (strncmp (mode, "gcc", 3) != 0
			&& strncmp (mode, "off", 3) != 0
			&& strncmp (mode, "layered", 7) != 0)))
	return true;
    }
  return decl_unit && !recorded && !layered;
}

/* The samples a recording needs before a function none of them
   reached is written as never run (docs/fdo.md, "Cold code"): then it
   took under 3 in 10,000 of the run's time, 19 times in 20.  */
#define AFDO_COLD_SAMPLES 10000

/* The command line.  */
struct afdo_args
{
  const char *binary;
  const char *text;		/* PERF_SCRIPT, "-" for stdin */
  const char *output;		/* -o, or NULL */
  const char *fs;		/* --fs or --early, or NULL */
  bool early;			/* it was --early */
  const char *perf_data;	/* --perf-data, or NULL */
  const char *counts;		/* --counts, or NULL */
  const char *dso;		/* --dso, or NULL */
  const char *debuginfo_path;
  Calltab_Afdo_Options opts;
  bool blocks, json, keep_given;
  long gcc;
  uint64_t cold_min;		/* --cold: calltab_afdo_cold's guard */
};

/* Read the command line into *A.  Returns -1 to go on, else the exit
   status (after --help, or a usage error reported).  */
static int
parse_args (int argc, char **argv, struct afdo_args *a)
{
  enum { OPT_DSO = 256, OPT_PERF_DATA, OPT_PERIOD, OPT_KEEP, OPT_GCC,
	 OPT_BLOCKS, OPT_COUNTS, OPT_FS, OPT_EARLY, OPT_COLD };
  static const struct option options[] = {
    { "output", required_argument, NULL, 'o' },
    { "dso", required_argument, NULL, OPT_DSO },
    { "perf-data", required_argument, NULL, OPT_PERF_DATA },
    { "counts", required_argument, NULL, OPT_COUNTS },
    { "period", required_argument, NULL, OPT_PERIOD },
    { "keep-discriminators", no_argument, NULL, OPT_KEEP },
    { "gcc", required_argument, NULL, OPT_GCC },
    { "blocks", no_argument, NULL, OPT_BLOCKS },
    { "fs", required_argument, NULL, OPT_FS },
    { "early", required_argument, NULL, OPT_EARLY },
    { "cold", required_argument, NULL, OPT_COLD },
  };
  struct cli_parser p = { .cmd = "afdo", .help = help, .shortopts = "o:",
			  CLI_OPTIONS (options),
			  .common = CLI_JSON | CLI_DEBUGINFO_PATH };
  *a = (struct afdo_args) { .opts = { .period = 0 }, .gcc = 12,
			    .cold_min = AFDO_COLD_SAMPLES };
  int opt;
  char *end;
  while ((opt = cli_getopt (&p, argc, argv)) != CLI_OPT_END)
    switch (opt)
      {
      case 'o':
	a->output = optarg;
	break;
      case OPT_DSO:
	if (optarg[0] == '\0')
	  return cli_usage_error (p.cmd, "empty --dso NAME");
	a->dso = optarg;
	break;
      case OPT_PERF_DATA:
	a->perf_data = optarg;
	break;
      case OPT_COUNTS:
	a->counts = optarg;
	break;
      case OPT_PERIOD:
	errno = 0;
	a->opts.period = strtoull (optarg, &end, 0);
	if (errno != 0 || end == optarg || *end != '\0' || optarg[0] == '-'
	    || a->opts.period == 0)
	  return cli_usage_error (p.cmd, "invalid period '%s'", optarg);
	break;
      case OPT_KEEP:
	a->keep_given = true;
	break;
      case OPT_GCC:
	errno = 0;
	a->gcc = strtol (optarg, &end, 10);
	if (errno != 0 || end == optarg || *end != '\0' || a->gcc < 11
	    || a->gcc > 99)
	  return cli_usage_error (p.cmd, "invalid GCC version '%s' (11 or "
				  "later)", optarg);
	break;
      case OPT_BLOCKS:
	a->blocks = true;
	break;
      case OPT_COLD:
	errno = 0;
	a->cold_min = strtoull (optarg, &end, 10);
	if (errno != 0 || end == optarg || *end != '\0' || optarg[0] == '-')
	  return cli_usage_error (p.cmd, "invalid --cold samples '%s'",
				  optarg);
	break;
      case OPT_FS:
      case OPT_EARLY:
	if (a->fs != NULL)
	  return cli_usage_error (p.cmd, "--fs and --early both given (a "
				  "binary has one kind of numbers)");
	if (optarg[0] == '\0')
	  return cli_usage_error (p.cmd, "empty %s FILE",
				  opt == OPT_FS ? "--fs" : "--early");
	a->fs = optarg;
	a->early = opt == OPT_EARLY;
	break;
      default:
	return p.status;
      }
  /* A sample stands for many executions of the instruction it lands
     on (at 20 kHz, 50 us of the program), and GCC reads a count of 1
     as "ran at most once" (not hot: maybe_hot_count_p) and 0 as never:
     scaled, every sampled block stays hot (docs/fdo.md, "Counts").  */
  if (a->opts.period == 0)
    a->opts.period = a->counts != NULL ? 1 : AFDO_DEFAULT_PERIOD;
  a->debuginfo_path = p.debuginfo_path;
  a->json = p.json;
  int nargs = argc - optind;
  const char *const *args = (const char *const *) argv + optind;
  if (nargs < 1)
    return cli_usage_error (p.cmd, "missing BINARY");
  if (a->perf_data != NULL && a->counts != NULL)
    return cli_usage_error (p.cmd, "--perf-data and --counts both given");
  bool given = a->perf_data != NULL || a->counts != NULL;
  if (nargs > 2 || (given && nargs > 1))
    return cli_usage_error (p.cmd, "extra operand '%s'%s",
			    args[nargs > 2 ? 2 : 1],
			    nargs > 2 ? "" : a->counts != NULL
			    ? " (--counts gives the counts)"
			    : " (--perf-data gives the samples)");
  if (a->output == NULL && a->fs == NULL && !a->blocks)
    return cli_usage_error (p.cmd, "missing -o OUT (or --fs=FILE, "
			    "--early=FILE, or --blocks)");
  if (a->json && !a->blocks)
    return cli_usage_error (p.cmd, "--json is for --blocks");
  a->binary = args[0];
  a->text = nargs == 2 ? args[1] : "-";
  return -1;
}

/* Whether the profile keeps a line's entries per discriminator.  GCC 11
   and 12 mask the discriminator off and keep one entry per line; 13 and
   later look each statement up by (line offset, its own discriminator,
   GCC's early numbering): the plugin's final-code numbers would put
   counts on other statements (docs/fdo.md, "GCC 13 and 14").  */
static void
choose_discriminators (struct afdo_args *a, Calltab *ct)
{
  a->opts.keep_discriminators = a->keep_given;
  if (a->gcc < 13 || a->keep_given || a->output == NULL)
    return;
  if (!plugin_numbered (calltab_dwarf (ct)))
    a->opts.keep_discriminators = 1;
  else
    fprintf (stderr, "calltab afdo: %s: its discriminators are the"
	     " plugin's, not GCC %ld's own: lines folded (to keep them,"
	     " build with the plugin's default there, discriminators="
	     "layered, or convert a discriminators=gcc build of the same"
	     " code, --dso)\n", a->binary, a->gcc);
}

/* S quoted for the shell: in '...', each ' as '\''; NULL when out of
   memory.  */
static char *
shell_quoted (const char *s)
{
  size_t n = 3;
  for (const char *c = s; *c; c++)
    n += *c == '\'' ? 4 : 1;
  char *q = malloc (n), *w = q;
  if (q == NULL)
    return NULL;
  *w++ = '\'';
  for (; *s; s++)
    if (*s == '\'')
      {
	memcpy (w, "'\\''", 4);
	w += 4;
      }
    else
      *w++ = *s;
  *w++ = '\'';
  *w = '\0';
  return q;
}

/* perf script -i PERF_DATA with the fields read here; NULL when out of
   memory.  */
static char *
perf_command (const char *perf_data)
{
  char *quoted = shell_quoted (perf_data), *cmd = NULL;
  if (quoted != NULL
      && asprintf (&cmd, "perf script -F ip,sym,symoff,dso --no-demangle"
		   " --show-mmap-events -G -i %s 2>/dev/null", quoted) < 0)
    cmd = NULL;
  free (quoted);
  return cmd;
}

/* Read the samples of A's input into IN: PERF_SCRIPT, stdin, or the
   output of perf script run on --perf-data.  Returns the exit status
   (messages printed).  */
static int
read_samples (const struct afdo_args *a, struct input *in)
{
  FILE *f;
  bool piped = a->perf_data != NULL;
  if (piped)
    {
      if (access (a->perf_data, R_OK) != 0)
	{
	  fprintf (stderr, "calltab afdo: %s: %s\n", a->perf_data,
		   strerror (errno));
	  return CLI_EXIT_TROUBLE;
	}
      char *cmd = perf_command (a->perf_data);
      if (cmd == NULL)
	return CLI_EXIT_TROUBLE;
      f = popen (cmd, "r");
      free (cmd);
      in->name = a->perf_data;
    }
  else if (strcmp (a->text, "-") == 0)
    {
      f = stdin;
      in->name = "<stdin>";
    }
  else
    {
      f = fopen (a->text, "r");
      in->name = a->text;
    }
  if (f == NULL)
    {
      fprintf (stderr, "calltab afdo: %s: %s\n", in->name, strerror (errno));
      return CLI_EXIT_TROUBLE;
    }
  int status = read_input (in, f);
  if (piped)
    {
      int w = pclose (f);
      if (status == CLI_EXIT_OK && (w == -1 || !WIFEXITED (w)
				    || WEXITSTATUS (w) != 0))
	{
	  fprintf (stderr, "calltab afdo: %s: perf script failed (is perf "
		   "installed, and the file a perf.data?)\n", in->name);
	  status = CLI_EXIT_TROUBLE;
	}
    }
  else if (f != stdin)
    fclose (f);
  return status;
}

/* --counts FILE: exact counts, one 'ADDR COUNT' per line (file
   addresses of BINARY), e.g. the instruction counts of a callgrind run
   (bench/fdo.sh): what AutoFDO would read from perfect samples.
   Returns the exit status (messages printed).  */
static int
read_counts (const char *path, struct input *in)
{
  FILE *f = fopen (path, "r");
  in->name = path;
  if (f == NULL)
    {
      fprintf (stderr, "calltab afdo: %s: %s\n", path, strerror (errno));
      return CLI_EXIT_TROUBLE;
    }
  char *buf = NULL;
  size_t size = 0, lineno = 0;
  int status = CLI_EXIT_OK;
  while (status == CLI_EXIT_OK && getline (&buf, &size, f) > 0)
    {
      lineno++;
      buf[strcspn (buf, "#\n")] = '\0';
      char *s = buf + strspn (buf, " \t\r"), *end;
      if (*s == '\0')
	continue;
      errno = 0;
      uint64_t addr = strtoull (s, &end, 0), count;
      bool ok = errno == 0 && end != s && (*end == ' ' || *end == '\t');
      if (ok)
	{
	  s = end + strspn (end, " \t");
	  count = strtoull (s, &end, 10);
	  ok = errno == 0 && end != s && *s != '-'
	       && end[strspn (end, " \t\r")] == '\0';
	}
      if (!ok)
	{
	  fprintf (stderr, "calltab afdo: %s:%zu: expected 'ADDR COUNT'\n",
		   path, lineno);
	  status = CLI_EXIT_TROUBLE;
	}
      else if (count > 0)
	{
	  in->samples += count;
	  in->ours += count;
	  if (calltab_afdo_add (in->prof, addr, count) != 0)
	    {
	      fprintf (stderr, "calltab afdo: %s\n", calltab_errmsg (-1));
	      status = CLI_EXIT_TROUBLE;
	    }
	}
    }
  if (status == CLI_EXIT_OK && ferror (f))
    {
      fprintf (stderr, "calltab afdo: %s: %s\n", path, strerror (errno));
      status = CLI_EXIT_TROUBLE;
    }
  free (buf);
  fclose (f);
  return status;
}

/* Close OUT, the file PATH written with result R (0, or -1 with
   calltab_errmsg saying why).  Returns the exit status (messages
   printed).  */
static int
close_output (const char *path, FILE *out, int r)
{
  if (fclose (out) != 0 || r != 0)
    {
      fprintf (stderr, "calltab afdo: %s: %s\n", path,
	       r != 0 ? calltab_errmsg (-1) : strerror (errno));
      return CLI_EXIT_TROUBLE;
    }
  return CLI_EXIT_OK;
}

/* Write what A asks for from the samples in IN: the --blocks table, the
   profile, the late profile.  Returns the exit status (messages printed).  */
static int
write_profile (const struct afdo_args *a, const struct input *in)
{
  if (in->unmapped > 0)
    fprintf (stderr, "calltab afdo: %s: %" PRIu64 " samples of %s could not "
	     "be placed (no mmap event holds them, no SYM+0xOFF: use perf "
	     "script -F ip,sym,symoff,dso --show-mmap-events)\n", in->name,
	     in->unmapped, a->binary);
  if (in->ours == in->unmapped)
    {
      fprintf (stderr, "calltab afdo: %s: no sample in %s (of %" PRIu64
	       " samples)\n", in->name, a->binary, in->samples);
      return CLI_EXIT_PROBLEMS;
    }
  /* Before anything builds the profile (--blocks), so that it is built
     once, with the functions no sample reached; said once the output
     is open.  */
  int dense = 0;
  size_t ncold = 0;
  if (a->output != NULL && a->cold_min > 0
      && (dense = calltab_afdo_cold (in->prof, a->cold_min, &ncold)) < 0)
    {
      fprintf (stderr, "calltab afdo: %s: %s\n", a->output,
	       calltab_errmsg (-1));
      return CLI_EXIT_TROUBLE;
    }
  if (a->blocks)
    {
      Calltab_Afdo_Block *b;
      size_t n;
      uint64_t total;
      if (calltab_afdo_blocks (in->prof, &b, &n, &total) != 0)
	{
	  fprintf (stderr, "calltab afdo: %s\n", calltab_errmsg (-1));
	  return CLI_EXIT_TROUBLE;
	}
      print_blocks (b, n, total, a->json, a->binary);
      free (b);
    }
  /* Both files opened before either is written: a path that cannot be
     written leaves nothing behind.  */
  FILE *fs = NULL, *o = NULL;
  if (a->fs != NULL && (fs = fopen (a->fs, "w")) == NULL)
    {
      fprintf (stderr, "calltab afdo: %s: %s\n", a->fs, strerror (errno));
      return CLI_EXIT_TROUBLE;
    }
  if (a->output != NULL && (o = fopen (a->output, "wb")) == NULL)
    {
      fprintf (stderr, "calltab afdo: %s: %s\n", a->output,
	       strerror (errno));
      if (fs != NULL)
	{
	  fclose (fs);
	  remove (a->fs);
	}
      return CLI_EXIT_TROUBLE;
    }
  int status = CLI_EXIT_OK;
  uint64_t samples = in->ours - in->unmapped;
  if (o != NULL && a->cold_min > 0 && dense)
    fprintf (stderr, "calltab afdo: %s: %zu functions no sample reached"
	     " written as never run (%" PRIu64 " samples, at least %" PRIu64
	     ")\n", a->binary, ncold, samples, a->cold_min);
  else if (o != NULL && a->cold_min > 0)
    fprintf (stderr, "calltab afdo: %s: no function written as never run: %"
	     PRIu64 " samples, fewer than %" PRIu64 " (--cold)\n", a->binary,
	     samples, a->cold_min);
  if (o != NULL)
    status = close_output (a->output, o,
			   calltab_afdo_write_gcc (in->prof, o, &a->opts,
						   (int) a->gcc));
  if (fs != NULL)
    {
      int s = close_output (a->fs, fs,
			    status == CLI_EXIT_OK
			    ? calltab_afdo_write_fs (in->prof, fs, &a->opts)
			    : 0);
      if (status == CLI_EXIT_OK)
	status = s;
    }
  return status;
}

int
cmd_afdo (int argc, char **argv)
{
  struct afdo_args a;
  int status = parse_args (argc, argv, &a);
  if (status >= 0)
    return status;
  Calltab *ct = calltab_begin_debuginfo (a.binary, a.debuginfo_path);
  if (ct == NULL)
    {
      fprintf (stderr, "calltab afdo: %s\n", calltab_errmsg (-1));
      return CLI_EXIT_TROUBLE;
    }
  if (a.early && plugin_numbered (calltab_dwarf (ct)))
    {
      fprintf (stderr, "calltab afdo: %s: its discriminators are the"
	       " plugin's, not GCC's own: the early profile needs a build"
	       " without the plugin or with discriminators=gcc (of the same"
	       " code: --dso)\n", a.binary);
      calltab_end (ct);
      return CLI_EXIT_TROUBLE;
    }
  choose_discriminators (&a, ct);
  Calltab_Afdo *prof = calltab_afdo_begin (ct);
  if (prof == NULL)
    {
      fprintf (stderr, "calltab afdo: %s\n", calltab_errmsg (-1));
      calltab_end (ct);
      return CLI_EXIT_TROUBLE;
    }
  struct input in = { .binary = a.binary, .dso = a.dso, .ct = ct,
		      .prof = prof };
  GElf_Ehdr eh;
  in.pic = gelf_getehdr (calltab_elf (ct), &eh) == NULL
    || eh.e_type != ET_EXEC;
  status = a.counts != NULL ? read_counts (a.counts, &in)
			    : read_samples (&a, &in);
  if (status == CLI_EXIT_OK)
    status = write_profile (&a, &in);
  free (in.maps);
  calltab_afdo_end (prof);
  calltab_end (ct);
  if (ferror (stdout) || fflush (stdout) != 0)
    return CLI_EXIT_TROUBLE;
  return status;
}
