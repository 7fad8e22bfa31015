volatile unsigned long sink;
namespace ns {
template <typename T> struct Acc {
  __attribute__((noinline)) static void run (unsigned long n) { for (unsigned long i = 0; i < n; i++) sink += (T) i; }
};
}
__attribute__((noinline)) void call_int (unsigned long n) { ns::Acc<long>::run (3 * n); sink++; }
__attribute__((noinline)) void call_uns (unsigned long n) { ns::Acc<unsigned long>::run (n); sink += 2; }
int main () { for (int k = 0; k < 4; k++) { call_int (5000000); call_uns (5000000); } }
