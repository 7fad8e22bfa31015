/* perf-script-read.c: the one reader of `perf script` text that
   calltab afdo and calltab perf-script share (perf-script-read.h), so
   that both take a frame, its address, symbol, offset and file by the
   same rules.  */

#include <string.h>
#include "perf-script-read.h"

static bool
is_blank (char c)
{
  return c == ' ' || c == '\t';
}

/* S[0..END) as 1 to 16 hexadecimal digits, after an optional 0x.  */
static bool
read_hex (const char *s, const char *end, uint64_t *v)
{
  if (s == end)
    return false;
  if (end - s > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
    s += 2;
  if (s == end || end - s > 16)
    return false;
  uint64_t r = 0;
  for (; s < end; s++)
    {
      int c = (unsigned char) *s, d;
      if (c >= '0' && c <= '9')
	d = c - '0';
      else if (c >= 'a' && c <= 'f')
	d = c - 'a' + 10;
      else if (c >= 'A' && c <= 'F')
	d = c - 'A' + 10;
      else
	return false;
      r = r << 4 | (uint64_t) d;
    }
  *v = r;
  return true;
}

/* The " (DSO)" that ends S: *LEN the length of S without its line end
   and trailing spaces, *OPEN the index of the "(".  The last " (" opens
   the DSO: a C++ symbol may hold parentheses.  */
static bool
dso_bounds (const char *s, size_t *len, size_t *open)
{
  size_t n = strcspn (s, "\r\n");
  while (n > 0 && s[n - 1] == ' ')
    n--;
  if (n < 3 || s[n - 1] != ')')
    return false;
  size_t o = n - 1;
  while (o > 0 && !(s[o] == '(' && s[o - 1] == ' '))
    o--;
  if (o == 0 || o + 1 == n - 1)
    return false;		/* no " (", or an empty DSO */
  *len = n;
  *open = o;
  return true;
}

/* A trailing "+0xOFF" of F's SYM is its offset, and no part of SYM.  */
static void
split_offset (const char *s, struct perf_frame *f)
{
  f->has_off = false;
  for (size_t q = f->sym_end; q > f->sym; q--)
    if (s[q - 1] == '+')
      {
	size_t plus = q - 1;
	if (f->sym_end - plus > 3 && s[plus + 1] == '0' && s[plus + 2] == 'x'
	    && read_hex (s + plus + 1, s + f->sym_end, &f->off))
	  {
	    f->has_off = true;
	    f->sym_end = plus;
	  }
	return;
      }
}

/* The frame whose ADDR is the first token from S[FROM] on, the DSO's
   "(" at OPEN in S[0..LEN).  */
static bool
frame_from (const char *s, size_t from, size_t len, size_t open,
	    struct perf_frame *f)
{
  size_t end = open - 1;	/* the blank before "(DSO)" */
  size_t a = from;
  while (a < end && is_blank (s[a]))
    a++;
  size_t ae = a;
  while (ae < end && !is_blank (s[ae]))
    ae++;
  if (!read_hex (s + a, s + ae, &f->addr))
    return false;
  f->sym = ae;
  while (f->sym < end && is_blank (s[f->sym]))
    f->sym++;
  f->sym_end = end;
  while (f->sym_end > f->sym && is_blank (s[f->sym_end - 1]))
    f->sym_end--;
  f->dso = open + 1;
  f->dso_end = len - 1;
  split_offset (s, f);
  return true;
}

bool
perf_script_frame (const char *line, struct perf_frame *f)
{
  size_t len, open;
  return dso_bounds (line, &len, &open)
	 && frame_from (line, 0, len, open, f);
}

bool
perf_script_sample (const char *line, struct perf_frame *f)
{
  size_t len, open;
  if (!dso_bounds (line, &len, &open))
    return false;
  /* The last token before " (DSO)", [L, LE), and the one before it,
     [P, PE).  */
  size_t le = open - 1;
  while (le > 0 && is_blank (line[le - 1]))
    le--;
  size_t l = le;
  while (l > 0 && !is_blank (line[l - 1]))
    l--;
  if (l == le)
    return false;
  size_t pe = l;
  while (pe > 0 && is_blank (line[pe - 1]))
    pe--;
  size_t p = pe;
  while (p > 0 && !is_blank (line[p - 1]))
    p--;
  uint64_t v;
  size_t from = p < pe && read_hex (line + p, line + pe, &v) ? p : l;
  return frame_from (line, from, len, open, f);
}

bool
perf_script_regs (const char *line, Calltab_Registers *regs, uint64_t *ip,
		  bool *has_ip)
{
  const char *s = line;
  while (is_blank (*s))
    s++;
  if (strncmp (s, "ABI:", 4) != 0)
    return false;
  memset (regs, 0, sizeof *regs);
  *has_ip = false;
  s += strcspn (s, " \t\r\n");
  for (;;)
    {
      while (is_blank (*s))
	s++;
      size_t n = strcspn (s, " \t\r\n");
      if (n == 0)
	return true;
      const char *colon = memchr (s, ':', n);
      uint64_t v;
      if (colon == NULL || !read_hex (colon + 1, s + n, &v))
	return false;
      int r = perf_reg_dwarf_number (s, (size_t) (colon - s));
      if (r == 16)
	{
	  *ip = v;
	  *has_ip = true;
	}
      else if (r >= 0 && r < CALLTAB_MAX_REGS)
	{
	  regs->known |= (uint64_t) 1 << r;
	  regs->value[r] = v;
	}
      s += n;
    }
}

/* "PERF_RECORD_MMAP[2] PID/TID: [0xSTART(0xLEN) @ 0xPGOFF ...]: PROT
   PATH", EV its start in LINE.  */
static bool
read_mmap (const char *line, const char *ev, struct perf_mmap *m)
{
  const char *b = strchr (ev, '[');
  if (b == NULL)
    return false;
  const char *open = strchr (b, '(');
  const char *close = open ? strchr (open, ')') : NULL;
  const char *at = close ? strstr (close, "@ ") : NULL;
  const char *pe = at ? at + 2 + strcspn (at + 2, " ]") : NULL;
  const char *path = pe ? strstr (pe, "]: ") : NULL;
  if (path == NULL || !read_hex (b + 1, open, &m->start)
      || !read_hex (open + 1, close, &m->len)
      || !read_hex (at + 2, pe, &m->pgoff))
    return false;
  path += 3;
  path += strcspn (path, " ");	/* the protection */
  path += strspn (path, " ");
  m->path = (size_t) (path - line);
  m->path_end = m->path + strcspn (path, "\r\n");
  return true;
}

enum perf_event
perf_script_event (const char *line, struct perf_mmap *m)
{
  const char *ev = strstr (line, "PERF_RECORD_");
  if (ev == NULL)
    return PERF_EVENT_NONE;
  if (strncmp (ev, "PERF_RECORD_MMAP", 16) != 0)
    return PERF_EVENT_OTHER;
  return read_mmap (line, ev, m) ? PERF_EVENT_MMAP : PERF_EVENT_BAD;
}

const char *
perf_script_base_name (const char *path)
{
  const char *s = strrchr (path, '/');
  return s ? s + 1 : path;
}

bool
perf_script_names (const char *dso, size_t len, const char *path)
{
  if (strlen (path) == len && memcmp (dso, path, len) == 0)
    return true;
  size_t b = len;
  while (b > 0 && dso[b - 1] != '/')
    b--;
  const char *base = perf_script_base_name (path);
  return strlen (base) == len - b && memcmp (dso + b, base, len - b) == 0;
}
