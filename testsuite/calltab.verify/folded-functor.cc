// Function objects of classes in an anonymous namespace, -O0
// -ffunction-sections: GCC writes their members' DIEs without a linkage
// name, each operator() DW_AT_name "operator()"; ld.gold --icf=all folds
// ZstdUncompress's operator()(int) into ZstdCompress's and drops its
// symbol.  Which DIE is the callee's its class tells (the qualified
// name); with a second operator() of ZstdUncompress (UNTOLD), of
// another parameter type, nothing but the parameters would: the call is
// not judged.  Reduced from a C++ program at -O0 (std::function's
// _Base_manager<ZstdCompress> and <ZstdUncompress>), where verify gave a
// call-target error.
namespace {
struct ZstdCompress { int operator() (int v) const { return v + 1; } };
struct ZstdUncompress
{
  int operator() (int v) const { return v + 1; }
#ifdef UNTOLD
  long operator() (long v) const { return v * 3; }
#endif
};
}
int compress (int x) { return ZstdCompress () (x); }
#ifdef UNTOLD
int uncompress (int x) { return ZstdUncompress () (x) + (int) ZstdUncompress () ((long) x); }
#else
int uncompress (int x) { return ZstdUncompress () (x); }
#endif
int main (int argc, char **) { return compress (argc) + uncompress (argc) - 4; }
