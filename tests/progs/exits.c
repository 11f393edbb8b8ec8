/* SPDX-License-Identifier: GPL-2.0-or-later */
/* exits.c: superblocks with many side exits.  Every aligned SSE load or
 * store (movaps, movdqa) carries its own alignment-check exit in the IR,
 * and the front end chases the short loop's backward branch, so the loop's
 * superblock has a dozen exits, each a flush point.  cflags: -O1 */
#include <emmintrin.h>
#include <stdio.h>

static __m128i a[4096], b[4096];

__attribute__((noinline)) static void mix(__m128i *dst, const __m128i *src, int n)
{
    for (int i = 0; i + 4 <= n; i += 4) {
        __m128i x0 = _mm_load_si128(src + i), x1 = _mm_load_si128(src + i + 1);
        __m128i x2 = _mm_load_si128(src + i + 2), x3 = _mm_load_si128(src + i + 3);
        _mm_store_si128(dst + i, _mm_add_epi32(x0, x1));
        _mm_store_si128(dst + i + 1, _mm_xor_si128(x1, x2));
        _mm_store_si128(dst + i + 2, _mm_sub_epi32(x2, x3));
        _mm_store_si128(dst + i + 3, _mm_or_si128(x3, x0));
    }
}

int main(void)
{
    for (int i = 0; i < 4096; i++) a[i] = _mm_set1_epi32(i * 2654435761u);
    for (int round = 0; round < 60; round++) {
        mix(b, a, 4096 - round); /* the tail length varies: other exits taken */
        mix(a, b, 4096);
    }
    int out[4];
    _mm_storeu_si128((__m128i *)out, a[123]);
    printf("%d %d %d %d\n", out[0], out[1], out[2], out[3]);
    return 0;
}
