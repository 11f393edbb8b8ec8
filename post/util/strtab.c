/* SPDX-License-Identifier: GPL-2.0-or-later */
/* strtab.c: the name interning table, an index table (hashtab.h) over an
   arena of copies, plus the one byte-wise ordering used for every name
   sort. */
#include "strtab.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

#define ARENA_FIRST (1u << 12)
#define ARENA_CHUNK (1u << 20)

uint64_t cg_hash_bytes(const char *s, size_t len)
{
    uint64_t h = 0xcbf29ce484222325ull ^ len;
    size_t i = 0;
    for (; i + 8 <= len; i += 8) {
        uint64_t w;
        memcpy(&w, s + i, 8);
        h = (h ^ w) * 0x100000001b3ull;
        h ^= h >> 29;
    }
    for (; i < len; i++) h = (h ^ (unsigned char)s[i]) * 0x100000001b3ull;
    h ^= h >> 32;
    h *= 0x9e3779b97f4a7c15ull;
    return h ^ (h >> 29);
}

void cg_strtab_init(cg_strtab *t)
{
    memset(t, 0, sizeof *t);
    cg_itab_init(&t->tab);
}

void cg_strtab_free(cg_strtab *t)
{
    for (size_t i = 0; i < t->n_blocks; i++) free(t->blocks[i]);
    free(t->blocks);
    free(t->strs);
    cg_itab_free(&t->tab);
    memset(t, 0, sizeof *t);
}

static char *new_block(cg_strtab *t, size_t size)
{
    char *p = xmalloc(size);
    xgrow((void **)&t->blocks, &t->cap_blocks, t->n_blocks + 1, sizeof *t->blocks);
    t->blocks[t->n_blocks++] = p;
    return p;
}

static uint64_t str_hash(const void *ctx, uint32_t id)
{
    return ((const cg_strtab *)ctx)->strs[id].hash;
}

static const char *arena_copy(cg_strtab *t, const char *s, size_t len)
{
    if (len + 1 > t->chunk_cap - t->chunk_used) {
        if (len + 1 > ARENA_CHUNK / 4) {
            /* Big names get their own block so the current chunk stays in use. */
            char *p = new_block(t, len + 1);
            memcpy(p, s, len);
            p[len] = 0;
            return p;
        }
        /* Blocks double from 4 KiB up to ARENA_CHUNK: the few names of a
           small profile take little memory. */
        size_t cap = t->chunk_cap ? t->chunk_cap * 2 : ARENA_FIRST;
        if (cap > ARENA_CHUNK) cap = ARENA_CHUNK;
        while (cap < len + 1) cap *= 2;
        t->chunk = new_block(t, cap);
        t->chunk_cap = cap;
        t->chunk_used = 0;
    }
    char *p = t->chunk + t->chunk_used;
    memcpy(p, s, len);
    p[len] = 0;
    t->chunk_used += len + 1;
    return p;
}

uint32_t cg_strtab_find(const cg_strtab *t, const char *s, size_t len)
{
    uint64_t h = cg_hash_bytes(s, len);
    for (size_t i = cg_itab_start(&t->tab, h);; i = cg_itab_next(&t->tab, i)) {
        uint32_t v = t->tab.slots[i];
        if (!v) return UINT32_MAX;
        const cg_str *e = &t->strs[v - 1];
        if (e->hash == h && e->len == len && memcmp(e->s, s, len) == 0) return v - 1;
    }
}

uint32_t cg_intern(cg_strtab *t, const char *s, size_t len)
{
    uint64_t h = cg_hash_bytes(s, len);
    size_t i = cg_itab_start(&t->tab, h);
    for (;; i = cg_itab_next(&t->tab, i)) {
        uint32_t v = t->tab.slots[i];
        if (!v) break;
        const cg_str *e = &t->strs[v - 1];
        if (e->hash == h && e->len == len && memcmp(e->s, s, len) == 0) return v - 1;
    }
    if (t->n >= UINT32_MAX - 1) cg_die("too many distinct names");
    xgrow((void **)&t->strs, &t->cap, t->n + 1, sizeof *t->strs);
    cg_str *e = &t->strs[t->n];
    e->s = arena_copy(t, s, len);
    e->len = len;
    e->hash = h;
    t->tab.slots[i] = (uint32_t)t->n + 1;
    t->n++;
    cg_itab_added(&t->tab, t->n, str_hash, t);
    return (uint32_t)t->n - 1;
}

int cg_strcmp(const cg_str *a, const cg_str *b)
{
    size_t n = a->len < b->len ? a->len : b->len;
    int c = memcmp(a->s, b->s, n);
    if (c) return c;
    return a->len < b->len ? -1 : a->len > b->len;
}
