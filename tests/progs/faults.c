/* SPDX-License-Identifier: GPL-2.0-or-later */
/* faults.c: synchronous faults in the middle of a superblock (a load from
 * address 0, an integer division by zero), each caught by a handler that
 * siglongjmp()s back.  Events still queued when the fault hits are lost
 * (docs/tool.md, "Events and flush points"), so the counts show where the
 * tool flushes.  cflags: -O1 */
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>

static sigjmp_buf jb;
static volatile int caught;

static void handler(int sig)
{
    caught++;
    siglongjmp(jb, sig);
}

int main(void)
{
    static long cell = 5;
    long zero = 0, r = 0;
    signal(SIGSEGV, handler);
    signal(SIGFPE, handler);
    for (int i = 0; i < 10; i++) {
        if (sigsetjmp(jb, 1) == 0) {
            __asm__ volatile("mov %[c], %%rax\n\t"
                             "add $3, %%rax\n\t"
                             "addq $1, (%[p])\n\t"
                             "imul %%rax, %%rax\n\t"
                             "movq (%[z]), %%rax\n\t" /* faults: SIGSEGV */
                             "add %%rax, %[r]\n\t"
                             : [r] "+r"(r)
                             : [c] "r"((long)i), [p] "r"(&cell), [z] "r"(zero)
                             : "rax", "memory", "cc");
        }
        if (sigsetjmp(jb, 1) == 0) {
            __asm__ volatile("mov $100, %%eax\n\t"
                             "xor %%edx, %%edx\n\t"
                             "addq $2, (%[p])\n\t"
                             "divl %k[z]\n\t" /* faults: SIGFPE */
                             "add %%rax, %[r]\n\t"
                             : [r] "+r"(r)
                             : [p] "r"(&cell), [z] "r"(zero)
                             : "rax", "rdx", "memory", "cc");
        }
    }
    printf("%d %ld %ld\n", caught, cell, r);
    return 0;
}
