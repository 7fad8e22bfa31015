/* strings.c: the strings a handle owns (names of DIEs, section labels,
   demangled names, the text of decisions): one pool per Calltab
   (common/strpool.c), appended to while the handle opens and, after
   that, under its lock.  */

#include <string.h>
#include "libcalltabP.h"

const char *
__calltab_strdup (Calltab *ct, const char *s)
{
  return __calltab_strpool_add (&ct->strings, s, strlen (s), NULL);
}

const char *
__calltab_intern_free (const Calltab *ct, char *s)
{
  if (s == NULL)
    return NULL;
  Calltab *mct = (Calltab *) ct;
  pthread_mutex_lock (&mct->lock);
  const char *r = __calltab_strpool_add (&mct->strings, s, strlen (s), s);
  pthread_mutex_unlock (&mct->lock);
  return r;
}
