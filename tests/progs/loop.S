/* SPDX-License-Identifier: GPL-2.0-or-later */
    .globl _start   # docs/testing.md, "The static test vectors"; cflags: -nostdlib -static
    .text
_start:
    mov $100, %ecx
    lea buf(%rip), %rbx
1:  addl $1, (%rbx)
    lock addl $1, 4(%rbx)
    movl %ecx, 8(%rbx)
    dec %ecx
    jnz 1b
    lea buf(%rip), %rsi
    lea buf+64(%rip), %rdi
    mov $5, %rcx
    rep movsb
    mov $60, %eax
    xor %edi, %edi
    syscall
    .data
    .balign 64
buf: .space 256
