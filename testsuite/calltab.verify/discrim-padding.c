/* Reduced from sqlite3.c (cellSizePtrNoPayload, jsonEachColumn,
   whereIndexedExprCleanup): alignment padding and -O0 nops next to
   block starts.  */
struct node { struct node *next; int v; };
void drop (struct node *);
int pick (int);

/* -O2: the loop head is aligned; the row of the loop's line starts on
   the padding before it, in the block before.  */
unsigned char *
skip_varint (unsigned char *p)
{
  unsigned char *end = p + 9;
  while ((*p++ & 0x80) && p < end);
  return p;
}

/* -O0: "break" is a jump to a nop that ends on an 8-byte boundary.  */
int
column (int c, int n, int r)
{
  switch (c)
    {
    case 0:
      if (n == 0)
	{
	  if (r == 1) break;
	  if (pick (r) == 0)
	    {
	      break;
	    }
	  return pick (n);
	}
      break;
    case 1:
      return pick (c);
    }
  return 0;
}

/* -O0: the nops of the closing brace after the loop's conditional
   jump run on the fall-through path.  */
void
cleanup (struct node **pp)
{
  while (*pp != 0)
    {
      struct node *p = *pp;
      *pp = p->next;
      drop (p);
    }
}
