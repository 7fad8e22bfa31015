/* Pointer tables (docs/format.md "Pointer tables"): read-only variables
   whose initializer holds function addresses get a
   DW_TAG_calltab_pointer_table DIE, a writable one none.  */

struct ops
{
  int (*open) (int);
  int flags;			/* between the pointers: CLOSE at 16 */
  void (*close) (int);
};

extern void on_start (void);
extern void register_ops (const void *);
extern void maybe_hook (void) __attribute__ ((weak));	/* defined nowhere */
extern int shared_limit;

static int open_a (int x) { return x + 1; }
static void close_a (int x) { (void) x; }

/* A C dispatch table: entries at 0 and 16, none for the int.  */
static const struct ops ops_a = { open_a, 1, close_a };

/* An array with a designated initializer: one entry, at 16.  */
static void (*const hooks[4]) (void) = { [2] = on_start };

/* A packed member: the entry at offset 1.  */
static const struct __attribute__ ((packed)) { char tag; void (*f) (void); }
  packed = { 'p', on_start };

/* A pointer to data of another unit (no entry: an object cannot tell it
   from a function), then a function.  */
static const struct { const int *data; void (*f) (void); }
  mixed = { &shared_limit, on_start };

/* An integer that is an address of code in a position-independent
   program (_init's, 0x1000, once linked by ld.bfd): no pointer.  */
static const struct { void (*f) (void); long size; } sized = { on_start, 4096 };

/* A weak function nothing defines: the linked word is 0.  */
static void (*const weak_hooks[1]) (void) = { maybe_hook };

/* Writable: its words may change at run time, no DIE.  */
static void writable_f (void) {}
static struct { void (*f) (void); } writable = { writable_f };

static int twice (int x) { return 2 * x; }

int
dispatch (int i)
{
  /* A function's local table: named by its scope, symbol local.N.  */
  static int (*const local[2]) (int) = { open_a, twice };
  return local[i & 1] (i);
}

void
setup (void)
{
  register_ops (&ops_a);
  register_ops (hooks);
  register_ops (&packed);
  register_ops (&mixed);
  register_ops (&sized);
  register_ops (weak_hooks);
  register_ops (&writable);
}
