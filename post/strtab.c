/* SPDX-License-Identifier: GPL-2.0-or-later */
/* strtab.c: the name interning table, an open-addressing hash over an arena
   of copies, plus the one byte-wise ordering used for every name sort. */
#include "strtab.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

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
    t->nslots = 1024;
    t->slots = xcalloc(t->nslots, sizeof *t->slots);
}

void cg_strtab_free(cg_strtab *t)
{
    for (size_t i = 0; i < t->n_blocks; i++) free(t->blocks[i]);
    free(t->blocks);
    free(t->strs);
    free(t->slots);
    memset(t, 0, sizeof *t);
}

static char *new_block(cg_strtab *t, size_t size)
{
    char *p = xmalloc(size);
    xgrow((void **)&t->blocks, &t->cap_blocks, t->n_blocks + 1, sizeof *t->blocks);
    t->blocks[t->n_blocks++] = p;
    return p;
}

static void rehash(cg_strtab *t)
{
    size_t ns = t->nslots * 2;
    uint32_t *slots = xcalloc(ns, sizeof *slots);
    for (size_t id = 0; id < t->n; id++) {
        size_t i = t->strs[id].hash & (ns - 1);
        while (slots[i]) i = (i + 1) & (ns - 1);
        slots[i] = (uint32_t)id + 1;
    }
    free(t->slots);
    t->slots = slots;
    t->nslots = ns;
}

static const char *arena_copy(cg_strtab *t, const char *s, size_t len)
{
    if (len + 1 > t->chunk_cap - t->chunk_used) {
        size_t cap = len + 1 > ARENA_CHUNK / 4 ? len + 1 : ARENA_CHUNK;
        if (len + 1 > ARENA_CHUNK / 4) {
            /* Big names get their own block so the current chunk stays in use. */
            char *p = new_block(t, cap);
            memcpy(p, s, len);
            p[len] = 0;
            return p;
        }
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
    for (size_t i = h & (t->nslots - 1);; i = (i + 1) & (t->nslots - 1)) {
        uint32_t v = t->slots[i];
        if (!v) return UINT32_MAX;
        const cg_str *e = &t->strs[v - 1];
        if (e->hash == h && e->len == len && memcmp(e->s, s, len) == 0) return v - 1;
    }
}

uint32_t cg_intern(cg_strtab *t, const char *s, size_t len)
{
    uint64_t h = cg_hash_bytes(s, len);
    size_t i = h & (t->nslots - 1);
    for (;; i = (i + 1) & (t->nslots - 1)) {
        uint32_t v = t->slots[i];
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
    t->slots[i] = (uint32_t)t->n + 1;
    t->n++;
    if (t->n * 2 > t->nslots) rehash(t);
    return (uint32_t)t->n - 1;
}

int cg_strcmp(const cg_str *a, const cg_str *b)
{
    size_t n = a->len < b->len ? a->len : b->len;
    int c = memcmp(a->s, b->s, n);
    if (c) return c;
    return a->len < b->len ? -1 : a->len > b->len;
}
