/* SPDX-License-Identifier: GPL-2.0-or-later */
    .globl _start   # the indirect-branch vector of docs/testing.md; cflags: -nostdlib -static
    .text
_start:
    mov $10, %ecx
    lea fa(%rip), %r8
    lea fb(%rip), %r9
1:  xchg %r8, %r9
    call *%r8
    lea 2f(%rip), %rax
    jmp *%rax
2:  dec %ecx
    jnz 1b
    mov $60, %eax
    xor %edi, %edi
    syscall
fa: ret
fb: ret
    .data
word: .long 0
