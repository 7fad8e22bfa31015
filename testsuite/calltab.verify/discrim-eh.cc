// Reduced from googletest (hashtable.h:2543 in _M_rehash, -O2): a
// catch block on one line.  Its code starts at the landing pad of the
// try (__cxa_begin_catch, g, __cxa_rethrow) and goes on at the landing
// pad of the rethrow (__cxa_end_catch, _Unwind_Resume), which follows
// the call to __cxa_rethrow: two blocks, discriminators 0 and 1, that
// only the LSDA tells apart.  h is not inlined and, as a COMDAT
// function, not split into a .cold part.

void f ();
void g (int);

inline __attribute__ ((noinline)) void
h (int x)
{
  try { f (); }
  catch (...) { g (x); throw; }
}

void
k (int x)
{
  h (x);
}
