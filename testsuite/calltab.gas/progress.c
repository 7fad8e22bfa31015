/* progress.c: the C functions routines.S calls (gas.exp), built with
   the plugin.  */
#include <stddef.h>

static int calls;
static size_t last;

__attribute__ ((noinline)) int
ct_progress (size_t done)
{
  last = done;
  return ++calls;
}

void
ct_progress_done (size_t n)
{
  if (n != last)
    calls = -100;
}

int
ct_count (void)
{
  return calls;
}
