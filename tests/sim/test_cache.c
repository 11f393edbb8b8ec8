/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_cache.c: unit tests of sim/cache.c against cases worked out by hand
 * from docs/sim.md, "Cache model" (geometry, LRU, straddling, the L1 -> LL
 * hierarchy). */
#include <stdint.h>
#include <stdlib.h>
#include "cache.h"
#include "check.h"

/* ---- Geometry ---- */

static const struct {
    CacheConfig cfg;
    uint32_t sets, line_bits;
    uint64_t set_mask;
    size_t tags;
} geometry_cases[] = {
    {{65536, 2, 64}, 512, 6, 511, 1024},
    {{32768, 8, 64}, 64, 6, 63, 512},
    {{8388608, 16, 64}, 8192, 6, 8191, 131072},
    {{262144, 8, 64}, 512, 6, 511, 4096},
    {{98304, 3, 64}, 512, 6, 511, 1536},
    {{503316480, 30, 64}, 262144, 6, 262143, 7864320},
    {{50331648, 24, 256}, 8192, 8, 8191, 196608},
    {{128, 2, 16}, 4, 4, 3, 8},
    {{64, 4, 16}, 1, 4, 0, 4},
    {{64, 1, 16}, 4, 4, 3, 4},
    /* --cache-sim=no style all-zero descriptor. */
    {{0, 0, 0}, 0, 0, 0, 0},
};

static void test_geometry(void)
{
    size_t i, n = sizeof geometry_cases / sizeof geometry_cases[0];

    case_begin("cache/geometry");
    for (i = 0; i < n; i++) {
        Cache c;
        uint64_t dummy = 7;
        size_t cnt = cache_tag_count(&geometry_cases[i].cfg);
        uint64_t *tags = cnt ? malloc(cnt * sizeof *tags) : &dummy;

        case_ctx("config %d,%d,%d", geometry_cases[i].cfg.size, geometry_cases[i].cfg.assoc,
                 geometry_cases[i].cfg.line_size);
        EXPECT_U64(cnt, geometry_cases[i].tags);
        cache_init(&c, &geometry_cases[i].cfg, tags);
        EXPECT_U64(c.sets, geometry_cases[i].sets);
        EXPECT_U64(c.assoc, cnt ? (uint32_t)geometry_cases[i].cfg.assoc : 0);
        EXPECT_U64(c.line_bits, geometry_cases[i].line_bits);
        EXPECT_U64(c.set_mask, geometry_cases[i].set_mask);
        EXPECT_INT(c.cfg.size, geometry_cases[i].cfg.size);
        EXPECT_INT(c.cfg.assoc, geometry_cases[i].cfg.assoc);
        EXPECT_INT(c.cfg.line_size, geometry_cases[i].cfg.line_size);
        EXPECT_INT(c.tags == tags, 1);
        if (cnt)
            free(tags);
        else
            EXPECT_U64(dummy, 7); /* an empty cache writes no tag */
    }
    case_end();
}

static void test_init_zeroes(void)
{
    CacheConfig cfg = {32768, 8, 64};
    uint64_t tags[512 + 1];
    Cache c;
    size_t i, nonzero = 0;

    case_begin("cache/init_zeroes_every_tag");
    for (i = 0; i < 513; i++) tags[i] = 0xA5A5A5A5A5A5A5A5ull;
    cache_init(&c, &cfg, tags);
    for (i = 0; i < 512; i++) nonzero += tags[i] != 0;
    EXPECT_INT(nonzero, 0);
    EXPECT_U64(tags[512], 0xA5A5A5A5A5A5A5A5ull); /* and nothing past the end */
    case_end();
}

/* ---- Scripted cases: a sequence of operations with expected results ---- */

enum { END, REF, ACC, HIER, HREF, SET1, SETLL };

typedef struct {
    int op;
    uint64_t x; /* block, address, or set index for SET1/SETLL */
    unsigned size;
    int expect;
    uint64_t ways[8]; /* SET1/SETLL: the set's tags, most recently used first */
} Step;

/* clang-format off */
#define R(b, e)       {REF, b, 0, e, {0}}
#define A(addr, n, e) {ACC, addr, n, e, {0}}
#define H(addr, n, e) {HIER, addr, n, e, {0}}
#define HR(b, e)      {HREF, b, 0, e, {0}}
#define S1(set, ...)  {SET1, set, 0, 0, {__VA_ARGS__}}
#define SL(set, ...)  {SETLL, set, 0, 0, {__VA_ARGS__}}
#define DONE          {END, 0, 0, 0, {0}}
/* clang-format on */

typedef struct {
    const char *name;
    CacheConfig l1, ll; /* ll unused (all zero) for single-cache scripts */
    Step steps[48];
} Script;

static const Script scripts[] = {
    /* All tags start at 0: block 0 (addresses 0..line-1) hits on first touch. */
    {"cache/block0_hits_on_first_touch",
     {65536, 2, 64},
     {0, 0, 0},
     {A(0, 1, 0), A(63, 1, 0), A(0, 64, 0), S1(0, 0, 0), A(64, 1, 1), S1(1, 1, 0), R(0, 0), DONE}},
    {"cache/block0_hits_in_fully_associative",
     {64, 4, 16},
     {0, 0, 0},
     {R(0, 0), A(5, 4, 0), S1(0, 0, 0, 0, 0), DONE}},

    /* 4 sets of 2 ways, 16-byte lines.  Block 1 lives in set 1; were the tag
     * block >> log2(sets) it would be 0 and hit the initial zero tag. */
    {"cache/tag_is_whole_block_number",
     {128, 2, 16},
     {0, 0, 0},
     {R(1, 1), S1(1, 1, 0), R(5, 1), S1(1, 5, 1), R(1, 0), S1(1, 1, 5), S1(0, 0, 0), S1(2, 0, 0),
      S1(3, 0, 0),
      /* 0x52 >> 4 = block 5: hit in way 1, promoted. */
      A(0x52, 1, 0), S1(1, 5, 1),
      /* 0x93 >> 4 = block 9, set 1: evicts block 1. */
      A(0x93, 1, 1), S1(1, 9, 5), R(1, 1), S1(1, 1, 9), DONE}},
    {"cache/set_index_is_bit_selection",
     {128, 2, 16},
     {0, 0, 0},
     {R(2, 1), R(6, 1), R(10, 1), S1(2, 10, 6), R(2, 1), S1(2, 2, 10), R(7, 1), S1(3, 7, 0),
      R(0x403, 1), S1(3, 0x403, 7), S1(0, 0, 0), S1(1, 0, 0), DONE}},

    /* 2 sets of 4 ways; odd blocks go to set 1. */
    {"cache/lru_order_and_promotion",
     {128, 4, 16},
     {0, 0, 0},
     {R(1, 1), S1(1, 1, 0, 0, 0), R(3, 1), S1(1, 3, 1, 0, 0), R(5, 1),           S1(1, 5, 3, 1, 0),
      R(1, 0), S1(1, 1, 5, 3, 0), R(7, 1), S1(1, 7, 1, 5, 3), R(9, 1),           S1(1, 9, 7, 1, 5),
      R(3, 1), S1(1, 3, 9, 7, 1), R(3, 0), S1(1, 3, 9, 7, 1), R(7, 0),           S1(1, 7, 3, 9, 1),
      R(1, 0), S1(1, 1, 7, 3, 9), R(5, 1), S1(1, 5, 1, 7, 3), S1(0, 0, 0, 0, 0), DONE}},
    /* The initial zeros are real tags: block 0 survives until all are evicted. */
    {"cache/initial_zero_tags_age_like_blocks",
     {128, 4, 16},
     {0, 0, 0},
     {R(2, 1),  S1(0, 2, 0, 0, 0),    R(0, 0),  S1(0, 0, 2, 0, 0),
      R(4, 1),  S1(0, 4, 0, 2, 0),    R(6, 1),  S1(0, 6, 4, 0, 2),
      R(8, 1),  S1(0, 8, 6, 4, 0),    R(0, 0),  S1(0, 0, 8, 6, 4),
      R(10, 1), S1(0, 10, 0, 8, 6),   R(12, 1), S1(0, 12, 10, 0, 8),
      R(14, 1), S1(0, 14, 12, 10, 0), R(16, 1), S1(0, 16, 14, 12, 10),
      R(0, 1),  S1(0, 0, 16, 14, 12), DONE}},

    /* 4 sets, 1 way. */
    {"cache/direct_mapped",
     {64, 1, 16},
     {0, 0, 0},
     {R(4, 1), S1(0, 4), R(0, 1),  S1(0, 0),       R(0, 0),  R(8, 1),       S1(0, 8),
      R(4, 1), S1(0, 4), R(1, 1),  S1(1, 1),       R(5, 1),  R(1, 1),       S1(1, 1),
      R(3, 1), S1(3, 3), S1(2, 0), A(0x20, 16, 1), S1(2, 2), A(0x2F, 1, 0), DONE}},

    /* 1 set of 4 ways: every block competes for the same set. */
    {"cache/one_set_fully_associative",
     {64, 4, 16},
     {0, 0, 0},
     {R(100, 1), R(200, 1), R(300, 1), R(400, 1), S1(0, 400, 300, 200, 100), R(100, 0),
      S1(0, 100, 400, 300, 200), R(500, 1), S1(0, 500, 100, 400, 300), R(200, 1),
      S1(0, 200, 500, 100, 400), R(0, 1), S1(0, 0, 200, 500, 100), A(0x1000, 8, 1),
      S1(0, 0x100, 0, 200, 500), DONE}},

    /* 512 sets of 2 ways, 64-byte lines: block b is in set b & 511. */
    {"cache/straddle_two_lines",
     {65536, 2, 64},
     {0, 0, 0},
     {/* Ends on the last byte of the line: one reference only. */
      A(0x1038, 8, 1), S1(0x40, 0x40, 0), S1(0x41, 0, 0),
      /* One byte further: first hits, second misses -> one miss. */
      A(0x1039, 8, 1), S1(0x40, 0x40, 0), S1(0x41, 0x41, 0),
      /* Both hit -> hit. */
      A(0x103C, 8, 0),
      /* Both miss -> still one miss. */
      A(0x20FC, 8, 1), S1(0x83, 0x83, 0), S1(0x84, 0x84, 0),
      /* First misses, second hits in way 1: the second reference still
       * happens and promotes block 0x86. */
      A(0x2180, 4, 1), A(0xA180, 4, 1), S1(0x86, 0x286, 0x86), A(0x217C, 8, 1), S1(0x85, 0x85, 0),
      S1(0x86, 0x86, 0x286),
      /* Both references hit, the second in way 1: hit, and promoted. */
      A(0xA180, 4, 0), S1(0x86, 0x286, 0x86), A(0x217F, 2, 0), S1(0x85, 0x85, 0),
      S1(0x86, 0x86, 0x286), DONE}},

    /* 16-byte lines: more than two lines is refused without touching state. */
    {"cache/straddle_more_than_two_lines_refused",
     {128, 2, 16},
     {0, 0, 0},
     {A(0x10F, 18, -1), A(0x100, 33, -1), A(0x1F1, 47, -1), S1(0, 0, 0), S1(1, 0, 0), S1(2, 0, 0),
      S1(3, 0, 0),
      /* 32 aligned bytes are exactly two lines. */
      A(0x100, 32, 1), S1(0, 0x10, 0), S1(1, 0x11, 0), S1(2, 0, 0), DONE}},

    /* The size is taken modulo 256, as upstream's 8-bit parameter does. */
    {"cache/size_is_taken_modulo_256",
     {128, 2, 16},
     {0, 0, 0},
     {/* 256 -> 0: end address 0x107, same line as 0x108. */
      A(0x108, 256, 1), S1(0, 0x10, 0),
      /* 256 -> 0 at a line start: end 0xFF is the line before -> refused. */
      A(0x100, 256, -1),
      /* 257 -> 1, 258 -> 2. */
      A(0x130, 257, 1), S1(3, 0x13, 0), A(0x13F, 258, 1), S1(0, 0x14, 0x10), DONE}},

    /* L1 64-byte lines, 2 sets x 2 ways; LL 128-byte lines, 4 sets x 2 ways. */
    {"hier/l1_and_ll_with_different_line_sizes",
     {256, 2, 64},
     {1024, 2, 128},
     {H(0x1000, 8, 2), S1(0, 0x40, 0), SL(0, 0x20, 0),
      /* L1 block 0x41 misses; LL block 0x20 already holds it. */
      H(0x1040, 8, 1), S1(1, 0x41, 0), SL(0, 0x20, 0), H(0x1000, 8, 0),
      /* Straddles in both: L1 0x41 hit + 0x42 miss; LL 0x20 hit + 0x21 miss. */
      H(0x107C, 8, 2), S1(0, 0x42, 0x40), S1(1, 0x41, 0), SL(0, 0x20, 0), SL(1, 0x21, 0),
      /* Straddles in L1 only (0x42 hit, 0x43 miss); LL 0x21 hit. */
      H(0x10BC, 8, 1), S1(1, 0x43, 0x41), SL(1, 0x21, 0),
      /* LL is untouched on an L1 hit: 0x20 stays in LL way 1. */
      H(0x1200, 8, 2), S1(0, 0x48, 0x42), SL(0, 0x24, 0x20), H(0x1040, 4, 0), S1(1, 0x41, 0x43),
      SL(0, 0x24, 0x20),
      /* ... and referenced (promoted) on an L1 miss. */
      H(0x1000, 4, 1), S1(0, 0x40, 0x48), SL(0, 0x20, 0x24), DONE}},

    /* L1 64-byte lines; LL 16-byte lines, 16 sets x 4 ways. */
    {"hier/ll_with_smaller_lines",
     {256, 2, 64},
     {1024, 4, 16},
     {/* One L1 line, two LL lines, all missing: counted once per level. */
      H(0x1000, 32, 2), S1(0, 0x40, 0), SL(0, 0x100, 0, 0, 0), SL(1, 0x101, 0, 0, 0),
      /* Would be three LL lines, but L1 hits so LL is never asked. */
      H(0x1000, 40, 0),
      /* Three LL lines after an L1 miss: L1 already updated, LL refused. */
      H(0x1040, 40, -2), S1(1, 0x41, 0), SL(4, 0, 0, 0, 0), SL(5, 0, 0, 0, 0),
      /* Three L1 lines: refused before anything changes. */
      H(0x103C, 72, -1), S1(0, 0x40, 0), S1(1, 0x41, 0),
      /* Two L1 lines, both present. */
      H(0x1030, 32, 0), DONE}},

    /* Same line size in both levels: the single-reference instruction path. */
    {"hier/fast_case_by_block_number",
     {256, 2, 64},
     {1024, 2, 64},
     {HR(0x40, 2), HR(0x40, 0), HR(0x42, 2), HR(0x44, 2), S1(0, 0x44, 0x42), SL(0, 0x40, 0),
      HR(0x40, 1), S1(0, 0x40, 0x44), SL(0, 0x40, 0), SL(2, 0x42, 0), SL(4, 0x44, 0),
      /* The general path on the same state agrees. */
      H(0x1000, 4, 0), H(0x1080, 4, 1), S1(0, 0x42, 0x40), H(0x1180, 4, 2), DONE}},
};

static void check_set(const Cache *c, const char *lvl, const Step *s)
{
    uint32_t w;

    if (s->x >= c->sets) {
        check_failure(__LINE__, "bad test: %s set %llu out of range", lvl,
                      (unsigned long long)s->x);
        return;
    }
    for (w = 0; w < c->assoc; w++) {
        uint64_t got = c->tags[s->x * c->assoc + w];
        if (got != s->ways[w])
            check_failure(__LINE__, "%s set %#llx way %u = %#llx, expected %#llx", lvl,
                          (unsigned long long)s->x, w, (unsigned long long)got,
                          (unsigned long long)s->ways[w]);
    }
}

static void run_script(const Script *sc)
{
    Cache l1, ll;
    size_t n1 = cache_tag_count(&sc->l1), n2 = cache_tag_count(&sc->ll), i;
    uint64_t *t1 = malloc((n1 + 1) * sizeof *t1), *t2 = malloc((n2 + 1) * sizeof *t2);
    const Step *s;

    case_begin(sc->name);
    for (i = 0; i < n1; i++) t1[i] = ~0ull;
    for (i = 0; i < n2; i++) t2[i] = ~0ull;
    cache_init(&l1, &sc->l1, t1);
    cache_init(&ll, &sc->ll, t2);
    for (s = sc->steps; s->op != END; s++) {
        int got = 0;
        case_ctx("step %d", (int)(s - sc->steps) + 1);
        switch (s->op) {
        case REF:
            got = cache_ref(&l1, s->x);
            break;
        case ACC:
            got = cache_access(&l1, s->x, s->size);
            break;
        case HIER:
            got = cachesim_access(&l1, &ll, s->x, s->size);
            break;
        case HREF:
            got = cachesim_ref(&l1, &ll, s->x);
            break;
        case SET1:
            check_set(&l1, "L1", s);
            continue;
        case SETLL:
            check_set(&ll, "LL", s);
            continue;
        }
        if (got != s->expect)
            check_failure(__LINE__, "op %d on %#llx size %u -> %d, expected %d", s->op,
                          (unsigned long long)s->x, s->size, got, s->expect);
    }
    case_end();
    free(t1);
    free(t2);
}

/* ---- Individual checks ---- */

static void test_blocks_for_panic_message(void)
{
    CacheConfig cfg = {128, 2, 16};
    uint64_t tags[8], b1 = 0, b2 = 0;
    Cache c;

    case_begin("cache/blocks_for_panic_message");
    cache_init(&c, &cfg, tags);
    EXPECT_INT(cache_blocks(&c, 0x10F, 18, &b1, &b2), 18);
    EXPECT_U64(b1, 0x10);
    EXPECT_U64(b2, 0x12);
    EXPECT_INT(cache_blocks(&c, 0x100, 256 + 40, &b1, &b2), 40);
    EXPECT_U64(b1, 0x10);
    EXPECT_U64(b2, 0x12);
    case_end();
}

static void test_mru_hit_inline(void)
{
    CacheConfig cfg = {128, 2, 16};
    uint64_t tags[8];
    Cache c;

    case_begin("cache/mru_hit_inline_test");
    cache_init(&c, &cfg, tags);
    EXPECT_INT(cache_mru_hit(&c, 0), 1);
    EXPECT_INT(cache_mru_hit(&c, 5), 0);
    cache_ref(&c, 5);
    cache_ref(&c, 9);
    EXPECT_INT(cache_mru_hit(&c, 9), 1);
    EXPECT_INT(cache_mru_hit(&c, 5), 0); /* present, but in way 1 */
    EXPECT_U64(tags[2], 9);
    EXPECT_U64(tags[3], 5);
    case_end();
}

static void test_cachesim_struct(void)
{
    CacheConfig i1 = {128, 2, 16}, d1 = {64, 1, 16}, l2 = {256, 2, 32};
    uint64_t buf[21];
    CacheSim s;
    size_t i, nonzero = 0;

    case_begin("hier/cachesim_init_and_wrappers");
    for (i = 0; i < 21; i++) buf[i] = ~0ull;
    EXPECT_INT(cachesim_tag_count(&i1, &d1, &l2), 20);
    cachesim_init(&s, &i1, &d1, &l2, buf);
    EXPECT_INT(s.I1.tags == buf, 1);
    EXPECT_INT(s.D1.tags == buf + 8, 1);
    EXPECT_INT(s.LL.tags == buf + 12, 1);
    for (i = 0; i < 20; i++) nonzero += buf[i] != 0;
    EXPECT_INT(nonzero, 0);
    EXPECT_U64(buf[20], ~0ull);
    EXPECT_INT(s.LL.sets, 4);
    EXPECT_INT(s.LL.line_bits, 5);
    /* I1 block 0x10 and LL block 8 both miss; then D1 misses but the shared
     * LL hits; then I1 hits. */
    EXPECT_INT(cachesim_I(&s, 0x100, 4), 2);
    EXPECT_INT(cachesim_D(&s, 0x100, 4), 1);
    EXPECT_INT(cachesim_I(&s, 0x100, 4), 0);
    EXPECT_INT(cachesim_D(&s, 0x10C, 8), 1); /* D1 0x11 misses; LL 8 hits */
    EXPECT_U64(s.D1.tags[0], 0x10);
    EXPECT_U64(s.D1.tags[1], 0x11);
    EXPECT_U64(s.LL.tags[0], 8);
    case_end();
}

/* The next block of a reference stream over `pool` blocks from 0, skewed
 * so that references hit at every depth of a set as well as miss (`*x`:
 * xorshift64 state). */
static uint64_t skewed_block(uint64_t *x, uint64_t pool)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return (*x % pool) % (1 + (*x >> 40) % pool);
}

/* The AVX2 set update must leave every set exactly as the loops do.  Blocks
 * come from a pool 1.5 times the cache's size with a skewed choice, so
 * references hit at every depth of a set as well as miss. */
static void test_avx2_matches_loops(void)
{
    static const int assocs[] = {4, 8, 12, 16, 20, 24, 28, 32};
    enum { SETS = 4, REFS = 100000 };
    size_t a, i, j;

    if (!__builtin_cpu_supports("avx2")) {
        printf("SKIP: cache/avx2_matches_loops (this host has no AVX2)\n");
        return;
    }
    case_begin("cache/avx2_matches_loops");
    for (a = 0; a < sizeof assocs / sizeof assocs[0]; a++) {
        CacheConfig cfg = {SETS * assocs[a] * 64, assocs[a], 64};
        size_t n = cache_tag_count(&cfg);
        uint64_t *t1 = malloc(n * sizeof *t1), *t2 = malloc(n * sizeof *t2);
        uint64_t pool = n + n / 2, x = 88172645463325252ull;
        Cache plain, wide;

        cache_init(&plain, &cfg, t1);
        cache_init(&wide, &cfg, t2);
        EXPECT_INT(cache_use_avx2(&wide, 1), 1);
        for (i = 0; i < REFS && !check_case_failed; i++) {
            uint64_t block = 1 + skewed_block(&x, pool);
            case_ctx("assoc %d, reference %zu, block %llu", assocs[a], i,
                     (unsigned long long)block);
            EXPECT_INT(cache_ref(&wide, block), cache_ref(&plain, block));
            for (j = 0; j < n; j++)
                if (t1[j] != t2[j]) {
                    check_failure(__LINE__, "tag %zu = %llu, loops have %llu", j,
                                  (unsigned long long)t2[j], (unsigned long long)t1[j]);
                    break;
                }
        }
        free(t1);
        free(t2);
    }
    case_end();
}

/* 32-bit tags (cache_use_narrow) must answer every reference as 64-bit
 * ones do and hold the same blocks, with the loops and with AVX2, before
 * and after a block too large for them turns the cache wide again. */
static void test_narrow_matches_wide(void)
{
    static const int assocs[] = {1, 2, 3, 4, 8, 12, 16, 24, 32};
    static const int sets[] = {1, 4, 64};
    enum { REFS = 60000 };
    int avx2, ok_avx2 = __builtin_cpu_supports("avx2") != 0;
    size_t a, k, i, j;

    case_begin("cache/narrow_matches_wide");
    for (avx2 = 0; avx2 <= ok_avx2; avx2++)
        for (a = 0; a < sizeof assocs / sizeof assocs[0]; a++)
            for (k = 0; k < sizeof sets / sizeof sets[0]; k++) {
                CacheConfig cfg = {sets[k] * assocs[a] * 64, assocs[a], 64};
                size_t n = cache_tag_count(&cfg);
                uint64_t *t1 = malloc(n * sizeof *t1), *t2 = malloc(n * sizeof *t2);
                uint64_t pool = n + n / 2, x = 88172645463325252ull;
                Cache wide, narrow;

                cache_init(&wide, &cfg, t1);
                cache_init(&narrow, &cfg, t2);
                cache_use_avx2(&wide, avx2);
                cache_use_avx2(&narrow, avx2);
                EXPECT_INT(cache_use_narrow(&narrow), 1);
                for (i = 0; i < REFS && !check_case_failed; i++) {
                    /* Small blocks (block 0 and its set's first-touch hit
                     * included), then from the middle on some just below
                     * and, once, above what 32 bits hold. */
                    uint64_t block = skewed_block(&x, pool);
                    if (i > REFS / 2 && x % 7 == 0)
                        block += (uint64_t)(UINT32_MAX - 1 - x % 3) * sets[k];
                    if (i == REFS * 3 / 4) block = ~(uint64_t)0 >> 6;
                    /* The context is made only when needed. */
                    int rn = cache_ref(&narrow, block), rw = cache_ref(&wide, block);
                    if (rn == rw && i % 251 != 0) continue;
                    case_ctx("avx2 %d, assoc %d, sets %d, reference %zu, block %llu", avx2,
                             assocs[a], sets[k], i, (unsigned long long)block);
                    EXPECT_INT(rn, rw);
                    /* Every set now and then (the answers catch most
                     * differences at once). */
                    for (j = 0; j < n; j++)
                        if (cache_way_block(&narrow, j) != t1[j]) {
                            check_failure(__LINE__, "way %zu holds %llu, wide has %llu", j,
                                          (unsigned long long)cache_way_block(&narrow, j),
                                          (unsigned long long)t1[j]);
                            break;
                        }
                }
                EXPECT_INT(narrow.narrow, 0); /* the largest block widened it */
                free(t1);
                free(t2);
            }
    case_end();
}

/* Associativities the AVX2 update does not handle keep the loops. */
static void test_avx2_eligibility(void)
{
    static const struct {
        CacheConfig cfg;
        int used;
    } cases[] = {
        {{256, 1, 64}, 0},   {{512, 2, 64}, 0},   {{768, 3, 64}, 0},    {{1024, 4, 64}, 1},
        {{1536, 6, 64}, 0},  {{2048, 8, 64}, 1},  {{3072, 12, 64}, 1},  {{4096, 16, 64}, 1},
        {{8192, 32, 64}, 1}, {{9216, 36, 64}, 0}, {{16384, 64, 64}, 0},
    };
    size_t i;
    uint64_t tags[256];

    case_begin("cache/avx2_eligibility");
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Cache c;

        case_ctx("assoc %d", cases[i].cfg.assoc);
        cache_init(&c, &cases[i].cfg, tags);
        EXPECT_INT(cache_use_avx2(&c, 0), 0);
        EXPECT_INT(cache_use_avx2(&c, 1), cases[i].used);
        EXPECT_INT(c.avx2, cases[i].used);
        cache_init(&c, &cases[i].cfg, tags);
        EXPECT_INT(c.avx2, 0); /* init turns it off */
    }
    case_end();
}

/* A compare of every way of two caches of one geometry; 0 after reporting
 * the first that differs. */
static int same_ways(const Cache *got, const Cache *want, const char *which)
{
    size_t j, n = (size_t)want->sets * want->assoc;

    for (j = 0; j < n; j++)
        if (cache_way_block(got, j) != cache_way_block(want, j)) {
            check_failure(__LINE__, "%s way %zu holds %llu, the loops have %llu", which, j,
                          (unsigned long long)cache_way_block(got, j),
                          (unsigned long long)cache_way_block(want, j));
            return 0;
        }
    return 1;
}

/* cachesim_ref_fn: the specialised pairs answer and update as the loops do,
 * the LL turning wide on the way included; other geometries get
 * cachesim_ref, and line sizes that differ get nothing. */
static void test_ref_pairs(void)
{
    static const struct {
        int l1_ways, ll_ways, specialised;
    } geoms[] = {{8, 16, 1}, {12, 16, 1}, {8, 24, 1},  {12, 24, 1},
                 {4, 16, 0}, {8, 8, 0},   {16, 32, 0}, {12, 12, 0}};
    enum { REFS = 60000, L1_SETS = 4, LL_SETS = 64 };
    int ok_avx2 = __builtin_cpu_supports("avx2") != 0;
    size_t g, i;

    case_begin("hier/ref_pairs");
    for (g = 0; g < sizeof geoms / sizeof geoms[0]; g++) {
        CacheConfig c1 = {L1_SETS * geoms[g].l1_ways * 64, geoms[g].l1_ways, 64};
        CacheConfig cl = {LL_SETS * geoms[g].ll_ways * 64, geoms[g].ll_ways, 64};
        size_t n1 = cache_tag_count(&c1), nl = cache_tag_count(&cl);
        uint64_t *t = malloc(2 * (n1 + nl) * sizeof *t);
        uint64_t pool = 2 * nl, x = 88172645463325252ull;
        Cache l1, ll, want1, wantl;
        CachesimRefFn fn;

        cache_init(&l1, &c1, t);
        cache_init(&ll, &cl, t + n1);
        cache_init(&want1, &c1, t + n1 + nl);
        cache_init(&wantl, &cl, t + 2 * n1 + nl);
        cache_use_avx2(&l1, ok_avx2);
        cache_use_avx2(&ll, ok_avx2);
        cache_use_narrow(&ll);
        fn = cachesim_ref_fn(&l1, &ll);
        case_ctx("L1 %d ways, LL %d ways", geoms[g].l1_ways, geoms[g].ll_ways);
        EXPECT_INT(fn != NULL, 1);
        EXPECT_INT(fn != cachesim_ref, ok_avx2 && geoms[g].specialised);
        for (i = 0; fn && i < REFS && !check_case_failed; i++) {
            /* Blocks that hit at every depth, way 0 of the L1 included
             * (callers usually test it first), then some just below and,
             * once, above what the LL's 32-bit tags hold. */
            uint64_t block = skewed_block(&x, pool);
            if (i > REFS / 2 && x % 7 == 0) block += (uint64_t)(UINT32_MAX - 1 - x % 3) * LL_SETS;
            if (i == REFS * 3 / 4) block = ~(uint64_t)0 >> 6;
            int got = fn(&l1, &ll, block), want = cachesim_ref(&want1, &wantl, block);
            if (got == want && i % 97 != 0) continue;
            case_ctx("L1 %d ways, LL %d ways, reference %zu, block %llu", geoms[g].l1_ways,
                     geoms[g].ll_ways, i, (unsigned long long)block);
            EXPECT_INT(got, want);
            if (!same_ways(&l1, &want1, "L1")) break;
            if (!same_ways(&ll, &wantl, "LL")) break;
        }
        EXPECT_INT(ll.narrow, 0); /* the largest block widened it */
        free(t);
    }
    {
        CacheConfig c1 = {4 * 8 * 64, 8, 64}, cl = {4 * 16 * 128, 16, 128};
        uint64_t t1[4 * 8], tl[4 * 16];
        Cache l1, ll;

        case_ctx("line sizes 64 and 128");
        cache_init(&l1, &c1, t1);
        cache_init(&ll, &cl, tl);
        cache_use_avx2(&l1, ok_avx2);
        cache_use_avx2(&ll, ok_avx2);
        cache_use_narrow(&ll);
        EXPECT_INT(cachesim_ref_fn(&l1, &ll) == NULL, 1);
    }
    case_end();
}

int main(void)
{
    size_t i;

    test_geometry();
    test_init_zeroes();
    for (i = 0; i < sizeof scripts / sizeof scripts[0]; i++) run_script(&scripts[i]);
    test_blocks_for_panic_message();
    test_mru_hit_inline();
    test_cachesim_struct();
    test_avx2_matches_loops();
    test_avx2_eligibility();
    test_narrow_matches_wide();
    test_ref_pairs();
    return check_exit();
}
