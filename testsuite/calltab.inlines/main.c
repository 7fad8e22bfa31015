extern int top (int);
extern int other (int);
extern int pick (int);

int
main (int argc, char **argv)
{
  (void) argv;
  return (top (argc + 4) + other (argc) + pick (argc)) == 12345;
}
