/* SPDX-License-Identifier: GPL-2.0-or-later */
/* prog.c: the program whose Callgrind profiles seed the read-callgrind
   fuzz target (make-corpus.py runs it under Callgrind with several option
   sets): recursion, a loop with a function inlined from mix.h (fi=/fe=
   lines), and a second thread (--separate-threads=yes).  cflags: -g -O2
   -pthread */
#include "mix.h"

#include <pthread.h>
#include <stdio.h>

static int tab[512];

__attribute__((noinline)) static int fib(int n)
{
    return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

__attribute__((noinline)) static int walk(int n)
{
    int s = 0;
    for (int i = 0; i < n; i++) s = mix(s, tab[(i * 7) & 511] += i);
    return s;
}

__attribute__((noinline)) static void *worker(void *a)
{
    return (void *)(long)walk(2000 + (int)(long)a);
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, worker, (void *)1L);
    int r = fib(12) + walk(1000);
    void *x;
    pthread_join(t, &x);
    printf("%d %ld\n", r, (long)x);
    return 0;
}
