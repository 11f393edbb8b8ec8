/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cgreqs.c: a benchmark written for Callgrind, as CodSpeed's hooks and
 * gungraun's write them: ZERO_STATS, START, the work, STOP and a named
 * dump, then the other requests of Callgrind's range (DUMP_STATS,
 * TOGGLE_COLLECT twice, CodSpeed's object-skip and metadata requests, and a
 * code of the range that nobody defines).  Cachegrind ignores all of them,
 * so its counts are the whole run's.  cflags: -O1 */
#include <stdio.h>
#include <valgrind.h>
#include <callgrind.h>

#define CALLGRIND_REQ(k, arg)                                                                      \
    VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ_TOOL_BASE('C', 'T') + (k), (arg), 0, 0, 0, 0)

static int data[512];

__attribute__((noipa)) static long work(int n)
{
    long s = 0;
    for (int i = 0; i < n; i++) s += data[(i * 5) & 511] += i & 7;
    return s;
}

int main(void)
{
    CALLGRIND_ZERO_STATS;
    CALLGRIND_START_INSTRUMENTATION;
    long r = work(20000);
    CALLGRIND_STOP_INSTRUMENTATION;
    CALLGRIND_DUMP_STATS_AT("bench::work");
    CALLGRIND_DUMP_STATS;
    CALLGRIND_TOGGLE_COLLECT;
    CALLGRIND_TOGGLE_COLLECT;
    CALLGRIND_REQ(6, "/usr/lib/x86_64-linux-gnu/libc.so.6");
    CALLGRIND_REQ(7, "Benchmark pid: 1");
    CALLGRIND_REQ(20, 0);
    printf("%ld\n", r);
    return 0;
}
