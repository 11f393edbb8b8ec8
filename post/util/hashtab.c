/* SPDX-License-Identifier: GPL-2.0-or-later */
/* hashtab.c: the index table and the u64 map (hashtab.h).  A profile's
   line table reaches millions of slots: big slot arrays get a mapping of
   their own, marked for transparent huge pages, which cut page faults
   about fourfold (docs/post-processors.md, "Performance"). */
#include "hashtab.h"
#include "util.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define FIRST_SLOTS 1024
#define MAP_MIN     ((size_t)1 << 19) /* slots: smaller arrays come from malloc */

/* A zeroed array of n slots. */
static uint32_t *new_slots(size_t n)
{
    if (n < MAP_MIN) return xcalloc(n, sizeof(uint32_t));
    void *p = mmap(NULL, n * sizeof(uint32_t), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                   -1, 0);
    if (p == MAP_FAILED) cg_die("out of memory");
#ifdef MADV_HUGEPAGE
    madvise(p, n * sizeof(uint32_t), MADV_HUGEPAGE);
#endif
    return p;
}

static void free_slots(uint32_t *s, size_t n)
{
    if (n < MAP_MIN)
        free(s);
    else
        munmap(s, n * sizeof(uint32_t));
}

void cg_itab_init(cg_itab *t)
{
    t->n = FIRST_SLOTS;
    t->slots = new_slots(t->n);
    t->eighths = 4;
}

void cg_itab_init_full(cg_itab *t)
{
    cg_itab_init(t);
    t->eighths = 6;
}

void cg_itab_free(cg_itab *t)
{
    if (t->slots) free_slots(t->slots, t->n);
    t->slots = NULL;
    t->n = 0;
}

void cg_itab_added(cg_itab *t, size_t count, uint64_t (*hash)(const void *ctx, uint32_t i),
                   const void *ctx)
{
    if (count * 8 <= t->n * t->eighths) return;
    cg_itab g = {new_slots(t->n * 2), t->n * 2, t->eighths};
    assert((g.n & (g.n - 1)) == 0);
    for (uint32_t i = 0; i < count; i++) {
        size_t j = cg_itab_start(&g, hash(ctx, i));
        while (g.slots[j]) j = cg_itab_next(&g, j);
        g.slots[j] = i + 1;
    }
    cg_itab_free(t);
    *t = g;
}

/* Fibonacci hashing: the key's high bits spread over the table. */
static inline size_t u64_start(uint64_t k, size_t cap)
{
    return (size_t)((k * 0x9e3779b97f4a7c15ull) >> 20) & (cap - 1);
}

uint32_t *cg_u64map_slot(cg_u64map *m, uint64_t key, bool add)
{
    if (add && (m->n + 1) * 2 > m->cap) {
        size_t nc = m->cap ? m->cap * 2 : 256;
        uint64_t *k = xcalloc(nc, sizeof *k);
        uint32_t *v = xcalloc(nc, sizeof *v);
        for (size_t i = 0; i < m->cap; i++) {
            if (!m->keys[i]) continue;
            size_t j = u64_start(m->keys[i], nc);
            while (k[j]) j = (j + 1) & (nc - 1);
            k[j] = m->keys[i];
            v[j] = m->vals[i];
        }
        free(m->keys);
        free(m->vals);
        m->keys = k;
        m->vals = v;
        m->cap = nc;
    }
    if (!m->cap) return NULL;
    uint64_t k = key + 1;
    size_t j = u64_start(k, m->cap);
    for (; m->keys[j]; j = (j + 1) & (m->cap - 1))
        if (m->keys[j] == k) return &m->vals[j];
    if (!add) return NULL;
    m->keys[j] = k;
    m->n++;
    return &m->vals[j];
}

const uint32_t *cg_u64map_find(const cg_u64map *m, uint64_t key)
{
    if (!m->cap) return NULL;
    uint64_t k = key + 1;
    for (size_t j = u64_start(k, m->cap); m->keys[j]; j = (j + 1) & (m->cap - 1))
        if (m->keys[j] == k) return &m->vals[j];
    return NULL;
}

void cg_u64map_free(cg_u64map *m)
{
    free(m->keys);
    free(m->vals);
    memset(m, 0, sizeof *m);
}
