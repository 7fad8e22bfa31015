/* Direct, indirect, tail and recursive calls.  */
#include <stdio.h>
#include <stdlib.h>

typedef int (*binop) (int, int);

static int add (int a, int b) { return a + b; }
static int sub (int a, int b) { return a - b; }
__attribute__ ((noinline)) int mul (int a, int b) { return a * b; }

int apply (binop f, int a, int b) { return f (a, b); }

int fact (int n) { return n <= 1 ? 1 : n * fact (n - 1); }

__attribute__ ((noinline)) int tail (int x) { return mul (x, 3); }

int
main (int argc, char **argv)
{
  binop ops[] = { add, sub, mul };
  int acc = 0;
  for (int i = 0; i < 3; i++)
    acc += apply (ops[i], argc, 7);
  acc += fact (argc + 4) + tail (argc);
  if (argc > 1)
    acc += atoi (argv[1]);
  printf ("%d\n", acc);
  return 0;
}
