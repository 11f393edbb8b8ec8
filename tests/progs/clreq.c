/* SPDX-License-Identifier: GPL-2.0-or-later */
/* clreq.c: Cachegrind client requests around a work function.  argv[1]:
 * "plain" calls work() with no request; "req" brackets the same call with
 * START/STOP; "redundant" issues START, STOP, STOP, START (two of them
 * redundant) before it; "unknown" sends an undefined 'C','G' request.
 * work() is the same machine code in every mode (noipa: no clones, no
 * inlining, no argument specialisation).  cflags: -O1 */
#include <stdio.h>
#include <string.h>
#include <valgrind.h>
#include "cachegrind.h"

/* Until the project's cachegrind.h defines them, use the request codes. */
#ifndef CACHEGRIND_START_INSTRUMENTATION
#define CACHEGRIND_START_INSTRUMENTATION VALGRIND_DO_CLIENT_REQUEST_STMT(0x43470000, 0, 0, 0, 0, 0)
#define CACHEGRIND_STOP_INSTRUMENTATION  VALGRIND_DO_CLIENT_REQUEST_STMT(0x43470001, 0, 0, 0, 0, 0)
#endif

static int data[256];

__attribute__((noipa)) static long work(int n)
{
    long s = 0;
    for (int i = 0; i < n; i++) {
        data[i & 255] += i;
        s += data[(i * 7) & 255] & 3;
    }
    return s;
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "plain";
    long r;
    if (strcmp(mode, "req") == 0) {
        CACHEGRIND_START_INSTRUMENTATION;
        r = work(2000);
        CACHEGRIND_STOP_INSTRUMENTATION;
    } else if (strcmp(mode, "redundant") == 0) {
        CACHEGRIND_START_INSTRUMENTATION;
        CACHEGRIND_STOP_INSTRUMENTATION;
        CACHEGRIND_STOP_INSTRUMENTATION;
        CACHEGRIND_START_INSTRUMENTATION;
        r = work(2000);
    } else if (strcmp(mode, "unknown") == 0) {
        VALGRIND_DO_CLIENT_REQUEST_STMT(0x43470002, 0, 0, 0, 0, 0);
        r = work(2000);
    } else {
        r = work(2000);
    }
    printf("%ld\n", r);
    return 0;
}
