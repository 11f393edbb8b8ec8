/* SPDX-License-Identifier: GPL-2.0-or-later */
/* callgraph.c: the call graph as the file writes it (callgraph.h): arcs
   merged per pair of nodes, the adjacency both graphs index their arcs
   with, cycles by Tarjan's algorithm without recursion (a chain of callers
   can be as long as the program has functions) and each cycle's cost as a
   whole, and the folding of recursion levels and caller contexts. */
#include "callgraph.h"
#include "util.h"

#include <assert.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

void cg_graph_init(cg_graph *g, size_t n, size_t nev)
{
    memset(g, 0, sizeof *g);
    g->n = n;
    g->nev = nev;
    g->self = xcalloc(n * nev + 1, sizeof(cg_count));
    g->cycle = xmalloc((n + 1) * sizeof(uint32_t));
    cg_ccs_init(&g->ccs, nev);
}

void cg_graph_free(cg_graph *g)
{
    free(g->self);
    free(g->cycle);
    free(g->cycle_incl);
    free(g->arcs);
    free(g->arc_cc);
    cg_ccs_free(&g->ccs);
    free(g->first_in);
    free(g->first_out);
    free(g->in_arcs);
    memset(g, 0, sizeof *g);
}

void cg_graph_add_arc(cg_graph *g, uint32_t from, uint32_t to, cg_count count, const cg_count *cc)
{
    if (from >= g->n || to >= g->n) cg_die("call graph: arc to a node that does not exist");
    size_t cap = g->cap_arcs;
    xgrow((void **)&g->arcs, &g->cap_arcs, g->n_arcs + 1, sizeof *g->arcs);
    if (g->cap_arcs != cap) g->arc_cc = xrealloc(g->arc_cc, g->cap_arcs * sizeof *g->arc_cc);
    g->arcs[g->n_arcs] = (cg_garc){from, to, count};
    g->arc_cc[g->n_arcs] = 0;
    cg_ccs_add(&g->ccs, &g->arc_cc[g->n_arcs], cc, 1);
    g->n_arcs++;
}

/* ------------------------------------------------------------- merging */

static void index_arcs(cg_graph *g);

/* The adjacency reads each arc's nodes as its first two words. */
_Static_assert(offsetof(cg_garc, from) == 0 && offsetof(cg_garc, to) == sizeof(uint32_t),
               "cg_garc starts with its nodes");

static int cmp_arc(const void *a, const void *b, void *ctx)
{
    const cg_garc *arcs = ctx;
    const cg_garc *x = &arcs[*(const uint32_t *)a], *y = &arcs[*(const uint32_t *)b];
    if (x->from != y->from) return x->from < y->from ? -1 : 1;
    if (x->to != y->to) return x->to < y->to ? -1 : 1;
    return 0;
}

/* Whether the arcs are one per (from, to) in that order already. */
static bool arcs_merged(const cg_graph *g)
{
    for (size_t i = 1; i < g->n_arcs; i++) {
        const cg_garc *a = &g->arcs[i - 1], *b = &g->arcs[i];
        if (a->from > b->from || (a->from == b->from && a->to >= b->to)) return false;
    }
    return true;
}

/* One arc per (from, to), in that order, counts and costs summed. */
static void merge_arcs(cg_graph *g)
{
    size_t n = g->n_arcs, nev = g->nev;
    if (arcs_merged(g)) {
        index_arcs(g);
        return;
    }
    uint32_t *order = xmalloc((n + 1) * sizeof *order);
    for (uint32_t i = 0; i < n; i++) order[i] = i;
    qsort_r(order, n, sizeof *order, cmp_arc, g->arcs);
    cg_garc *arcs = xmalloc((n + 1) * sizeof *arcs);
    uint32_t *cc = xcalloc(n + 1, sizeof *cc);
    cg_ccs ccs;
    cg_ccs_init(&ccs, nev);
    cg_count *buf = xmalloc((nev + 1) * sizeof *buf);
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        const cg_garc *a = &g->arcs[order[i]];
        if (!m || arcs[m - 1].from != a->from || arcs[m - 1].to != a->to) {
            arcs[m++] = (cg_garc){a->from, a->to, 0};
        }
        arcs[m - 1].count += a->count;
        cg_ccs_add(&ccs, &cc[m - 1], cg_garc_cc(g, order[i], buf), 1);
    }
    free(buf);
    free(order);
    free(g->arcs);
    free(g->arc_cc);
    cg_ccs_free(&g->ccs);
    g->arcs = arcs;
    g->arc_cc = cc;
    g->ccs = ccs;
    g->n_arcs = g->cap_arcs = m;
    index_arcs(g);
}

void cg_adjacency_make(size_t n, const void *arcs, size_t m, size_t size, uint32_t **first_out,
                       uint32_t **first_in, uint32_t **in_arcs)
{
    const char *base = arcs;
    uint32_t *out = xcalloc(n + 2, sizeof *out), *in = xcalloc(n + 2, sizeof *in);
    for (size_t i = 0; i < m; i++) {
        const uint32_t *ft = (const uint32_t *)(base + i * size);
        assert(ft[0] < n && ft[1] < n);
        assert(i == 0 || ((const uint32_t *)(base + (i - 1) * size))[0] <= ft[0]);
        out[ft[0] + 1]++, in[ft[1] + 1]++;
    }
    for (size_t v = 0; v < n; v++) {
        out[v + 1] += out[v];
        in[v + 1] += in[v];
    }
    uint32_t *fill = xmalloc((n + 1) * sizeof *fill), *by_to = xmalloc((m + 1) * sizeof *by_to);
    memcpy(fill, in, (n + 1) * sizeof *fill);
    for (uint32_t i = 0; i < m; i++) by_to[fill[((const uint32_t *)(base + i * size))[1]]++] = i;
    free(fill);
    *first_out = out;
    *first_in = in;
    *in_arcs = by_to;
}

static void index_arcs(cg_graph *g)
{
    cg_adjacency_make(g->n, g->arcs, g->n_arcs, sizeof *g->arcs, &g->first_out, &g->first_in,
                      &g->in_arcs);
}

/* -------------------------------------------------------------- cycles */

/* Tarjan's strongly connected components, with an explicit stack of
   (node, next out-arc) frames.  A component is a cycle when it has two
   nodes or more: a node that only calls itself is plain recursion, whose
   nested activations the calls from outside already contain. */
static void find_cycles(cg_graph *g)
{
    size_t n = g->n;
    uint32_t *index = xmalloc((n + 1) * sizeof *index), *low = xmalloc((n + 1) * sizeof *low);
    uint32_t *stack = xmalloc((n + 1) * sizeof *stack), *frame = xmalloc((n + 1) * sizeof *frame);
    uint32_t *next = xmalloc((n + 1) * sizeof *next);
    bool *on = xcalloc(n + 1, sizeof *on);
    for (size_t v = 0; v < n; v++) index[v] = CG_NONE, g->cycle[v] = CG_NONE;
    uint32_t counter = 0;
    size_t sp = 0, fp = 0;
    for (uint32_t root = 0; root < n; root++) {
        if (index[root] != CG_NONE) continue;
        frame[fp] = root, next[fp] = g->first_out[root], fp++;
        index[root] = low[root] = counter++;
        stack[sp++] = root, on[root] = true;
        while (fp) {
            uint32_t v = frame[fp - 1];
            if (next[fp - 1] < g->first_out[v + 1]) {
                uint32_t w = g->arcs[next[fp - 1]++].to;
                if (index[w] == CG_NONE) {
                    index[w] = low[w] = counter++;
                    stack[sp++] = w, on[w] = true;
                    frame[fp] = w, next[fp] = g->first_out[w], fp++;
                } else if (on[w] && index[w] < low[v]) {
                    low[v] = index[w];
                }
                continue;
            }
            fp--;
            if (fp && low[v] < low[frame[fp - 1]]) low[frame[fp - 1]] = low[v];
            if (low[v] != index[v]) continue;
            /* v is the root of a component: the nodes above it on the stack. */
            size_t k = sp;
            while (stack[k - 1] != v) k--;
            k--;
            uint32_t c = sp - k > 1 ? (uint32_t)g->n_cycles++ : CG_NONE;
            for (size_t j = k; j < sp; j++) on[stack[j]] = false, g->cycle[stack[j]] = c;
            sp = k;
        }
    }
    free(index);
    free(low);
    free(stack);
    free(frame);
    free(next);
    free(on);
}

/* ------------------------------------------------------ cycles' costs */

void cg_graph_solve(cg_graph *g)
{
    size_t nev = g->nev;
    merge_arcs(g);
    find_cycles(g);
    /* A cycle as a whole costs the calls entering it, or, entered by
       nobody, its members' own costs and the calls that leave it.  Calls
       from inside are nested activations: counting them would count the
       same cost twice. */
    g->cycle_incl = xcalloc(g->n_cycles * nev + 1, sizeof(cg_count));
    bool *entered = xcalloc(g->n_cycles + 1, sizeof *entered);
    cg_count *buf = xmalloc((nev + 1) * sizeof *buf);
    for (uint32_t a = 0; a < g->n_arcs; a++) {
        uint32_t c = g->cycle[g->arcs[a].to];
        if (c == CG_NONE || g->cycle[g->arcs[a].from] == c) continue;
        cg_cc_add(g->cycle_incl + (size_t)c * nev, cg_garc_cc(g, a, buf), nev, 1);
        entered[c] = true;
    }
    for (uint32_t v = 0; v < g->n; v++) {
        uint32_t c = g->cycle[v];
        if (c == CG_NONE || entered[c]) continue;
        cg_cc_add(g->cycle_incl + (size_t)c * nev, g->self + (size_t)v * nev, nev, 1);
        for (uint32_t a = g->first_out[v]; a < g->first_out[v + 1]; a++)
            if (g->cycle[g->arcs[a].to] != c)
                cg_cc_add(g->cycle_incl + (size_t)c * nev, cg_garc_cc(g, a, buf), nev, 1);
    }
    free(buf);
    free(entered);
}

/* ------------------------------------------------------------- folding */

static bool all_digits(const char *s, size_t n)
{
    if (!n) return false;
    for (size_t i = 0; i < n; i++)
        if (s[i] < '0' || s[i] > '9') return false;
    return true;
}

void cg_fold_bases(const cg_strtab *fns, cg_strtab *bases)
{
    cg_strtab_init(bases);
    for (uint32_t k = 0; k < fns->n; k++) {
        const cg_str *s = cg_name(fns, k);
        const char *q = memchr(s->s, '\'', s->len);
        cg_intern(bases, s->s, q ? (size_t)(q - s->s) : s->len);
    }
}

size_t cg_fold_len(const cg_strtab *bases, const char *name, size_t len, bool *level)
{
    *level = false;
    const char *first = memchr(name, '\'', len), *end = name + len;
    if (!first) return len;
    /* After the function: its level (digits), then its callers, each the
       function part of some name of the file. */
    const char *p = first + 1;
    for (bool at_level = true;; at_level = false) {
        const char *e = memchr(p, '\'', (size_t)(end - p));
        if (!e) e = end;
        if (at_level && all_digits(p, (size_t)(e - p)))
            *level = true;
        else if (e == p || cg_strtab_find(bases, p, (size_t)(e - p)) == UINT32_MAX)
            return *level = false, len;
        if (e == end) break;
        p = e + 1;
    }
    return (size_t)(first - name);
}

/* ------------------------------------------------- from a profile */

/* A profile's call, by the nodes it joins. */
struct call_key {
    uint32_t from, to, arc;
};

static int cmp_key(const void *a, const void *b)
{
    const struct call_key *x = a, *y = b;
    if (x->from != y->from) return x->from < y->from ? -1 : 1;
    if (x->to != y->to) return x->to < y->to ? -1 : 1;
    return x->arc < y->arc ? -1 : x->arc > y->arc;
}

/* A place of no object (entries without one whose name is in several
   objects, or in none). */
#define PLACE_NONE UINT32_MAX
#define MANY       (CG_NONE - 1)

static void note_place(cg_places *pl, uint32_t obj, uint32_t fn)
{
    if (obj == CG_NONE || obj == pl->obj_none) return;
    uint32_t w = pl->obj_of[obj], *s = &pl->sole[fn];
    *s = *s == CG_NONE || *s == w ? w : MANY;
}

void cg_places_init(cg_places *pl, const cg_profile *p)
{
    cg_strtab_init(&pl->objs);
    pl->n_objs = p->objs.n;
    pl->obj_none = p->obj_empty;
    pl->obj_of = xmalloc((pl->n_objs + 1) * sizeof *pl->obj_of);
    for (uint32_t o = 0; o < pl->n_objs; o++) {
        const cg_str *s = cg_name(&p->objs, o);
        const char *b = s->s + s->len;
        while (b > s->s && b[-1] != '/') b--;
        pl->obj_of[o] = cg_intern(&pl->objs, b, (size_t)(s->s + s->len - b));
    }
    assert(pl->objs.n < MANY);
    pl->n_names = p->fns.n;
    pl->sole = xmalloc((pl->n_names + 1) * sizeof *pl->sole);
    for (size_t k = 0; k < pl->n_names; k++) pl->sole[k] = CG_NONE;
    for (size_t i = 0; i < p->n_pairs; i++) note_place(pl, p->pairs[i].obj, p->pairs[i].fn);
    for (size_t i = 0; i < p->n_arcs; i++) note_place(pl, p->arcs[i].obj, p->arcs[i].fn);
    for (size_t k = 0; k < pl->n_names; k++)
        if (pl->sole[k] == MANY) pl->sole[k] = CG_NONE;
}

void cg_places_free(cg_places *pl)
{
    cg_strtab_free(&pl->objs);
    free(pl->obj_of);
    free(pl->sole);
}

uint64_t cg_fn_key(const cg_places *pl, uint32_t obj, uint32_t fn)
{
    uint32_t place;
    assert(fn < pl->n_names); /* the profile the places were made of */
    if (obj != CG_NONE && obj != pl->obj_none) {
        assert(obj < pl->n_objs);
        place = pl->obj_of[obj];
    } else {
        place = pl->sole[fn] != CG_NONE ? pl->sole[fn] : PLACE_NONE;
    }
    return (uint64_t)place << 32 | fn;
}

const char *cg_fn_key_place(const cg_places *pl, uint64_t k, size_t *len)
{
    static const char none[] = "no object";
    uint32_t place = (uint32_t)(k >> 32);
    if (place == PLACE_NONE) return *len = sizeof none - 1, none;
    const cg_str *s = cg_name(&pl->objs, place);
    *len = s->len;
    return s->s;
}

/* The node of function key k, made when new. */
static uint32_t node_get(cg_u64map *nodes, uint64_t **key, size_t *cap, uint32_t *n, uint64_t k)
{
    uint32_t *v = cg_u64map_slot(nodes, k, true);
    if (!*v) {
        xgrow((void **)key, cap, *n + 1, sizeof **key);
        (*key)[*n] = k;
        *v = ++*n;
    }
    return *v - 1;
}

void cg_graph_of_profile(cg_graph *g, const cg_profile *p, enum cg_side side, const cg_places *pl,
                         uint64_t **key, cg_u64map *nodes, uint32_t **called_as)
{
    size_t nev = p->n_events, cap = 0;
    uint32_t n = 0;
    *key = NULL;
    memset(nodes, 0, sizeof *nodes);
    /* Node values in the map are node + 1 (0: new). */
    uint32_t *pair_node = xmalloc((p->n_pairs + 1) * sizeof *pair_node);
    for (size_t i = 0; i < p->n_pairs; i++) {
        const cg_pair *e = &p->pairs[i];
        pair_node[i] = cg_on_side(e->sides, side)
                           ? node_get(nodes, key, &cap, &n, cg_fn_key(pl, e->obj, e->fn))
                           : CG_NONE;
    }
    /* The calls by the nodes they join, to be put in (caller, callee)
       order, each pair's then added up: the graph never holds a second
       copy of every call site's costs. */
    struct call_key *k = xmalloc((p->n_arcs + 1) * sizeof *k);
    size_t m = 0;
    for (uint32_t i = 0; i < p->n_arcs; i++) {
        const cg_arc *a = &p->arcs[i];
        if (cg_on_side(a->sides, side))
            k[m++] =
                (struct call_key){pair_node[a->caller],
                                  node_get(nodes, key, &cap, &n, cg_fn_key(pl, a->obj, a->fn)), i};
    }
    uint32_t *as = *called_as = xmalloc(((size_t)n + 1) * sizeof *as);
    for (uint32_t v = 0; v < n; v++) as[v] = CG_NONE;
    for (size_t i = 0; i < m; i++) {
        uint32_t file = p->arcs[k[i].arc].file, *w = &as[k[i].to];
        *w = *w == CG_NONE || *w == file ? file : CG_CALLED_AS_MANY;
    }
    cg_graph_init(g, n, nev);
    cg_count *cc = xcalloc(nev + 1, sizeof *cc), *buf = xcalloc(nev + 1, sizeof *buf);
    for (uint32_t i = 0; i < p->n_pairs; i++)
        if (pair_node[i] != CG_NONE)
            cg_cc_add(cg_graph_self(g, pair_node[i]), cg_pair_side_cc(p, i, side, buf), nev, 1);
    qsort(k, m, sizeof *k, cmp_key);
    for (size_t i = 0, j; i < m; i = j) {
        cg_count count = 0;
        memset(cc, 0, nev * sizeof *cc);
        for (j = i; j < m && k[j].from == k[i].from && k[j].to == k[i].to; j++) {
            count += cg_arc_side_count(p, k[j].arc, side);
            cg_cc_add(cc, cg_arc_side_cc(p, k[j].arc, side, buf), nev, 1);
        }
        if (p->inline_rewritten && count == 0 && cg_cc_zero(cc, nev)) continue;
        cg_graph_add_arc(g, k[i].from, k[i].to, count, cc);
    }
    free(cc);
    free(buf);
    free(k);
    free(pair_node);
    cg_graph_solve(g);
}
