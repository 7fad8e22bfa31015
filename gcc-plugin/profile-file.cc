/* profile-file.cc: the reader of the plugin's profile files
   ("calltab-fs 1", profile-file.h, docs/fdo.md "Where the late profile
   lives"), and the lookup of a function's and a key's entries.  */

#include "gcc-compat.h"
#include "calltab-plugin.h"
#include "profile-file.h"

namespace {

/* The parser's position, for messages.  */
struct reader
{
  const char *file;
  int line;
  bool ok = true;

  void fail (const char *what)
  {
    error ("%s: %s:%d: %s", CALLTAB_PLUGIN_NAME, file, line, what);
    ok = false;
  }
};

/* Split LINE at single spaces into FIELDS (pointers into LINE, which is
   changed); false on an empty field (two spaces, a leading or trailing
   one).  */
bool
split_fields (char *line, auto_vec<char *> &fields)
{
  for (char *p = line;;)
    {
      char *space = strchr (p, ' ');
      if (space != NULL)
	*space = '\0';
      if (*p == '\0')
	return false;
      fields.safe_push (p);
      if (space == NULL)
	return true;
      p = space + 1;
    }
}

/* Decimal integers: S whole, optionally negative (SIGNED_OK).  */
bool
parse_number (const char *s, bool signed_ok, long long *value)
{
  const char *digits = signed_ok && *s == '-' ? s + 1 : s;
  if (*digits < '0' || *digits > '9')
    return false;
  errno = 0;
  char *end;
  *value = strtoll (s, &end, 10);
  return *end == '\0' && errno == 0;
}

/* A PATH: "-", or elements CALLEE:LINE:COLUMN joined by '/'.  */
bool
valid_path (const char *path)
{
  if (strcmp (path, "-") == 0)
    return true;
  char *copy = xstrdup (path);
  bool ok = true;
  for (char *elem = copy; ok && elem != NULL;)
    {
      char *slash = strchr (elem, '/');
      if (slash != NULL)
	*slash = '\0';
      char *column = strrchr (elem, ':');
      char *line = column != NULL && column > elem ? column - 1 : NULL;
      while (line != NULL && line > elem && *line != ':')
	line--;
      long long v;
      ok = column != NULL && line != NULL && line > elem && *line == ':';
      if (ok)
	{
	  *column = '\0';
	  ok = parse_number (line + 1, true, &v)
	       && parse_number (column + 1, false, &v);
	}
      elem = slash != NULL ? slash + 1 : NULL;
    }
  free (copy);
  return ok;
}

/* The order of keys in a function: PATH by strcmp, then LINE.  */
int
cmp_profile_key (const char *path, int line, const profile_key &k)
{
  if (int c = strcmp (path, k.path))
    return c;
  return line < k.line ? -1 : line > k.line;
}

/* "key PATH LINE NGROUPS COUNT...", FIELDS split, for function FN.  */
void
read_key (reader &r, profile_file &p, profile_function &fn,
	  const auto_vec<char *> &fields)
{
  long long line, ngroups;
  if (fields.length () < 5 || !valid_path (fields[1])
      || !parse_number (fields[2], true, &line)
      || !parse_number (fields[3], false, &ngroups) || ngroups < 1
      || line < INT_MIN || line > INT_MAX
      || (unsigned long long) ngroups != fields.length () - 4)
    {
      r.fail ("expected 'key PATH LINE NGROUPS COUNT...' with NGROUPS "
	      "counts");
      return;
    }
  if (fn.n_keys > 0
      && cmp_profile_key (fields[1], line, p.keys.last ()) <= 0)
    {
      r.fail ("keys not in order (PATH by strcmp, then LINE) or repeated");
      return;
    }
  profile_key k = { xstrdup (fields[1]), (int) line, (unsigned) ngroups,
		    p.counts.length () };
  for (unsigned i = 4; i < fields.length (); i++)
    {
      long long c = -1;
      if (strcmp (fields[i], "-") != 0
	  && !parse_number (fields[i], false, &c))
	{
	  r.fail ("a count is neither a number nor '-'");
	  return;
	}
      p.counts.safe_push (c);
    }
  p.keys.safe_push (k);
  fn.n_keys++;
}

/* One line of the file after the first, in LINE (changed).  */
void
read_line (reader &r, profile_file &p, char *line)
{
  if (line[0] == '#')
    return;
  if (line[0] == '\0')
    {
      r.fail ("an empty line");
      return;
    }
  auto_vec<char *> fields;
  if (!split_fields (line, fields))
    {
      r.fail ("fields must be separated by one space");
      return;
    }
  if (strcmp (fields[0], "function") == 0 && fields.length () == 2)
    {
      if (!p.functions.is_empty ()
	  && strcmp (p.functions.last ().name, fields[1]) >= 0)
	{
	  r.fail ("functions not in strcmp order, or repeated");
	  return;
	}
      profile_function fn = { xstrdup (fields[1]), p.keys.length (), 0 };
      p.functions.safe_push (fn);
    }
  else if (strcmp (fields[0], "key") == 0)
    {
      if (p.functions.is_empty ())
	r.fail ("a key before the first function");
      else
	read_key (r, p, p.functions.last (), fields);
    }
  else
    r.fail ("expected 'function NAME' or 'key PATH LINE NGROUPS "
	    "COUNT...'");
}

int
cmp_function_name (const void *name, const void *pf)
{
  return strcmp ((const char *) name, ((const profile_function *) pf)->name);
}

/* The innermost function of KEY's code: the inlined callee of its
   instance (NULL_TREE where the instance names none), or the function
   compiled.  */
tree
key_function (tree inst)
{
  if (inst == NULL_TREE)
    return current_function_decl;
  tree origin = BLOCK_ABSTRACT_ORIGIN (inst);
  if (origin == NULL_TREE || TREE_CODE (origin) != FUNCTION_DECL)
    return NULL_TREE;
  return DECL_ORIGIN (origin);
}

/* AutoFDO's name of function DECL, in a new string.  */
char *
afdo_name (tree decl)
{
  return calltab_afdo_original_name
	   (IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (decl)));
}

/* The profile's PATH of instance INST (NULL_TREE: "-"), in a new
   string: from the outermost call inward, CALLEE:LINE:COLUMN, the line
   an offset from the calling function's line; NULL where a callee is
   not known.  */
char *
key_path (tree inst)
{
  if (inst == NULL_TREE)
    return xstrdup ("-");
  char *path = NULL;
  for (tree b = inst; b != NULL_TREE;)
    {
      tree outer = calltab_instance_of (BLOCK_SUPERCONTEXT (b));
      if (key_function (b) == NULL_TREE || key_function (outer) == NULL_TREE)
	{
	  free (path);
	  return NULL;
	}
      expanded_location call = expand_location (BLOCK_SOURCE_LOCATION (b));
      char *name = afdo_name (key_function (b));
      char pos[64];
      snprintf (pos, sizeof pos, ":%d:%d",
		call.line - DECL_SOURCE_LINE (key_function (outer)),
		call.column);
      char *longer = path != NULL ? concat (name, pos, "/", path, NULL)
			       : concat (name, pos, NULL);
      free (name);
      free (path);
      path = longer;
      b = outer;
    }
  return path;
}

} // anon namespace

profile_file *
calltab_read_profile_file (const char *file, const char *what)
{
  FILE *f = fopen (file, "r");
  if (f == NULL)
    {
      error ("%s: cannot read the %s profile %qs: %s", CALLTAB_PLUGIN_NAME,
	     what, file, xstrerror (errno));
      return NULL;
    }
  profile_file *p = new profile_file ();
  p->file = xstrdup (file);
  reader r = { file, 0 };
  char *line = NULL;
  size_t size = 0;
  ssize_t len;
  while (r.ok && (len = getline (&line, &size, f)) >= 0)
    {
      r.line++;
      if (len > 0 && line[len - 1] == '\n')
	line[--len] = '\0';
      if (r.line == 1)
	{
	  if (strcmp (line, "calltab-fs 1") != 0)
	    r.fail ("not a calltab-fs profile: the first line must be "
		    "'calltab-fs 1'");
	}
      else
	read_line (r, *p, line);
    }
  if (r.ok && r.line == 0)
    {
      r.line = 1;
      r.fail ("not a calltab-fs profile: the first line must be "
	      "'calltab-fs 1'");
    }
  free (line);
  fclose (f);
  if (!r.ok)
    {
      delete p;
      return NULL;
    }
  return p;
}


const profile_function *
calltab_profile_function (const profile_file &p)
{
  char *name = afdo_name (current_function_decl);
  const profile_function *pf
    = (const profile_function *) bsearch (name, p.functions.address (),
					  p.functions.length (),
					  sizeof (profile_function),
					  cmp_function_name);
  free (name);
  return pf;
}

const profile_key *
calltab_profile_key (const profile_file &p, const profile_function &fn,
		     const line_key &key)
{
  char *path = key_path (key.inst);
  if (path == NULL)
    return NULL;
  int line = key.line - DECL_SOURCE_LINE (key_function (key.inst));
  /* The reader keeps a function's keys in this order (read_key).  */
  const profile_key *found = NULL;
  unsigned lo = fn.first_key, hi = fn.first_key + fn.n_keys;
  while (lo < hi && found == NULL)
    {
      unsigned mid = lo + (hi - lo) / 2;
      int c = cmp_profile_key (path, line, p.keys[mid]);
      if (c == 0)
	found = &p.keys[mid];
      else if (c < 0)
	hi = mid;
      else
	lo = mid + 1;
    }
  free (path);
  return found;
}

gcov_type
calltab_profile_count (const profile_file &p, const profile_key &k,
		       unsigned group)
{
  return group < k.ngroups ? p.counts[k.first_count + group] : -1;
}
