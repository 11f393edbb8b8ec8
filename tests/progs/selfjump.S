/* SPDX-License-Identifier: GPL-2.0-or-later */
/* selfjump.S: a function that loops by jumping back to its own first
 * instruction, as compilers sometimes make of a tail call to itself (glibc
 * 2.41's _dl_cache_libcmp does).  main calls countdown(100), then
 * countdown(3) and returns 0; countdown jumps to its own entry once per step.  For
 * --call-graph that is a loop inside one activation (the stack pointer is
 * the same); Callgrind counts each jump as a call (tests/tool,
 * callgraph-selfjump).  cflags: -O0 */
	.text
	.globl	countdown
	.type	countdown, @function
countdown:
	test	%rdi, %rdi
	je	1f
	dec	%rdi
	jmp	countdown
1:	xor	%eax, %eax
	ret
	.size	countdown, .-countdown

	.globl	main
	.type	main, @function
main:
	sub	$8, %rsp
	mov	$100, %edi
	call	countdown
	mov	$3, %edi
	call	countdown
	add	$8, %rsp
	ret
	.size	main, .-main
	.section .note.GNU-stack,"",@progbits
