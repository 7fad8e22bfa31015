/* Inline assembly of every kind next to control flow: basic asm, asm
   with a memory clobber, asm with operands, asm goto.  The discriminator
   pass measures instructions by their length attribute; asm has its
   own.  */
int g;

int
f (int x)
{
  asm ("nop");
  asm volatile ("" ::: "memory");
  asm volatile ("nop\n\tnop" : "+r" (x));
  if (x) asm goto ("jmp %l0" :::: out);
  g = x;
  return x ? 1 : 2;
out:
  return 3;
}
