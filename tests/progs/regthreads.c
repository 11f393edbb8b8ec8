/* SPDX-License-Identifier: GPL-2.0-or-later */
/* regthreads.c: --toggle-collect with threads.  Two threads run
 * region_fn() (which calls rleaf()), one runs busy(), and main runs busy()
 * too while they work: the region state is per thread, so busy() is never
 * counted, whatever the interleaving.  cflags: -O1 -pthread */
#include <pthread.h>
#include <stdio.h>

#define NOINLINE __attribute__((noipa, noinline))

static int shared[1024];

NOINLINE static long rleaf(long id, long n)
{
    long s = 0;
    for (long i = 0; i < n; i++) s += shared[(i * (id + 3)) & 1023] ^ i;
    return s;
}

NOINLINE static long region_fn(long id)
{
    long s = 0;
    for (int round = 0; round < 20; round++) s += rleaf(id, 400) + (s & 1);
    return s;
}

NOINLINE static long busy(long id)
{
    long s = 0;
    for (long i = 0; i < 12000; i++) s += (shared[i & 1023] += (int)(i * id)) & 5;
    return s;
}

static long results[3];

static void *run_region(void *arg)
{
    results[(long)arg] = region_fn((long)arg);
    return NULL;
}

static void *run_busy(void *arg)
{
    results[(long)arg] = busy((long)arg);
    return NULL;
}

int main(void)
{
    pthread_t t[3];
    pthread_create(&t[0], NULL, run_region, (void *)0);
    pthread_create(&t[1], NULL, run_busy, (void *)1);
    pthread_create(&t[2], NULL, run_region, (void *)2);
    long m = busy(7);
    for (int i = 0; i < 3; i++) pthread_join(t[i], NULL);
    printf("%ld %ld %ld %ld\n", results[0], results[1], results[2], m);
    return 0;
}
