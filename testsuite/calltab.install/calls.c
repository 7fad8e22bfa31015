/* calltab.install: one direct call, g -> f, for each installed plugin.  */
int f (int);
int g (int x) { return f (x) + 1; }
