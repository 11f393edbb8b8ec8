/* SPDX-License-Identifier: GPL-2.0-or-later */
/* funcptr.c: calls through a table of function pointers chosen by a
 * pseudo-random sequence, and qsort with a comparison callback.
 * cflags: -O1 */
#include <stdio.h>
#include <stdlib.h>

static int add1(int x)
{
    return x + 1;
}
static int dbl(int x)
{
    return x * 2;
}
static int neg(int x)
{
    return -x;
}
static int sq(int x)
{
    return (x * x) & 0xffff;
}

static int (*const ops[4])(int) = {add1, dbl, neg, sq};

static int cmp(const void *p, const void *q)
{
    int a = *(const int *)p, b = *(const int *)q;
    return (a > b) - (a < b);
}

int main(void)
{
    unsigned seed = 12345;
    int x = 1, v[300];
    for (int i = 0; i < 1000; i++) {
        seed = seed * 1103515245u + 12345u;
        x = ops[(seed >> 16) & 3](x);
    }
    for (int i = 0; i < 300; i++) {
        seed = seed * 1103515245u + 12345u;
        v[i] = (int)(seed >> 8) % 1000;
    }
    qsort(v, 300, sizeof v[0], cmp);
    printf("%d %d %d\n", x, v[0], v[299]);
    return 0;
}
