/* SPDX-License-Identifier: GPL-2.0-or-later */
    .globl _start   # instructions that span two I1 lines, in a hot loop; cflags: -nostdlib -static
# The loop's closing jnz spans bytes 60..65 of its 1 KiB-aligned block, so it
# crosses both a 64-byte and a 32-byte line boundary, and it is the only
# instruction in its second line.  Every fourth iteration calls evict_second,
# whose two lines share an I1 set with that second line (for a 1 KiB 2-way
# I1, 512 bytes apart is the same set with 64- or 32-byte lines); every
# 64th calls evict_all, 2 KiB of code that refills every set.  So when the
# jnz is fetched, its first line is the most recently used of its set and
# its second line sometimes is, sometimes is in another way, sometimes gone.
    .text
_start:
    mov $300000, %r12d
    xor %r13d, %r13d
    mov $3, %ebx
    jmp loop
    .balign 1024
loop:
    test $3, %r12d
    jnz 1f
    call evict_second
1:  test $63, %r12d
    jnz 2f
    call evict_all
2:  add %rbx, %r13
    dec %r12d
    .skip 60 - (. - loop), 0x90
    .byte 0x0f, 0x85                    # jnz loop, the 6-byte form
    .long loop - (. + 4)
    mov $60, %eax
    xor %edi, %edi
    syscall

    .balign 1024
    .skip 512 + 64                      # loop + 576: the set of the jnz's second line
evict_second:
    nop
    jmp 1f
    .skip 509, 0x90
1:  ret                                 # loop + 1088: that set again

    .balign 2048
evict_all:
    .rept 2048 - 1
    nop
    .endr
    ret
