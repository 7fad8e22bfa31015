// Reduced from googletest -O2 -ffunction-sections linked with
// --icf=all (TestSuite::GetTestInfo, GetMutableTestInfo).  Get and
// GetMutable have the same code: GCC's IPA ICF leaves GetMutable a copy
// of Get's body, with a line sequence of its own but no DIE with a
// range, and the linker folds its section into Get's.  The unit's two
// sequences then cover the same addresses and libdw interleaves their
// rows: a row of one seems to end where a row of the other starts, and
// Get's line 32 seemed to have discriminators 1, 2 (discriminator-density).
#include <vector>

struct Info { int id; };

class Suite
{
 public:
  const Info *Get (int i) const;
  Info *GetMutable (int i);
  std::vector<Info *> list_;
  std::vector<int> indices_;
};

static inline int
ElementOr (const std::vector<int> &v, int i, int def)
{
  return (i < 0 || i >= static_cast<int> (v.size ())) ? def : v[static_cast<unsigned long> (i)];
}

const Info *
Suite::Get (int i) const
{
  const int index = ElementOr (indices_, i, -1);
  return index < 0 ? nullptr : list_[static_cast<unsigned long> (index)];
}

Info *
Suite::GetMutable (int i)
{
  const int index = ElementOr (indices_, i, -1);
  return index < 0 ? nullptr : list_[static_cast<unsigned long> (index)];
}

int
main ()
{
  Suite s;
  return s.Get (-1) != nullptr || s.GetMutable (-1) != nullptr;
}
