/* calltab.h: read the .debug_dcall and .debug_vcall call tables.

   libcalltab opens an ELF object, executable or shared library through
   elfutils and gives access to the call tables that the calltab GCC plugin
   emits.  Conventions follow libdw: opaque handles created by a _begin
   call and released by the matching _end; functions return 0 on success
   and -1 on error; after an error calltab_errno () and calltab_errmsg ()
   describe it.  The error state is per thread.  */

#ifndef CALLTAB_H
#define CALLTAB_H 1

#ifdef __cplusplus
extern "C" {
#endif

/* An open file and its call tables.  */
typedef struct Calltab Calltab;

/* Error codes; calltab_errmsg turns one into text.  */
enum
{
  CALLTAB_E_NOERROR = 0,
  CALLTAB_E_UNKNOWN,		/* internal error */
  CALLTAB_E_NOMEM,		/* out of memory */
  CALLTAB_E_INVALID_ARG,	/* NULL or otherwise unusable argument */
  CALLTAB_E_IO,			/* the file could not be opened or read */
  CALLTAB_E_NOELF,		/* not an ELF file */
  CALLTAB_E_LIBELF,		/* libelf reported an error */
  CALLTAB_E_NUM			/* keep last */
};

/* The library's version, "MAJOR.MINOR.PATCH".  */
const char *calltab_version (void);

/* Open PATH for reading.  Returns a handle, or NULL on error.  */
Calltab *calltab_begin (const char *path);

/* Release CT and everything obtained from it.  CT may be NULL.  */
void calltab_end (Calltab *ct);

/* The path CT was opened with.  */
const char *calltab_path (const Calltab *ct);

/* The code of the calling thread's last error, and clear it.  */
int calltab_errno (void);

/* Text describing ERROR; with -1, the calling thread's last error, which
   names the file, section and offset where there is one.  */
const char *calltab_errmsg (int error);

#ifdef __cplusplus
}
#endif

#endif /* calltab.h */
