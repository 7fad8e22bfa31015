#include "vdrop.h"
#ifdef WITH_STREAM
#include <sstream>
// Its destructor inlines the stream's: the program names the stream's
// vtable, which stays libstdc++'s.
struct Log
{
  std::stringstream ss;
  ~Log ();
};
Log::~Log () {}
#endif
volatile long sink;
int
main ()
{
  A a;
  B b;
  F f;
  a.release ();
  b.release ();
  f.release ();
  a.other ();
  sink = a.n + b.n;
#ifdef WITH_LIB
  L l;
  l.release ();
#endif
#ifdef WITH_STREAM
  Log log;
  log.ss << a.n;
  sink = (long) log.ss.str ().size ();
#endif
  return 0;
}
