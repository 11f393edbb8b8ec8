/* SPDX-License-Identifier: GPL-2.0-or-later */
/* inl-c.c: a C program for the inline suite (tests/inline/run.sh), built
   at -O2 -g so that GCC inlines: static inline helpers nested two deep, a
   helper inlined in several places, and a recursive function that GCC
   partly inlines into itself. */
#include <stdio.h>
#include <stdlib.h>

static inline unsigned mix(unsigned x)
{
    x ^= x >> 13;
    x *= 0x5bd1e995u;
    return x ^ (x >> 15);
}

static inline unsigned twice(unsigned x)
{
    return mix(mix(x) + 1);
}

static inline int clamp(int v, int lo, int hi)
{
    if (v < lo) return lo;
    if (v > hi) return hi;
    return v;
}

static unsigned long fib(unsigned n)
{
    if (n < 2) return n;
    return fib(n - 1) + fib(n - 2);
}

static int sum_clamped(const int *a, int n)
{
    int s = 0;
    for (int i = 0; i < n; i++) s += clamp(a[i], -10, 10);
    return s;
}

__attribute__((noinline)) static unsigned hash_all(const int *a, int n)
{
    unsigned h = 0;
    for (int i = 0; i < n; i++) h = twice(h ^ (unsigned)clamp(a[i], 0, 1000));
    return h;
}

int main(int argc, char **argv)
{
    int a[64];
    int n = argc > 1 ? atoi(argv[1]) : 20;
    for (int i = 0; i < 64; i++) a[i] = (int)mix((unsigned)i) % 50 - 25;
    printf("%d %u %lu %d\n", sum_clamped(a, 64), hash_all(a, 64), fib((unsigned)clamp(n, 0, 30)),
           clamp(argc, 1, 3));
    return 0;
}
