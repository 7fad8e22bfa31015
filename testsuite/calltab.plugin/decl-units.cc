namespace ns {
__attribute__((noinline)) int leaf (int x) { return x * 7; }
__attribute__((noinline)) int caller (int x) { return leaf (x) + 3; }
}
int main (int argc, char **) { return ns::caller (argc) + 1; }
