// Sixteen identical local functions with long names: GCC's IPA-ICF
// (-O2) makes the others aliases of the first, more names at one place
// than a message lists.  With
// -fno-ipa-icf they stay apart and ld.gold --icf=all folds them,
// dropping the local symbols of the copies it removed.
extern int ext (int);
#define N(n) folded_function_whose_name_is_long_enough_to_fill_a_message_##n
#define F(n) \
  static __attribute__ ((noinline)) int N(n) (int x) { return ext (x) * 7 + 1; }
F(10) F(11) F(12) F(13) F(14) F(15) F(16) F(17)
F(18) F(19) F(20) F(21) F(22) F(23) F(24) F(25)
int call_all (int x)
{
  return N(10) (x) + N(11) (x + 1) + N(12) (x + 2) + N(13) (x + 3)
	 + N(14) (x + 4) + N(15) (x + 5) + N(16) (x + 6) + N(17) (x + 7)
	 + N(18) (x + 8) + N(19) (x + 9) + N(20) (x + 10) + N(21) (x + 11)
	 + N(22) (x + 12) + N(23) (x + 13) + N(24) (x + 14) + N(25) (x + 15);
}
