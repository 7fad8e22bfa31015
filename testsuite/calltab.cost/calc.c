/* calc.c: the C unit of the cost guard (cost.exp).  A small calculator:
   a tokenizer, a recursive-descent parser building a tree, an evaluator,
   a hash table of variables and a statement loop.  Mid-size, many
   branches and switches, small static functions that GCC inlines at -O2,
   calls through a table of functions, as real C code has.  Keep it fixed:
   the guard's figures are measured on it.  */

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum tok_kind { T_END, T_NUM, T_NAME, T_OP, T_LPAR, T_RPAR, T_COMMA, T_ASSIGN, T_SEMI, T_ERR };

struct token {
  enum tok_kind kind;
  double num;
  char name[32];
  char op;
};

struct lexer {
  const char *p;
  struct token cur;
  int line;
};

static int is_name_start (int c) { return isalpha (c) || c == '_'; }
static int is_name_char (int c) { return isalnum (c) || c == '_'; }

static void skip_space (struct lexer *lx)
{
  for (;;)
    {
      if (*lx->p == '\n')
        lx->line++;
      if (isspace ((unsigned char) *lx->p))
        lx->p++;
      else if (lx->p[0] == '#')
        {
          while (*lx->p && *lx->p != '\n')
            lx->p++;
        }
      else
        break;
    }
}

static void next_token (struct lexer *lx)
{
  struct token *t = &lx->cur;
  skip_space (lx);
  t->op = 0;
  if (*lx->p == 0)
    {
      t->kind = T_END;
      return;
    }
  if (isdigit ((unsigned char) *lx->p) || (*lx->p == '.' && isdigit ((unsigned char) lx->p[1])))
    {
      char *end;
      t->num = strtod (lx->p, &end);
      lx->p = end;
      t->kind = T_NUM;
      return;
    }
  if (is_name_start ((unsigned char) *lx->p))
    {
      size_t n = 0;
      while (is_name_char ((unsigned char) *lx->p))
        {
          if (n + 1 < sizeof t->name)
            t->name[n++] = *lx->p;
          lx->p++;
        }
      t->name[n] = 0;
      t->kind = T_NAME;
      return;
    }
  switch (*lx->p)
    {
    case '+': case '-': case '*': case '/': case '%': case '^': case '<': case '>':
      t->kind = T_OP;
      t->op = *lx->p;
      break;
    case '(':
      t->kind = T_LPAR;
      break;
    case ')':
      t->kind = T_RPAR;
      break;
    case ',':
      t->kind = T_COMMA;
      break;
    case '=':
      t->kind = T_ASSIGN;
      break;
    case ';':
      t->kind = T_SEMI;
      break;
    default:
      t->kind = T_ERR;
      t->op = *lx->p;
      break;
    }
  lx->p++;
}

enum node_kind { N_NUM, N_VAR, N_NEG, N_BIN, N_CALL };

struct node {
  enum node_kind kind;
  char op;
  double num;
  char name[32];
  struct node *a, *b;
};

static struct node *new_node (enum node_kind kind)
{
  struct node *n = calloc (1, sizeof *n);
  if (!n)
    {
      perror ("calloc");
      exit (2);
    }
  n->kind = kind;
  return n;
}

static void free_node (struct node *n)
{
  if (!n)
    return;
  free_node (n->a);
  free_node (n->b);
  free (n);
}

static int parse_errors;

static void parse_error (struct lexer *lx, const char *what)
{
  fprintf (stderr, "line %d: %s\n", lx->line, what);
  parse_errors++;
}

static struct node *parse_expr (struct lexer *lx, int prec);

static int precedence (char op)
{
  switch (op)
    {
    case '<': case '>':
      return 1;
    case '+': case '-':
      return 2;
    case '*': case '/': case '%':
      return 3;
    case '^':
      return 4;
    default:
      return 0;
    }
}

static struct node *parse_primary (struct lexer *lx)
{
  struct node *n;
  switch (lx->cur.kind)
    {
    case T_NUM:
      n = new_node (N_NUM);
      n->num = lx->cur.num;
      next_token (lx);
      return n;
    case T_NAME:
      n = new_node (N_VAR);
      memcpy (n->name, lx->cur.name, sizeof n->name);
      next_token (lx);
      if (lx->cur.kind == T_LPAR)
        {
          n->kind = N_CALL;
          next_token (lx);
          n->a = parse_expr (lx, 1);
          if (lx->cur.kind == T_COMMA)
            {
              next_token (lx);
              n->b = parse_expr (lx, 1);
            }
          if (lx->cur.kind != T_RPAR)
            parse_error (lx, "expected )");
          else
            next_token (lx);
        }
      return n;
    case T_OP:
      if (lx->cur.op == '-')
        {
          next_token (lx);
          n = new_node (N_NEG);
          n->a = parse_primary (lx);
          return n;
        }
      break;
    case T_LPAR:
      next_token (lx);
      n = parse_expr (lx, 1);
      if (lx->cur.kind != T_RPAR)
        parse_error (lx, "expected )");
      else
        next_token (lx);
      return n;
    default:
      break;
    }
  parse_error (lx, "expected a number, a name or (");
  next_token (lx);
  return new_node (N_NUM);
}

static struct node *parse_expr (struct lexer *lx, int prec)
{
  struct node *lhs = parse_primary (lx);
  while (lx->cur.kind == T_OP && precedence (lx->cur.op) >= prec)
    {
      char op = lx->cur.op;
      int p = precedence (op);
      struct node *n = new_node (N_BIN);
      next_token (lx);
      n->op = op;
      n->a = lhs;
      n->b = parse_expr (lx, op == '^' ? p : p + 1);
      lhs = n;
    }
  return lhs;
}

#define NBUCKETS 64

struct var {
  char name[32];
  double value;
  struct var *next;
};

static struct var *vars[NBUCKETS];

static unsigned hash (const char *s)
{
  unsigned h = 2166136261u;
  while (*s)
    h = (h ^ (unsigned char) *s++) * 16777619u;
  return h;
}

static struct var *lookup (const char *name, int create)
{
  unsigned b = hash (name) % NBUCKETS;
  struct var *v;
  for (v = vars[b]; v; v = v->next)
    if (strcmp (v->name, name) == 0)
      return v;
  if (!create)
    return NULL;
  v = calloc (1, sizeof *v);
  if (!v)
    exit (2);
  strncpy (v->name, name, sizeof v->name - 1);
  v->next = vars[b];
  vars[b] = v;
  return v;
}

struct builtin {
  const char *name;
  int args;
  double (*fn1) (double);
  double (*fn2) (double, double);
};

static double fmax2 (double a, double b) { return a > b ? a : b; }
static double fmin2 (double a, double b) { return a < b ? a : b; }

static const struct builtin builtins[] = {
  { "sqrt", 1, sqrt, NULL },
  { "sin", 1, sin, NULL },
  { "cos", 1, cos, NULL },
  { "abs", 1, fabs, NULL },
  { "floor", 1, floor, NULL },
  { "max", 2, NULL, fmax2 },
  { "min", 2, NULL, fmin2 },
  { "pow", 2, NULL, pow },
};

static int eval_errors;

static double eval (const struct node *n)
{
  double a, b;
  size_t i;
  struct var *v;
  switch (n->kind)
    {
    case N_NUM:
      return n->num;
    case N_VAR:
      v = lookup (n->name, 0);
      if (!v)
        {
          fprintf (stderr, "unknown variable %s\n", n->name);
          eval_errors++;
          return 0;
        }
      return v->value;
    case N_NEG:
      return -eval (n->a);
    case N_CALL:
      for (i = 0; i < sizeof builtins / sizeof builtins[0]; i++)
        if (strcmp (builtins[i].name, n->name) == 0)
          {
            if (builtins[i].args == 1 && n->a && !n->b)
              return builtins[i].fn1 (eval (n->a));
            if (builtins[i].args == 2 && n->a && n->b)
              return builtins[i].fn2 (eval (n->a), eval (n->b));
            fprintf (stderr, "%s: wrong number of arguments\n", n->name);
            eval_errors++;
            return 0;
          }
      fprintf (stderr, "unknown function %s\n", n->name);
      eval_errors++;
      return 0;
    case N_BIN:
      a = eval (n->a);
      b = eval (n->b);
      switch (n->op)
        {
        case '+': return a + b;
        case '-': return a - b;
        case '*': return a * b;
        case '/':
          if (b == 0)
            {
              eval_errors++;
              return 0;
            }
          return a / b;
        case '%': return b == 0 ? 0 : fmod (a, b);
        case '^': return pow (a, b);
        case '<': return a < b;
        case '>': return a > b;
        default: break;
        }
      break;
    }
  eval_errors++;
  return 0;
}

static int run (const char *text, FILE *out)
{
  struct lexer lx = { text, { T_END, 0, "", 0 }, 1 };
  int statements = 0;
  next_token (&lx);
  while (lx.cur.kind != T_END)
    {
      char target[32] = "";
      struct node *n;
      if (lx.cur.kind == T_NAME)
        {
          struct lexer save = lx;
          memcpy (target, lx.cur.name, sizeof target);
          next_token (&lx);
          if (lx.cur.kind != T_ASSIGN)
            {
              lx = save;
              target[0] = 0;
            }
          else
            next_token (&lx);
        }
      n = parse_expr (&lx, 1);
      if (target[0])
        lookup (target, 1)->value = eval (n);
      else
        fprintf (out, "%g\n", eval (n));
      free_node (n);
      statements++;
      if (lx.cur.kind == T_SEMI)
        next_token (&lx);
      else if (lx.cur.kind != T_END)
        {
          parse_error (&lx, "expected ;");
          next_token (&lx);
        }
    }
  return statements;
}

int main (int argc, char **argv)
{
  static const char *const scripts[] = {
    "x = 3; y = 4; sqrt(x^2 + y^2);",
    "r = 2; pi = 3.14159265; pi * r ^ 2; max(r, pi) - min(r, pi);",
    "# comment\n a = 10 % 3; b = -a * (a + 1); b < a; floor(b / 3);",
  };
  int i, total = 0;
  for (i = 0; i < (int) (sizeof scripts / sizeof scripts[0]); i++)
    total += run (scripts[i], stdout);
  for (i = 1; i < argc; i++)
    total += run (argv[i], stdout);
  printf ("%d statements, %d parse errors, %d evaluation errors\n",
          total, parse_errors, eval_errors);
  return parse_errors || eval_errors;
}
