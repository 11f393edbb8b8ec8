/* SPDX-License-Identifier: GPL-2.0-or-later */
/* repmovs.c: string instructions (rep movsb/movsq/stosb with counts 0, 1
 * and more, repne scasb) and libc memcpy/memset/strlen of assorted
 * sizes.  cflags: -O1 */
#include <stdio.h>
#include <string.h>

static char src[4096], dst[4096];

static void rep_movsb(void *d, const void *s, unsigned long n)
{
    __asm__ volatile("rep movsb" : "+D"(d), "+S"(s), "+c"(n) : : "memory");
}

static void rep_movsq(void *d, const void *s, unsigned long n)
{
    __asm__ volatile("rep movsq" : "+D"(d), "+S"(s), "+c"(n) : : "memory");
}

static void rep_stosb(void *d, int c, unsigned long n)
{
    __asm__ volatile("rep stosb" : "+D"(d), "+c"(n) : "a"(c) : "memory");
}

static unsigned long repne_scasb(const char *s, unsigned long max)
{
    unsigned long n = max;
    __asm__ volatile("repne scasb" : "+D"(s), "+c"(n) : "a"(0) : "memory");
    return max - n;
}

int main(void)
{
    static const unsigned long sizes[] = {0, 1, 2, 7, 8, 15, 16, 63, 64, 65, 200, 1000, 4000};
    unsigned long sum = 0;
    for (int i = 0; i < 4096; i++) src[i] = (char)(i * 7 + 1);
    src[3000] = 0;
    for (unsigned k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        unsigned long n = sizes[k];
        rep_movsb(dst, src, n);
        rep_movsq(dst, src, n / 8);
        rep_stosb(dst + 1, k, n > 4000 ? 4000 : n);
        memcpy(dst + 3, src + 1, n > 4000 ? 4000 : n);
        memset(dst, (int)k, n);
        sum += dst[n / 2] + strlen(src + (n % 100));
    }
    sum += repne_scasb(src, 4096);
    printf("%lu\n", sum);
    return 0;
}
