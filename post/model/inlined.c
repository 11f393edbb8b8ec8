/* SPDX-License-Identifier: GPL-2.0-or-later */
/* inlined.c: the store of inlined code's costs by instruction (inlined.h). */
#include "inlined.h"

#include "util.h"

#include <stdlib.h>
#include <string.h>

static uint64_t key_hash(uint32_t obj, uint64_t addr, uint32_t file, uint32_t fn, int64_t line)
{
    uint64_t h = addr * 0x9E3779B97F4A7C15ULL;
    h ^= ((uint64_t)obj << 32 | file) * 0xC2B2AE3D27D4EB4FULL;
    h ^= ((uint64_t)fn << 32 ^ (uint64_t)line) * 0x165667B19E3779F9ULL;
    return h ^ h >> 29;
}

static uint64_t hash_of(const void *ctx, uint32_t i)
{
    const cg_inl *e = &((const cg_inls *)ctx)->v[i];
    return key_hash(e->obj, e->addr, e->file, e->fn, e->line) ^ e->side ^ (uint64_t)e->inner << 8;
}

static uint64_t call_hash(const cg_inl_call *c)
{
    uint64_t h = key_hash(c->obj, c->addr, c->file, c->fn, 0);
    h ^= ((uint64_t)c->cobj << 32 | c->cfile) * 0xD6E8FEB86659FD93ULL;
    h ^= (uint64_t)c->cfn * 0x9E3779B97F4A7C15ULL;
    return (h ^ h >> 31) ^ c->side;
}

static uint64_t call_hash_of(const void *ctx, uint32_t i)
{
    return call_hash(&((const cg_inls *)ctx)->calls[i]);
}

static bool same_call(const cg_inl_call *a, const cg_inl_call *b)
{
    return a->addr == b->addr && a->obj == b->obj && a->file == b->file && a->fn == b->fn &&
           a->cobj == b->cobj && a->cfile == b->cfile && a->cfn == b->cfn && a->side == b->side;
}

void cg_inls_init(cg_inls *s, size_t nev)
{
    memset(s, 0, sizeof *s);
    cg_ccs_init(&s->ccs, nev);
    cg_itab_init(&s->tab);
    cg_ccs_init(&s->call_ccs, nev);
    cg_itab_init(&s->call_tab);
    s->nev = nev;
}

void cg_inls_free(cg_inls *s)
{
    free(s->v);
    cg_ccs_free(&s->ccs);
    cg_itab_free(&s->tab);
    free(s->calls);
    cg_ccs_free(&s->call_ccs);
    cg_itab_free(&s->call_tab);
    free(s->nodes);
    free(s->node_cc);
    free(s->sites);
    memset(s, 0, sizeof *s);
}

uint32_t cg_inls_call_get(cg_inls *s, const cg_inl_call *key)
{
    size_t j = cg_itab_start(&s->call_tab, call_hash(key));
    for (;; j = cg_itab_next(&s->call_tab, j)) {
        uint32_t v = s->call_tab.slots[j];
        if (!v) break;
        if (same_call(&s->calls[v - 1], key)) return v - 1;
    }
    if (s->n_calls >= UINT32_MAX - 1) cg_die("too many calls from inlined code");
    uint32_t i = (uint32_t)s->n_calls;
    xgrow((void **)&s->calls, &s->cap_calls, s->n_calls + 1, sizeof *s->calls);
    s->calls[i] = *key;
    s->calls[i].count = 0;
    s->calls[i].cc = 0;
    s->call_tab.slots[j] = i + 1;
    s->n_calls++;
    cg_itab_added(&s->call_tab, s->n_calls, call_hash_of, s);
    return i;
}

void cg_inls_call_add(cg_inls *s, uint32_t i, cg_count count, const cg_count *v, int sign)
{
    s->calls[i].count += sign * count;
    cg_ccs_add(&s->call_ccs, &s->calls[i].cc, v, sign);
    if (cg_ccs_wants_compact(&s->call_ccs))
        cg_ccs_compact(&s->call_ccs, &s->calls[0].cc, s->n_calls, sizeof *s->calls);
}

const cg_count *cg_inls_call_cc(const cg_inls *s, uint32_t i, cg_count *buf)
{
    return cg_ccs_get(&s->call_ccs, s->calls[i].cc, buf);
}

uint32_t cg_inls_get(cg_inls *s, uint32_t obj, uint64_t addr, uint32_t file, uint32_t fn,
                     int64_t line, uint8_t side, uint32_t inner)
{
    size_t j =
        cg_itab_start(&s->tab, key_hash(obj, addr, file, fn, line) ^ side ^ (uint64_t)inner << 8);
    for (;; j = cg_itab_next(&s->tab, j)) {
        uint32_t v = s->tab.slots[j];
        if (!v) break;
        const cg_inl *e = &s->v[v - 1];
        if (e->addr == addr && e->obj == obj && e->file == file && e->fn == fn && e->line == line &&
            e->side == side && e->inner == inner)
            return v - 1;
    }
    if (s->n >= UINT32_MAX - 1) cg_die("too many instructions of inlined code");
    uint32_t i = (uint32_t)s->n;
    xgrow((void **)&s->v, &s->cap, s->n + 1, sizeof *s->v);
    s->v[i] = (cg_inl){obj, file, fn, line, addr, 0, side, inner};
    s->tab.slots[j] = i + 1;
    s->n++;
    cg_itab_added(&s->tab, s->n, hash_of, s);
    return i;
}

void cg_inls_add(cg_inls *s, uint32_t i, const cg_count *v, int sign)
{
    cg_ccs_add(&s->ccs, &s->v[i].cc, v, sign);
    if (cg_ccs_wants_compact(&s->ccs)) cg_ccs_compact(&s->ccs, &s->v[0].cc, s->n, sizeof *s->v);
}

const cg_count *cg_inls_cc(const cg_inls *s, uint32_t i, cg_count *buf)
{
    return cg_ccs_get(&s->ccs, s->v[i].cc, buf);
}

uint32_t cg_inls_node(cg_inls *s, uint32_t parent, uint32_t fn, uint32_t file)
{
    /* Roots are few and a node's children fewer: a search of the list. */
    uint32_t c = CG_NO_NODE;
    if (parent != CG_NO_NODE)
        c = s->nodes[parent].child;
    else if (s->n_nodes)
        c = 0;
    for (; c != CG_NO_NODE; c = s->nodes[c].next)
        if (s->nodes[c].fn == fn && s->nodes[c].file == file) return c;
    uint32_t i = (uint32_t)s->n_nodes;
    xgrow((void **)&s->nodes, &s->cap_nodes, s->n_nodes + 1, sizeof *s->nodes);
    xgrow((void **)&s->node_cc, &s->cap_node_cc, (s->n_nodes + 1) * s->nev, sizeof *s->node_cc);
    memset(s->node_cc + (size_t)i * s->nev, 0, s->nev * sizeof *s->node_cc);
    s->nodes[i] = (cg_inl_node){parent, CG_NO_NODE, CG_NO_NODE, fn, file};
    /* Linked first among its siblings (roots: after root 0). */
    if (parent != CG_NO_NODE) {
        s->nodes[i].next = s->nodes[parent].child;
        s->nodes[parent].child = i;
    } else if (i > 0) {
        s->nodes[i].next = s->nodes[0].next;
        s->nodes[0].next = i;
    }
    s->n_nodes++;
    return i;
}
