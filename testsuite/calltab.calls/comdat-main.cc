// The program around comdat-user[123].cc.
int user1 (int);
int user2 (int);
int user3 (int);

int
leaf (int x)
{
  return x + 1;
}

int
main ()
{
  return user1 (1) + user2 (2) + user3 (3) - 51;
}
