/* SPDX-License-Identifier: GPL-2.0-or-later */
/* bigcopy.c: large memcpy, memmove and memset (256 KiB) through libc and
 * through rep movsb/stosb.  cflags: -O1 */
#include <stdio.h>
#include <string.h>

#define SZ (256 * 1024)
static char a[SZ], b[SZ];

int main(void)
{
    memset(a, 1, SZ);
    memcpy(b, a, SZ);
    memmove(a + 4096, a, SZ - 4096);
    memset(b, 7, SZ / 2);
    memcpy(a + 3, b + 5, SZ / 2 + 100);
    void *d = b + 1;
    const void *s = a;
    unsigned long n = SZ / 4;
    __asm__ volatile("rep movsb" : "+D"(d), "+S"(s), "+c"(n) : : "memory");
    d = a + 64;
    n = SZ / 4;
    __asm__ volatile("rep stosb" : "+D"(d), "+c"(n) : "a"(9) : "memory");
    printf("%d %d\n", a[SZ - 1] + a[100], b[SZ / 3]);
    return 0;
}
