/* libcalltabP.h: internal interface of libcalltab.  */

#ifndef LIBCALLTABP_H
#define LIBCALLTABP_H 1

#include <stddef.h>
#include <gelf.h>
#include "calltab.h"

#define CALLTAB_EXPORT __attribute__ ((visibility ("default")))

struct Calltab
{
  char *path;
  int fd;
  Elf *elf;
};

/* Record error CODE for the calling thread.  FMT, when not NULL, is a
   printf format for detail (file, section, offset) appended to the
   code's message.  */
void __calltab_seterr (int code, const char *fmt, ...)
  __attribute__ ((format (printf, 2, 3)));

#endif /* libcalltabP.h */
