/* comdat.S: an assembly function in a COMDAT group (ct_inl, as a C++
   inline function is), assembled twice (-DUSER=user1, -DUSER=user2) and
   linked into one program with comdat-main.c (gas.exp): the linker keeps
   one copy of each group (ct_inl; ct_fwd with -DWITH_TAIL), and the
   caller's declaration unit and table units go with it.  */
#include <calltab.S.h>

	.section .text.ct_inl,"axG",@progbits,ct_inl,comdat
	CT_FUNCTION ct_inl, ct_inl, weak
	sub	$8, %rsp
	CT_CALL ct_leaf
	add	$1, %eax
	add	$8, %rsp
	ret
	CT_END_FUNCTION ct_inl

#ifdef WITH_TAIL
/* ct_fwd: a COMDAT routine whose only call is a tail call: its
   .debug_tcall unit in its group.  Not in gas.exp's -g links: the
   discarded copy's line unit would hold two ranges at the linkers'
   tombstone 0, which llvm-dwarfdump --verify reads as overlapping.  */
	.section .text.ct_fwd,"axG",@progbits,ct_fwd,comdat
	CT_FUNCTION ct_fwd, ct_fwd, weak
	add	$1, %edi
	CT_TAILCALL ct_leaf
	CT_END_FUNCTION ct_fwd
#endif

	.text
	CT_FUNCTION USER
	sub	$8, %rsp
	CT_CALL ct_inl
	add	$8, %rsp
	ret
	CT_END_FUNCTION USER

	.section .note.GNU-stack,"",@progbits
