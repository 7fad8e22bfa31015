/* cmd-backtrace.c: calltab backtrace -p PID | --core CORE EXE: unwind
   every thread with libdwfl (CFI of .eh_frame/.debug_frame) and name
   each frame with the function the call tables decide.
   docs/backtrace.md.  */

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <dwarf.h>
#include <gelf.h>
#include <elfutils/libdwfl.h>
#include "calltab-cli.h"

#define MAX_FRAMES 1024

static void
help (FILE *out)
{
  fputs ("Usage: calltab backtrace [OPTION...] -p PID\n"
	 "       calltab backtrace [OPTION...] --core CORE EXE\n"
	 "Unwind every thread of a live process (attached with ptrace, then\n"
	 "detached) or of a core file with libdwfl (.eh_frame/.debug_frame\n"
	 "CFI) and print each frame with the function that ran: inside code\n"
	 "that identical code folding merged, the one the call tables\n"
	 "decide from the return addresses above it, or 'undecidable' and\n"
	 "why.\n\n"
	 "  -p, --pid PID     the process to unwind\n"
	 "  --core CORE EXE   the core file and its executable\n"
	 "  --tid TID         only this thread\n"
	 "  --json            one JSON object instead of text\n"
	 "  --debuginfo-path=PATH\n"
	 "                    where to look for separate debug files\n"
	 "  -h, --help        print this help and exit\n\n"
	 "Exit status: 0 every frame in merged code decided, 1 some frame\n"
	 "undecidable, 2 usage error, or the process or core could not be\n"
	 "read.\n", out);
}

struct raw_frame
{
  Dwarf_Addr pc;
  bool activation;
  Calltab_Registers regs;	/* those the unwinder knows */
};

struct bt
{
  Dwfl *dwfl;
  Dwfl_Callbacks callbacks;	/* DWFL's, for as long as it lives */
  char *dipath;			/* --debuginfo-path, as CALLBACKS takes it */
  int core_fd;			/* --core: the core file, or -1 */
  Elf *core;
  struct cli_modules *modules;
  bool json;
  pid_t only_tid;
  size_t nthreads;
  int status;
  /* The thread being unwound.  */
  struct raw_frame frames[MAX_FRAMES];
  size_t nframes;
};

static int
frame_cb (Dwfl_Frame *state, void *arg)
{
  struct bt *bt = arg;
  Dwarf_Addr pc;
  bool activation;
  if (!dwfl_frame_pc (state, &pc, &activation))
    return DWARF_CB_ABORT;
  struct raw_frame *f = &bt->frames[bt->nframes];
  f->pc = pc;
  f->activation = activation;
  /* A call through a table of function pointers is decided from them
     (docs/disambiguate.md); libdwfl reports the registers a frame's
     callee may have changed as undefined.  */
  memset (&f->regs, 0, sizeof f->regs);
  for (unsigned r = 0; r < CALLTAB_MAX_REGS; r++)
    {
      Dwarf_Word v;
      if (dwfl_frame_reg (state, r, &v) == 0)
	{
	  f->regs.known |= (uint64_t) 1 << r;
	  f->regs.value[r] = v;
	}
    }
  if (++bt->nframes == MAX_FRAMES)
    return DWARF_CB_ABORT;
  return DWARF_CB_OK;
}

/* Print the frames of thread TID (unwound into BT->frames).  */
static void
print_thread (struct bt *bt, pid_t tid, const char *error)
{
  size_t n = bt->nframes;
  struct cli_frame *cf = calloc (n ? n : 1, sizeof *cf);
  Dwfl_Module **mods = calloc (n ? n : 1, sizeof *mods);
  if (cf == NULL || mods == NULL)
    {
      free (cf);
      free (mods);
      fputs ("calltab backtrace: out of memory\n", stderr);
      bt->status = CLI_EXIT_TROUBLE;
      return;
    }
  for (size_t i = 0; i < n; i++)
    {
      Dwarf_Addr pc = bt->frames[i].pc;
      Dwarf_Addr lookup = bt->frames[i].activation ? pc : pc - 1;
      Dwfl_Module *mod = dwfl_addrmodule (bt->dwfl, lookup);
      mods[i] = mod;
      cf[i].activation = bt->frames[i].activation;
      cf[i].addr = pc;
      cf[i].regs = bt->frames[i].regs;
      if (mod == NULL)
	continue;
      Dwarf_Addr bias = 0;
      if (dwfl_module_getelf (mod, &bias) == NULL)
	continue;
      cf[i].addr = pc - bias;
      cf[i].bias = bias;
      const char *mainfile = NULL;
      dwfl_module_info (mod, NULL, NULL, NULL, NULL, NULL, &mainfile, NULL);
      cf[i].ct = cli_modules_get (bt->modules, mainfile);
    }

  if (bt->json)
    printf ("%s{\"tid\":%d,\"frames\":[", bt->nthreads ? "," : "", (int) tid);
  else
    printf ("%sthread %d\n", bt->nthreads ? "\n" : "", (int) tid);
  bt->nthreads++;

  for (size_t i = 0; i < n; i++)
    {
      Dwarf_Addr pc = bt->frames[i].pc;
      const char *modname = NULL, *mainfile = NULL;
      const char *sym = NULL;
      if (mods[i] != NULL)
	{
	  modname = dwfl_module_info (mods[i], NULL, NULL, NULL, NULL, NULL,
				      &mainfile, NULL);
	  sym = dwfl_module_addrname (mods[i], cf[i].activation ? pc : pc - 1);
	}
      Calltab_Decision d;
      int r = cli_frame_decide (cf, n, i, &d);
      if (r < 0)
	{
	  fprintf (stderr, "calltab backtrace: %s: %s\n",
		   mainfile ? mainfile : "?", calltab_errmsg (-1));
	  bt->status = CLI_EXIT_TROUBLE;
	}
      bool decided = r == 0;
      if (decided && d.verdict == CALLTAB_UNDECIDABLE && d.ncandidates > 0
	  && bt->status == CLI_EXIT_OK)
	bt->status = CLI_EXIT_PROBLEMS;
      const char *name = decided ? cli_decision_name (&d, sym)
	: (sym != NULL ? sym : "??");
      const char *file = mainfile ? mainfile : modname;
      if (bt->json)
	{
	  printf ("%s{\"index\":%zu,\"pc\":%" PRIu64 ",\"activation\":%s,"
		  "\"module\":", i ? "," : "", i, (uint64_t) pc,
		  cf[i].activation ? "true" : "false");
	  if (file != NULL)
	    cli_json_string (stdout, file);
	  else
	    fputs ("null", stdout);
	  printf (",\"file_address\":%" PRIu64 ",\"symbol_table\":",
		  (uint64_t) cf[i].addr);
	  if (sym != NULL)
	    cli_json_string (stdout, sym);
	  else
	    fputs ("null", stdout);
	  fputc (',', stdout);
	  cli_json_decision (stdout, decided, &d, sym);
	  fputc ('}', stdout);
	}
      else
	{
	  printf ("#%-2zu 0x%016" PRIx64 " %s", i, (uint64_t) pc, name);
	  if (file != NULL)
	    printf (" (%s+0x%" PRIx64 ")", file, (uint64_t) cf[i].addr);
	  putchar ('\n');
	  if (decided && cli_decision_merged (&d))
	    {
	      if (d.verdict == CALLTAB_DECIDED)
		printf ("    decided: %s\n", d.evidence ? d.evidence : "");
	      else
		printf ("    reason: %s\n", d.evidence ? d.evidence : "");
	      fputs ("    candidates: ", stdout);
	      cli_print_candidates (stdout, &d);
	      putchar ('\n');
	    }
	}
      if (decided)
	calltab_decision_free (&d);
    }
  if (bt->json)
    {
      fputs ("],\"error\":", stdout);
      if (error != NULL)
	cli_json_string (stdout, error);
      else
	fputs ("null", stdout);
      fputc ('}', stdout);
    }
  else if (error != NULL)
    printf ("    (unwinding stopped: %s)\n", error);
  free (cf);
  free (mods);
}

static int
thread_cb (Dwfl_Thread *thread, void *arg)
{
  struct bt *bt = arg;
  pid_t tid = dwfl_thread_tid (thread);
  if (bt->only_tid != 0 && tid != bt->only_tid)
    return DWARF_CB_OK;
  bt->nframes = 0;
  const char *error = NULL;
  if (dwfl_thread_getframes (thread, frame_cb, bt) != 0
      && bt->nframes < MAX_FRAMES)
    /* The unwinder ends with an error at the outermost frame too (no CFI
       for it); say why it stopped, but not as a failure.  */
    error = dwfl_errno () ? dwfl_errmsg (-1) : NULL;
  print_thread (bt, tid, error);
  return DWARF_CB_OK;
}

static bool
parse_num (const char *s, long *out)
{
  char *end;
  errno = 0;
  long v = strtol (s, &end, 10);
  if (errno != 0 || end == s || *end != '\0' || v <= 0)
    return false;
  *out = v;
  return true;
}

/* The command line.  */
struct bt_args
{
  long pid, tid;		/* -p, --tid (0: none) */
  const char *core_path, *exe;	/* --core CORE EXE */
  const char *debuginfo_path;
  bool json;
};

/* Read the command line into *A.  Returns -1 to go on, else the exit
   status (after --help, or a usage error reported).  */
static int
parse_args (int argc, char **argv, struct bt_args *a)
{
  enum { OPT_TID = 256, OPT_CORE };
  static const struct option options[] = {
    { "pid", required_argument, NULL, 'p' },
    { "tid", required_argument, NULL, OPT_TID },
    { "core", required_argument, NULL, OPT_CORE },
  };
  struct cli_parser p = { .cmd = "backtrace", .help = help,
			  .shortopts = "p:", CLI_OPTIONS (options),
			  .common = CLI_JSON | CLI_DEBUGINFO_PATH };
  *a = (struct bt_args) { 0 };
  int c;
  while ((c = cli_getopt (&p, argc, argv)) != CLI_OPT_END)
    switch (c)
      {
      case 'p':
	if (!parse_num (optarg, &a->pid))
	  return cli_usage_error (p.cmd, "invalid pid '%s'", optarg);
	break;
      case OPT_TID:
	if (!parse_num (optarg, &a->tid))
	  return cli_usage_error (p.cmd, "invalid tid '%s'", optarg);
	break;
      case OPT_CORE:
	a->core_path = optarg;
	break;
      default:
	return p.status;
      }
  /* --core CORE EXE: EXE is the operand.  */
  if (a->core_path != NULL && optind < argc)
    a->exe = argv[optind++];
  if (a->pid != 0 && a->core_path != NULL)
    return cli_usage_error (p.cmd, "-p and --core exclude each other");
  if (a->pid == 0 && a->core_path == NULL)
    return cli_usage_error (p.cmd, "missing -p PID or --core CORE EXE");
  if (a->core_path != NULL && a->exe == NULL)
    return cli_usage_error (p.cmd, "missing EXE");
  if (optind < argc)
    return cli_usage_error (p.cmd, "extra operand '%s'", argv[optind]);
  a->debuginfo_path = p.debuginfo_path;
  a->json = p.json;
  return -1;
}

/* Report the modules of A's core file and executable to BT->dwfl.
   Returns 0, -1 with a message printed.  */
static int
report_core (struct bt *bt, const struct bt_args *a)
{
  bt->core_fd = open (a->core_path, O_RDONLY);
  if (bt->core_fd < 0)
    {
      fprintf (stderr, "calltab backtrace: %s: %s\n", a->core_path,
	       strerror (errno));
      return -1;
    }
  bt->core = elf_begin (bt->core_fd, ELF_C_READ_MMAP, NULL);
  GElf_Ehdr ehdr;
  if (bt->core == NULL || gelf_getehdr (bt->core, &ehdr) == NULL
      || ehdr.e_type != ET_CORE)
    {
      fprintf (stderr, "calltab backtrace: %s: not a core file\n",
	       a->core_path);
      return -1;
    }
  if (access (a->exe, R_OK) != 0)
    {
      fprintf (stderr, "calltab backtrace: %s: %s\n", a->exe,
	       strerror (errno));
      return -1;
    }
  if (dwfl_core_file_report (bt->dwfl, bt->core, a->exe) < 0)
    {
      fprintf (stderr, "calltab backtrace: %s: %s\n", a->core_path,
	       dwfl_errmsg (-1));
      return -1;
    }
  return 0;
}

/* Begin BT->dwfl with the modules of A's process (its /proc maps) or
   core file.  Returns 0, -1 with a message printed.  */
static int
report_modules (struct bt *bt, const struct bt_args *a)
{
  bt->dipath = a->debuginfo_path ? strdup (a->debuginfo_path) : NULL;
  bt->callbacks = (Dwfl_Callbacks) {
    .find_elf = a->pid ? dwfl_linux_proc_find_elf : dwfl_build_id_find_elf,
    .find_debuginfo = dwfl_standard_find_debuginfo,
    .debuginfo_path = bt->dipath ? &bt->dipath : NULL,
  };
  bt->dwfl = dwfl_begin (&bt->callbacks);
  if (bt->dwfl == NULL)
    {
      fprintf (stderr, "calltab backtrace: %s\n", dwfl_errmsg (-1));
      return -1;
    }
  if (a->pid != 0)
    {
      int err = dwfl_linux_proc_report (bt->dwfl, (pid_t) a->pid);
      if (err != 0)
	{
	  fprintf (stderr, "calltab backtrace: process %ld: %s\n", a->pid,
		   err < 0 ? dwfl_errmsg (-1) : strerror (err));
	  return -1;
	}
    }
  else if (report_core (bt, a) != 0)
    return -1;
  if (dwfl_report_end (bt->dwfl, NULL, NULL) != 0)
    {
      fprintf (stderr, "calltab backtrace: %s\n", dwfl_errmsg (-1));
      return -1;
    }
  return 0;
}

/* Attach to the threads of A's process (ptrace; dwfl_end detaches) or
   core file.  Returns 0, -1 with a message printed.  */
static int
attach_threads (struct bt *bt, const struct bt_args *a)
{
  /* dwfl_linux_proc_attach: 0 or an errno; dwfl_core_file_attach: the
     core's pid, or -1.  */
  int err = a->pid ? dwfl_linux_proc_attach (bt->dwfl, (pid_t) a->pid, false)
    : (dwfl_core_file_attach (bt->dwfl, bt->core) < 0 ? -1 : 0);
  if (err == 0)
    return 0;
  if (a->pid)
    fprintf (stderr, "calltab backtrace: cannot attach to process "
	     "%ld: %s\n", a->pid, err > 0 ? strerror (err)
	     : dwfl_errmsg (-1));
  else
    fprintf (stderr, "calltab backtrace: %s: %s\n", a->core_path,
	     dwfl_errmsg (-1));
  return -1;
}

/* The JSON object's members before the threads.  */
static void
print_json_header (const struct bt_args *a)
{
  fputs ("{", stdout);
  if (a->pid)
    printf ("\"pid\":%ld", a->pid);
  else
    {
      fputs ("\"core\":", stdout);
      cli_json_string (stdout, a->core_path);
      fputs (",\"executable\":", stdout);
      cli_json_string (stdout, a->exe);
    }
  fputs (",\"threads\":[", stdout);
}

/* Unwind and print the thread --tid names, or every thread; the JSON
   object closed.  Returns 0, -1 with a message printed when no thread
   (or no frame of the one) could be unwound.  */
static int
unwind_threads (struct bt *bt, const struct bt_args *a)
{
  int r;
  if (a->tid != 0)
    {
      bt->nframes = 0;
      const char *error = NULL;
      r = dwfl_getthread_frames (bt->dwfl, (pid_t) a->tid, frame_cb, bt);
      if (r != 0 && bt->nframes == 0)
	{
	  if (a->json)
	    fputs ("]}\n", stdout);
	  fprintf (stderr, "calltab backtrace: thread %ld: %s\n", a->tid,
		   dwfl_errmsg (-1));
	  return -1;
	}
      if (r != 0 && bt->nframes < MAX_FRAMES && dwfl_errno ())
	error = dwfl_errmsg (-1);
      print_thread (bt, (pid_t) a->tid, error);
    }
  else
    {
      r = dwfl_getthreads (bt->dwfl, thread_cb, bt);
      if (r != 0 && bt->nthreads == 0)
	{
	  if (a->json)
	    fputs ("]}\n", stdout);
	  fprintf (stderr, "calltab backtrace: %s\n", dwfl_errmsg (-1));
	  return -1;
	}
    }
  if (a->json)
    fputs ("]}\n", stdout);
  return 0;
}

int
cmd_backtrace (int argc, char **argv)
{
  struct bt_args a;
  int status = parse_args (argc, argv, &a);
  if (status >= 0)
    return status;
  struct bt *bt = calloc (1, sizeof *bt);
  if (bt == NULL)
    {
      fputs ("calltab backtrace: out of memory\n", stderr);
      return CLI_EXIT_TROUBLE;
    }
  bt->json = a.json;
  bt->only_tid = (pid_t) a.tid;
  bt->status = CLI_EXIT_OK;
  bt->core_fd = -1;
  status = CLI_EXIT_TROUBLE;
  if (report_modules (bt, &a) != 0 || attach_threads (bt, &a) != 0)
    goto out;
  bt->modules = cli_modules_new (a.debuginfo_path, a.json);
  if (bt->modules == NULL)
    {
      fputs ("calltab backtrace: out of memory\n", stderr);
      goto out;
    }
  if (a.json)
    print_json_header (&a);
  if (unwind_threads (bt, &a) == 0)
    status = bt->status;
 out:
  fflush (stdout);
  cli_modules_free (bt->modules);
  /* dwfl_end detaches from the process.  */
  if (bt->dwfl != NULL)
    dwfl_end (bt->dwfl);
  if (bt->core != NULL)
    elf_end (bt->core);
  if (bt->core_fd >= 0)
    close (bt->core_fd);
  free (bt->dipath);
  free (bt);
  return status;
}
