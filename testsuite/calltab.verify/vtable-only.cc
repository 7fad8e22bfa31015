// A unit that makes no call but emits a local vtable.
namespace { struct L { virtual int f (); }; int L::f () { return 1; } }
__attribute__ ((used)) static L l;
