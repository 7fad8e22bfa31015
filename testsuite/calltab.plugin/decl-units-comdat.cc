namespace ns {
__attribute__((noinline)) int leaf (int x) { return x * 7; }
}
template <class T> __attribute__((noinline)) T twice (T x)
{
  return ns::leaf (x) + ns::leaf (x + 1);
}
int main (int argc, char **) { return twice (argc) + ns::leaf (argc); }
