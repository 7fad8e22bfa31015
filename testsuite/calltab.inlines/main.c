extern int top (int);
extern int other (int);

int
main (int argc, char **argv)
{
  (void) argv;
  return (top (argc + 4) + other (argc)) == 12345;
}
