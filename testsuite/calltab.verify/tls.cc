// A C++ thread_local defined in another unit: the access calls its
// init function _ZTH2tv, a weak undefined symbol when that unit needs
// none.  ld.bfd makes the call go through an 8-byte .plt.got stub, the
// last bytes of its section.
extern thread_local int tv;
int get () { return tv; }
