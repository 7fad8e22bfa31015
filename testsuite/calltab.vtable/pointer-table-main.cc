#include "pointer-table.h"

extern "C" int dispatch (int);
extern "C" void setup (void);
extern const VTable *vt_int ();
extern const VTable *vt_long ();

static const void *volatile last;

extern "C" int shared_limit;
int shared_limit = 3;

extern "C" void on_start (void) {}
extern "C" void register_ops (const void *p) { last = p; }

int
main (int argc, char **)
{
  setup ();
  const VTable *v = argc > 5 ? vt_long () : get_vtable<int> ();
  v->destroy (nullptr);
  return (vt_int () == get_vtable<int> () ? 0 : 1)
	 + (v->call (argc) == argc + 4 ? 0 : 1)
	 + (dispatch (2) == 3 ? 0 : 1);
}
