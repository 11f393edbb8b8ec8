/* SPDX-License-Identifier: GPL-2.0-or-later */
/* post-gen.c: writes a large synthetic Cachegrind output file for the
   post-processor benchmark (bench/post.sh): 13 events, as Valgrind writes
   with both simulations, and a consistent summary: line.  Its files are
   named DIR/moduleNNN/source_file_NNNNN.c (DIR /home/user/src/project unless
   given); with --sources the program writes those files instead, so that
   cg_annotate has sources to annotate (bench/html.sh).
   With --callgrind it writes a Callgrind output file instead, shaped as
   Callgrind 3.19 writes one with --cache-sim=yes (callgrind_gen below).
   Usage: post-gen SEED COUNT-LINES [DIR] > FILE
          post-gen --callgrind SEED COUNT-LINES [DIR] > FILE
          post-gen --sources COUNT-LINES DIR */
#include <inttypes.h>
#include <stdbool.h>
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

/* The Callgrind file: `positions: line`, Callgrind's nine cache events
   (trailing zero counts left out, as Callgrind does), functions of 50 cost
   lines in files of 40 functions, 100 files to an object, every name
   compressed (`(N) name` the first time, `(N)` after), lines relative to
   the last (`+N`, `-N`, `*`), a quarter of the functions with a stretch
   inlined from a header (fi=/fe=), and a call every 8 cost lines (cob= when
   the callee is in another object, as Callgrind writes it; cfi= when the
   callee is in another file; cfn=, calls=, the inclusive cost line).
   The summary: line and the totals: line are the sum of the self costs,
   which a first pass (print == 0) computes. */
#define CG_NEV 9
static const char *const cg_events = "Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw";

static void cg_costs(const uint64_t *v)
{
    int n = CG_NEV;
    while (n > 1 && v[n - 1] == 0) n--;
    for (int e = 0; e < n; e++) printf(" %" PRIu64, v[e]);
    putchar('\n');
}

static void callgrind_gen(const char *seed, long lines, const char *dir, int print, uint64_t *total)
{
    state = strtoull(seed, NULL, 10) * 0x9e3779b97f4a7c15ull + 2;
    const long per_fn = PER_FN, fns_per_file = FNS_PER_FILE;
    long fns = (lines + per_fn - 1) / per_fn, files = (fns + fns_per_file - 1) / fns_per_file;
    /* Which names have been defined: functions, files (headers after the
       sources) and objects. */
    static unsigned char *fn_def, *file_def, *obj_def;
    if (print) {
        fn_def = calloc((size_t)fns + 1, 1);
        file_def = calloc((size_t)files * 2 + 1, 1);
        obj_def = calloc((size_t)(fns / (fns_per_file * 100)) + 2, 1);
        if (!fn_def || !file_def || !obj_def) exit(1);
    }
#define NAME_FN(key, f)                                                                            \
    do {                                                                                           \
        if (print && fn_def[f]) {                                                                  \
            printf(key "=(%ld)\n", (f) + 1);                                                       \
        } else if (print) {                                                                        \
            fn_def[f] = 1;                                                                         \
            printf(key "=(%ld) namespace::Class%ld::method_%ld(int, char const*)\n", (f) + 1,      \
                   (f) % 97, (f));                                                                 \
        }                                                                                          \
    } while (0)
#define NAME_FILE(key, id)                                                                         \
    do {                                                                                           \
        long k_ = (id);                                                                            \
        if (print && file_def[k_]) {                                                               \
            printf(key "=(%ld)\n", k_ + 1);                                                        \
        } else if (print) {                                                                        \
            file_def[k_] = 1;                                                                      \
            printf(key "=(%ld) %s/module%03ld/%s_%05ld.%s\n", k_ + 1, dir, (k_ % files) % 1000,    \
                   k_ < files ? "source_file" : "inline", k_ % files, k_ < files ? "c" : "h");     \
        }                                                                                          \
    } while (0)
#define NAME_OBJ(key, o)                                                                           \
    do {                                                                                           \
        long o_ = (o);                                                                             \
        if (print && obj_def[o_]) {                                                                \
            printf(key "=(%ld)\n", o_ + 1);                                                        \
        } else if (print) {                                                                        \
            obj_def[o_] = 1;                                                                       \
            printf(key "=(%ld) %s/lib/libmodule%ld.so\n", o_ + 1, dir, o_);                        \
        }                                                                                          \
    } while (0)
    static const uint64_t range[CG_NEV] = {200000, 80000, 40000, 200, 9000, 900, 50, 300, 90};
    long last = 0;
    for (long i = 0; i < lines; i++) {
        long fn = i / per_fn, file = fn / fns_per_file, at = i % per_fn;
        uint64_t weight = 1 + 3000 / (1 + (uint64_t)(fn * 7919) % 3000);
        if (at == 0) {
            if (print) putchar('\n');
            if (fn % (fns_per_file * 100) == 0) NAME_OBJ("ob", fn / (fns_per_file * 100));
            if (fn % fns_per_file == 0) NAME_FILE("fl", file);
            NAME_FN("fn", fn);
        }
        /* Inlined code: lines 20-29 of a quarter of the functions. */
        bool inl = fn % 4 == 1;
        if (inl && at == 20) NAME_FILE("fi", files + file);
        if (inl && at == 30) NAME_FILE("fe", file);
        long line = inl && at >= 20 && at < 30
                        ? 10 + at * 2
                        : (fn % fns_per_file) * 200 + at * 3 + 1 + (long)(next() % 2);
        uint64_t v[CG_NEV];
        for (int e = 0; e < CG_NEV; e++) {
            uint64_t r = next();
            /* Misses are mostly none. */
            v[e] = e >= 3 && r % 4 != 0 ? 0 : r % range[e] * weight;
            total[e] += print ? 0 : v[e];
        }
        if (print) {
            if (at == 0 || (inl && (at == 20 || at == 30)))
                printf("%ld", line);
            else if (line == last)
                putchar('*');
            else
                printf("%+ld", line - last);
            cg_costs(v);
        }
        last = line;
        if (at % 8 == 7) {
            /* A call to a function of this file or, every other time, of
               the next one, with an inclusive cost of many self costs. */
            long callee = (fn + 1 + (long)(next() % 7)) % fns, cfile = callee / fns_per_file;
            uint64_t calls = 1 + next() % 1000, inc[CG_NEV];
            for (int e = 0; e < CG_NEV; e++) inc[e] = v[e] * (10 + next() % 50);
            if (print) {
                long cur = inl && at >= 20 && at < 30 ? files + file : file;
                long cobj = callee / (fns_per_file * 100);
                if (cobj != fn / (fns_per_file * 100)) NAME_OBJ("cob", cobj);
                if (cfile != cur) NAME_FILE("cfi", cfile);
                NAME_FN("cfn", callee);
                printf("calls=%" PRIu64 " %ld\n*", calls, (callee % fns_per_file) * 200 + 1);
                cg_costs(inc);
            }
        }
    }
#undef NAME_FN
#undef NAME_FILE
#undef NAME_OBJ
}

static int callgrind_main(const char *seed, long lines, const char *dir)
{
    uint64_t total[CG_NEV] = {0};
    callgrind_gen(seed, lines, dir, 0, total);
    static char buf[1 << 20];
    setvbuf(stdout, buf, _IOFBF, sizeof buf);
    printf("# callgrind format\nversion: 1\ncreator: callgrind-3.19.0\npid: 4242\n"
           "cmd: ./synthetic --seed %s\npart: 1\n\n\n"
           "desc: I1 cache: 32768 B, 64 B, 8-way associative\n"
           "desc: D1 cache: 49152 B, 64 B, 12-way associative\n"
           "desc: LL cache: 8388608 B, 64 B, 16-way associative\n\n"
           "desc: Timerange: Basic block 0 - 123456789\ndesc: Trigger: Program termination\n\n"
           "positions: line\nevents: %s\nsummary:",
           seed, cg_events);
    for (int e = 0; e < CG_NEV; e++) printf(" %" PRIu64, total[e]);
    printf("\n\n");
    uint64_t again[CG_NEV] = {0};
    callgrind_gen(seed, lines, dir, 1, again);
    printf("\ntotals:");
    for (int e = 0; e < CG_NEV; e++) printf(" %" PRIu64, total[e]);
    putchar('\n');
    return 0;
}

int main(int argc, char **argv)
{
    if ((argc == 4 || argc == 5) && strcmp(argv[1], "--callgrind") == 0)
        return callgrind_main(argv[2], strtol(argv[3], NULL, 10),
                              argc == 5 ? argv[4] : "/home/user/src/project");
    if (argc == 4 && strcmp(argv[1], "--sources") == 0)
        return write_sources(strtol(argv[2], NULL, 10), argv[3]);
    if (argc != 3 && argc != 4) {
        fprintf(stderr, "usage: post-gen SEED COUNT-LINES [DIR]\n"
                        "       post-gen --callgrind SEED COUNT-LINES [DIR]\n"
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
