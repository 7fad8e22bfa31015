/* Tail calls in hand-written assembly: CT_TAILCALL and
   CT_TAILCALL_INDIRECT write their .debug_tcall entries, and
   CT_TAIL_CALLS_RECORDED says the file's units record every tail call
   (gas.exp, "tail.S").  */
#include <calltab.S.h>

	CT_TAIL_CALLS_RECORDED
	.text

/* int notify_then_work (int x): notify (x), then work (x) as a tail
   call: a direct call and a tail call, two table units.  */
	CT_FUNCTION notify_then_work
	push	%rbx
	mov	%edi, %ebx
	CT_CALL notify
	mov	%ebx, %edi
	pop	%rbx
	CT_TAILCALL work
	CT_END_FUNCTION notify_then_work

/* int apply (int (*fn) (int), int x): fn (x), an indirect tail call.  */
	CT_FUNCTION apply
	mov	%rdi, %rax
	mov	%esi, %edi
	CT_TAILCALL_INDIRECT %rax
	CT_END_FUNCTION apply

/* int forward (int x): work (x), the routine's only call a tail call.  */
	CT_FUNCTION forward
	CT_TAILCALL work
	CT_END_FUNCTION forward

	.section .note.GNU-stack,"",@progbits
