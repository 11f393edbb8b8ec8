/* SPDX-License-Identifier: GPL-2.0-or-later */
/* inlflame.c: inlined frames in the flame graph (tests/html/flame.py): work()
 * has mid() inlined into it, which calls leaf() out of line, and sq()
 * inlined beside it; one call path each, so every width is exact.
 * Built at -O2 -g. */
#include <stdio.h>

__attribute__((noinline)) int leaf(int x)
{
    return x * 3 + 1;
}

static inline int mid(int x)
{
    return leaf(x) + leaf(x + 1) + x / 3;
}

static inline int sq(int x)
{
    return x * x + (x & 7);
}

__attribute__((noinline)) int work(int n)
{
    int s = 0;
    for (int i = 0; i < n; i++) s += mid(i) ^ sq(i);
    return s;
}

int main(void)
{
    printf("%d\n", work(2000));
    return 0;
}
