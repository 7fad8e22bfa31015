# x86-calls.s: every form of x86-64 near call that calltab recognizes,
# and instructions that are not calls.  A "ret_*" label marks the return
# address of the call before it; a "nocall_*" label the end of an
# instruction that is not a call.  x86-calls.exp checks what
# x86-call-check reports at each label, and that objdump sees exactly
# as many calls as there are ret_* labels.
	.text
	.globl	local_fn
	.type	local_fn, @function
local_fn:
	ret
	.size	local_fn, .-local_fn
	.type	alias_fn, @function
	.set	alias_fn, local_fn

	.globl	caller
	.type	caller, @function
caller:
	# Direct calls: relocation against an undefined symbol, PLT32 and
	# PC32; resolved by the assembler within the section; and in
	# another section (relocation against a local symbol).
	call	ext_fn
ret_01_plt32:
	call	ext_fn@PLT
ret_02_plt:
	.byte	0xe8
	.reloc	., R_X86_64_PC32, ext_pc32-4
	.long	-4
ret_03_pc32:
	call	local_fn
ret_04_same_section:
	call	other_fn
ret_05_other_section:
	# Prefixed direct calls: bnd; addr32 (ld's relaxation of a GOT
	# call); the TLS general-dynamic form data16 data16 rex.W.  The bnd
	# prefix (0xf2, MPX) is written as a byte: gas 2.44 no longer
	# accepts the mnemonic on x86-64, and the decoder reads bytes.
	.byte	0xf2
	call	ext_fn
ret_06_bnd:
	.byte	0x67
	call	ext_fn
ret_07_addr32:
	.value	0x6666
	rex64
	call	__tls_get_addr@PLT
ret_08_tls_gd:
	# Indirect calls through registers.
	call	*%rax
ret_10_rax:
	call	*%r11
ret_11_r11:
	notrack call *%rdx
ret_12_notrack:
	.byte	0xf2
	call	*%rcx
ret_13_bnd:
	.byte	0x3e, 0xf2	# notrack bnd
	call	*%r9
ret_14_notrack_bnd:
	# Through memory: every ModRM/SIB/displacement form.
	call	*(%rax)
ret_20_mem:
	call	*(%r13)
ret_21_mem_r13_disp8:
	call	*8(%rax)
ret_22_disp8:
	call	*-128(%rbp)
ret_23_disp8_neg:
	call	*0x1000(%rbx)
ret_24_disp32:
	call	*(%rsp)
ret_25_sib_rsp:
	call	*16(%rsp)
ret_26_sib_disp8:
	call	*(%rax,%rbx,8)
ret_27_sib_index:
	call	*0x12345(%r12,%r14,4)
ret_28_sib_disp32:
	call	*table(,%rax,8)
ret_29_sib_nobase:
	call	*0x400000
ret_30_absolute:
	call	*fnptr(%rip)
ret_31_rip:
	call	*ext_fn@GOTPCREL(%rip)
ret_32_got:
	notrack call *8(%rax)
ret_33_notrack_mem:
	call	*%fs:0x28
ret_34_fs:
	call	*%gs:(%rax)
ret_35_gs:
	.byte	0x66
	call	*%rax
ret_36_data16:
	addr32 call *(%eax)
ret_37_addr32_mem:
	rex.W call *%rax
ret_38_rexw:
	# A call hiding in the rel32 of another: E8 FF D0 FF D0 decodes as
	# a direct call, and its last two bytes as call *%rax.  Inside the
	# sized function caller the code is decoded forwards from caller,
	# which settles it: the E8.  (ret_40 below: the backward search.)
	.byte	0xe8, 0xff, 0xd0, 0xff, 0xd0
ret_39_ambiguous:
	# Not calls.
	nop
nocall_01_nop:
	jmp	*%rax
nocall_02_jmp_reg:
	jmp	*8(%rax)
nocall_03_jmp_mem:
	jmp	local_fn
nocall_04_jmp_rel32:
	push	8(%rax)
nocall_05_push_mem:
	incl	(%rax)
nocall_06_inc_mem:
	lcall	*(%rax)
nocall_07_far_call:
	movl	$0x12345678, %eax
nocall_08_mov_imm:
	movq	%rax, %rdx
nocall_09_mov:
	ret
nocall_10_ret:
	.size	caller, .-caller

	.type	forward, @function
forward:
	# Prefixes the recognizer refuses (66 without REX.W on E8, F3, F0)
	# cannot be told from the end of the instruction before them, so
	# an "at_*" label marks an instruction's start, decoded forwards.
at_01_data16_direct:
	.byte	0x66, 0xe8, 0, 0, 0, 0
at_02_rep_indirect:
	.byte	0xf3, 0xff, 0xd0
at_03_lock_indirect:
	.byte	0xf0, 0xff, 0xd0
at_04_data16_indirect:
	.byte	0x66, 0xff, 0xd0
at_05_far_call:
	lcall	*(%rax)
at_06_truncated:
	.byte	0xff, 0x94
	.size	forward, .-forward

	# Outside every sized function symbol only the backward search can
	# tell, and both readings fit.
	.section .text.nosize,"ax",@progbits
	.byte	0xe8, 0xff, 0xd0, 0xff, 0xd0
ret_40_ambiguous_backwards:

	.section .text.other,"ax",@progbits
	.type	other_fn, @function
other_fn:
	ret
	.size	other_fn, .-other_fn

	.data
fnptr:	.quad	local_fn
table:	.quad	local_fn
