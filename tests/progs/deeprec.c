/* SPDX-License-Identifier: GPL-2.0-or-later */
/* deeprec.c: recursion as a call graph meets it: a 60,000-deep linear
 * recursion, Ackermann's function (recursion through its own argument)
 * and Fibonacci (two recursive calls per activation).  Summing every call
 * into a recursive function counts its nested activations again and again
 * (callgrind_annotate --inclusive=yes prints deep'2 at thousands of
 * percent); the calls into its level-1 node do not (tests/callgrind, the
 * graph cases; docs/post-processors.md, "The call graph").
 * cflags: -O0 */
#include <stdio.h>

#define NOINLINE __attribute__((noipa, noinline))

NOINLINE static long deep(long n)
{
    return n == 0 ? 0 : 1 + deep(n - 1);
}

NOINLINE static long ack(long m, long n)
{
    if (m == 0) return n + 1;
    if (n == 0) return ack(m - 1, 1);
    return ack(m - 1, ack(m, n - 1));
}

NOINLINE static long fib(long n)
{
    return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

int main(void)
{
    printf("%ld %ld %ld\n", deep(60000), ack(2, 3), fib(20));
    return 0;
}
