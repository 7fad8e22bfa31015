/* comdat.S: an assembly function in a COMDAT group (ct_inl, as a C++
   inline function is), assembled twice (-DUSER=user1, -DUSER=user2) and
   linked into one program with comdat-main.c (gas.exp): the linker keeps
   one copy of the group, and the caller's declaration unit and table
   units go with it.  */
#include <calltab.S.h>

	.section .text.ct_inl,"axG",@progbits,ct_inl,comdat
	CT_FUNCTION ct_inl, ct_inl, weak
	sub	$8, %rsp
	CT_CALL ct_leaf
	add	$1, %eax
	add	$8, %rsp
	ret
	CT_END_FUNCTION ct_inl

	.text
	CT_FUNCTION USER
	sub	$8, %rsp
	CT_CALL ct_inl
	add	$8, %rsp
	ret
	CT_END_FUNCTION USER

	.section .note.GNU-stack,"",@progbits
