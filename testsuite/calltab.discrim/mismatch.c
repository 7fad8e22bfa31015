/* mismatch.exp: without var-tracking, the statement marker of the
   return is still a debug insn when the plugin's pass runs, and final.cc
   emits a row for it that the pass did not predict.  */

int
pick (int a, int b)
{
  return a > b ? a * 3 : b + 7;
}
