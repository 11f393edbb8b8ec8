/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ccstore.c: the compact cost-centre store (ccstore.h). */
#include "ccstore.h"
#include "util.h"

#include <assert.h>
#include <string.h>

#define WIDE_SHIFT 16
#define MASK_LOW   0xffffu

static bool dense(const cg_ccs *s)
{
    return s->nev > CG_CCS_SPARSE_MAX;
}

void cg_ccs_init(cg_ccs *s, size_t nev)
{
    memset(s, 0, sizeof *s);
    s->nev = nev;
}

void cg_ccs_free(cg_ccs *s)
{
    if (dense(s))
        big_free(s->flat, s->cap, sizeof *s->flat);
    else
        big_free(s->w, s->cap, sizeof *s->w);
    memset(s, 0, sizeof *s);
}

/* Block at word b, decoded into v (nev counts). */
static void decode(const cg_ccs *s, uint32_t b, cg_count *v)
{
    memset(v, 0, s->nev * sizeof *v);
    if (!b) return;
    const uint32_t *w = s->w + b;
    uint32_t h = *w++;
    for (uint32_t nz = h & MASK_LOW; nz; nz &= nz - 1) {
        int e = __builtin_ctz(nz);
        if (h >> WIDE_SHIFT >> e & 1) {
            v[e] = (cg_count)((uint64_t)w[0] | (uint64_t)w[1] << 32);
            w += 2;
        } else {
            v[e] = (int32_t)w[0];
            w++;
        }
    }
}

/* Words of v's block (0: all zero) and its header. */
static size_t block_size(const cg_ccs *s, const cg_count *v, uint32_t *header)
{
    uint32_t h = 0;
    size_t words = 1;
    for (size_t e = 0; e < s->nev; e++) {
        if (!v[e]) continue;
        h |= 1u << e;
        if (v[e] < INT32_MIN || v[e] > INT32_MAX) {
            h |= 1u << (WIDE_SHIFT + e);
            words += 2;
        } else {
            words++;
        }
    }
    *header = h;
    return h ? words : 0;
}

static void encode(const cg_ccs *s, uint32_t b, const cg_count *v, uint32_t header)
{
    uint32_t *w = s->w + b;
    *w++ = header;
    for (uint32_t nz = header & MASK_LOW; nz; nz &= nz - 1) {
        int e = __builtin_ctz(nz);
        uint64_t u = (uint64_t)v[e];
        *w++ = (uint32_t)u;
        if (header >> WIDE_SHIFT >> e & 1) *w++ = (uint32_t)(u >> 32);
    }
}

static size_t size_at(const uint32_t *w, uint32_t b)
{
    if (!b) return 0;
    uint32_t h = w[b];
    return 1 + (size_t)__builtin_popcount(h & MASK_LOW) +
           (size_t)__builtin_popcount(h >> WIDE_SHIFT);
}

/* The handle of a new block of len words (or dense counts). */
static uint32_t new_block(cg_ccs *s, size_t len)
{
    if (!s->used) s->used = 1; /* 0 is no block */
    if (s->used + len > UINT32_MAX) cg_die("too many counts to hold");
    if (dense(s)) {
        big_grow((void **)&s->flat, &s->cap, (s->used + 1) * s->nev, sizeof *s->flat);
    } else {
        big_grow((void **)&s->w, &s->cap, s->used + len, sizeof *s->w);
    }
    uint32_t b = (uint32_t)s->used;
    s->used += len;
    return b;
}

void cg_ccs_add(cg_ccs *s, uint32_t *cc, const cg_count *v, int sign)
{
    size_t nev = s->nev;
    if (dense(s)) {
        if (!*cc) *cc = new_block(s, 1);
        cg_count *d = s->flat + (size_t)*cc * nev;
        for (size_t e = 0; e < nev; e++) d[e] += sign > 0 ? v[e] : -v[e];
        return;
    }
    cg_count sum[CG_CCS_SPARSE_MAX];
    decode(s, *cc, sum);
    for (size_t e = 0; e < nev; e++) sum[e] += sign > 0 ? v[e] : -v[e];
    uint32_t header;
    size_t len = block_size(s, sum, &header), old_len = size_at(s->w, *cc);
    s->garbage += old_len;
    if (len == 0) {
        *cc = 0;
    } else if (len <= old_len) {
        encode(s, *cc, sum, header);
        s->garbage -= len;
    } else {
        uint32_t b = new_block(s, len);
        encode(s, b, sum, header);
        *cc = b;
    }
}

const cg_count *cg_ccs_get(const cg_ccs *s, uint32_t cc, cg_count *buf)
{
    if (dense(s) && cc) return s->flat + (size_t)cc * s->nev;
    if (dense(s)) {
        memset(buf, 0, s->nev * sizeof *buf);
        return buf;
    }
    decode(s, cc, buf);
    return buf;
}

bool cg_ccs_wants_compact(const cg_ccs *s)
{
    return s->garbage > ((size_t)1 << 16) && s->garbage > s->used / 2;
}

void cg_ccs_compact(cg_ccs *s, void *first, size_t n, size_t stride)
{
    assert(!dense(s));
    uint32_t *old = s->w;
    size_t old_cap = s->cap, live = s->used - s->garbage;
    s->w = NULL;
    s->cap = 0;
    big_grow((void **)&s->w, &s->cap, live, sizeof *s->w);
    size_t used = 1;
    for (size_t i = 0; i < n; i++) {
        uint32_t *cc = (uint32_t *)((char *)first + i * stride);
        size_t len = size_at(old, *cc);
        if (!len) continue;
        memcpy(s->w + used, old + *cc, len * sizeof *s->w);
        *cc = (uint32_t)used;
        used += len;
    }
    assert(used == live);
    s->used = used;
    s->garbage = 0;
    big_free(old, old_cap, sizeof *old);
}

size_t cg_ccs_bytes(const cg_ccs *s)
{
    return s->used * (dense(s) ? s->nev * sizeof *s->flat : sizeof *s->w);
}
