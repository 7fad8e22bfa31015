/* address.exp: the program.  */
int one (int);
int two (int);
int three (int);
int main (int argc, char **argv) { (void) argv; return one (argc) + two (argc) + three (argc); }
