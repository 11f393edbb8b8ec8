/* SPDX-License-Identifier: GPL-2.0-or-later */
/* chase.S: function entries that VEX's chasing puts inside a superblock,
 * and code that falls into a neighbouring symbol (tests/tool,
 * callgraph-chase and region-chase).
 *
 * - tailpop pushes, calls nothing, pops and jumps to relay (a tail call),
 *   which does the same to leaf.  VEX follows the jump to relay (the
 *   first jump of the superblock that starts where nothing returns to),
 *   so relay's entry is in the middle of it, and drops the update of the
 *   stack pointer by tailpop's last pop, which relay's push overwrites:
 *   read at relay's entry, the stack pointer would be a word low, and
 *   leaf's entry, where it is right, would end relay.  tailpop calls
 *   relay and relay calls leaf, 3 times each.
 * - condtail ends in a conditional tail call of leaf (2 of its 4 calls).
 * - fallinto runs into neighbour's first instruction without a jump (no
 *   call); fallsys does so right after a system call, which ends a
 *   superblock, so neighbour's entry starts one.  main also calls
 *   neighbour itself, once.
 * main returns 0.  cflags: -O0 */
	.text
	.globl	leaf
	.type	leaf, @function
leaf:
	lea	7(%rdi,%rdi,2), %rax
	ret
	.size	leaf, .-leaf

	.globl	nothing
	.type	nothing, @function
nothing:
	ret
	.size	nothing, .-nothing

	.globl	relay
	.type	relay, @function
relay:
	push	%rbx
	mov	%rdi, %rbx
	add	$1, %rbx
	mov	%rbx, %rdi
	pop	%rbx
	jmp	leaf
	.size	relay, .-relay

	.globl	tailpop
	.type	tailpop, @function
tailpop:
	push	%rbx
	push	%r12
	mov	%rdi, %rbx
	call	nothing		/* its return starts a superblock, which */
	add	$5, %rbx	/* follows the jump to relay */
	mov	%rbx, %rdi
	pop	%r12
	pop	%rbx
	jmp	relay
	.size	tailpop, .-tailpop

	.globl	condtail
	.type	condtail, @function
condtail:
	test	$1, %rdi
	jne	leaf
	xor	%eax, %eax
	ret
	.size	condtail, .-condtail

	.globl	fallinto
	.type	fallinto, @function
fallinto:
	add	$1, %rdi
	add	$2, %rdi
	.size	fallinto, .-fallinto
	/* no jump: on into neighbour */

	.globl	neighbour
	.type	neighbour, @function
neighbour:
	lea	(%rdi,%rdi), %rax
	ret
	.size	neighbour, .-neighbour

	.globl	fallsys
	.type	fallsys, @function
fallsys:
	add	$1, %rdi
	mov	$39, %eax	/* getpid, which leaves %rdi alone */
	syscall
	.size	fallsys, .-fallsys
	/* no jump: on into neighbour2, whose entry starts a superblock */

	.globl	neighbour2
	.type	neighbour2, @function
neighbour2:
	lea	1(%rdi), %rax
	ret
	.size	neighbour2, .-neighbour2

	.globl	main
	.type	main, @function
main:
	push	%rbx
	mov	$3, %ebx
2:	mov	%rbx, %rdi
	call	tailpop
	dec	%rbx
	jne	2b
	mov	$4, %ebx
3:	mov	%rbx, %rdi
	call	condtail
	dec	%rbx
	jne	3b
	mov	$1, %edi
	call	fallinto
	mov	$2, %edi
	call	fallinto
	mov	$3, %edi
	call	neighbour
	mov	$4, %edi
	call	fallsys
	xor	%eax, %eax
	pop	%rbx
	ret
	.size	main, .-main
	.section .note.GNU-stack,"",@progbits
