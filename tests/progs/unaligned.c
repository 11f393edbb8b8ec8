/* SPDX-License-Identifier: GPL-2.0-or-later */
/* unaligned.c: 2-, 4-, 8- and 16-byte loads and stores at every offset
 * around 32- and 64-byte boundaries, so that some accesses straddle two
 * cache lines.  cflags: -O1 */
#include <stdio.h>
#include <string.h>
#include <emmintrin.h>

static char buf[1024] __attribute__((aligned(128)));

int main(void)
{
    unsigned long s = 0;
    for (int i = 0; i < (int)sizeof buf; i++) buf[i] = (char)i;
    for (int rep = 0; rep < 4; rep++) {
        for (int base = 0; base < 896; base += 96) {
            for (int off = 16; off < 72; off++) {
                char *p = buf + base + off;
                unsigned short h;
                unsigned int w;
                unsigned long q;
                memcpy(&h, p, 2);
                memcpy(&w, p, 4);
                memcpy(&q, p, 8);
                __m128i v = _mm_loadu_si128((const __m128i *)p);
                s += h + w + q + (unsigned)_mm_cvtsi128_si32(v);
                q += rep;
                memcpy(p + 1, &q, 8);
                _mm_storeu_si128((__m128i *)(p + 3), v);
            }
        }
    }
    printf("%lu\n", s);
    return 0;
}
