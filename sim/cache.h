/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cache.h: the cache model of docs/sim.md, "Cache model" (one cache, and the
 * L1 -> LL hierarchy), as plain state that generated code may also test
 * inline. */
#ifndef SIM_CACHE_H
#define SIM_CACHE_H

#include <stdint.h>
#include <stddef.h>

/* Geometry in bytes, in the order of --I1=size,assoc,line_size.  Kept as int
 * because option parsing and validation (cacheconf.h) follow C int rules. */
typedef struct {
    int size, assoc, line_size;
} CacheConfig;

/* One simulated cache.  Layout contract, relied on by inline fast paths:
 *
 *   block = addr >> line_bits            (the tag is the whole block number)
 *   set   = block & set_mask             (plain bit selection; set_mask = sets - 1)
 *   ways  = tags[set * assoc .. set * assoc + assoc - 1], most recently used first
 *
 * so "tags[(block & set_mask) * assoc] == block" is the common-case hit, which
 * changes no state.  Every tag starts at 0, so block 0 hits on first touch.
 * `tags` is memory owned by the caller (cache_tag_count() entries). */
typedef struct {
    uint64_t *tags;
    uint32_t sets, assoc, line_bits;
    uint64_t set_mask;
    uint32_t avx2; /* set references use AVX2 (cache_use_avx2) */
    /* The tags are 32 bits (cache_use_narrow): 0 with the contract above
     * (1: narrow, 2: narrow with AVX2), and log2(sets). */
    uint32_t narrow, set_bits;
    CacheConfig cfg;
} Cache;

/* Number of uint64_t that cache_init() needs for `c` (sets * assoc); 0 for a
 * config with a non-positive field.  `c` should have passed cacheconf_check(). */
size_t cache_tag_count(const CacheConfig *c);

/* Sets up `c` over `tags` and zeroes them.  A config with a non-positive field
 * gives an all-zero descriptor (sets 0, line_bits 0) that must not be accessed. */
void cache_init(Cache *c, const CacheConfig *cfg, uint64_t *tags);

/* Lets set references of `c` use AVX2 instructions when `available` says
 * the host has them and the associativity suits (a multiple of 4, at most
 * 32); returns whether they will.  Results never depend on it.  Off after
 * cache_init(). */
int cache_use_avx2(Cache *c, int available);

/* Keeps `c`'s tags in 32 bits, half the memory (a 16-way set of 64-byte
 * lines fills one host cache line, not two): for a cache that only
 * cache_ref()/cache_access() and the hierarchy reach, never inline code
 * (the layout contract above and cache_set() do not hold for it).  Each
 * way holds (block >> log2(sets)) + 1, or 0 for the block 0 that a way of
 * any other set than set 0 starts with, which never matches there; a
 * block too large for that (an address near the top of the address space)
 * turns the cache back to 64-bit tags in place, first.  Results never
 * depend on it.  Call right after cache_init() (and cache_use_avx2());
 * returns whether the tags are narrow. */
int cache_use_narrow(Cache *c);
/* The block way `i` of the tag array holds (set i / assoc), in either
 * representation. */
uint64_t cache_way_block(const Cache *c, size_t i);

/* One set reference (docs/sim.md, "Set references") by block number: 1 on miss,
 * 0 on hit. */
int cache_ref(Cache *c, uint64_t block);

/* One access of `size` bytes at `addr` (docs/sim.md, "Accesses"): 0 hit, 1 miss
 * (counted once even when two lines are referenced), -1 if it would span more
 * than two lines, in which case no state changes and the caller panics.
 *
 * Size: upstream hands the simulator an 8-bit unsigned size, and we copy that,
 * so only `size & 0xFF` is used (256 behaves as 0, i.e. the end address is
 * addr - 1).  Real sizes are far below 256: accesses are clamped to the
 * smallest line size and instructions are at most 15 bytes. */
int cache_access(Cache *c, uint64_t addr, unsigned size);

/* The block numbers cache_access() would use, for the panic message of
 * docs/sim.md, "Accesses" (which shows the size as the simulator saw it):
 * returns that 8-bit size. */
unsigned cache_blocks(const Cache *c, uint64_t addr, unsigned size, uint64_t *b1, uint64_t *b2);

/* The layout contract above in bytes, as generated code computes with it:
 * one set's size, and where way `w` sits within its set.  The tool's inline
 * code and its helpers both reach sets and ways only through these and
 * cache_set(), so the contract is written down once. */
static inline size_t cache_set_bytes(const Cache *c)
{
    return (size_t)c->assoc * sizeof(uint64_t);
}

static inline size_t cache_way_offset(unsigned w)
{
    return (size_t)w * sizeof(uint64_t);
}

/* The ways of the set that holds `block`, most recently used first. */
static inline uint64_t *cache_set(const Cache *c, uint64_t block)
{
    return (uint64_t *)((char *)c->tags + (size_t)(block & c->set_mask) * cache_set_bytes(c));
}

/* The common-case test of the layout contract above, for callers that want it
 * without a call: non-zero if `block` is the most recently used way of its set. */
static inline int cache_mru_hit(const Cache *c, uint64_t block)
{
    return cache_set(c, block)[0] == block;
}

/* ---- Two levels: L1 backed by the shared LL (write-allocate, no dirty state) ---- */

typedef struct {
    Cache I1, D1, LL;
} CacheSim;

/* Results of cachesim_access()/cachesim_ref(). */
enum {
    CACHESIM_L1_HIT = 0,       /* nothing to count */
    CACHESIM_LL_HIT = 1,       /* count an L1 miss */
    CACHESIM_LL_MISS = 2,      /* count an L1 miss and an LL miss */
    CACHESIM_L1_STRADDLE = -1, /* > 2 L1 lines: panic; no state changed */
    CACHESIM_LL_STRADDLE = -2  /* > 2 LL lines (L1 already updated): panic */
};

/* One access through the hierarchy (docs/sim.md, "The hierarchy"): L1 first, LL
 * only on an L1 miss, each level with its own line size. */
int cachesim_access(Cache *l1, Cache *ll, uint64_t addr, unsigned size);

/* The instruction-fetch fast case (docs/sim.md, "The hierarchy"): valid only
 * when L1 and LL have the same line size and the access lies within one
 * line.  Never negative. */
int cachesim_ref(Cache *l1, Cache *ll, uint64_t block);

/* cachesim_ref() for one pair of caches as they are now configured: a
 * version specialised for their geometry when there is one (docs/sim.md,
 * "Specialised pairs"), else cachesim_ref itself; NULL when their line
 * sizes differ.  Valid until cache_init/cache_use_avx2/cache_use_narrow is
 * called again on either (the LL turning wide by itself is handled). */
typedef int (*CachesimRefFn)(Cache *l1, Cache *ll, uint64_t block);
CachesimRefFn cachesim_ref_fn(const Cache *l1, const Cache *ll);

/* Convenience wrappers over a CacheSim: instruction fetch via I1, data via D1. */
int cachesim_I(CacheSim *s, uint64_t addr, unsigned size);
int cachesim_D(CacheSim *s, uint64_t addr, unsigned size);

/* Tags needed by cachesim_init() for the three caches together. */
size_t cachesim_tag_count(const CacheConfig *i1, const CacheConfig *d1, const CacheConfig *ll);

/* Sets up all three caches over one caller-provided buffer of
 * cachesim_tag_count() entries (I1's tags first, then D1's, then LL's). */
void cachesim_init(CacheSim *s, const CacheConfig *i1, const CacheConfig *d1, const CacheConfig *ll,
                   uint64_t *tags);

#endif
