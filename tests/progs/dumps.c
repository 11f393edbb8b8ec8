/* SPDX-License-Identifier: GPL-2.0-or-later */
/* dumps.c: CACHEGRIND_DUMP_STATS_AT and CACHEGRIND_ZERO_STATS, one use per
 * argv[1]:
 *   phases  phase_a(), dump "phase a", phase_b(), dump "phase b",
 *           phase_c(): two dumps and the final profile, which add up to a
 *           run without requests (every other tool ignores them);
 *   zero    setup(), ZERO_STATS, phase_b();
 *   labels  dumps labelled with control bytes, NULL, an address that
 *           cannot be read, and 2000 bytes;
 *   unknown a request of the 'C','R' range that does not exist.
 * cflags: -O1 */
#include <stdio.h>
#include <string.h>
#include "cachegrind.h"

#define NOINLINE __attribute__((noipa, noinline))

static int data[2048];

NOINLINE static long setup(int n)
{
    for (int i = 0; i < n; i++) data[i & 2047] = (int)((i * 2654435761u) >> 9);
    return data[n & 2047];
}

NOINLINE static long phase_a(int n)
{
    long s = 0;
    for (int i = 0; i < n; i++) s += data[(i * 3) & 2047] & 15;
    return s;
}

NOINLINE static long phase_b(int n)
{
    long s = 0;
    for (int i = 0; i < n; i++) s += (data[(i * 17) & 2047] += i) % 7;
    return s;
}

NOINLINE static long phase_c(int n)
{
    long s = 0;
    for (int i = 0; i < n; i++) s ^= data[(i * 29) & 2047] << (i & 3);
    return s;
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "phases";
    long r = setup(2048);
    if (strcmp(mode, "phases") == 0) {
        r += phase_a(3000);
        CACHEGRIND_DUMP_STATS_AT("phase a");
        r += phase_b(2000);
        CACHEGRIND_DUMP_STATS_AT("phase b");
        r += phase_c(1000);
    } else if (strcmp(mode, "zero") == 0) {
        CACHEGRIND_ZERO_STATS;
        r += phase_b(2000);
    } else if (strcmp(mode, "labels") == 0) {
        static char big[2001];
        memset(big, 'x', sizeof big - 1);
        CACHEGRIND_DUMP_STATS_AT("tab\there, newline\nthere\r");
        CACHEGRIND_DUMP_STATS_AT(NULL);
        CACHEGRIND_DUMP_STATS_AT((const char *)16);
        CACHEGRIND_DUMP_STATS_AT(big);
        r += phase_a(10);
    } else if (strcmp(mode, "unknown") == 0) {
        VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ_TOOL_BASE('C', 'R') + 7, 0, 0, 0, 0, 0);
        r += phase_a(10);
    }
    printf("%ld\n", r);
    return 0;
}
