/* profile-file.h: the reader of the plugin's profile files, text in the
   format "calltab-fs 1" (docs/fdo.md, "Where the late profile lives"),
   written by calltab afdo --fs: per function, per key (inline path,
   line) a count per number.  Two loaders read it: the late profile's
   (fs-load.cc, numbers at P) and the early profile's (early-load.cc,
   GCC's own numbers).  */

#ifndef CALLTAB_PROFILE_FILE_H
#define CALLTAB_PROFILE_FILE_H

#include "line-keys.h"

struct profile_key
{
  const char *path;		/* "-" or CALLEE:LINE:COLUMN/... */
  int line;			/* offset from the innermost function's line */
  unsigned ngroups;
  unsigned first_count;		/* in profile_file::counts */
};

struct profile_function
{
  const char *name;
  unsigned first_key, n_keys;	/* in profile_file::keys */
};

struct profile_file
{
  const char *file;
  vec<profile_function> functions;	/* in strcmp order */
  vec<profile_key> keys;		/* per function by path, line */
  vec<gcov_type> counts;		/* -1: unknown ('-') */
};

/* Read FILE, the WHAT profile (for messages: "late", "early"); NULL
   after an error, named with the file and line.  */
profile_file *calltab_read_profile_file (const char *file,
					  const char *what);

/* The entry of the current function in P, or NULL.  */
const profile_function *calltab_profile_function (const profile_file &p);

/* The entry of key KEY of function FN in P, or NULL.  */
const profile_key *calltab_profile_key (const profile_file &p,
					const profile_function &fn,
					const line_key &key);

/* The count of group GROUP of key K in P: -1 when unknown ('-'), or
   when K has no such group.  */
gcov_type calltab_profile_count (const profile_file &p, const profile_key &k,
				 unsigned group);

#endif /* CALLTAB_PROFILE_FILE_H */
