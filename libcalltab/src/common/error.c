/* error.c: per-thread error state, as libdw's dwarf_errno/dwarf_errmsg.  */

#include <stdarg.h>
#include <stdio.h>
#include "common.h"

static const char *const messages[CALLTAB_E_NUM] = {
  [CALLTAB_E_NOERROR] = "no error",
  [CALLTAB_E_UNKNOWN] = "unknown error",
  [CALLTAB_E_NOMEM] = "out of memory",
  [CALLTAB_E_INVALID_ARG] = "invalid argument",
  [CALLTAB_E_IO] = "cannot read file",
  [CALLTAB_E_NOELF] = "not an ELF file",
  [CALLTAB_E_LIBELF] = "libelf error",
  [CALLTAB_E_TRUNCATED] = "truncated data",
  [CALLTAB_E_BAD_LENGTH] = "invalid unit length",
  [CALLTAB_E_BAD_VERSION] = "unsupported version",
  [CALLTAB_E_BAD_ADDRSIZE] = "unsupported address size",
  [CALLTAB_E_BAD_LEB128] = "invalid ULEB128",
  [CALLTAB_E_BAD_OFFSET] = "offset out of range",
  [CALLTAB_E_BAD_RELOC] = "invalid relocation",
  [CALLTAB_E_NO_DWARF] = "no DWARF information",
  [CALLTAB_E_LIBDW] = "libdw error",
  [CALLTAB_E_BAD_DIE] = "invalid DIE reference",
};

static _Thread_local int last_error;
static _Thread_local char last_message[512];

void
__calltab_seterr (int code, const char *fmt, ...)
{
  if (code < 0 || code >= CALLTAB_E_NUM)
    code = CALLTAB_E_UNKNOWN;
  last_error = code;
  if (fmt == NULL)
    {
      snprintf (last_message, sizeof last_message, "%s", messages[code]);
      return;
    }
  char detail[400];
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (detail, sizeof detail, fmt, ap);
  va_end (ap);
  snprintf (last_message, sizeof last_message, "%s: %s", detail,
	    messages[code]);
}

void
__calltab_seterr_msg (int code, const char *msg)
{
  if (code < 0 || code >= CALLTAB_E_NUM)
    code = CALLTAB_E_UNKNOWN;
  last_error = code;
  snprintf (last_message, sizeof last_message, "%s", msg);
}

CALLTAB_EXPORT int
calltab_errno (void)
{
  int e = last_error;
  last_error = CALLTAB_E_NOERROR;
  return e;
}

CALLTAB_EXPORT const char *
calltab_errmsg (int error)
{
  if (error == -1)
    return last_error == CALLTAB_E_NOERROR ? messages[0] : last_message;
  if (error < 0 || error >= CALLTAB_E_NUM)
    return messages[CALLTAB_E_UNKNOWN];
  return messages[error];
}
