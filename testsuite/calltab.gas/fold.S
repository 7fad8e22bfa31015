/* fold.S: two identical assembly callers, a and c, each in a section of
   its own, calling the identical C functions b and d (fold.c): with
   --icf=all the linker folds b with d and then a with c, and calltab
   disambiguate tells them apart through the callers' tables (gas.exp).  */
#include <calltab.S.h>

	.section .text.a,"ax",@progbits
	CT_FUNCTION a
	sub	$8, %rsp
	CT_CALL b
	add	$2, %eax
	add	$8, %rsp
	ret
	CT_END_FUNCTION a

	.section .text.c,"ax",@progbits
	CT_FUNCTION c
	sub	$8, %rsp
	CT_CALL d
	add	$2, %eax
	add	$8, %rsp
	ret
	CT_END_FUNCTION c

	.section .note.GNU-stack,"",@progbits
