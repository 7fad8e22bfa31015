/* failing-malloc.so: an LD_PRELOAD shim whose Nth allocation fails.

   FAILING_MALLOC_N=N makes the Nth call (from 1) of malloc, calloc,
   realloc, strdup, strndup, asprintf or vasprintf made by the main
   program fail (NULL or -1, errno ENOMEM), and writes
   "failing-malloc: allocation N failed" to stderr when it does.  Only
   calls from the main program count: `calltab` links libcalltab
   statically, so these are libcalltab's and the CLI's own allocations;
   those of libelf, libdw and libc (stdio, qsort) are not failed, for
   libdw does not report every allocation failure as one (it may call
   its out-of-memory handler and abort).  Built as a shared object by
   `make check` (Makefile), used by calltab.verify/nomem.exp.  */

#ifndef _GNU_SOURCE
# define _GNU_SOURCE
#endif
#include <dlfcn.h>
#include <errno.h>
#include <link.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static uintptr_t main_lo, main_hi;
static unsigned long fail_at, count;
static void *(*real_malloc) (size_t);
static void *(*real_calloc) (size_t, size_t);
static void *(*real_realloc) (void *, size_t);
static char *(*real_strdup) (const char *);
static char *(*real_strndup) (const char *, size_t);
static int (*real_vasprintf) (char **, const char *, va_list);

static int
find_main (struct dl_phdr_info *info, size_t size, void *data)
{
  (void) size;
  (void) data;
  /* The first object is the main program.  */
  for (int i = 0; i < info->dlpi_phnum; i++)
    if (info->dlpi_phdr[i].p_type == PT_LOAD
	&& (info->dlpi_phdr[i].p_flags & PF_X) != 0)
      {
	uintptr_t lo = info->dlpi_addr + info->dlpi_phdr[i].p_vaddr;
	uintptr_t hi = lo + info->dlpi_phdr[i].p_memsz;
	if (main_lo == 0 || lo < main_lo)
	  main_lo = lo;
	if (hi > main_hi)
	  main_hi = hi;
      }
  return 1;
}

__attribute__ ((constructor)) static void
init (void)
{
  real_malloc = dlsym (RTLD_NEXT, "malloc");
  real_calloc = dlsym (RTLD_NEXT, "calloc");
  real_realloc = dlsym (RTLD_NEXT, "realloc");
  real_strdup = dlsym (RTLD_NEXT, "strdup");
  real_strndup = dlsym (RTLD_NEXT, "strndup");
  real_vasprintf = dlsym (RTLD_NEXT, "vasprintf");
  const char *n = getenv ("FAILING_MALLOC_N");
  fail_at = n != NULL ? strtoul (n, NULL, 10) : 0;
  dl_iterate_phdr (find_main, NULL);
}

/* Whether this call, from CALLER, is the one to fail.  */
static int
fail (void *caller)
{
  uintptr_t c = (uintptr_t) caller;
  if (fail_at == 0 || c < main_lo || c >= main_hi)
    return 0;
  if (++count != fail_at)
    return 0;
  char msg[64];
  int len = snprintf (msg, sizeof msg, "failing-malloc: allocation %lu failed\n",
		      count);
  if (write (2, msg, len) < 0)
    return 1;
  return 1;
}

/* Before init (dlsym itself may allocate): a small static arena.  */
static char arena[4096];
static size_t arena_used;

static void *
arena_alloc (size_t n)
{
  n = (n + 15) & ~(size_t) 15;
  if (arena_used + n > sizeof arena)
    return NULL;
  void *p = arena + arena_used;
  arena_used += n;
  return p;
}

#define FAIL_IF(ret)						\
  do								\
    if (fail (__builtin_return_address (0)))			\
      {								\
	errno = ENOMEM;						\
	return ret;						\
      }								\
  while (0)

void *
malloc (size_t n)
{
  if (real_malloc == NULL)
    return arena_alloc (n);
  FAIL_IF (NULL);
  return real_malloc (n);
}

void *
calloc (size_t n, size_t size)
{
  if (real_calloc == NULL)
    return arena_alloc (n * size);	/* zero: static */
  FAIL_IF (NULL);
  return real_calloc (n, size);
}

void *
realloc (void *p, size_t n)
{
  FAIL_IF (NULL);
  return real_realloc (p, n);
}

void
free (void *p)
{
  static void (*real_free) (void *);
  if ((char *) p >= arena && (char *) p < arena + sizeof arena)
    return;
  if (real_free == NULL)
    real_free = dlsym (RTLD_NEXT, "free");
  real_free (p);
}

char *
strdup (const char *s)
{
  FAIL_IF (NULL);
  return real_strdup (s);
}

char *
strndup (const char *s, size_t n)
{
  FAIL_IF (NULL);
  return real_strndup (s, n);
}

int
vasprintf (char **out, const char *fmt, va_list ap)
{
  FAIL_IF (-1);
  return real_vasprintf (out, fmt, ap);
}

int
asprintf (char **out, const char *fmt, ...)
{
  FAIL_IF (-1);
  va_list ap;
  va_start (ap, fmt);
  int r = real_vasprintf (out, fmt, ap);
  va_end (ap);
  return r;
}
