/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sortbranch.c: the same data-dependent branch over random data, then
 * over the same data sorted (well predicted).  Built without optimisation
 * so the branch is not turned into a conditional move.  cflags: -O0 */
#include <stdio.h>
#include <stdlib.h>

#define N 3000
static unsigned char v[N];

static long count_big(void)
{
    long s = 0;
    for (int i = 0; i < N; i++)
        if (v[i] >= 128) s += v[i];
    return s;
}

static int cmp(const void *p, const void *q)
{
    return *(const unsigned char *)p - *(const unsigned char *)q;
}

int main(void)
{
    unsigned seed = 4242;
    for (int i = 0; i < N; i++) {
        seed = seed * 1103515245u + 12345u;
        v[i] = (unsigned char)(seed >> 16);
    }
    long a = count_big();
    qsort(v, N, 1, cmp);
    long b = count_big();
    printf("%ld %ld\n", a, b);
    return 0;
}
