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
};

struct bt
{
  Dwfl *dwfl;
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
  bt->frames[bt->nframes].pc = pc;
  bt->frames[bt->nframes].activation = activation;
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
      if (mod == NULL)
	continue;
      Dwarf_Addr bias = 0;
      if (dwfl_module_getelf (mod, &bias) == NULL)
	continue;
      cf[i].addr = pc - bias;
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

int
cmd_backtrace (int argc, char **argv)
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
  const char *core_path = NULL, *exe = NULL;
  long pid = 0, tid = 0;
  int c;
  while ((c = cli_getopt (&p, argc, argv)) != CLI_OPT_END)
    switch (c)
      {
      case 'p':
	if (!parse_num (optarg, &pid))
	  return cli_usage_error (p.cmd, "invalid pid '%s'", optarg);
	break;
      case OPT_TID:
	if (!parse_num (optarg, &tid))
	  return cli_usage_error (p.cmd, "invalid tid '%s'", optarg);
	break;
      case OPT_CORE:
	core_path = optarg;
	break;
      default:
	return p.status;
      }
  /* --core CORE EXE: EXE is the operand.  */
  if (core_path != NULL && optind < argc)
    exe = argv[optind++];
  if (pid != 0 && core_path != NULL)
    return cli_usage_error (p.cmd, "-p and --core exclude each other");
  if (pid == 0 && core_path == NULL)
    return cli_usage_error (p.cmd, "missing -p PID or --core CORE EXE");
  if (core_path != NULL && exe == NULL)
    return cli_usage_error (p.cmd, "missing EXE");
  if (optind < argc)
    return cli_usage_error (p.cmd, "extra operand '%s'", argv[optind]);
  const char *debuginfo_path = p.debuginfo_path;
  bool json = p.json;

  char *dipath = debuginfo_path ? strdup (debuginfo_path) : NULL;
  Dwfl_Callbacks callbacks = {
    .find_elf = pid ? dwfl_linux_proc_find_elf : dwfl_build_id_find_elf,
    .find_debuginfo = dwfl_standard_find_debuginfo,
    .debuginfo_path = dipath ? &dipath : NULL,
  };
  struct bt *bt = calloc (1, sizeof *bt);
  if (bt == NULL)
    {
      free (dipath);
      fputs ("calltab backtrace: out of memory\n", stderr);
      return CLI_EXIT_TROUBLE;
    }
  bt->json = json;
  bt->only_tid = (pid_t) tid;
  bt->status = CLI_EXIT_OK;
  int status = CLI_EXIT_TROUBLE;
  int core_fd = -1;
  Elf *core = NULL;
  bt->dwfl = dwfl_begin (&callbacks);
  if (bt->dwfl == NULL)
    {
      fprintf (stderr, "calltab backtrace: %s\n", dwfl_errmsg (-1));
      goto out;
    }
  if (pid != 0)
    {
      int err = dwfl_linux_proc_report (bt->dwfl, (pid_t) pid);
      if (err != 0)
	{
	  fprintf (stderr, "calltab backtrace: process %ld: %s\n", pid,
		   err < 0 ? dwfl_errmsg (-1) : strerror (err));
	  goto out;
	}
    }
  else
    {
      core_fd = open (core_path, O_RDONLY);
      if (core_fd < 0)
	{
	  fprintf (stderr, "calltab backtrace: %s: %s\n", core_path,
		   strerror (errno));
	  goto out;
	}
      core = elf_begin (core_fd, ELF_C_READ_MMAP, NULL);
      GElf_Ehdr ehdr;
      if (core == NULL || gelf_getehdr (core, &ehdr) == NULL
	  || ehdr.e_type != ET_CORE)
	{
	  fprintf (stderr, "calltab backtrace: %s: not a core file\n",
		   core_path);
	  goto out;
	}
      if (access (exe, R_OK) != 0)
	{
	  fprintf (stderr, "calltab backtrace: %s: %s\n", exe,
		   strerror (errno));
	  goto out;
	}
      if (dwfl_core_file_report (bt->dwfl, core, exe) < 0)
	{
	  fprintf (stderr, "calltab backtrace: %s: %s\n", core_path,
		   dwfl_errmsg (-1));
	  goto out;
	}
    }
  if (dwfl_report_end (bt->dwfl, NULL, NULL) != 0)
    {
      fprintf (stderr, "calltab backtrace: %s\n", dwfl_errmsg (-1));
      goto out;
    }
  /* dwfl_linux_proc_attach: 0 or an errno; dwfl_core_file_attach: the
     core's pid, or -1.  */
  int err = pid ? dwfl_linux_proc_attach (bt->dwfl, (pid_t) pid, false)
    : (dwfl_core_file_attach (bt->dwfl, core) < 0 ? -1 : 0);
  if (err != 0)
    {
      if (pid)
	fprintf (stderr, "calltab backtrace: cannot attach to process "
		 "%ld: %s\n", pid, err > 0 ? strerror (err)
		 : dwfl_errmsg (-1));
      else
	fprintf (stderr, "calltab backtrace: %s: %s\n", core_path,
		 dwfl_errmsg (-1));
      goto out;
    }
  bt->modules = cli_modules_new (debuginfo_path, json);
  if (bt->modules == NULL)
    {
      fputs ("calltab backtrace: out of memory\n", stderr);
      goto out;
    }
  if (json)
    {
      fputs ("{", stdout);
      if (pid)
	printf ("\"pid\":%ld", pid);
      else
	{
	  fputs ("\"core\":", stdout);
	  cli_json_string (stdout, core_path);
	  fputs (",\"executable\":", stdout);
	  cli_json_string (stdout, exe);
	}
      fputs (",\"threads\":[", stdout);
    }
  int r;
  if (tid != 0)
    {
      bt->nframes = 0;
      const char *error = NULL;
      r = dwfl_getthread_frames (bt->dwfl, (pid_t) tid, frame_cb, bt);
      if (r != 0 && bt->nframes == 0)
	{
	  if (json)
	    fputs ("]}\n", stdout);
	  fprintf (stderr, "calltab backtrace: thread %ld: %s\n", tid,
		   dwfl_errmsg (-1));
	  goto out;
	}
      if (r != 0 && bt->nframes < MAX_FRAMES && dwfl_errno ())
	error = dwfl_errmsg (-1);
      print_thread (bt, (pid_t) tid, error);
    }
  else
    {
      r = dwfl_getthreads (bt->dwfl, thread_cb, bt);
      if (r != 0 && bt->nthreads == 0)
	{
	  if (json)
	    fputs ("]}\n", stdout);
	  fprintf (stderr, "calltab backtrace: %s\n", dwfl_errmsg (-1));
	  goto out;
	}
    }
  if (json)
    fputs ("]}\n", stdout);
  status = bt->status;
 out:
  fflush (stdout);
  cli_modules_free (bt->modules);
  /* dwfl_end detaches from the process.  */
  if (bt->dwfl != NULL)
    dwfl_end (bt->dwfl);
  if (core != NULL)
    elf_end (core);
  if (core_fd >= 0)
    close (core_fd);
  free (bt);
  free (dipath);
  return status;
}
