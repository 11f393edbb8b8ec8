/* SPDX-License-Identifier: GPL-2.0-or-later */
/* post-gen.c: writes a large synthetic Cachegrind output file for the
   post-processor benchmark (bench/post.sh): 13 events, as Valgrind writes
   with both simulations, and a consistent summary: line.  Its files are
   named DIR/moduleNNN/source_file_NNNNN.c (DIR /home/user/src/project unless
   given); with --sources the program writes those files instead, so that
   cg_annotate has sources to annotate (bench/html.sh).
   Usage: post-gen SEED COUNT-LINES [DIR] > FILE
          post-gen --sources COUNT-LINES DIR */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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

#define PER_FN       50
#define FNS_PER_FILE 40
/* Lines per source file: the profile's line numbers stay below this. */
#define FILE_LINES (FNS_PER_FILE * 200)

/* The source files the profile names: FILE_LINES lines of C-like text. */
static int write_sources(long lines, const char *dir)
{
    long files = (lines + PER_FN * FNS_PER_FILE - 1) / (PER_FN * FNS_PER_FILE);
    char path[4096];
    mkdir(dir, 0777);
    for (long file = 0; file < files; file++) {
        snprintf(path, sizeof path, "%s/module%03ld", dir, file % 1000);
        mkdir(path, 0777);
        snprintf(path, sizeof path, "%s/module%03ld/source_file_%05ld.c", dir, file % 1000, file);
        FILE *f = fopen(path, "w");
        if (!f) {
            perror(path);
            return 1;
        }
        for (long n = 1; n <= FILE_LINES; n++)
            fprintf(f, "    acc[%ld] += table[(i + %ld) & mask] * %ld; /* step %ld */\n", n % 64, n,
                    n % 17, n);
        if (fclose(f) != 0) {
            perror(path);
            return 1;
        }
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 4 && strcmp(argv[1], "--sources") == 0)
        return write_sources(strtol(argv[2], NULL, 10), argv[3]);
    if (argc != 3 && argc != 4) {
        fprintf(stderr, "usage: post-gen SEED COUNT-LINES [DIR]\n"
                        "       post-gen --sources COUNT-LINES DIR\n");
        return 2;
    }
    const char *dir = argc == 4 ? argv[3] : "/home/user/src/project";
    state = strtoull(argv[1], NULL, 10) * 0x9e3779b97f4a7c15ull + 1;
    long lines = strtol(argv[2], NULL, 10);
    const long per_fn = PER_FN, fns_per_file = FNS_PER_FILE;
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
            printf("fl=%s/module%03ld/source_file_%05ld.c\n", dir, file % 1000, file);
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
