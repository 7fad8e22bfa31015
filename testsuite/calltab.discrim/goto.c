/* An interpreter's dispatch (reduced from a bytecode interpreter at
   -O3): a table of &&labels and `goto *', written once per handler by
   NEXT, as interpreters do, so each handler's line holds a copy of the
   dispatch.  A computed goto may go to every label of the table.  At
   -O2 and -O3 GCC 12 makes add's line (22) two blocks: the label's
   (entered from every dispatch, add's own included) and its dispatch,
   which nop's handler jumps to.  Only the computed jump of line 22 sets
   them apart, and they shared discriminator 0 before the plugin counted
   computed jumps as table jumps (calltab verify: discriminator-shared).
   Built without PIE and with --emit-relocs, so that the oracle and
   calltab verify see the table's targets.  */
enum { OP_ADD, OP_SUB, OP_MUL, OP_NOP, OP_JNZ, OP_HALT };

#define NEXT goto *dispatch[*pc++]

__attribute__ ((noipa)) long
run (const unsigned char *pc, long acc, long x)
{
  static void *const dispatch[] = { &&add, &&sub, &&mul, &&nop, &&jnz,
				    &&halt };
  NEXT;
 add: acc += x; NEXT;
 sub: acc -= x; NEXT;
 mul: acc *= x; NEXT;
 nop: NEXT;
 jnz: if (acc & 1) pc -= 2; NEXT;
 halt: return acc;
}

int
main (void)
{
  static const unsigned char prog[] = { OP_ADD, OP_MUL, OP_NOP, OP_SUB,
					OP_JNZ, OP_HALT };
  return run (prog, 1, 3) != 6;
}
