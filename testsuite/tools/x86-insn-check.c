/* x86-insn-check: print how libcalltab's x86-64 decoder walks the code.

   x86-insn-check FILE

   For every executable section with contents, decodes from its start to
   its end and prints one line per instruction:

     SECTION OFFSET KIND [TARGET]

   KIND is next, nop (padding forms), call, jump, branch or return; TARGET (hex) for direct
   jumps and branches.  "call" means that the backward search of
   call-target.c over the one decoder (x86_64-decode.c), working from
   the instruction's end, finds a near call whose opcode byte is inside
   the instruction (its start may lie earlier: bytes of the instruction
   before can read as prefixes); the forward decoding must then call it
   a call too.  An undecodable byte prints "SECTION OFFSET bad" and
   decoding goes on at the next byte, as objdump does after ".byte".
   x86-insn.exp compares this with objdump -d.  */

#include <fcntl.h>
#include <gelf.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "backends/target.h"
#include "backends/x86_64.h"

int
main (int argc, char **argv)
{
  if (argc != 2)
    {
      fprintf (stderr, "usage: x86-insn-check FILE\n");
      return 2;
    }
  elf_version (EV_CURRENT);
  int fd = open (argv[1], O_RDONLY);
  Elf *elf = fd < 0 ? NULL : elf_begin (fd, ELF_C_READ, NULL);
  size_t shstrndx;
  if (elf == NULL || elf_getshdrstrndx (elf, &shstrndx) != 0)
    {
      fprintf (stderr, "x86-insn-check: %s: cannot read\n", argv[1]);
      return 2;
    }
  static const char *const kinds[] = {
    [CT_INSN_OTHER] = "next", [CT_INSN_CALL] = "next",
    [CT_INSN_CALL_INDIRECT] = "next", [CT_INSN_JUMP] = "jump",
    [CT_INSN_BRANCH] = "branch", [CT_INSN_RETURN] = "return" };
  for (Elf_Scn *scn = NULL; (scn = elf_nextscn (elf, scn)) != NULL;)
    {
      GElf_Shdr sh;
      Elf_Data *d;
      if (gelf_getshdr (scn, &sh) == NULL || sh.sh_type != SHT_PROGBITS
	  || (sh.sh_flags & SHF_EXECINSTR) == 0
	  || (d = elf_getdata (scn, NULL)) == NULL || d->d_buf == NULL)
	continue;
      const char *name = elf_strptr (elf, shstrndx, sh.sh_name);
      for (size_t off = 0; off < d->d_size;)
	{
	  struct ct_insn insn;
	  if (!__calltab_x86_64_decode (d->d_buf, d->d_size, off, &insn))
	    {
	      printf ("%s %zx bad\n", name, off);
	      off++;
	      continue;
	    }
	  const char *kind = insn.nop ? "nop" : kinds[insn.kind];
	  struct ct_insn calls[CT_MAX_INSN];
	  size_t n = __calltab_calls_ending_at (&__calltab_x86_64_target,
						d->d_buf, d->d_size,
						off + insn.length, calls,
						CT_MAX_INSN);
	  for (size_t k = 0; k < n; k++)
	    if (calls[k].opcode >= off)
	      {
		kind = "call";
		/* One decoder: the forward reading agrees.  */
		if (calls[k].start == off && calls[k].kind != insn.kind)
		  kind = "call-mismatch";
	      }
	  printf ("%s %zx %s", name, off, kind);
	  if (insn.direct && !__calltab_insn_is_call (&insn))
	    printf (" %" PRIx64, sh.sh_addr + off + insn.length
		    + (uint64_t) insn.rel);
	  putchar ('\n');
	  off += insn.length;
	}
    }
  elf_end (elf);
  close (fd);
  return 0;
}
