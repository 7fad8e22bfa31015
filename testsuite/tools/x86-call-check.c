/* x86-call-check: print what libcalltab's call recognizer sees at the
   labels of an object file assembled from a test .s file.

   x86-call-check FILE.o

   Every symbol whose name starts with "ret_" or "nocall_" marks a return
   address to test: the place right after a call, or right after an
   instruction that is not a call; one starting with "at_" marks the start
   of an instruction to decode forwards, up to the end of its section.
   One line per label, in address order:

     LABEL: none
     LABEL: direct len=N -> NAME[,NAME...]      (or "-> ?" unresolved,
     LABEL: indirect len=N [memory] [rip] [got] [plt] -> NAME | ...

   several matches separated by " | ".  A last line counts the labels and
   the calls found.  Also usable on linked files (labels are then
   addresses).  */

#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "code/call-target.h"
#include "backends/x86_64.h"

struct label
{
  const char *name;
  size_t scn;
  uint64_t value;
};

static int
cmp_label (const void *a, const void *b)
{
  const struct label *x = a, *y = b;
  if (x->scn != y->scn)
    return x->scn < y->scn ? -1 : 1;
  if (x->value != y->value)
    return x->value < y->value ? -1 : 1;
  return strcmp (x->name, y->name);
}

static void
print_call (const struct ct_call *c)
{
  printf ("%s len=%zu", c->insn.kind == CT_INSN_CALL ? "direct"
	  : "indirect", c->insn.length);
  if (c->insn.memory)
    fputs (" memory", stdout);
  if (c->insn.pc_relative)
    fputs (" rip", stdout);
  if (c->via_plt)
    fputs (" plt", stdout);
  if (c->via_got)
    fputs (" got", stdout);
  if (c->nnames == 0)
    fputs (c->resolved ? " -> (no symbol)" : " -> ?", stdout);
  for (size_t i = 0; i < c->nnames; i++)
    printf ("%s%s", i == 0 ? " -> " : ",", c->names[i]);
}

int
main (int argc, char **argv)
{
  if (argc != 2)
    {
      fprintf (stderr, "usage: x86-call-check FILE\n");
      return 2;
    }
  elf_version (EV_CURRENT);
  int fd = open (argv[1], O_RDONLY);
  Elf *elf = fd < 0 ? NULL : elf_begin (fd, ELF_C_READ, NULL);
  struct ct_code *code = __calltab_code_begin (elf);
  if (code == NULL)
    {
      fprintf (stderr, "x86-call-check: %s: cannot read\n", argv[1]);
      return 2;
    }

  struct label *labels = NULL;
  size_t nlabels = 0;
  Elf_Scn *scn = NULL;
  while ((scn = elf_nextscn (elf, scn)) != NULL)
    {
      GElf_Shdr sh;
      if (gelf_getshdr (scn, &sh) == NULL || sh.sh_type != SHT_SYMTAB)
	continue;
      Elf_Data *data = elf_getdata (scn, NULL);
      size_t n = sh.sh_entsize ? sh.sh_size / sh.sh_entsize : 0;
      labels = calloc (n + 1, sizeof *labels);
      for (size_t i = 1; i < n; i++)
	{
	  GElf_Sym sym;
	  if (gelf_getsym (data, (int) i, &sym) == NULL)
	    continue;
	  const char *name = elf_strptr (elf, sh.sh_link, sym.st_name);
	  if (name == NULL || (strncmp (name, "ret_", 4) != 0
			       && strncmp (name, "nocall_", 7) != 0
			       && strncmp (name, "at_", 3) != 0))
	    continue;
	  labels[nlabels++] = (struct label) { name, sym.st_shndx,
					       sym.st_value };
	}
    }
  qsort (labels, nlabels, sizeof *labels, cmp_label);

  size_t ncalls = 0;
  for (size_t i = 0; i < nlabels; i++)
    {
      struct ct_place place = { labels[i].scn, labels[i].value };
      if (!__calltab_code_relocatable (code)
	  && !__calltab_code_locate (code, labels[i].value, &place))
	place.scnidx = 0;
      printf ("%s: ", labels[i].name);
      if (strncmp (labels[i].name, "at_", 3) == 0)
	{
	  struct ct_insn insn;
	  Elf_Data *d = elf_getdata (elf_getscn (elf, place.scnidx), NULL);
	  if (d != NULL
	      && __calltab_x86_64_decode (d->d_buf, d->d_size, place.offset,
					  &insn)
	      && __calltab_insn_is_call (&insn))
	    printf ("%s len=%zu\n", insn.kind == CT_INSN_CALL
		    ? "direct" : "indirect", insn.length);
	  else
	    puts ("none");
	  continue;
	}
      struct ct_call calls[CT_MAX_INSN];
      size_t n = __calltab_code_calls_at (code, &place, calls, CT_MAX_INSN);
      if (n == 0)
	fputs ("none", stdout);
      for (size_t j = 0; j < n; j++)
	{
	  if (j > 0)
	    fputs (" | ", stdout);
	  print_call (&calls[j]);
	}
      putchar ('\n');
      ncalls += n > 0;
    }
  printf ("%zu labels, %zu calls\n", nlabels, ncalls);
  __calltab_code_end (code);
  elf_end (elf);
  close (fd);
  free (labels);
  return 0;
}
