struct A { virtual ~A(); };
A::~A() {}
int main() { return 0; }
