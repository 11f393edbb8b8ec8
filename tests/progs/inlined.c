/* SPDX-License-Identifier: GPL-2.0-or-later */
/* inlined.c: inlined calls for --inline-frames: a helper inlined into
 * another inlined helper, both inlined into a loop.
 * cflags: -O2 -g */
#include <stdio.h>

static inline int sq(int x)
{
    return x * x;
}

static inline int add3(int a, int b)
{
    return sq(a) + sq(b) + 3;
}

__attribute__((noinline)) int work(int n)
{
    int s = 0;
    for (int i = 0; i < n; i++) s += add3(i, i + 1);
    return s;
}

int main(void)
{
    printf("%d\n", work(1000));
    return 0;
}
