/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cldumps.c: Callgrind's own client requests (valgrind/callgrind.h), used
 * the way benchmark harnesses use them: each "benchmark" is bracketed by
 * CALLGRIND_ZERO_STATS + CALLGRIND_START_INSTRUMENTATION ...
 * CALLGRIND_STOP_INSTRUMENTATION + CALLGRIND_DUMP_STATS_AT(label), so a run
 * gives one dump (a file, or a part with --combine-dumps=yes) per benchmark
 * and a last one at exit.  (tests/progs/dumps.c uses Cachegrind's requests,
 * which Callgrind ignores.)
 *
 * Usage: cldumps [N]   N scales the work of every benchmark (default 1000),
 * so two runs with different N give profiles of one program that differ by
 * a known direction (tests/callgrind, the --diff --limit cases).
 * cflags: -O1 */
#include <stdio.h>
#include <stdlib.h>
#include <valgrind/callgrind.h>

#define NOINLINE __attribute__((noipa, noinline))

static unsigned table[1024];

NOINLINE static unsigned fill(int n)
{
    unsigned x = 12345;
    for (int i = 0; i < n; i++) {
        x = x * 1103515245u + 12345u;
        table[i & 1023] = x >> 8;
    }
    return x;
}

NOINLINE static unsigned long bench_sum(int n)
{
    unsigned long s = 0;
    for (int i = 0; i < n; i++) s += table[(i * 7) & 1023];
    return s;
}

NOINLINE static unsigned long bench_sort_step(int n)
{
    /* a few bubble passes over the start of the table */
    unsigned long swaps = 0;
    int m = n < 1024 ? n : 1024;
    for (int pass = 0; pass < 4; pass++)
        for (int i = 1; i < m; i++)
            if (table[i - 1] > table[i]) {
                unsigned t = table[i - 1];
                table[i - 1] = table[i];
                table[i] = t;
                swaps++;
            }
    return swaps;
}

NOINLINE static unsigned long bench_calls(int n)
{
    unsigned long s = 0;
    for (int i = 0; i < n; i++) s += (unsigned long)abs((int)table[i & 1023] - 500000) & 3;
    return s;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    unsigned long r = fill(n);

    CALLGRIND_ZERO_STATS;
    CALLGRIND_START_INSTRUMENTATION;
    r += bench_sum(n);
    CALLGRIND_STOP_INSTRUMENTATION;
    CALLGRIND_DUMP_STATS_AT("bench_sum");

    CALLGRIND_ZERO_STATS;
    CALLGRIND_START_INSTRUMENTATION;
    r += bench_sort_step(n);
    CALLGRIND_STOP_INSTRUMENTATION;
    CALLGRIND_DUMP_STATS_AT("bench_sort_step");

    CALLGRIND_ZERO_STATS;
    CALLGRIND_START_INSTRUMENTATION;
    r += bench_calls(n);
    CALLGRIND_STOP_INSTRUMENTATION;
    CALLGRIND_DUMP_STATS_AT("bench_calls");

    printf("%lu\n", r);
    return 0;
}
