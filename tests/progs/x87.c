/* SPDX-License-Identifier: GPL-2.0-or-later */
/* x87.c: x87 state save/restore: fnsave/frstor (108 bytes), fnstenv/fldenv
 * (28 bytes), fxsave/fxrstor (512 bytes), around some x87 arithmetic.
 * cflags: -O1 */
#include <stdio.h>

static unsigned char area108[108] __attribute__((aligned(64)));
static unsigned char env28[28 + 36] __attribute__((aligned(64)));
static unsigned char fx[512] __attribute__((aligned(64)));

int main(void)
{
    double acc = 0.0;
    for (int i = 0; i < 50; i++) {
        double x = i * 0.5;
        __asm__ volatile("fldl %[x]\n\t"
                         "fldl %[acc]\n\t"
                         "faddp\n\t"
                         "fnsave %[a]\n\t"
                         "frstor %[a]\n\t"
                         "fnstenv 30+%[e]\n\t"
                         "fldenv 30+%[e]\n\t"
                         "fxsave %[f]\n\t"
                         "fxrstor %[f]\n\t"
                         "fstpl %[acc]\n\t"
                         : [acc] "+m"(acc), [a] "+m"(area108), [e] "+m"(env28), [f] "+m"(fx)
                         : [x] "m"(x)
                         : "memory", "st");
    }
    printf("%g\n", acc);
    return 0;
}
