/* mismatch.exp: code whose line-table rows the prediction missed with
   GCC 12 before it followed final.cc in these modes.  pick: without
   var-tracking the statement markers are still debug insns when the
   plugin's pass runs (final.cc makes them notes), and final.cc emits a
   row for the return's marker.  ternary: a line whose blocks need
   distinct numbers; without column info, a row final.cc emits because
   only the discriminator changed keeps the column of the line's last
   row, not the instruction's.  */

extern int one (void);
extern int two (void);

int
pick (int a, int b)
{
  return a > b ? a * 3 : b + 7;
}

int
ternary (int i)
{
  int x;
  x = (i == 1 ? one () : two ());
  return x + 1;
}
