/* comdat-main.c: the program around comdat.S's two copies (gas.exp).  */
int user1 (int);
int user2 (int);

__attribute__ ((noinline)) int ct_leaf (int x) { return x * 2; }

int
main (void)
{
#ifdef WITH_TAIL
  int ct_fwd (int);
  return user1 (1) + user2 (2) + ct_fwd (3) - 16;
#else
  return user1 (1) + user2 (2) - 8;
#endif
}
