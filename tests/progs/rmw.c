/* SPDX-License-Identifier: GPL-2.0-or-later */
/* rmw.c: read-modify-write instructions on memory (add, inc, neg, or,
 * shift, xchg, bts with memory and register operands, push/pop of memory)
 * plus plain loads and stores.  cflags: -O1 */
#include <stdio.h>

static long mem[16];

int main(void)
{
    long *p = mem;
    for (long i = 0; i < 200; i++) {
        long r = i, bit = i & 63;
        __asm__ volatile("addl $1, (%[p])\n\t"
                         "incq 8(%[p])\n\t"
                         "negl 16(%[p])\n\t"
                         "orb $3, 24(%[p])\n\t"
                         "shlq $1, 32(%[p])\n\t"
                         "addq %[r], 40(%[p])\n\t"
                         "xchgq %[r], 48(%[p])\n\t"
                         "btsq $5, 56(%[p])\n\t"
                         "btsq %[bit], %[r]\n\t"
                         "btrq %[bit], 64(%[p])\n\t"
                         "pushq 72(%[p])\n\t"
                         "popq 80(%[p])\n\t"
                         "movq 88(%[p]), %[r]\n\t"
                         "movl %k[r], 96(%[p])\n\t"
                         : [r] "+r"(r)
                         : [p] "r"(p), [bit] "r"(bit)
                         : "memory", "cc");
    }
    long s = 0;
    for (int i = 0; i < 16; i++) s += mem[i];
    printf("%ld\n", s);
    return 0;
}
