// A second object emitting I's vtable (COMDAT): one DIE once linked.
struct I { virtual int h () { return 4; } };
int use ();
int main () { I i; return use () + i.h () == 11 ? 0 : 1; }
