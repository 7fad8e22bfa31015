// googletest's MatcherBase::VTable, reduced: one table of function
// pointers per matcher type, a constexpr local static of a template
// function (a COMDAT variable).  Matches jumps through it (jmp *(%rax)):
// the match functions of Eq and Same fold together, their describe
// functions do not.  MatchesChecked first checks the table, as
// googletest does (GTEST_CHECK_): its jump is through a register
// loaded from the table (mov (%rbx),%rax; mov (%rax),%rax; mov
// %rbx,%rdi; pop %rbx; jmp *%rax), the table's address is in memory.
#include <cstdio>
#include <cstdlib>

// noipa: as opaque as googletest's IsTrue in another unit, so that the
// table is loaded again after the call.
__attribute__ ((noipa)) void
Check (bool ok)
{
  if (!ok)
    std::abort ();
}

struct Base
{
  struct VTable
  {
    bool (*match) (const Base &, int);
    void (*describe) (const Base &);
  };
  const VTable *vtable_;
  int v;
  __attribute__ ((noinline)) bool Matches (int x) const
  {
    return vtable_->match (*this, x);
  }
  __attribute__ ((noinline)) bool MatchesChecked (int x) const
  {
    Check (vtable_ != nullptr);
    return vtable_->match (*this, x);
  }
  template <class P> static const VTable *GetVTable ()
  {
    static constexpr VTable kVTable = { &MatchImpl<P>, &DescribeImpl<P> };
    return &kVTable;
  }
  template <class P> static bool MatchImpl (const Base &b, int x)
  {
    return P::m (b.v, x);
  }
  template <class P> static void DescribeImpl (const Base &)
  {
    std::puts (P::name ());
  }
};

struct Eq
{
  static bool m (int a, int b) { return a == b; }
  static const char *name () { return "eq"; }
};

struct Same
{
  static bool m (int a, int b) { return a == b; }
  static const char *name () { return SAME_NAME; }
};

int
main (int argc, char **)
{
  Base a { Base::GetVTable<Eq> (), 1 }, b { Base::GetVTable<Same> (), 2 };
  int n = a.Matches (argc) + 2 * b.Matches (argc + 1);
  n += 4 * a.MatchesChecked (argc) + 8 * b.MatchesChecked (argc + 1);
  a.vtable_->describe (a);
  b.vtable_->describe (b);
  return n == 15 ? 0 : 1;
}
