/* perf-script-read.h: the one reader of `perf script` text
   (perf-script-read.c), for calltab afdo (one sample a line, with mmap
   events; docs/fdo.md) and calltab perf-script (callchains;
   docs/perf.md): the frame "ADDR [SYM[+0xOFF]] (DSO)", the mmap events,
   and which file a DSO names.  */

#ifndef PERF_SCRIPT_READ_H
#define PERF_SCRIPT_READ_H 1

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <calltab.h>

/* One frame as perf prints it; the positions are offsets in the line.
   ADDR is 1 to 16 hexadecimal digits (0x optional), OFF as well after
   "+0x"; the DSO is the text in the last " (...)" that ends the line
   (a C++ symbol may hold parentheses), never empty.  */
struct perf_frame
{
  uint64_t addr;		/* ADDR */
  size_t sym, sym_end;		/* SYM without "+0xOFF"; empty: none */
  bool has_off;
  uint64_t off;			/* OFF */
  size_t dso, dso_end;		/* DSO, within its parentheses */
};

/* A callchain line: blanks, then the frame, ADDR its first token and
   SYM all that follows up to " (DSO)" (perf 6.12's C++ names hold
   spaces).  Returns false when LINE is no frame.  */
bool perf_script_frame (const char *line, struct perf_frame *f);

/* A sample line, "[FIELDS] ADDR [SYM[+0xOFF]] (DSO)": the fields perf
   script may print before the frame (comm, pid, time, event) are told
   from it from the end: ADDR is the token before the last when that one
   is a number (the last is SYM), else the last (no SYM).  Then as
   perf_script_frame.  */
bool perf_script_sample (const char *line, struct perf_frame *f);

/* The registers of a sample (perf record --call-graph dwarf records
   them; perf script -F +uregs, or iregs, prints them after the
   callchain): blanks, "ABI:N", then "NAME:0xVALUE" for each.  REGS gets
   the registers by DWARF number, *IP the sampled instruction's
   run-time address (false when IP is missing).  Returns false when LINE
   is no such line.  */
bool perf_script_regs (const char *line, Calltab_Registers *regs,
		       uint64_t *ip, bool *has_ip);

/* The DWARF number of the register perf names NAME[0..LEN) ("AX",
   "R12", "IP"), -1 for one calltab does not use (FLAGS, CS, SS).  One
   per architecture (perf-regs-x86_64.c).  */
int perf_reg_dwarf_number (const char *name, size_t len);

/* A line of an event perf script prints beside the samples
   (--show-mmap-events: "PERF_RECORD_MMAP2 PID/TID: [0xSTART(0xLEN) @
   0xPGOFF ...]: PROT PATH").  */
enum perf_event
{
  PERF_EVENT_NONE,		/* not an event: a sample or callchain line */
  PERF_EVENT_OTHER,		/* an event other than a mapping */
  PERF_EVENT_MMAP,		/* a mapping: *M filled */
  PERF_EVENT_BAD		/* a mapping that does not read */
};

struct perf_mmap
{
  uint64_t start, len, pgoff;
  size_t path, path_end;	/* PATH: offsets in the line */
};

enum perf_event perf_script_event (const char *line, struct perf_mmap *m);

/* Whether the DSO perf printed, DSO[0..LEN), names the file PATH: the
   same path, or the same last component (a copy elsewhere).  */
bool perf_script_names (const char *dso, size_t len, const char *path);

/* The last component of PATH.  */
const char *perf_script_base_name (const char *path);

#endif /* perf-script-read.h */
