/* target.c: the table of supported machines (target.h).  */

#include <gelf.h>
#include "target.h"

static const struct ct_target *const targets[] =
{
  &__calltab_x86_64_target,
  &__calltab_i386_target,
};

const struct ct_target *
__calltab_target (unsigned int machine)
{
  for (size_t i = 0; i < sizeof targets / sizeof targets[0]; i++)
    if (targets[i]->machine == machine)
      return targets[i];
  return NULL;
}

const struct ct_target *
__calltab_code_target (const struct ct_code *code)
{
  return __calltab_target (__calltab_code_machine (code));
}
