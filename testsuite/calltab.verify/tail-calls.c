/* Tail calls (.debug_tcall): f calls h and jumps to g; k jumps through
   a pointer.  */
int g (int), h (int);
int (*volatile fp) (int);
int f (int x) { if (x > 3) return g (x + 1); return h (x) + 1; }
int k (int x) { return fp (x); }
