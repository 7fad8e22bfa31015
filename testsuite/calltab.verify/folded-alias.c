/* GCC's IPA-ICF makes f2 an alias of f1 (its address is taken, so its
   symbol stays); folded-alias-b.c has the same code as f0.  ld.gold
   --icf=all folds f1's section into f0's and drops f1's and f2's local
   symbols: nothing in the linked file but GCC's DIE of f1 says where
   the alias's code is (reduced from googletest's default_delete<const
   string>::operator() .part.0, an alias of the non-const one's).  */
static __attribute__ ((noinline)) int f1 (int *p) { return *p * 3 + p[1]; }
static __attribute__ ((noinline)) int f2 (int *p) { return *p * 3 + p[1]; }
int (*volatile keep) (int *) = f2;
int a (int *p) { return f1 (p) + f2 (p) * 2; }
