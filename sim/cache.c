/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cache.c: LRU set references, line-straddling accesses and the L1 -> LL
 * hierarchy of docs/sim.md, "Cache model".  Freestanding: no libc,
 * caller-owned memory. */
#include "cache.h"

/* Geometry is assumed validated (cacheconf_check), so every field is positive
 * and sets/line are powers of two; anything else yields an empty descriptor
 * rather than a division by zero. */
static int geometry(const CacheConfig *c, uint32_t *sets, uint32_t *line_bits)
{
    uint32_t line, b = 0;

    if (c->size <= 0 || c->assoc <= 0 || c->line_size <= 0) return 0;
    line = (uint32_t)c->line_size;
    *sets = (uint32_t)c->size / line / (uint32_t)c->assoc;
    while (b < 31 && (1u << (b + 1)) <= line) b++;
    *line_bits = b;
    return 1;
}

size_t cache_tag_count(const CacheConfig *c)
{
    uint32_t sets, line_bits;

    if (!geometry(c, &sets, &line_bits)) return 0;
    return (size_t)sets * (uint32_t)c->assoc;
}

void cache_init(Cache *c, const CacheConfig *cfg, uint64_t *tags)
{
    uint32_t sets = 0, line_bits = 0;
    size_t i, n;

    c->cfg = *cfg;
    c->tags = tags;
    c->avx2 = 0;
    c->narrow = c->set_bits = 0;
    if (!geometry(cfg, &sets, &line_bits)) {
        c->sets = c->assoc = c->line_bits = 0;
        c->set_mask = 0;
        return;
    }
    c->sets = sets;
    c->assoc = (uint32_t)cfg->assoc;
    c->line_bits = line_bits;
    c->set_mask = sets ? (uint64_t)sets - 1 : 0;
    n = (size_t)sets * c->assoc;
    /* Zero, not "invalid": the model's block-0 quirk depends on it. */
    for (i = 0; i < n; i++) tags[i] = 0;
}

#if defined(__x86_64__) && defined(__GNUC__)
#define HAVE_AVX2_REF 1
typedef uint64_t u64x4 __attribute__((vector_size(32), aligned(8)));
typedef int64_t i64x4 __attribute__((vector_size(32)));
typedef double f64x4 __attribute__((vector_size(32)));
/* {v[0], v[0], v[1], v[2]}: what ways 0..3 receive when the first group
   moves down one (GCC and clang spell the shuffle differently). */
#ifdef __clang__
#define SHIFT_GROUP0(v) __builtin_shufflevector((v), (v), 0, 0, 1, 2)
#else
#define SHIFT_GROUP0(v) __builtin_shuffle((v), (u64x4){0, 0, 1, 2})
#endif

/* The search and the shift of ref() with four ways per instruction and no
 * data-dependent branch: where a block hits, or which way a miss evicts,
 * looks random to the host's predictor in busy sets, and the loops below
 * mispredict on it.  For assoc a multiple of 4, at most 32.  A hit in way 0
 * moves nothing, but callers test way 0 first, which costs less.  Groups
 * are updated from the last down, so every group still reads the old value
 * of the way before it. */
__attribute__((target("avx2"))) static inline int ref_avx2(uint64_t *set, uint32_t assoc,
                                                           uint64_t block)
{
    const u64x4 b = {block, block, block, block};
    uint32_t found = 0, k;

    for (k = 0; k < assoc; k += 4) {
        i64x4 eq = (i64x4)(*(const u64x4 *)(set + k) == b);
        found |= (uint32_t)__builtin_ia32_movmskpd256((f64x4)eq) << k;
    }
    /* Ways 0..p-1 move down one: p is the hit way, or the last on a miss. */
    int64_t p = found ? __builtin_ctz(found) : (int64_t)assoc - 1;
    const i64x4 pv = {p, p, p, p}, four = {4, 4, 4, 4};
    k = assoc - 4;
    i64x4 way = {k, k + 1, k + 2, k + 3};
    for (;; k -= 4, way -= four) {
        u64x4 cur = *(const u64x4 *)(set + k);
        u64x4 prev = k ? *(const u64x4 *)(set + k - 1) : SHIFT_GROUP0(cur);
        u64x4 keep = (u64x4)(way > pv);
        *(u64x4 *)(set + k) = (cur & keep) | (prev & ~keep);
        if (k == 0) break;
    }
    set[0] = block;
    return found == 0;
}

/* The same with 32-bit tags (cache_use_narrow), eight ways per
 * instruction: assoc a multiple of 8, at most 32, and set[0] != tag. */
typedef uint32_t u32x8 __attribute__((vector_size(32), aligned(4)));
typedef int32_t i32x8 __attribute__((vector_size(32)));
typedef float f32x8 __attribute__((vector_size(32)));
#ifdef __clang__
#define SHIFT_GROUP0_32(v) __builtin_shufflevector((v), (v), 0, 0, 1, 2, 3, 4, 5, 6)
#else
#define SHIFT_GROUP0_32(v) __builtin_shuffle((v), (u32x8){0, 0, 1, 2, 3, 4, 5, 6})
#endif
__attribute__((target("avx2"))) static inline int ref_avx2_32(uint32_t *set, uint32_t assoc,
                                                              uint32_t tag)
{
    const u32x8 b = {tag, tag, tag, tag, tag, tag, tag, tag};
    uint32_t found = 0, k;
    for (k = 0; k < assoc; k += 8) {
        i32x8 eq = (i32x8)(*(const u32x8 *)(set + k) == b);
        found |= (uint32_t)__builtin_ia32_movmskps256((f32x8)eq) << k;
    }
    int32_t p = found ? __builtin_ctz(found) : (int32_t)assoc - 1;
    const i32x8 pv = {p, p, p, p, p, p, p, p}, eight = {8, 8, 8, 8, 8, 8, 8, 8};
    k = assoc - 8;
    i32x8 way = {(int32_t)k,     (int32_t)k + 1, (int32_t)k + 2, (int32_t)k + 3,
                 (int32_t)k + 4, (int32_t)k + 5, (int32_t)k + 6, (int32_t)k + 7};
    for (;; k -= 8, way -= eight) {
        u32x8 cur = *(const u32x8 *)(set + k);
        u32x8 prev = k ? *(const u32x8 *)(set + k - 1) : SHIFT_GROUP0_32(cur);
        u32x8 keep = (u32x8)(way > pv);
        *(u32x8 *)(set + k) = (cur & keep) | (prev & ~keep);
        if (k == 0) break;
    }
    set[0] = tag;
    return found == 0;
}
#endif

int cache_use_avx2(Cache *c, int available)
{
    c->avx2 = 0;
#ifdef HAVE_AVX2_REF
    c->avx2 = available && c->assoc >= 4 && c->assoc <= 32 && c->assoc % 4 == 0;
#endif
    return c->avx2;
}

/* The search and the shift of a set reference with loops, one way at a
 * time, for tags of either width (way 0 was tested): the ways before the
 * hit, or all on a miss, move down one and the tag goes first; 1 on a
 * miss. */
#define DEFINE_LOOPS(NAME, T)                                                                      \
    static inline int NAME(T *set, uint32_t assoc, T tag)                                          \
    {                                                                                              \
        uint32_t i = 1, j;                                                                         \
        while (i < assoc && set[i] != tag) i++;                                                    \
        for (j = i < assoc ? i : assoc - 1; j > 0; j--) set[j] = set[j - 1];                       \
        set[0] = tag;                                                                              \
        return i == assoc;                                                                         \
    }
DEFINE_LOOPS(loops64, uint64_t)
DEFINE_LOOPS(loops32, uint32_t)

/* A narrow cache's tags back to 64 bits, in place: from the last way
 * down, each wide tag covers two narrow ones that are already read. */
static void widen(Cache *c)
{
    const uint32_t *narrow = (const uint32_t *)c->tags;
    size_t n = (size_t)c->sets * c->assoc;
    while (n-- > 0) {
        uint32_t t = narrow[n];
        uint64_t set = n / c->assoc;
        c->tags[n] = t ? ((uint64_t)(t - 1) << c->set_bits) | set : 0;
    }
    c->narrow = 0;
}

/* The set of `block` in 32-bit tags, and in `*tag` the tag it has there;
 * NULL when the block is too large for them. */
static inline uint32_t *narrow_set(const Cache *c, uint64_t block, uint32_t *tag)
{
    uint64_t hi = block >> c->set_bits;

    if (hi >= UINT32_MAX) return NULL;
    *tag = (uint32_t)hi + 1;
    return (uint32_t *)c->tags + (size_t)(block & c->set_mask) * c->assoc;
}

/* ref() with 32-bit tags; -1 when the block does not fit (the cache is
 * wide again, and the caller references it so). */
static int ref_narrow(Cache *c, uint64_t block)
{
    uint32_t tag, *set = narrow_set(c, block, &tag);

    if (!set) {
        widen(c);
        return -1;
    }
    if (set[0] == tag) return 0;
#ifdef HAVE_AVX2_REF
    if (c->narrow == 2) return ref_avx2_32(set, c->assoc, tag);
#endif
    return loops32(set, c->assoc, tag);
}

int cache_use_narrow(Cache *c)
{
    uint32_t b = 0, w, *narrow = (uint32_t *)c->tags;

    if (c->sets == 0) return 0;
    while ((1u << b) < c->sets) b++;
    c->set_bits = b;
    /* Every tag is 0 (cache_init): set 0's ways hold block 0, tag 1. */
    for (w = 0; w < c->assoc; w++) narrow[w] = 1;
    c->narrow = 1;
#ifdef HAVE_AVX2_REF
    if (c->avx2 && c->assoc % 8 == 0) c->narrow = 2;
#endif
    return 1;
}

uint64_t cache_way_block(const Cache *c, size_t i)
{
    uint32_t t;

    if (!c->narrow) return c->tags[i];
    t = ((const uint32_t *)c->tags)[i];
    return t ? ((uint64_t)(t - 1) << c->set_bits) | (i / c->assoc) : 0;
}

static inline int ref(Cache *c, uint64_t block)
{
    uint64_t *set;

    if (c->narrow) {
        int r = ref_narrow(c, block);
        if (r >= 0) return r;
    }
    set = cache_set(c, block);
    if (set[0] == block) return 0;
#ifdef HAVE_AVX2_REF
    if (c->avx2) return ref_avx2(set, c->assoc, block);
#endif
    return loops64(set, c->assoc, block);
}

int cache_ref(Cache *c, uint64_t block)
{
    return ref(c, block);
}

static inline int access1(Cache *c, uint64_t addr, unsigned size)
{
    uint64_t b1 = addr >> c->line_bits;
    uint64_t b2 = (addr + (size & 0xFFu) - 1) >> c->line_bits;
    int m1, m2;

    if (b1 == b2) return ref(c, b1);
    if (b2 == b1 + 1) {
        /* Both references always happen: each one updates its set's LRU order. */
        m1 = ref(c, b1);
        m2 = ref(c, b2);
        return m1 | m2;
    }
    return -1;
}

int cache_access(Cache *c, uint64_t addr, unsigned size)
{
    return access1(c, addr, size);
}

unsigned cache_blocks(const Cache *c, uint64_t addr, unsigned size, uint64_t *b1, uint64_t *b2)
{
    *b1 = addr >> c->line_bits;
    *b2 = (addr + (size & 0xFFu) - 1) >> c->line_bits;
    return size & 0xFFu;
}

int cachesim_access(Cache *l1, Cache *ll, uint64_t addr, unsigned size)
{
    int r = access1(l1, addr, size);

    if (r == 0) return CACHESIM_L1_HIT;
    if (r < 0) return CACHESIM_L1_STRADDLE;
    r = access1(ll, addr, size);
    if (r == 0) return CACHESIM_LL_HIT;
    if (r < 0) return CACHESIM_LL_STRADDLE;
    return CACHESIM_LL_MISS;
}

int cachesim_ref(Cache *l1, Cache *ll, uint64_t block)
{
    if (!ref(l1, block)) return CACHESIM_L1_HIT;
    return ref(ll, block) ? CACHESIM_LL_MISS : CACHESIM_LL_HIT;
}

/* ---- Specialised pairs (docs/sim.md, "Specialised pairs") ----
 * On a program that misses at nearly every access, the host overlaps the
 * guest's misses only as far as its window of renamed results reaches past
 * the oldest one, and the miss path of the general functions, which read
 * each cache's geometry and choose a form every time, fills that window by
 * itself.  For the usual geometries one function makes both references,
 * its associativities constants and nothing read of either cache but where
 * the set is.  Each must answer and update exactly as cachesim_ref(). */
#ifdef HAVE_AVX2_REF
#define DEFINE_PAIR(L1_WAYS, LL_WAYS)                                                              \
    __attribute__((target("avx2"))) static int pair_##L1_WAYS##_##LL_WAYS(Cache *l1, Cache *ll,    \
                                                                          uint64_t block)          \
    {                                                                                              \
        uint32_t tag, *set;                                                                        \
        if (!ref_avx2(cache_set(l1, block), L1_WAYS, block)) return CACHESIM_L1_HIT;               \
        /* The LL turns wide again for a block its 32 bits cannot hold. */                         \
        set = ll->narrow == 2 ? narrow_set(ll, block, &tag) : NULL;                                \
        if (!set) return cache_ref(ll, block) ? CACHESIM_LL_MISS : CACHESIM_LL_HIT;                \
        if (set[0] == tag) return CACHESIM_LL_HIT;                                                 \
        return ref_avx2_32(set, LL_WAYS, tag) ? CACHESIM_LL_MISS : CACHESIM_LL_HIT;                \
    }
/* L1s of 32 and 48 KiB (8 and 12 ways); an LL of 16 ways, or of 24: the LL
 * tweak (cacheconf_tweak_ll) turns 12 MiB in 16 ways, 12,288 sets, into
 * 8,192 sets of 24. */
#define PAIR_GEOMETRIES(X) X(8, 16) X(12, 16) X(8, 24) X(12, 24)
PAIR_GEOMETRIES(DEFINE_PAIR)
#undef DEFINE_PAIR

#define PAIR_ENTRY(L1_WAYS, LL_WAYS) {L1_WAYS, LL_WAYS, pair_##L1_WAYS##_##LL_WAYS},
static const struct {
    uint32_t l1_ways, ll_ways;
    CachesimRefFn fn;
} pairs[] = {PAIR_GEOMETRIES(PAIR_ENTRY)};
#undef PAIR_ENTRY
#endif

CachesimRefFn cachesim_ref_fn(const Cache *l1, const Cache *ll)
{
    if (l1->line_bits != ll->line_bits) return NULL;
#ifdef HAVE_AVX2_REF
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
        if (l1->avx2 && !l1->narrow && l1->assoc == pairs[i].l1_ways && ll->narrow == 2 &&
            ll->assoc == pairs[i].ll_ways)
            return pairs[i].fn;
#endif
    return cachesim_ref;
}

int cachesim_I(CacheSim *s, uint64_t addr, unsigned size)
{
    return cachesim_access(&s->I1, &s->LL, addr, size);
}

int cachesim_D(CacheSim *s, uint64_t addr, unsigned size)
{
    return cachesim_access(&s->D1, &s->LL, addr, size);
}

size_t cachesim_tag_count(const CacheConfig *i1, const CacheConfig *d1, const CacheConfig *ll)
{
    return cache_tag_count(i1) + cache_tag_count(d1) + cache_tag_count(ll);
}

void cachesim_init(CacheSim *s, const CacheConfig *i1, const CacheConfig *d1, const CacheConfig *ll,
                   uint64_t *tags)
{
    cache_init(&s->I1, i1, tags);
    tags += cache_tag_count(i1);
    cache_init(&s->D1, d1, tags);
    tags += cache_tag_count(d1);
    cache_init(&s->LL, ll, tags);
}
