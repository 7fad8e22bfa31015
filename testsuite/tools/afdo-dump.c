/* afdo-dump: print an AutoFDO profile in the layout GCC 12's
   auto-profile.cc read_profile reads (version 2), or GCC 16's (version
   3: a summary, a file-name table, the file of each name, a timestamp
   per function; docs/fdo.md), for the tests of calltab afdo.  It reads what GCC reads the way GCC reads it (string
   lengths in bytes, counters as two words, the low one first; nested
   instances without a head count) and checks that the file ends where
   the module-grouping record ends.

   Output: version 3 only: "summary total T max M maxhead H counts N
   functions F", a line "  cutoff C min M counts N" per percentile,
   "files N" and each file in quotes; then "names N" and each name in
   quotes (version 3: then " file I", -1 for none); per function "head
   H NAME total T" (version 3: "head H ts S NAME total T")
   (T as GCC sums it: every position count of the instance and of its
   inlined callees), "  LINEOFF.DISCR COUNT" per position, "  call
   LINEOFF.DISCR" and the callee's "NAME total T" and body indented.  Exit 0, 1 malformed (the
   offset and what was expected on stderr), 2 usage or unreadable.  */

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned char *data;
static size_t size, pos;
static char **names;
static uint32_t nnames;

static void
bad (const char *what)
{
  fprintf (stderr, "afdo-dump: offset %zu: %s\n", pos, what);
  exit (1);
}

static uint32_t
u32 (void)
{
  if (size - pos < 4)
    bad ("truncated word");
  uint32_t v = (uint32_t) data[pos] | (uint32_t) data[pos + 1] << 8
    | (uint32_t) data[pos + 2] << 16 | (uint32_t) data[pos + 3] << 24;
  pos += 4;
  return v;
}

/* A string as gcov_read_string reads it: a length in bytes, then
   that many bytes ending in the one NUL.  */
static char *
string (void)
{
  uint32_t len = u32 ();
  if (len == 0 || size - pos < len || data[pos + len - 1] != '\0'
      || memchr (data + pos, '\0', len) != data + pos + len - 1)
    bad ("string: length in bytes with one NUL at its end expected");
  char *s = (char *) data + pos;
  pos += len;
  return s;
}

static uint64_t
counter (void)
{
  uint64_t lo = u32 ();
  return lo | (uint64_t) u32 () << 32;
}

/* Print one instance at DEPTH: "NAME total T" (T as GCC sums it: its
   positions and its callees'), then its positions and calls.  Returns T.  */
static uint64_t
instance (FILE *out, int depth)
{
  uint32_t name = u32 (), npos = u32 (), ncalls = u32 ();
  if (name >= nnames)
    bad ("name index past the string table");
  char *buf = NULL;
  size_t bsize = 0;
  FILE *m = open_memstream (&buf, &bsize);
  if (m == NULL)
    exit (2);
  uint64_t total = 0;
  for (uint32_t i = 0; i < npos; i++)
    {
      uint32_t off = u32 (), ntargets = u32 ();
      uint64_t c = counter ();
      total += c;
      fprintf (m, "%*s%u.%u %" PRIu64 "\n", 2 * depth + 2, "", off >> 16,
	       off & 0xffff, c);
      for (uint32_t j = 0; j < ntargets; j++)
	{
	  u32 ();
	  counter ();
	  counter ();
	}
    }
  for (uint32_t i = 0; i < ncalls; i++)
    {
      uint32_t off = u32 ();
      fprintf (m, "%*scall %u.%u\n", 2 * depth + 2, "", off >> 16,
	       off & 0xffff);
      total += instance (m, depth + 2);
    }
  fclose (m);
  fprintf (out, "%*s%s total %" PRIu64 "\n%s", 2 * depth, "", names[name],
	   total, buf);
  free (buf);
  return total;
}

int
main (int argc, char **argv)
{
  if (argc != 2)
    {
      fputs ("Usage: afdo-dump FILE.afdo\n", stderr);
      return 2;
    }
  FILE *f = fopen (argv[1], "rb");
  if (f == NULL)
    {
      perror (argv[1]);
      return 2;
    }
  size_t alloc = 0;
  for (;;)
    {
      if (size == alloc)
	{
	  alloc = alloc ? 2 * alloc : 4096;
	  data = realloc (data, alloc);
	  if (data == NULL)
	    return 2;
	}
      size_t n = fread (data + size, 1, alloc - size, f);
      if (n == 0)
	break;
      size += n;
    }
  fclose (f);
  if (u32 () != 0x67636461)
    bad ("not GCOV_DATA_MAGIC");
  uint32_t version = u32 ();
  if (version != 2 && version != 3)
    bad ("not version 2 or 3");
  u32 ();
  uint32_t nfiles = 0;
  if (version == 3)
    {
      if (u32 () != 0xa8000000)
	bad ("not GCOV_TAG_AFDO_SUMMARY");
      uint64_t total = counter (), max = counter (), maxhead = counter ();
      uint64_t ncounts = counter (), nfunctions = counter ();
      printf ("summary total %" PRIu64 " max %" PRIu64 " maxhead %" PRIu64
	      " counts %" PRIu64 " functions %" PRIu64 "\n", total, max,
	      maxhead, ncounts, nfunctions);
      /* GCC 16 checks there are its 16 (gcc_checking_assert).  */
      if (counter () != 16)
	bad ("not 16 percentiles");
      for (int i = 0; i < 16; i++)
	{
	  uint32_t cutoff = u32 ();
	  uint64_t min = counter ();
	  uint64_t n = counter ();
	  printf ("  cutoff %u min %" PRIu64 " counts %" PRIu64 "\n", cutoff,
		  min, n);
	}
    }
  if (u32 () != 0xaa000000)
    bad ("not GCOV_TAG_AFDO_FILE_NAMES");
  u32 ();
  if (version == 3)
    {
      nfiles = u32 ();
      if (nfiles > size)
	bad ("too many files");
      printf ("files %u\n", nfiles);
      for (uint32_t i = 0; i < nfiles; i++)
	printf ("  \"%s\"\n", string ());
    }
  nnames = u32 ();
  if (nnames > size)
    bad ("too many names");
  names = calloc (nnames ? nnames : 1, sizeof *names);
  printf ("names %u\n", nnames);
  for (uint32_t i = 0; i < nnames; i++)
    {
      names[i] = string ();
      printf ("  \"%s\"", names[i]);
      if (version == 3)
	{
	  uint32_t file = u32 ();
	  if (file != UINT32_MAX && file >= nfiles)
	    bad ("file index past the file-name table");
	  printf (" file %d", file == UINT32_MAX ? -1 : (int) file);
	}
      printf ("\n");
    }
  if (u32 () != 0xac000000)
    bad ("not GCOV_TAG_AFDO_FUNCTION");
  u32 ();
  uint32_t nfunc = u32 ();
  for (uint32_t i = 0; i < nfunc; i++)
    {
      printf ("head %" PRIu64 " ", counter ());
      if (version == 3)
	printf ("ts %" PRIu64 " ", counter ());
      instance (stdout, 0);
    }
  u32 ();			/* the module grouping tag */
  u32 ();
  if (u32 () != 0)
    bad ("module count not 0 (GCC 12 and 16 assert it)");
  if (pos != size)
    bad ("data after the module grouping record");
  return 0;
}
