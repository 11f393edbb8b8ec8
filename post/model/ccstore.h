/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ccstore.h: many cost centres of the same events, stored compactly.

   A profile's line cost centres are most of its memory: a Callgrind file
   of 100 MB has two million of them, nine events each.  Most of their
   counts are zero (the cache misses of a line that missed nothing) and the
   rest fit 32 bits, so nine 64-bit counts per line (72 bytes) would take
   three times what the counts need.  A store keeps each cost centre as a
   block of 32-bit words in one arena:

       header word: bit e set when event e is not zero (low 16 bits),
                    bit 16 + e set when it needs 64 bits
       then each non-zero count, in event order: one word, or two (low
       word first) when it needs 64 bits

   A cost centre is named by a handle, a 32-bit number its owner keeps
   (in its line record, say): 0 is all zero, with no block; else the
   block's first word.  Adding to a cost centre rewrites its block in place
   when the new one is no longer, else appends the new one and leaves the
   old as garbage.  The owner reclaims the garbage when the store asks
   (cg_ccs_wants_compact), handing it every handle to rewrite.  Invariant:
   every block is the shortest encoding of its counts.

   With more than 16 events (custom Callgrind events) a block is plain
   64-bit counts instead: such files are rare and small. */
#ifndef CG_CCSTORE_H
#define CG_CCSTORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef int64_t cg_count;

/* a + b for counts that only inform (a merged header's), stuck at the
   largest count rather than wrapping. */
static inline cg_count cg_sat_add(cg_count a, cg_count b)
{
    cg_count s;
    return __builtin_add_overflow(a, b, &s) ? INT64_MAX : s;
}

#define CG_CCS_SPARSE_MAX 16

typedef struct cg_ccs {
    size_t nev;
    uint32_t *w;          /* sparse: the blocks (word 0 is none) */
    cg_count *flat;       /* dense: blocks of nev counts (block 0 is none) */
    size_t used, garbage; /* words, or dense blocks (no garbage) */
    size_t cap;           /* words, or dense counts */
} cg_ccs;

void cg_ccs_init(cg_ccs *s, size_t nev);
void cg_ccs_free(cg_ccs *s);
/* Adds sign times v (nev counts) to the cost centre of handle *cc, which
   may change (the caller has ruled out overflow: cg_mag_add). */
void cg_ccs_add(cg_ccs *s, uint32_t *cc, const cg_count *v, int sign);
/* The counts of handle cc: a pointer into the store, or buf (nev counts)
   filled with them. */
const cg_count *cg_ccs_get(const cg_ccs *s, uint32_t cc, cg_count *buf);
/* Whether garbage is half the store; then cg_ccs_compact, given every
   live handle: n of them, stride bytes apart from first. */
bool cg_ccs_wants_compact(const cg_ccs *s);
void cg_ccs_compact(cg_ccs *s, void *first, size_t n, size_t stride);
/* The bytes the store holds (for benchmarks and tests). */
size_t cg_ccs_bytes(const cg_ccs *s);

#endif
