/* SPDX-License-Identifier: GPL-2.0-or-later */
/* branchy.c: a dense switch (compiled to a jump table) and calls through
 * pointers, both chosen by a pseudo-random sequence, for the branch
 * predictors.  cflags: -O1 */
#include <stdio.h>

static int f0(int x)
{
    return x + 3;
}
static int f1(int x)
{
    return x ^ 0x55;
}
static int f2(int x)
{
    return x >> 1;
}
static int (*const fns[3])(int) = {f0, f1, f2};

__attribute__((noinline)) static int step(int op, int x)
{
    switch (op) {
    case 0:
        return x + 1;
    case 1:
        return x * 3;
    case 2:
        return x - 7;
    case 3:
        return x ^ 0x1234;
    case 4:
        return x << 2;
    case 5:
        return x >> 3;
    case 6:
        return ~x;
    case 7:
        return x & 0xfff;
    case 8:
        return x | 0x10;
    default:
        return x / 5;
    }
}

int main(void)
{
    unsigned seed = 777;
    int x = 1;
    for (int i = 0; i < 3000; i++) {
        seed = seed * 1664525u + 1013904223u;
        x = step((seed >> 20) % 10, x);
        x = fns[(seed >> 8) % 3](x);
        if (i % 4 == 0) x = fns[i % 3](x);
    }
    printf("%d\n", x);
    return 0;
}
