/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ctxrec.c: f is called through two callers, g (itself called by k) and h;
 * the call through h calls f again, through k and g, while f is active.
 * Under --separate-callers=2 the two calls of f from g have the same
 * context, g'k: Callgrind counts recursion levels per function, not per
 * context, so the first is f'g'k (level 1) and the second, made while
 * f'h'main is active, f'2'g'k (level 2).  Summing a function's level-1
 * contexts (tests/callgrind, the graph cases) then counts no call twice.
 * docs/testing.md, "Callgrind files (tests/callgrind)".
 * cflags: -O0 */
#include <stdio.h>

#define NOINLINE __attribute__((noipa, noinline))

static volatile long sink;

NOINLINE static void f(int n);

NOINLINE static void g(int n)
{
    sink += n;
    f(n);
}

NOINLINE static void k(int n)
{
    sink += 2 * n;
    g(n);
}

NOINLINE static void h(int n)
{
    sink += 3 * n;
    f(n);
}

NOINLINE static void f(int n)
{
    for (int i = 0; i < 100; i++) sink += i;
    if (n > 0) k(n - 1);    /* f -> k -> g -> f, f active */
}

int main(void)
{
    k(0);   /* main -> k -> g -> f: f'g'k, f not active */
    h(1);   /* main -> h -> f (f'h'main) -> k -> g -> f: f'2'g'k */
    printf("%ld\n", sink);
    return 0;
}
