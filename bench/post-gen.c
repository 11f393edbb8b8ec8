/* SPDX-License-Identifier: GPL-2.0-or-later */
/* post-gen.c: writes a large synthetic Cachegrind output file for the
   post-processor benchmark (bench/post.sh): 13 events, as Valgrind writes
   with both simulations, and a consistent summary: line.
   Usage: post-gen SEED COUNT-LINES > FILE */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define NEV 13

static uint64_t state;

static uint64_t next(void)
{
    /* xorshift64*: deterministic per seed, fast enough to write 100 MB/s. */
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return state * 0x2545f4914f6cdd1dull;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: post-gen SEED COUNT-LINES\n");
        return 2;
    }
    state = strtoull(argv[1], NULL, 10) * 0x9e3779b97f4a7c15ull + 1;
    long lines = strtol(argv[2], NULL, 10);
    const long per_fn = 50, fns_per_file = 40;
    static char buf[1 << 20];
    setvbuf(stdout, buf, _IOFBF, sizeof buf);
    printf("desc: I1 cache:         32768 B, 64 B, 8-way associative\n"
           "desc: D1 cache:         49152 B, 64 B, 12-way associative\n"
           "desc: LL cache:         8388608 B, 64 B, 16-way associative\n"
           "cmd: ./synthetic --seed %s\n"
           "events: Ir I1mr ILmr Dr D1mr DLmr Dw D1mw DLmw Bc Bcm Bi Bim\n",
           argv[1]);
    /* Magnitudes per event, roughly as in real profiles (misses rarer). */
    static const uint64_t range[NEV] = {20000000, 20000, 5000,    8000000, 900000, 30000, 4000000,
                                        90000,    9000,  3000000, 400000,  200000, 9000};
    int64_t total[NEV] = {0};
    for (long i = 0; i < lines; i++) {
        long fn = i / per_fn, file = fn / fns_per_file;
        if (i % (per_fn * fns_per_file) == 0)
            printf("fl=/home/user/src/project/module%03ld/source_file_%05ld.c\n", file % 1000,
                   file);
        if (i % per_fn == 0)
            printf("fn=namespace::Class%ld::method_%ld(int, char const*)\n", fn % 97, fn);
        /* Distinct line numbers within a file, as in real profiles. */
        printf("%ld", (fn % fns_per_file) * 200 + (i % per_fn) * 3 + 1 + (long)(next() % 2));
        /* A few hot functions, so that the report has something to show. */
        uint64_t weight = 1 + 3000 / (1 + (uint64_t)(fn * 7919) % 3000);
        for (int e = 0; e < NEV; e++) {
            int64_t v = (int64_t)(next() % range[e] * weight);
            total[e] += v;
            printf(" %" PRId64, v);
        }
        putchar('\n');
    }
    printf("summary:");
    for (int e = 0; e < NEV; e++) printf(" %" PRId64, total[e]);
    putchar('\n');
    return 0;
}
