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

void cg_graph_of_profile(cg_graph *g, const cg_profile *p, enum cg_side side, uint32_t **node_of)
{
    size_t nfn = p->fns.n, nev = p->n_events;
    uint32_t *node = xmalloc((nfn + 1) * sizeof *node);
    for (size_t f = 0; f < nfn; f++) node[f] = CG_NONE;
    uint32_t n = 0;
    for (size_t i = 0; i < p->n_pairs; i++)
        if (cg_on_side(p->pairs[i].sides, side) && node[p->pairs[i].fn] == CG_NONE)
            node[p->pairs[i].fn] = n++;
    for (size_t i = 0; i < p->n_arcs; i++)
        if (cg_on_side(p->arcs[i].sides, side) && node[p->arcs[i].fn] == CG_NONE)
            node[p->arcs[i].fn] = n++;
    cg_graph_init(g, n, nev);
    cg_count *cc = xcalloc(nev + 1, sizeof *cc), *buf = xcalloc(nev + 1, sizeof *buf);
    for (uint32_t i = 0; i < p->n_pairs; i++)
        if (cg_on_side(p->pairs[i].sides, side))
            cg_cc_add(cg_graph_self(g, node[p->pairs[i].fn]), cg_pair_side_cc(p, i, side, buf), nev,
                      1);
    /* The calls in (caller, callee) order, each pair's added up here: the
       graph never holds a second copy of every call site's costs. */
    struct call_key *k = xmalloc((p->n_arcs + 1) * sizeof *k);
    size_t m = 0;
    for (uint32_t i = 0; i < p->n_arcs; i++)
        if (cg_on_side(p->arcs[i].sides, side))
            k[m++] =
                (struct call_key){node[p->pairs[p->arcs[i].caller].fn], node[p->arcs[i].fn], i};
    qsort(k, m, sizeof *k, cmp_key);
    for (size_t i = 0, j; i < m; i = j) {
        cg_count count = 0;
        memset(cc, 0, nev * sizeof *cc);
        for (j = i; j < m && k[j].from == k[i].from && k[j].to == k[i].to; j++) {
            count += cg_arc_side_count(p, k[j].arc, side);
            cg_cc_add(cc, cg_arc_side_cc(p, k[j].arc, side, buf), nev, 1);
        }
        cg_graph_add_arc(g, k[i].from, k[i].to, count, cc);
    }
    free(cc);
    free(buf);
    free(k);
    cg_graph_solve(g);
    *node_of = node;
}
