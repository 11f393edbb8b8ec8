/* SPDX-License-Identifier: GPL-2.0-or-later */
/* dumpthreads.c: two threads each work, then dump ("thread 1", "thread
 * 2"); main waits for each and exits.  The dumps and the final profile add
 * up to a run without requests.  cflags: -O1 -pthread
 *
 * The program runs the same instructions however its threads are
 * scheduled.  Main and the threads wait for each other only in read(2) on
 * a pipe: a system call that blocks or not runs the same client code.
 * pthread_join would not: glibc waits on a futex only when the thread is
 * still running, so whether the thread finished before main reached the
 * join (a race between the clone and the scheduler, which CI's load
 * decided differently for the two tools) changed main's counts.  So each
 * thread reports its result through a pipe and then blocks in a read that
 * never returns; the exit ends it. */
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>
#include "cachegrind.h"

static int data[2][1024];
static long result[2];
static int done[2], never[2];

static void *worker(void *arg)
{
    long id = (long)arg, s = 0;
    char c = 'x';
    for (long i = 0; i < 15000; i++) s += (data[id][(i * (id + 5)) & 1023] += (int)i) & 3;
    CACHEGRIND_DUMP_STATS_AT(id == 0 ? "thread 1" : "thread 2");
    for (long i = 0; i < 3000; i++) s += data[id][i & 1023] & 1;
    result[id] = s;
    if (write(done[1], &c, 1) != 1) return NULL;
    (void)!read(never[0], &c, 1);
    return NULL;
}

int main(void)
{
    pthread_t t;
    char c;
    if (pipe(done) != 0 || pipe(never) != 0) return 1;
    for (long i = 0; i < 2; i++) {
        if (pthread_create(&t, NULL, worker, (void *)i) != 0) return 1;
        if (read(done[0], &c, 1) != 1) return 1;
    }
    printf("%ld %ld\n", result[0], result[1]);
    return 0;
}
