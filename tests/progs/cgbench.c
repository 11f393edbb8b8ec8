/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cgbench.c: a benchmark written for Callgrind whose parts all count: the
 * counts are zeroed, a region started and stopped around fib(20) and
 * dumped by name; started again, dumped without a name while counting,
 * counting toggled off around some work and on again, and the rest of the
 * run (exit included) goes to the last part.  cflags: -O1 */
#include <stdio.h>
#include <callgrind.h>

static int fib(int n)
{
    return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

__attribute__((noipa)) static long work(int k)
{
    long s = 0;
    for (int i = 0; i < k; i++) s += (long)i * i;
    return s;
}

int main(void)
{
    long r = work(1000);
    CALLGRIND_ZERO_STATS;
    CALLGRIND_START_INSTRUMENTATION;
    r += fib(20);
    CALLGRIND_STOP_INSTRUMENTATION;
    CALLGRIND_DUMP_STATS_AT("bench::fib");
    CALLGRIND_START_INSTRUMENTATION;
    r += work(5000);
    CALLGRIND_DUMP_STATS;
    CALLGRIND_TOGGLE_COLLECT;
    r += work(300);
    CALLGRIND_TOGGLE_COLLECT;
    r += work(7);
    printf("%ld\n", r);
    return 0;
}
