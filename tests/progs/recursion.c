/* SPDX-License-Identifier: GPL-2.0-or-later */
/* recursion.c: recursive Fibonacci, Ackermann and a mutual recursion, built
 * without optimisation so the calls stay real calls.  cflags: -O0 */
#include <stdio.h>

static int fib(int n)
{
    return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

static int ack(int m, int n)
{
    if (m == 0) return n + 1;
    if (n == 0) return ack(m - 1, 1);
    return ack(m - 1, ack(m, n - 1));
}

static int is_odd(unsigned n);
static int is_even(unsigned n)
{
    return n == 0 ? 1 : is_odd(n - 1);
}
static int is_odd(unsigned n)
{
    return n == 0 ? 0 : is_even(n - 1);
}

int main(void)
{
    printf("%d %d %d\n", fib(16), ack(2, 3), is_even(301));
    return 0;
}
