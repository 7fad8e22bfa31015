// get_vtable<int>'s table here and in pointer-table-main.cc: linked, one.
#include "pointer-table.h"

const VTable *vt_int () { return get_vtable<int> (); }
const VTable *vt_long () { return get_vtable<long> (); }
