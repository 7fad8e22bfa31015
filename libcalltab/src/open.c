/* open.c: calltab_begin and calltab_end.  */

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "libcalltabP.h"

#ifndef CALLTAB_VERSION
# error "CALLTAB_VERSION must be defined by the build"
#endif

CALLTAB_EXPORT const char *
calltab_version (void)
{
  return CALLTAB_VERSION;
}

CALLTAB_EXPORT Calltab *
calltab_begin (const char *path)
{
  if (path == NULL)
    {
      __calltab_seterr (CALLTAB_E_INVALID_ARG, NULL);
      return NULL;
    }
  if (elf_version (EV_CURRENT) == EV_NONE)
    {
      __calltab_seterr (CALLTAB_E_LIBELF, "%s: %s", path, elf_errmsg (-1));
      return NULL;
    }

  Calltab *ct = calloc (1, sizeof *ct);
  if (ct == NULL || (ct->path = strdup (path)) == NULL)
    {
      free (ct);
      __calltab_seterr (CALLTAB_E_NOMEM, NULL);
      return NULL;
    }

  ct->fd = open (path, O_RDONLY | O_CLOEXEC);
  if (ct->fd < 0)
    {
      __calltab_seterr (CALLTAB_E_IO, "%s: %s", path, strerror (errno));
      goto fail;
    }
  ct->elf = elf_begin (ct->fd, ELF_C_READ_MMAP, NULL);
  if (ct->elf == NULL)
    {
      __calltab_seterr (CALLTAB_E_LIBELF, "%s: %s", path, elf_errmsg (-1));
      goto fail;
    }
  if (elf_kind (ct->elf) != ELF_K_ELF)
    {
      __calltab_seterr (CALLTAB_E_NOELF, "%s", path);
      goto fail;
    }
  return ct;

fail:
  calltab_end (ct);
  return NULL;
}

CALLTAB_EXPORT void
calltab_end (Calltab *ct)
{
  if (ct == NULL)
    return;
  elf_end (ct->elf);
  if (ct->fd >= 0)
    close (ct->fd);
  free (ct->path);
  free (ct);
}

CALLTAB_EXPORT const char *
calltab_path (const Calltab *ct)
{
  return ct != NULL ? ct->path : NULL;
}
