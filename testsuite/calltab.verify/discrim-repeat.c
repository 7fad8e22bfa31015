/* Reduced from sqlite3.c at -O2 (sqlite3Update, line 161260): final.cc
   repeats the last row for a new location view (maybe_output_next_view)
   after a variable location, here at the NOTE_INSN_BLOCK_END that ends
   the first inlined copy of sum.  The repeat begins a row at the start
   of the second copy's code, so a consumer keys it by the second copy;
   the plugin numbered it with the first copy's key.  Built with
   -gno-column-info -gno-statement-frontiers: sum's code is one position,
   so no other row starts there.  */

static inline int sum (const int *p, int n) { int s = 0; for (int i = 0; i < n; i++) s += p[i] * i; return s; }

int
f (const int *a, int n, const int *b, int m)
{
  return sum (a, n) * sum (b, m);
}
