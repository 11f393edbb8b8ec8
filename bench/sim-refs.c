/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sim-refs.c: micro-benchmark of the simulator's set references (sim/cache.c),
 * natively, with the plain loops and with the AVX2 update, on the same traces.
 *
 * Usage: sim-refs [REFS]  (built and run by `make benchmark-sim`)
 * Each trace is a stream of 64-byte block numbers sent through cache_ref() of
 * the benchmark's D1 (32 KiB, 8-way) or LL (8 MiB, 16-way).  Prints, per trace
 * and cache, nanoseconds per reference of both versions and their ratio, and
 * exits 1 if their miss counts differ (they must be identical). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "cache.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint64_t next_random(void)
{
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return rng * 2685821657736338717ull;
}

/* The traces: where a reference lands decides how deep in its set it hits. */
enum { SWEEP, RANDOM_BIG, RANDOM_LL, RANDOM_D1, N_TRACES };
static const char *const trace_names[N_TRACES] = {
    "sweep 16 MiB, 3 KiB stride (all miss)",
    "random in 64 MiB (mostly miss)",
    "random in 4 MiB (LL hits at any depth)",
    "random in 48 KiB (D1 hits at any depth)",
};

static void make_trace(int kind, uint64_t *blocks, long n)
{
    const uint64_t base = 0x10000000;
    for (long i = 0; i < n; i++) {
        uint64_t r = next_random(), a;
        switch (kind) {
        case SWEEP:
            a = base + (uint64_t)i * 3072 % (16u << 20);
            break;
        case RANDOM_BIG:
            a = base + r % (64u << 20);
            break;
        case RANDOM_LL:
            a = base + r % (4u << 20);
            break;
        default:
            a = base + r % (48u << 10);
            break;
        }
        blocks[i] = a >> 6;
    }
}

/* Seconds for all references of the trace through a fresh cache; *misses
 * gets their number. */
static double run(const CacheConfig *cfg, int avx2, const uint64_t *blocks, long n, long *misses)
{
    uint64_t *tags = malloc(cache_tag_count(cfg) * sizeof *tags);
    Cache c;
    long m = 0;

    if (!tags) {
        fprintf(stderr, "sim-refs: out of memory\n");
        exit(2);
    }
    cache_init(&c, cfg, tags);
    cache_use_avx2(&c, avx2);
    double t0 = now();
    for (long i = 0; i < n; i++) m += cache_ref(&c, blocks[i]);
    double t = now() - t0;
    free(tags);
    *misses = m;
    return t;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 20000000;
    const CacheConfig d1 = {32768, 8, 64}, ll = {8388608, 16, 64};
    const struct {
        const char *name;
        const CacheConfig *cfg;
    } caches[] = {{"D1 32K 8-way", &d1}, {"LL 8M 16-way", &ll}};
    int have_avx2 = __builtin_cpu_supports("avx2"), status = 0;
    uint64_t *blocks = malloc((size_t)(n > 0 ? n : 1) * sizeof *blocks);

    if (n <= 0 || !blocks) {
        fprintf(stderr, "usage: sim-refs [REFS > 0]\n");
        return 2;
    }
    if (!have_avx2) printf("this host has no AVX2: only the loops are timed\n");
    printf("%-42s %-13s %9s %9s %7s\n", "trace", "cache", "loops ns", "avx2 ns", "ratio");
    for (int k = 0; k < N_TRACES; k++) {
        make_trace(k, blocks, n);
        for (size_t c = 0; c < sizeof caches / sizeof caches[0]; c++) {
            long m1, m2 = 0;
            double t1 = run(caches[c].cfg, 0, blocks, n, &m1) / (double)n * 1e9;
            double t2 = have_avx2 ? run(caches[c].cfg, 1, blocks, n, &m2) / (double)n * 1e9 : 0;
            printf("%-42s %-13s %9.2f", trace_names[k], caches[c].name, t1);
            if (have_avx2) printf(" %9.2f %7.2f", t2, t2 / t1);
            printf("   (%.1f%% miss)\n", 100.0 * (double)m1 / (double)n);
            if (have_avx2 && m1 != m2) {
                printf("  MISS COUNTS DIFFER: loops %ld, avx2 %ld\n", m1, m2);
                status = 1;
            }
        }
    }
    free(blocks);
    return status;
}
