/* routines.S: hand-written routines that join calltab's tables through
   the macros of calltab.S.h (gas.exp): a memcpy variant calling a C
   function, and a trampoline making a virtual call through a C++
   object.  */
#include <calltab.S.h>

	.text
/* void *ct_copy (void *dst, const void *src, size_t n): copies N bytes
   in blocks of 8 or fewer, and reports each block to
   ct_progress (size_t done) (C).  Returns DST.  */
	CT_FUNCTION ct_copy
	push	%r12
	push	%r13
	push	%r14
	mov	%rdi, %r12		# dst
	mov	%rsi, %r13		# src
	mov	%rdx, %r14		# n
	xor	%ecx, %ecx		# done
1:	cmp	%r14, %rcx
	jae	3f
	mov	%r14, %rdx
	sub	%rcx, %rdx
	cmp	$8, %rdx
	jbe	2f
	mov	$8, %edx
2:	mov	(%r13,%rcx), %al
	mov	%al, (%r12,%rcx)
	inc	%rcx
	dec	%rdx
	jnz	2b
	mov	%rcx, %rdi
	push	%rcx
	sub	$8, %rsp
	CT_CALL ct_progress
	add	$8, %rsp
	pop	%rcx
	jmp	1b
3:	mov	%r14, %rdi
	CT_CALL ct_progress_done
	mov	%r12, %rax
	pop	%r14
	pop	%r13
	pop	%r12
	ret
	CT_END_FUNCTION ct_copy

/* int ct_tramp (const Shape *s): s->perimeter () (vtable slot 1) plus
   ct_progress's count (a direct call after the virtual one).  */
	CT_FUNCTION ct_tramp
	push	%rbx
	mov	(%rdi), %rax
	CT_VCALL 1, 8(%rax)
	mov	%eax, %ebx
	xor	%edi, %edi
	CT_CALL ct_progress
	add	%ebx, %eax
	pop	%rbx
	ret
	CT_END_FUNCTION ct_tramp

	.section .note.GNU-stack,"",@progbits
