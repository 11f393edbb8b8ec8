/* SPDX-License-Identifier: GPL-2.0-or-later */
/* vecload.c: 16-byte (SSE) and 32-byte (AVX) vector loads and stores,
 * aligned and straddling 32- and 64-byte boundaries.  Needs AVX.
 * cflags: -O1 */
#include <stdio.h>

static char buf[2048] __attribute__((aligned(64)));

int main(void)
{
    for (int i = 0; i < (int)sizeof buf; i++) buf[i] = (char)(i * 3);
    for (int rep = 0; rep < 3; rep++) {
        for (int off = 0; off < 1800; off += 24) {
            char *p = buf + off;
            __asm__ volatile("movdqu (%0), %%xmm0\n\t"
                             "movups 40(%0), %%xmm1\n\t"
                             "paddb %%xmm1, %%xmm0\n\t"
                             "movdqu %%xmm0, 8(%0)\n\t"
                             "vmovdqu 16(%0), %%ymm2\n\t"
                             "vmovups 48(%0), %%ymm3\n\t"
                             "vxorps %%ymm2, %%ymm3, %%ymm3\n\t"
                             "vmovdqu %%ymm3, 33(%0)\n\t"
                             "vzeroupper\n\t"
                             :
                             : "r"(p)
                             : "memory", "xmm0", "xmm1", "xmm2", "xmm3");
        }
        for (int off = 0; off < 1984; off += 64) {
            char *p = buf + off;
            __asm__ volatile("movdqa (%0), %%xmm0\n\t"
                             "vmovdqa 32(%0), %%ymm1\n\t"
                             "movdqa %%xmm0, 16(%0)\n\t"
                             "vmovdqa %%ymm1, (%0)\n\t"
                             "vzeroupper\n\t"
                             :
                             : "r"(p)
                             : "memory", "xmm0", "xmm1");
        }
    }
    long s = 0;
    for (int i = 0; i < (int)sizeof buf; i++) s += buf[i];
    printf("%ld\n", s);
    return 0;
}
