/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cgthreads.c: a benchmark per thread, written for Callgrind as CodSpeed's
 * hooks bracket one (ZERO_STATS, START, the work, STOP, a named dump), in
 * two threads one after the other and then in main.  With an argument,
 * main then starts instrumentation again and takes turns with a third
 * thread through two pipes, each calling work() at every turn: thousands
 * of thread switches, whose counts are deterministic in a run that counts
 * only work() (--toggle-collect, as gungraun does): the end of the run,
 * where the third thread may or may not reach its last read, is not
 * counted then.  cflags: -O1 -pthread
 *
 * Every dump is deterministic however the threads are scheduled: while a
 * thread measures, main waits in read(2) on a pipe (a call that blocks or
 * not runs the same client code), and a thread that has measured blocks in
 * a read that never returns, so no thread exit (whose futex wake depends
 * on whether main waits yet) runs inside a measured stretch; pthread_join
 * would not be deterministic (tests/progs/dumpthreads.c says why). */
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>
#include <callgrind.h>

static int done[2], never[2], ping[2], pong[2];
#define TURNS 3000
static long result[3];

__attribute__((noipa)) static long work(long k)
{
    long s = 0;
    for (long i = 0; i < 2000 * (k + 1); i++) s += (i * (k + 3)) % 7;
    return s;
}

static void *bench(void *arg)
{
    long k = (long)arg;
    char c = 'x';
    CALLGRIND_ZERO_STATS;
    CALLGRIND_START_INSTRUMENTATION;
    result[k] = work(k);
    CALLGRIND_STOP_INSTRUMENTATION;
    CALLGRIND_DUMP_STATS_AT(k == 0 ? "bench::thread_a" : "bench::thread_b");
    if (write(done[1], &c, 1) != 1) return NULL;
    (void)!read(never[0], &c, 1);
    return NULL;
}

/* The other side of the turns: a read that blocks or not runs the same
 * code, and the counted work() lies between the system calls. */
static void *partner(void *arg)
{
    char c = 'y';
    long s = 0;
    (void)arg;
    for (int i = 0; i < TURNS; i++) {
        if (read(ping[0], &c, 1) != 1) return NULL;
        s += work(0);
        if (write(pong[1], &c, 1) != 1) return NULL;
    }
    result[1] += s & 1;
    (void)!read(never[0], &c, 1);
    return NULL;
}

int main(int argc, char **argv)
{
    pthread_t t;
    char c = 'x';
    if (pipe(done) != 0 || pipe(never) != 0 || pipe(ping) != 0 || pipe(pong) != 0) return 1;
    for (long k = 0; k < 2; k++) {
        if (pthread_create(&t, NULL, bench, (void *)k) != 0) return 1;
        if (read(done[0], &c, 1) != 1) return 1;
    }
    CALLGRIND_ZERO_STATS;
    CALLGRIND_START_INSTRUMENTATION;
    result[2] = work(2);
    CALLGRIND_STOP_INSTRUMENTATION;
    CALLGRIND_DUMP_STATS_AT("bench::main");
    (void)argv;
    if (argc > 1) {
        CALLGRIND_START_INSTRUMENTATION;
        if (pthread_create(&t, NULL, partner, NULL) != 0) return 1;
        for (int i = 0; i < TURNS; i++) {
            if (write(ping[1], &c, 1) != 1) return 1;
            if (read(pong[0], &c, 1) != 1) return 1;
            result[2] += work(1) & 1;
        }
    }
    printf("%ld %ld %ld\n", result[0], result[1], result[2]);
    return 0;
}
