/* SPDX-License-Identifier: GPL-2.0-or-later */
/* execer.c: --exec-profile.  `execer done` runs done_work() and exits;
 * `execer PATH ARGS...` runs before_exec() (and, with CG_DUMP set, dumps
 * twice), then execv(PATH, {PATH, ARGS...}); if that fails, after_fail()
 * and exit.  So `execer ./execer done` runs two programs in one process,
 * `execer ./execer ./execer done` three, and `execer ./nosuch done` (a
 * path of the same length: the same memory layout up to the execve) one.
 * cflags: -O1 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cachegrind.h"

#define NOINLINE __attribute__((noipa, noinline))

static int data[1024];

NOINLINE static long done_work(int n)
{
    long s = 0;
    for (int i = 0; i < n; i++) s += data[(i * 7) & 1023] += i;
    return s;
}

NOINLINE static long before_exec(int n)
{
    long s = 0;
    for (int i = 0; i < n; i++) s += (data[(i * 3) & 1023] ^ i) & 7;
    return s;
}

NOINLINE static long after_fail(int n)
{
    long s = 0;
    for (int i = 0; i < n; i++) s += data[(i * 13) & 1023] % 5;
    return s;
}

int main(int argc, char **argv)
{
    if (argc < 2) return 2;
    if (strcmp(argv[1], "done") == 0) {
        if (getenv("CG_DUMP")) CACHEGRIND_DUMP_STATS_AT("done");
        printf("done %ld\n", done_work(2500));
        return 0;
    }
    long b = before_exec(2000);
    if (getenv("CG_DUMP")) {
        CACHEGRIND_DUMP_STATS_AT("first");
        b += before_exec(100);
        CACHEGRIND_DUMP_STATS_AT("second");
    }
    fflush(stdout);
    execv(argv[1], argv + 1);
    printf("failed %ld\n", b + after_fail(1800));
    return 0;
}
