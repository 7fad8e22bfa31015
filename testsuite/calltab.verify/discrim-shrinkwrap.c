/* discrim-shrinkwrap.c: reduced from googletest's sample 3
   (Queue::Clear) and libstdc++'s hashtable.h (_M_move_assign) at -Og
   and -O1 (make check-real, gtest; discriminators.exp).  GCC moves
   clear's prologue after its first test (shrink-wrapping) and gives the
   prologue the row of the opening line, after the test's jump: rows of
   lines 17 and 18 at clear's start, 17 at the prologue, 20 after.  Here
   free_node's section ends its line sequence where clear starts (-Og
   aligns no function), so the verifier takes the row holding clear's
   first code from the rows there by the function's lines; it took line
   18 for none of them (its first row after the start, the prologue's,
   is of the opening line again) and warned that the prologue shares
   line 17's discriminator across the jump.  Compiled with -ffunction-sections
   -fno-toplevel-reorder so that free_node's section comes first.  */
struct node { struct node *next; };
struct queue { struct node *head, *last; long size; };
__attribute__ ((noinline)) void free_node (struct node *n) { __asm__ ("" : : "r" (n) : "memory"); }
void clear (struct queue *q) {
  if (q->size > 0)
    {
      struct node *n = q->head;
      while (n)
	{
	  struct node *next = n->next;
	  free_node (n);
	  n = next;
	}
      q->head = q->last = 0;
      q->size = 0;
    }
}
int main (void) { struct queue q = { 0, 0, 0 }; clear (&q); return 0; }
