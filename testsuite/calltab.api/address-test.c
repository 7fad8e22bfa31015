/* address-test FILE [OFFSET|=NAME]...: libcalltab's file addresses,
   for address.exp to compare exactly (linked with libcalltab.so, so the
   CALLTAB_0.5 version node is tested too).  Per argument one line:
     offset 0xOFF: R 0xADDR afdo R 0xADDR   calltab_file_address, and
                                            calltab_afdo_offset_address
                                            (FILE with DWARF only)
     symbol NAME: R 0xADDR afdo R 0xADDR     calltab_symbol_address, and
                                            calltab_afdo_symbol
   ADDR is printed only when R is 0 (or 2 for a symbol); then the
   argument conventions (-1 with CALLTAB_E_INVALID_ARG).  */

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "calltab.h"

static void
print (int r, uint64_t addr)
{
  if (r == 0 || r == 2)
    printf ("%d 0x%" PRIx64, r, addr);
  else
    printf ("%d", r);
}

int
main (int argc, char **argv)
{
  if (argc < 2)
    {
      fprintf (stderr, "usage: address-test FILE [OFFSET|=NAME]...\n");
      return 2;
    }
  Calltab *ct = calltab_begin (argv[1]);
  if (ct == NULL)
    {
      printf ("open: %s\n", calltab_errmsg (-1));
      return 1;
    }
  Calltab_Afdo *p = calltab_afdo_begin (ct);
  for (int i = 2; i < argc; i++)
    {
      uint64_t a = 0, b = 0;
      int r, s = 0;
      if (argv[i][0] == '=')
	{
	  r = calltab_symbol_address (ct, argv[i] + 1, &a);
	  if (p != NULL)
	    s = calltab_afdo_symbol (p, argv[i] + 1, &b);
	  printf ("symbol %s: ", argv[i] + 1);
	}
      else
	{
	  uint64_t off = strtoull (argv[i], NULL, 0);
	  r = calltab_file_address (ct, off, &a);
	  if (p != NULL)
	    s = calltab_afdo_offset_address (p, off, &b);
	  printf ("offset 0x%" PRIx64 ": ", off);
	}
      print (r, a);
      if (p != NULL)
	{
	  fputs (" afdo ", stdout);
	  print (s, b);
	}
      putchar ('\n');
    }
  uint64_t a;
  int r = calltab_file_address (NULL, 0, &a);
  printf ("file_address(NULL): %d %d\n", r, calltab_errno ());
  r = calltab_file_address (ct, 0, NULL);
  printf ("file_address(addr NULL): %d %d\n", r, calltab_errno ());
  r = calltab_symbol_address (ct, NULL, &a);
  printf ("symbol_address(name NULL): %d %d\n", r, calltab_errno ());
  r = calltab_symbol_address (NULL, "main", &a);
  printf ("symbol_address(NULL): %d %d\n", r, calltab_errno ());
  calltab_afdo_end (p);
  calltab_end (ct);
  return 0;
}
