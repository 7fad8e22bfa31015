// inventory.cc: the C++ unit of the cost guard (cost.exp).  A small
// inventory with the standard library (string, vector, map, unique_ptr,
// algorithms with lambdas, streams), a class hierarchy with virtual
// calls, a template and exceptions: many inline functions and long
// linkage names from the headers, as real C++ has.  Keep it fixed: the
// guard's figures are measured on it.

#include <algorithm>
#include <map>
#include <memory>
#include <numeric>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>
#include <iostream>

namespace inv {

class Item {
public:
  Item(std::string name, int qty, double price)
    : name_(std::move(name)), qty_(qty), price_(price) {}
  virtual ~Item() = default;
  const std::string &name() const { return name_; }
  int qty() const { return qty_; }
  void take(int n) {
    if (n > qty_)
      throw std::runtime_error("not enough " + name_);
    qty_ -= n;
  }
  void add(int n) { qty_ += n; }
  virtual double value() const { return qty_ * price_; }
  virtual std::string kind() const { return "item"; }

protected:
  std::string name_;
  int qty_;
  double price_;
};

class Perishable : public Item {
public:
  Perishable(std::string name, int qty, double price, int days)
    : Item(std::move(name), qty, price), days_(days) {}
  double value() const override {
    return days_ <= 0 ? 0.0 : Item::value() * (days_ < 3 ? 0.5 : 1.0);
  }
  std::string kind() const override { return "perishable"; }
  void age() { --days_; }

private:
  int days_;
};

class Bundle : public Item {
public:
  Bundle(std::string name, int qty) : Item(std::move(name), qty, 0.0) {}
  void put(std::unique_ptr<Item> part) { parts_.push_back(std::move(part)); }
  double value() const override {
    double per = std::accumulate(parts_.begin(), parts_.end(), 0.0,
                                 [](double s, const std::unique_ptr<Item> &p) {
                                   return s + p->value();
                                 });
    return per * qty_ * 0.9;
  }
  std::string kind() const override { return "bundle"; }

private:
  std::vector<std::unique_ptr<Item>> parts_;
};

template <typename Key, typename Fn>
std::map<Key, double> group_by(const std::vector<std::unique_ptr<Item>> &items, Fn key) {
  std::map<Key, double> out;
  for (const auto &i : items)
    out[key(*i)] += i->value();
  return out;
}

class Store {
public:
  Item &add(std::unique_ptr<Item> item) {
    index_[item->name()] = items_.size();
    items_.push_back(std::move(item));
    return *items_.back();
  }
  Item *find(const std::string &name) {
    auto it = index_.find(name);
    return it == index_.end() ? nullptr : items_[it->second].get();
  }
  bool order(const std::string &name, int n, std::string &why) {
    try {
      Item *i = find(name);
      if (!i)
        throw std::invalid_argument("no item " + name);
      i->take(n);
      return true;
    } catch (const std::exception &e) {
      why = e.what();
      return false;
    }
  }
  void age_all() {
    for (auto &i : items_)
      if (auto *p = dynamic_cast<Perishable *>(i.get()))
        p->age();
  }
  std::vector<const Item *> by_value() const {
    std::vector<const Item *> v;
    for (const auto &i : items_)
      v.push_back(i.get());
    std::sort(v.begin(), v.end(), [](const Item *a, const Item *b) {
      if (a->value() != b->value())
        return a->value() > b->value();
      return a->name() < b->name();
    });
    return v;
  }
  std::string report() const {
    std::ostringstream os;
    for (const Item *i : by_value())
      os << i->kind() << ' ' << i->name() << ' ' << i->qty() << ' ' << i->value() << '\n';
    for (const auto &g : group_by<std::string>(items_, [](const Item &i) { return i.kind(); }))
      os << "total " << g.first << ' ' << g.second << '\n';
    return os.str();
  }

private:
  std::vector<std::unique_ptr<Item>> items_;
  std::map<std::string, size_t> index_;
};

} // namespace inv

int main(int argc, char **argv) {
  inv::Store s;
  s.add(std::make_unique<inv::Item>("bolt", 100, 0.25));
  s.add(std::make_unique<inv::Item>("nut", 250, 0.1));
  s.add(std::make_unique<inv::Perishable>("glue", 12, 3.5, 4));
  auto kit = std::make_unique<inv::Bundle>("kit", 5);
  kit->put(std::make_unique<inv::Item>("bolt", 4, 0.25));
  kit->put(std::make_unique<inv::Item>("nut", 4, 0.1));
  s.add(std::move(kit));
  std::string why;
  int failed = 0;
  for (int i = 1; i < argc; i++)
    if (!s.order(argv[i], 1, why)) {
      std::cerr << why << '\n';
      failed++;
    }
  if (!s.order("glue", 20, why))
    std::cout << "refused: " << why << '\n';
  s.age_all();
  s.find("bolt")->add(10);
  std::cout << s.report();
  return failed;
}
