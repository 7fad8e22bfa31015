// consumers.exp's workload for create_gcov: a loop long enough to be
// sampled, through a virtual call (COMDAT vtables: the classes' virtual
// functions are all inline), a function template and an inline function
// (COMDAT groups).  Prints a checksum; N iterations from argv[1].  With
// a second argument it also writes a stack buffer whose bytes were never
// set to /dev/null, for valgrind to describe by its variable.
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <unistd.h>

struct Op
{
  virtual ~Op () {}
  virtual unsigned long apply (unsigned long x) const = 0;
};

struct Mix : Op
{
  unsigned long apply (unsigned long x) const override
  {
    return (x ^ (x >> 7)) * 0x9e3779b97f4a7c15ul;
  }
};

struct Step : Op
{
  unsigned long apply (unsigned long x) const override { return x + 3; }
};

template <typename T>
T
fold (const Op *const *ops, int n, T x)
{
  for (int i = 0; i < n; i++)
    x = ops[i]->apply (x);
  return x;
}

inline unsigned long
rotl (unsigned long x, int k)
{
  return (x << k) | (x >> (64 - k));
}

__attribute__ ((noinline)) unsigned long
hot (const Op *const *ops, long n)
{
  unsigned long s = 1;
  for (long i = 0; i < n; i++)
    s = rotl (fold<unsigned long> (ops, 2, s + i), 5);
  return s;
}

__attribute__ ((noinline)) void
write_unset (void)
{
  char unset[16];
  int fd = open ("/dev/null", O_WRONLY);
  if (fd >= 0)
    {
      if (write (fd, unset, sizeof unset) < 0)
	std::perror ("write");
      close (fd);
    }
}

int
main (int argc, char **argv)
{
  Mix m;
  Step st;
  const Op *ops[] = { &m, &st };
  long n = argc > 1 ? atol (argv[1]) : 1000;
  std::printf ("%lu\n", hot (ops, n));
  if (argc > 2)
    write_unset ();
  return 0;
}
