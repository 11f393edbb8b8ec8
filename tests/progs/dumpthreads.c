/* SPDX-License-Identifier: GPL-2.0-or-later */
/* dumpthreads.c: two threads each work, then dump ("thread 1", "thread
 * 2"); main joins them and exits.  The dumps and the final profile add up
 * to a run without requests.  cflags: -O1 -pthread */
#include <pthread.h>
#include <stdio.h>
#include "cachegrind.h"

static int data[2][1024];

static void *worker(void *arg)
{
    long id = (long)arg, s = 0;
    for (long i = 0; i < 15000; i++) s += (data[id][(i * (id + 5)) & 1023] += (int)i) & 3;
    CACHEGRIND_DUMP_STATS_AT(id == 0 ? "thread 1" : "thread 2");
    for (long i = 0; i < 3000; i++) s += data[id][i & 1023] & 1;
    return (void *)s;
}

int main(void)
{
    pthread_t t[2];
    void *r[2];
    for (long i = 0; i < 2; i++) pthread_create(&t[i], NULL, worker, (void *)i);
    for (int i = 0; i < 2; i++) pthread_join(t[i], &r[i]);
    printf("%ld %ld\n", (long)r[0], (long)r[1]);
    return 0;
}
