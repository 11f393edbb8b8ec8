/* SPDX-License-Identifier: GPL-2.0-or-later */
/* workload.c: a small program for the real-profile tests; the argument
   changes the amount of work so that two runs differ. */
#include <stdio.h>
#include <stdlib.h>

static int table[4096];

static int work(int n)
{
    int sum = 0;
    for (int i = 0; i < n; i++) {
        table[(i * 7) % 4096] += i;
        sum += (table[i % 4096] & 1) ? i : -i;
    }
    return sum;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    printf("%d\n", work(n));
    return 0;
}
