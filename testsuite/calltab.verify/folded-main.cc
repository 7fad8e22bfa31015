// The rest of the folded.exp programs; built with or without the plugin.
// shared () is a COMDAT function that mixed.cc has too.
thread_local int tv = 3;
int call_all (int);
int get ();
int ext (int x) { return x ^ 0x55; }
inline __attribute__ ((noinline)) int shared (int x) { return ext (x) + ext (x + 1); }
int use_shared_main (int x) { return shared (x); }
int main () { return call_all (3) + get () == 0; }
