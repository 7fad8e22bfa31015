/* line-keys.h: the keys of the discriminator rule and their numbering,
   shared by the pass before final (discriminators.cc) and the pass before
   bbpart (fs-number.cc).

   A key is (inline instance, file, line); a key_block is one key's code
   in one block.  number_key_blocks groups a key's blocks by the rule of
   docs/discriminators.md (blocks after a jump of the key apart, the
   others by GCC's number as far as GCC's count needs) and numbers the
   groups: in layout order with 0 where the breakpoint is (the final
   code), or by source position (the code at P, docs/fdo.md).  */

#ifndef CALLTAB_LINE_KEYS_H
#define CALLTAB_LINE_KEYS_H

/* The key a row or an instruction belongs to: the innermost
   inlined-function scope that holds it (NULL_TREE: the function itself),
   and its file and line.  */
struct line_key
{
  tree inst;
  const char *file;
  int line;
  /* discriminators=layered: GCC's own number of the rows, its bits below
     the copy ID (calltab-format.h), which the plugin keeps: the blocks
     are numbered per line and GCC number.  0 in the other modes.  */
  int sub = 0;
};

/* One key in one block, with its number.  */
struct key_block
{
  line_key key;
  int block;			/* block number, 0-based, in insn order */
  int disc;			/* -1 until numbered */
  /* discriminators=hierarchical: the sum of a hash of each instruction's
     code (the same for copies of the same code, in any order), and the
     multiplicity of the key's code in the block (0: not known).  */
  unsigned shape;
  int mult;
  /* GCC's own discriminator of the key's first code in the block.  */
  int gcc;
  /* The order in which the walk met it (the first of a (key, block) gives
     GCC's number), and whether a conditional or table jump of the key
     goes to the block.  */
  unsigned seq;
  bool target;
  /* The rows of the key in the block (at P: its instructions), and
     whether one of them is a statement (is_stmt: a breakpoint
     location).  */
  unsigned rows;
  bool stmt;
  /* The smallest (GCC's number, column) of the key's code in the block:
     the order of groups at P.  */
  int min_gcc, min_column;
  /* discriminators=fs: the P-number of the key's first code in the
     block that has one, -1 if none.  */
  int pnum;
};

/* How number_key_blocks orders a key's groups.  */
enum key_order
{
  /* The final code: 0 for the group of the first block with an is_stmt
     row (else the group with most rows), the others in layout order.  */
  KEY_ORDER_LAYOUT,
  /* The code at P: by the smallest (GCC's number, column) of the group's
     code, in block order among equals.  */
  KEY_ORDER_SOURCE
};

/* A key_block for key K in BLOCK, met SEQ-th, with nothing counted.  */
key_block calltab_key_block (const line_key &k, int block, unsigned seq);

/* strcmp that orders NULL first.  */
int calltab_file_cmp (const char *a, const char *b);

/* A total order of keys (the instance by address, which only groups).  */
int calltab_key_cmp (const line_key &a, const line_key &b);

/* Order of key_blocks by key and block (qsort).  */
int calltab_cmp_key_block (const void *a, const void *b);

/* The innermost inlined function's outer scope that holds SCOPE, or
   NULL_TREE for the function's own code.  */
tree calltab_instance_of (tree scope);

/* Fold ENTRY, met later, into SUM, an entry of the same key and block:
   the first entry's GCC number stays.  */
void calltab_merge_key_block (key_block &sum, const key_block &entry);

/* Sort KEYS by key and block and merge them into one entry per (key,
   block).  */
void calltab_merge_key_blocks (vec<key_block> &keys);

/* The index in KEYS (merged, sorted) of key K in BLOCK, -1 if absent.  */
int calltab_find_key (const vec<key_block> &keys, const line_key &k,
		      int block);

/* Number every key of KEYS (merged, sorted, targets marked).  */
void calltab_number_key_blocks (vec<key_block> &keys, key_order order);

#endif /* CALLTAB_LINE_KEYS_H */
