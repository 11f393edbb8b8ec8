/* SPDX-License-Identifier: GPL-2.0-or-later */
/* hashtab.h: the library's two shapes of hash table, each written once.

   An index table (cg_itab) finds elements that live in the caller's own
   array (names, entries, lines, calls, paths, frames): its slots hold an
   element's index + 1 (0: empty), probed linearly from the element's
   hash.  The caller compares elements as it probes, puts a new one in the
   empty slot the probe ended on, then calls cg_itab_added, which keeps
   the table at most half full (or three quarters, if so made) by doubling
   it and placing every element again by its hash.  Invariant: the number
   of slots is a power of two.

   A u64 map (cg_u64map) maps 64-bit keys to 32-bit values where the keys
   are the whole of what is looked up: the ids of a Callgrind file's name
   compression, (file, function) pairs. */
#ifndef CG_HASHTAB_H
#define CG_HASHTAB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct cg_itab {
    uint32_t *slots;
    size_t n;         /* a power of two */
    unsigned eighths; /* the most it is filled: 4 (half) or 6 eighths */
} cg_itab;

void cg_itab_init(cg_itab *t);
/* A table filled up to three quarters: for millions of small elements (a
   profile's lines), where its memory counts more than a probe's length. */
void cg_itab_init_full(cg_itab *t);
void cg_itab_free(cg_itab *t);
/* Where the probe for hash h starts, and the slot after j. */
static inline size_t cg_itab_start(const cg_itab *t, uint64_t h)
{
    return (size_t)h & (t->n - 1);
}
static inline size_t cg_itab_next(const cg_itab *t, size_t j)
{
    return (j + 1) & (t->n - 1);
}
/* After the caller put element count - 1 in its slot: grows the table when
   it is fuller than it may be, placing elements 0 .. count - 1 again by
   hash(ctx, i). */
void cg_itab_added(cg_itab *t, size_t count, uint64_t (*hash)(const void *ctx, uint32_t i),
                   const void *ctx);

typedef struct cg_u64map {
    uint64_t *keys; /* key + 1; 0 = empty */
    uint32_t *vals;
    size_t n, cap;
} cg_u64map;

/* The value of key (NULL when absent), or with `add` the place of a new
   one (zero) when absent. */
uint32_t *cg_u64map_slot(cg_u64map *m, uint64_t key, bool add);
/* The value of key, NULL when absent. */
const uint32_t *cg_u64map_find(const cg_u64map *m, uint64_t key);
void cg_u64map_free(cg_u64map *m);

#endif
