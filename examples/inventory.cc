// inventory.cc: a small program that identical code folding merges.
//
// - An interface with several implementations: Retail::rounding and
//   Wholesale::rounding compile to the same bytes, and so do
//   Retail::price and Online::price.
// - Identical template instances: Shelf<Book>::put and Shelf<Toy>::put
//   (a shelf of pointers: the code does not depend on the pointee).
// - A few call layers: main -> restock -> stock_books / stock_toys ->
//   Shelf<...>::put, and main -> total -> Pricing::price.
//
// After `ld.gold --icf=all` (or lld) each pair shares one address: a PC
// in the shared code names no single function, gdb and perf print the
// first symbol there. The call tables say which one ran: the return
// address of the call that got there, and for a virtual call the slot and
// the object's vtable.
//
// Run with CALLTAB_DEMO_STOP=books (or toys) to stop the process with
// SIGSTOP inside the merged Shelf<...>::put, reached from stock_books (or
// stock_toys): `calltab backtrace -p PID` then names the frames.

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>

struct Pricing
{
  virtual ~Pricing () {}
  virtual long price (long cents, int qty) const = 0;
  virtual int rounding () const = 0;
};

struct Retail : Pricing
{
  long price (long cents, int qty) const override { return cents * qty; }
  int rounding () const override { return 5; }
};

struct Wholesale : Pricing
{
  long price (long cents, int qty) const override
  {
    return cents * qty * 9 / 10;
  }
  int rounding () const override { return 5; }
};

struct Online : Pricing
{
  long price (long cents, int qty) const override { return cents * qty; }
  int rounding () const override { return 1; }
};

struct Book { const char *title; };
struct Toy { const char *name; };

static const char *demo_stop;

template <typename T> struct Shelf
{
  T *slots[8];
  unsigned used = 0;

  __attribute__ ((noinline)) void put (T *item, const char *kind)
  {
    slots[used % 8] = item;
    if (demo_stop != nullptr && std::strcmp (demo_stop, kind) == 0)
      std::raise (SIGSTOP);
    used++;			// after the call: no tail call, put keeps its frame
  }
};

static Shelf<Book> books;
static Shelf<Toy> toys;

__attribute__ ((noinline)) void
stock_books (Book *b, int n)
{
  for (int i = 0; i < n; i++)
    books.put (&b[i], "books");
}

__attribute__ ((noinline)) void
stock_toys (Toy *t, int n)
{
  for (int i = 0; i < n; i++)
    toys.put (&t[i], "toys");
}

__attribute__ ((noinline)) void
restock (Book *b, Toy *t)
{
  stock_books (b, 2);
  stock_toys (t, 1);
}

__attribute__ ((noinline)) long
total (const Pricing &p, long cents, int qty)
{
  long sum = p.price (cents, qty);
  return sum - sum % p.rounding ();
}

int
main ()
{
  demo_stop = std::getenv ("CALLTAB_DEMO_STOP");
  Book b[2] = { { "Dubliners" }, { "Ulysses" } };
  Toy t[1] = { { "kite" } };
  restock (b, t);
  Retail r;
  Wholesale w;
  Online o;
  std::printf ("books %u toys %u retail %ld wholesale %ld online %ld\n",
	       books.used, toys.used, total (r, 1999, 3), total (w, 1999, 3),
	       total (o, 1999, 3));
  return 0;
}
