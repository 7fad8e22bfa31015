struct msg { int code; const char *text; int unused[8]; };
extern int use (struct msg *, int, const char *, const char *, unsigned long);
void sink (int x, const char *s) { (void) x; (void) s; }
int main (void)
{
  struct msg m = { 1, "m", { 0 } };
  return use (&m, 0, "ab", "ab", 2) == 17 ? 0 : 1;
}
