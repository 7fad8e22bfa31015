/* Reduced from expat's xmlparse.c (doProlog) at -O0: the empty init of
   `for (; name[len++]; );` is a one-byte nop of its own line, right
   before the loop head that the loop jumps back to.  PAD bytes of cld
   before it move the nop; where it ends on an 8-byte boundary it looks
   like the alignment padding before an aligned loop head.  */

#define STR(x) #x
#define XSTR(x) STR(x)

int
name_length (const char *name)
{
  int len;
  __asm__ volatile (".fill " XSTR (PAD) ", 1, 0xfc");
  len = 0;
  for (; name[len++]; );
  return len;
}
