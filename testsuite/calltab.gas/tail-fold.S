/* tail-fold.S: assembly routines ta and tc tail-call the identical C
   functions b and d (tail-fold.c), which ld --icf=all folds: a stop in
   the folded code has main's call of ta or tc as its return address,
   and calltab disambiguate follows the routine's recorded tail call
   (gas.exp, "tail-fold.S").  -DNO_RECORD leaves CT_TAIL_CALLS_RECORDED
   out: the routines' tail calls are then not known to be all recorded.  */
#include <calltab.S.h>
#ifndef NO_RECORD
	CT_TAIL_CALLS_RECORDED
#endif
	.section .text.ta,"ax",@progbits
	CT_FUNCTION ta
	add	$1, %edi
	CT_TAILCALL b
	CT_END_FUNCTION ta

	.section .text.tc,"ax",@progbits
	CT_FUNCTION tc
	add	$2, %edi
	CT_TAILCALL d
	CT_END_FUNCTION tc

	.section .note.GNU-stack,"",@progbits
