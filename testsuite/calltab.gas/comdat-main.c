/* comdat-main.c: the program around comdat.S's two copies (gas.exp).  */
int user1 (int);
int user2 (int);

__attribute__ ((noinline)) int ct_leaf (int x) { return x * 2; }

int
main (void)
{
  return user1 (1) + user2 (2) - 8;
}
