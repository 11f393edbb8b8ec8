/* SPDX-License-Identifier: GPL-2.0-or-later */
/* loops.c: nested counted loops over a small array (sums, a triangular
 * loop and a while loop with an early exit).  cflags: -O1 */
#include <stdio.h>

#define N 200
static int a[N];

static long triangle(int n)
{
    long s = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j <= i; j++) s += a[j] ^ i;
    return s;
}

static int first_above(int limit)
{
    int i = 0;
    while (i < N && a[i] <= limit) i++;
    return i;
}

int main(void)
{
    for (int i = 0; i < N; i++) a[i] = (i * 37) % 101;
    long s = 0;
    for (int round = 0; round < 5; round++) s += triangle(N - round * 10);
    printf("%ld %d\n", s, first_above(99));
    return 0;
}
