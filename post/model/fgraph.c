/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fgraph.c: the functions' call graph (fgraph.h).  The rule that decides
   everything here is which calls start an outermost activation of their
   callee (`outermost`): the cost such a call carries is a part of its
   callee's inclusive cost that no other such call contains.  Callgrind
   counts recursion per function (a function called while it is running is
   named `F'2`, `F'3`... with the default --separate-recs=2), so a call into
   a node without a recursion level is one, unless the file was written
   without levels and the graph says otherwise. */
#include "fgraph.h"
#include "util.h"

#include <assert.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* Whether the call u -> v (nodes) starts an outermost activation of v's
   function: v has no recursion level and u is another function; without
   levels in the file, also when the two are not in one cycle (where
   nothing tells a nested call apart). */
static bool outermost(const cg_fgraph *f, uint32_t u, uint32_t v)
{
    if (!f->level1[v] || f->fn_of[u] == f->fn_of[v]) return false;
    uint32_t c = f->g.cycle[v];
    return f->levels || c == CG_NONE || f->g.cycle[u] != c;
}

/* The cycle of node v that matters: none when levels tell nesting. */
static uint32_t cycle_of(const cg_fgraph *f, uint32_t v)
{
    return f->levels ? CG_NONE : f->g.cycle[v];
}

/* A node nobody else calls (a thread's first function): its activations
   are outermost and cost its self cost and the calls it makes. */
static bool uncalled(const cg_fgraph *f, uint32_t v)
{
    const cg_graph *g = &f->g;
    for (uint32_t k = g->first_in[v]; k < g->first_in[v + 1]; k++)
        if (g->arcs[g->in_arcs[k]].from != v) return false;
    return true;
}

/* Whether function F costs its root paths (find_roots). */
static bool rooted(const cg_fgraph *f, uint32_t F)
{
    return f->rooted && f->rooted[F];
}

/* buf: room for nev counts. */
static void add_uncalled(const cg_fgraph *f, uint32_t v, cg_count *cc, cg_count *buf)
{
    const cg_graph *g = &f->g;
    cg_cc_add(cc, cg_graph_self(g, v), f->nev, 1);
    for (uint32_t a = g->first_out[v]; a < g->first_out[v + 1]; a++)
        if (g->arcs[a].to != v) cg_cc_add(cc, cg_garc_cc(g, a, buf), f->nev, 1);
}

/* ------------------------------------------------------------ functions */

/* The name a report shows for each function: its own, or, when functions
   in several places have it, `NAME [PLACE]` (the object's file name, or
   `no object`), so that every function has a name of
   its own (names.strs[F] for function F).  plain[F]: its name without the
   place, a name read (an id in read) or another (read->n + its id in
   more); place[F]: the key of a node of it. */
static void name_functions(cg_fgraph *f, const cg_strtab *read, const cg_strtab *more,
                           const uint32_t *plain, const uint64_t *place, size_t nf)
{
    uint32_t *n_of = xcalloc(read->n + more->n + 1, sizeof *n_of);
    for (size_t F = 0; F < nf; F++) n_of[plain[F]]++;
    cg_buf b = {0};
    for (uint32_t F = 0; F < nf; F++) {
        const cg_str *s = plain[F] < read->n ? cg_name(read, plain[F])
                                             : cg_name(more, plain[F] - (uint32_t)read->n);
        b.len = 0;
        cg_buf_add(&b, s->s, s->len);
        if (n_of[plain[F]] > 1) {
            size_t wl;
            const char *w = cg_fn_key_place(&f->places, place[F], &wl);
            cg_buf_adds(&b, " [");
            cg_buf_add(&b, w, wl);
            cg_buf_addc(&b, ']');
        }
        /* A name of its own even should a function's name be the
           place-marked name of another (a count added, as a last resort). */
        size_t len = b.len;
        for (unsigned k = 2; cg_strtab_find(&f->names, b.p, b.len) != UINT32_MAX; k++) {
            b.len = len;
            cg_buf_printf(&b, " (%u)", k);
        }
        uint32_t id = cg_intern(&f->names, b.p, b.len);
        assert(id == F);
        (void)id;
        f->fns[F].name_len = (uint32_t)s->len;
    }
    cg_buf_free(&b);
    free(n_of);
}

/* Names every node's function: its node's, recursion levels and caller
   contexts folded (when asked), in the node's place; returns which
   functions have a node without a recursion level (the others had their
   lowest promoted). */
static bool *name_nodes(cg_fgraph *f, const cg_profile *p, const uint64_t *key)
{
    size_t n = f->g.n;
    f->fn_of = xmalloc((n + 1) * sizeof *f->fn_of);
    f->level1 = xcalloc(n + 1, sizeof *f->level1);
    cg_strtab_init(&f->names);
    cg_strtab bases, plains;
    cg_fold_bases(&p->fns, &bases);
    cg_strtab_init(&plains);
    cg_u64map funcs = {0};
    uint32_t *plain = NULL;
    uint64_t *place = NULL;
    size_t nf = 0, cap_plain = 0, cap_place = 0;
    for (uint32_t v = 0; v < n; v++) {
        const cg_str *s = cg_name(&p->fns, cg_fn_key_name(key[v]));
        size_t len = s->len;
        f->level1[v] = true;
        if (f->folded) {
            bool level;
            len = cg_fold_len(&bases, s->s, len, &level);
            f->level1[v] = !level;
            f->levels |= level;
        }
        /* The folded name is most often a name read (F for F'2): only
           the others are copied. */
        uint32_t name = cg_fn_key_name(key[v]);
        if (len != s->len) {
            uint32_t id = cg_strtab_find(&p->fns, s->s, len);
            name = id != UINT32_MAX ? id : (uint32_t)(p->fns.n + cg_intern(&plains, s->s, len));
        }
        uint64_t k = key[v] >> 32 << 32 | name;
        uint32_t *F = cg_u64map_slot(&funcs, k, true);
        if (!*F) {
            xgrow((void **)&plain, &cap_plain, nf + 1, sizeof *plain);
            xgrow((void **)&place, &cap_place, nf + 1, sizeof *place);
            plain[nf] = name;
            place[nf] = key[v];
            *F = (uint32_t)++nf;
        }
        f->fn_of[v] = *F - 1;
    }
    f->fns = xmalloc((nf + 1) * sizeof *f->fns);
    for (size_t F = 0; F < nf; F++) f->fns[F] = (cg_ffn){CG_NONE, true, false, 0, 0, 0};
    name_functions(f, &p->fns, &plains, plain, place, nf);
    free(plain);
    free(place);
    cg_u64map_free(&funcs);
    cg_strtab_free(&plains);
    cg_strtab_free(&bases);
    /* A function seen only at recursion levels (a profile that began inside
       its recursion): its lowest nodes stand in for level 1, as best they
       can (not exact, unless it has a single node). */
    bool *has1 = xcalloc(nf + 1, sizeof *has1);
    for (uint32_t v = 0; v < n; v++) has1[f->fn_of[v]] |= f->level1[v];
    for (uint32_t v = 0; v < n; v++)
        if (!has1[f->fn_of[v]]) f->level1[v] = true;
    return has1;
}

/* Functions whose name several functions of one place share: called with
   more than one file (static functions of two files of one object may
   have one name).  Callgrind counts levels per function, so one of them
   can run inside another at level 1. */
static void mark_shared(cg_fgraph *f, const uint32_t *called_as)
{
    size_t nf = cg_fgraph_n(f);
    uint32_t *file = xmalloc((nf + 1) * sizeof *file);
    for (size_t F = 0; F < nf; F++) file[F] = CG_NONE;
    for (uint32_t v = 0; v < f->g.n; v++) {
        uint32_t F = f->fn_of[v], as = called_as[v];
        if (as == CG_NONE) continue;
        if (as == CG_CALLED_AS_MANY || (file[F] != CG_NONE && file[F] != as))
            f->fns[F].shared = true;
        file[F] = as;
    }
    free(file);
}

/* Inclusive cost, calls and exactness of every function, over its level-1
   nodes. */
static void solve_functions(cg_fgraph *f, const bool *has1)
{
    const cg_graph *g = &f->g;
    size_t nf = cg_fgraph_n(f), nev = f->nev;
    cg_count *buf = xmalloc((nev + 1) * sizeof *buf);
    uint32_t *l1 = xcalloc(nf + 1, sizeof *l1), *nodes = xcalloc(nf + 1, sizeof *nodes);
    for (uint32_t v = 0; v < g->n; v++) {
        uint32_t F = f->fn_of[v];
        nodes[F]++;
        cg_cc_add(f->self + (size_t)F * nev, cg_graph_self(g, v), nev, 1);
        if (!f->level1[v]) {
            for (uint32_t k = g->first_in[v]; k < g->first_in[v + 1]; k++)
                f->fns[F].rcalls += g->arcs[g->in_arcs[k]].count;
            continue;
        }
        l1[F]++;
        if (cycle_of(f, v) != CG_NONE) f->fns[F].exact = false;
        cg_count *incl = f->incl + (size_t)F * nev;
        if (!rooted(f, F) && uncalled(f, v)) add_uncalled(f, v, incl, buf);
        for (uint32_t k = g->first_in[v]; k < g->first_in[v + 1]; k++) {
            uint32_t a = g->in_arcs[k];
            if (!outermost(f, g->arcs[a].from, v)) {
                f->fns[F].rcalls += g->arcs[a].count;
                continue;
            }
            f->fns[F].calls += g->arcs[a].count;
            cg_cc_add(incl, cg_garc_cc(g, a, buf), nev, 1);
        }
    }
    for (uint32_t F = 0; F < nf; F++)
        if (rooted(f, F))
            cg_cc_add(f->incl + (size_t)F * nev, f->root_incl + (size_t)F * nev, nev, 1);
    bool *one = xcalloc(nf + 1, sizeof *one);
    cg_count *lo = xcalloc(nev + 1, sizeof *lo), *hi = xcalloc(nev + 1, sizeof *hi);
    for (uint32_t F = 0; F < nf; F++) {
        if (!has1[F] && nodes[F] > 1) f->fns[F].exact = false; /* see name_nodes */
        if (!f->fns[F].exact) continue;
        /* Contexts of one function never nest when the file has levels;
           functions that share a name may (levels are per function). */
        if (!f->fns[F].shared && (l1[F] < 2 || f->levels)) continue;
        /* Else one node of F nests in another when one reaches the other,
           which only the union of their activations can say. */
        one[F] = true;
        f->fns[F].exact = cg_fgraph_union(f, one, lo, hi);
        memcpy(f->incl + (size_t)F * nev, lo, nev * sizeof *lo);
        one[F] = false;
    }
    free(one);
    free(lo);
    free(hi);
    free(l1);
    free(nodes);
    free(buf);
}

/* ---------------------------------------------------------------- cycles */

static int cmp_fn_names(const void *a, const void *b, void *ctx)
{
    const cg_strtab *names = ctx;
    return cg_strcmp(cg_name(names, *(const uint32_t *)a), cg_name(names, *(const uint32_t *)b));
}

/* The written graph's cycles that hold a level-1 node (the others only
   relate recursion levels, which nest by construction). */
static void keep_cycles(cg_fgraph *f)
{
    const cg_graph *g = &f->g;
    size_t nev = f->nev;
    uint32_t *id = xmalloc((g->n_cycles + 1) * sizeof *id);
    for (size_t c = 0; c < g->n_cycles; c++) id[c] = CG_NONE;
    for (uint32_t v = 0; v < g->n; v++)
        if (cycle_of(f, v) != CG_NONE && f->level1[v] && id[g->cycle[v]] == CG_NONE)
            id[g->cycle[v]] = (uint32_t)f->n_cycles++;
    f->cycles = xcalloc(f->n_cycles + 1, sizeof *f->cycles);
    f->cycle_self = xcalloc(f->n_cycles * nev + 1, sizeof(cg_count));
    f->cycle_incl = xcalloc(f->n_cycles * nev + 1, sizeof(cg_count));
    for (size_t c = 0; c < g->n_cycles; c++)
        if (id[c] != CG_NONE)
            memcpy(f->cycle_incl + (size_t)id[c] * nev, g->cycle_incl + c * nev,
                   nev * sizeof(cg_count));
    size_t *cap = xcalloc(f->n_cycles + 1, sizeof *cap);
    for (uint32_t v = 0; v < g->n; v++) {
        if (g->cycle[v] == CG_NONE || id[g->cycle[v]] == CG_NONE) continue;
        uint32_t c = id[g->cycle[v]], F = f->fn_of[v];
        cg_cc_add(f->cycle_self + (size_t)c * nev, cg_graph_self(g, v), nev, 1);
        if (f->level1[v] && f->fns[F].cycle == CG_NONE) f->fns[F].cycle = c;
        cg_fcycle *y = &f->cycles[c];
        xgrow((void **)&y->members, &cap[c], y->n_members + 1, sizeof *y->members);
        y->members[y->n_members++] = F;
    }
    /* By name, each function once (folded, it may have several nodes in
       the cycle). */
    for (size_t c = 0; c < f->n_cycles; c++) {
        cg_fcycle *y = &f->cycles[c];
        qsort_r(y->members, y->n_members, sizeof(uint32_t), cmp_fn_names, &f->names);
        size_t k = 0;
        for (size_t i = 0; i < y->n_members; i++)
            if (!k || y->members[k - 1] != y->members[i]) y->members[k++] = y->members[i];
        y->n_members = k;
    }
    free(cap);
    free(id);
}

/* ------------------------------------------------------------------ arcs */

static int cmp_farc(const void *a, const void *b)
{
    const cg_farc *x = a, *y = b;
    if (x->from != y->from) return x->from < y->from ? -1 : 1;
    if (x->to != y->to) return x->to < y->to ? -1 : 1;
    return 0;
}

_Static_assert(offsetof(cg_farc, from) == 0 && offsetof(cg_farc, to) == sizeof(uint32_t),
               "cg_farc starts with its nodes (cg_adjacency_make)");

/* One arc per pair of different functions; a function's calls to itself
   are its recursive calls (cg_ffn.rcalls). */
static void fold_arcs(cg_fgraph *f)
{
    const cg_graph *g = &f->g;
    size_t nev = f->nev, m = 0, nf = cg_fgraph_n(f);
    cg_count *buf = xmalloc((nev + 1) * sizeof *buf);
    cg_farc *t = xmalloc((g->n_arcs + 1) * sizeof *t);
    for (uint32_t a = 0; a < g->n_arcs; a++) {
        uint32_t u = g->arcs[a].from, v = g->arcs[a].to;
        if (f->fn_of[u] == f->fn_of[v]) continue;
        /* from/to stand for the written arc until the sort. */
        t[m++] = (cg_farc){f->fn_of[u], f->fn_of[v], a, 0};
    }
    qsort(t, m, sizeof *t, cmp_farc);
    f->arcs = xmalloc((m + 1) * sizeof *f->arcs);
    f->arc_cc = xcalloc(m + 1, sizeof *f->arc_cc);
    cg_ccs_init(&f->ccs, nev);
    size_t k = 0;
    for (size_t i = 0; i < m; i++) {
        uint32_t a = (uint32_t)t[i].count;
        if (!k || f->arcs[k - 1].from != t[i].from || f->arcs[k - 1].to != t[i].to)
            f->arcs[k++] = (cg_farc){t[i].from, t[i].to, 0, 0};
        cg_farc *d = &f->arcs[k - 1];
        if (outermost(f, g->arcs[a].from, g->arcs[a].to)) {
            d->count += g->arcs[a].count;
            cg_ccs_add(&f->ccs, &f->arc_cc[k - 1], cg_garc_cc(g, a, buf), 1);
        } else {
            d->rcount += g->arcs[a].count;
        }
    }
    free(t);
    free(buf);
    f->n_arcs = k;
    cg_adjacency_make(nf, f->arcs, k, sizeof *f->arcs, &f->first_out, &f->first_in, &f->in_arcs);
}

/* ----------------------------------------------------------------- roots */

static uint32_t *path_functions(const cg_fgraph *f, const cg_profile *p);

/* What root activations cost.  A function that no call enters runs as a
   root: a thread's first function, a signal handler, a region entered
   from outside.  The calls say nothing of what its activations cost, and
   its self cost plus its calls misses the code it reaches by a jump that
   opens no activation (code without a symbol, `???`, or an alias of
   another symbol's code), so `__libc_start_main` of a stripped program
   would cost less in the call graph than in the flame graph.  Our tool's
   call paths hold each root activation's cost, so a function nobody calls
   that has root paths costs what they do (f->rooted), and every figure of
   it has one source.  A root path of a function that is called (a call
   from an activation opened before recording began, which has no path)
   is that call's activation, already in the calls.  Nothing is rooted
   (the solve then takes each function nobody calls for a root that costs
   its self cost and its calls) unless every input has paths, none lost a
   root (a root the table had no room for is in no path), and every root
   path with a cost on this side is one function's. */
static void find_roots(cg_fgraph *f, const cg_profile *p, enum cg_side side)
{
    if (!cg_profile_has_paths(p)) return;
    for (size_t i = 0; i < p->n_inputs; i++)
        if (p->inputs[i].paths_truncated) return;
    size_t nf = cg_fgraph_n(f), nev = f->nev;
    uint32_t *fn = path_functions(f, p);
    cg_count *out = xcalloc(nf * nev + 1, sizeof *out);
    bool *has = xcalloc(nf + 1, sizeof *has);
    cg_count *cc = xcalloc(nev + 1, sizeof *cc);
    bool ok = true;
    for (size_t i = 0; i < p->n_paths && ok; i++) {
        if (p->paths[i].parent != CG_NONE) continue;
        const cg_count *old = cg_path_old(p, i);
        memset(cc, 0, nev * sizeof *cc);
        if (side != CG_SIDE_OLD) cg_cc_add(cc, cg_path_cc(p, i), nev, 1);
        if (side != CG_SIDE_NEW && old) cg_cc_add(cc, old, nev, side == CG_SIDE_OLD ? 1 : -1);
        if (fn[i] == CG_NONE) {
            ok = cg_cc_zero(cc, nev);
            continue;
        }
        has[fn[i]] = true;
        cg_cc_add(out + (size_t)fn[i] * nev, cc, nev, 1);
    }
    free(cc);
    free(fn);
    if (!ok) {
        free(out);
        free(has);
        return;
    }
    /* Rooted: root paths, and a level-1 node nobody else calls. */
    bool *uncalled_fn = xcalloc(nf + 1, sizeof *uncalled_fn);
    for (uint32_t v = 0; v < f->g.n; v++)
        if (f->level1[v] && uncalled(f, v)) uncalled_fn[f->fn_of[v]] = true;
    for (size_t F = 0; F < nf; F++) has[F] &= uncalled_fn[F];
    free(uncalled_fn);
    f->root_incl = out;
    f->rooted = has;
}

/* ----------------------------------------------------------------- whole */

/* The graph of p's calls on one side; with `drop` (p itself), p's calls
   are dropped as soon as the graph holds what it needs of them. */
static void build(cg_fgraph *f, const cg_profile *p, bool fold, enum cg_side side, cg_profile *drop)
{
    memset(f, 0, sizeof *f);
    f->nev = p->n_events;
    f->folded = fold;
    cg_places_init(&f->places, p);
    uint64_t *key;
    uint32_t *called_as;
    cg_graph_of_profile(&f->g, p, side, &f->places, &key, &f->nodes, &called_as);
    if (drop) cg_profile_drop_arcs(drop); /* the written graph holds them */
    bool *has1 = name_nodes(f, p, key);
    free(key);
    size_t nf = cg_fgraph_n(f);
    mark_shared(f, called_as);
    free(called_as);
    f->n_read = p->fns.n;
    f->n_read_files = p->files.n;
    f->name_of = xmalloc((nf + 1) * sizeof *f->name_of);
    for (size_t F = 0; F < nf; F++) f->name_of[F] = CG_NONE;
    f->self = xcalloc(nf * f->nev + 1, sizeof(cg_count));
    f->incl = xcalloc(nf * f->nev + 1, sizeof(cg_count));
    fold_arcs(f);
    find_roots(f, p, side);
    solve_functions(f, has1);
    free(has1);
    keep_cycles(f);
}

void cg_fgraph_build(cg_fgraph *f, const cg_profile *p, bool fold, enum cg_side side)
{
    build(f, p, fold, side, NULL);
}

void cg_fgraph_free(cg_fgraph *f)
{
    cg_graph_free(&f->g);
    for (size_t c = 0; c < f->n_cycles; c++) free(f->cycles[c].members);
    free(f->cycles);
    free(f->cycle_self);
    free(f->cycle_incl);
    cg_strtab_free(&f->names);
    free(f->fn_of);
    free(f->level1);
    free(f->fns);
    free(f->self);
    free(f->incl);
    free(f->arcs);
    free(f->arc_cc);
    cg_ccs_free(&f->ccs);
    free(f->first_out);
    free(f->first_in);
    free(f->in_arcs);
    cg_places_free(&f->places);
    cg_u64map_free(&f->nodes);
    free(f->func_of);
    free(f->name_of);
    free(f->root_incl);
    free(f->rooted);
    memset(f, 0, sizeof *f);
}

uint32_t cg_fgraph_find(const cg_fgraph *f, const cg_str *name)
{
    uint32_t id = cg_strtab_find(&f->names, name->s, name->len);
    return id == UINT32_MAX ? CG_NONE : id;
}

cg_fgraph *cg_fgraph_of_calls(cg_profile *p, bool fold)
{
    if (!cg_profile_has_graph(p, true)) return NULL;
    cg_fgraph *f = xmalloc(sizeof *f);
    build(f, p, fold, CG_SIDE_SUM, p);
    return f;
}

void cg_fgraph_apply(cg_fgraph *f, cg_profile *p)
{
    cg_profile_drop_arcs(p);
    if (f)
        cg_fgraph_rename(f, p);
    else if (cg_profile_has_graph(p, false)) /* else keyed so already */
        cg_profile_rekey(p, NULL, NULL);
}

cg_fgraph *cg_fgraph_of_profile(cg_profile *p, bool fold)
{
    cg_fgraph *f = cg_fgraph_of_calls(p, fold);
    cg_fgraph_apply(f, p);
    return f;
}

void cg_fgraph_destroy(cg_fgraph *f)
{
    if (f) cg_fgraph_free(f);
    free(f);
}

/* The function of a call path: paths name a function by its entry file
   and name, no object, so by the entries of that home file and name when
   they are of one function (else CG_NONE: the path keeps its name). */
static uint32_t *path_functions(const cg_fgraph *f, const cg_profile *p)
{
    cg_u64map by_home = {0};
    for (size_t i = 0; i < p->n_pairs; i++) {
        const cg_pair *e = &p->pairs[i];
        if (e->home == CG_NONE) continue;
        const uint32_t *v = cg_u64map_find(&f->nodes, cg_fn_key(&f->places, e->obj, e->fn));
        if (!v) continue; /* not on the graph's side */
        uint32_t F = f->fn_of[*v - 1];
        uint32_t *w = cg_u64map_slot(&by_home, (uint64_t)e->home << 32 | e->fn, true);
        *w = !*w || *w == F + 1 ? F + 1 : CG_NONE;
    }
    uint32_t *out = xmalloc((p->n_paths + 1) * sizeof *out);
    for (size_t i = 0; i < p->n_paths; i++) {
        const cg_path *x = &p->paths[i];
        const uint32_t *w = cg_u64map_find(&by_home, (uint64_t)x->file << 32 | x->fn);
        out[i] = w && *w != CG_NONE ? *w - 1 : CG_NONE;
    }
    cg_u64map_free(&by_home);
    return out;
}

void cg_fgraph_rename(cg_fgraph *f, cg_profile *p)
{
    /* The same inputs read alike intern the same names in the same order. */
    if (p->fns.n != f->n_read || p->files.n != f->n_read_files || p->objs.n != f->places.n_objs)
        cg_die("internal error: a call graph applied to other names");
    size_t nf = cg_fgraph_n(f);
    for (uint32_t F = 0; F < nf; F++) {
        const cg_str *s = &f->names.strs[F];
        f->name_of[F] = cg_intern(&p->fns, s->s, s->len);
    }
    uint32_t *pair_fn = xmalloc((p->n_pairs + 1) * sizeof *pair_fn);
    for (size_t i = 0; i < p->n_pairs; i++) {
        const cg_pair *e = &p->pairs[i];
        const uint32_t *v = cg_u64map_find(&f->nodes, cg_fn_key(&f->places, e->obj, e->fn));
        pair_fn[i] = v ? f->name_of[f->fn_of[*v - 1]] : e->fn;
    }
    uint32_t *path_fn = path_functions(f, p);
    for (size_t i = 0; i < p->n_paths; i++)
        path_fn[i] = path_fn[i] == CG_NONE ? p->paths[i].fn : f->name_of[path_fn[i]];
    free(f->func_of);
    f->n_names = p->fns.n;
    f->func_of = xmalloc((f->n_names + 1) * sizeof *f->func_of);
    for (size_t k = 0; k < f->n_names; k++) f->func_of[k] = CG_NONE;
    for (uint32_t F = 0; F < nf; F++) f->func_of[f->name_of[F]] = F;
    cg_profile_rekey(p, pair_fn, path_fn);
    free(pair_fn);
    free(path_fn);
}

/* ----------------------------------------------------------------- union */

#define MANY (CG_NONE - 1)

bool cg_fgraph_union(const cg_fgraph *f, const bool *match, cg_count *lo, cg_count *hi)
{
    const cg_graph *g = &f->g;
    size_t n = g->n, nev = f->nev;
    cg_count *buf = xmalloc((nev + 1) * sizeof *buf);
    memset(lo, 0, nev * sizeof *lo);
    memset(hi, 0, nev * sizeof *hi);
    /* reach[u]: which of the functions' activations u can run under: none
       (CG_NONE), one function, or several (MANY). */
    uint32_t *reach = xmalloc((n + 1) * sizeof *reach), *work = xmalloc((2 * n + 1) * sizeof *work);
    size_t top = 0;
    for (uint32_t v = 0; v < n; v++) {
        reach[v] = match[f->fn_of[v]] ? f->fn_of[v] : CG_NONE;
        if (reach[v] != CG_NONE) work[top++] = v;
    }
    while (top) {
        uint32_t u = work[--top];
        for (uint32_t a = g->first_out[u]; a < g->first_out[u + 1]; a++) {
            uint32_t w = g->arcs[a].to, r = reach[w];
            uint32_t now = r == CG_NONE ? reach[u] : r == reach[u] ? r : MANY;
            if (now == r) continue;
            reach[w] = now;
            work[top++] = w; /* each node changes at most twice */
        }
    }
    /* within[u]: u runs only inside one of them: it is called, and only
       by their nodes or by nodes that run only inside them (the least such
       set; a cycle entered only from within it stays out, which can only
       make the answer less exact). */
    bool *within = xcalloc(n + 1, sizeof *within);
    uint32_t *need = xcalloc(n + 1, sizeof *need);
    top = 0;
    for (uint32_t u = 0; u < n; u++) {
        if (match[f->fn_of[u]]) continue;
        bool called = false;
        for (uint32_t k = g->first_in[u]; k < g->first_in[u + 1]; k++) {
            uint32_t w = g->arcs[g->in_arcs[k]].from;
            if (w == u) continue;
            called = true;
            need[u] += !match[f->fn_of[w]];
        }
        if (called && !need[u]) within[u] = true, work[top++] = u;
    }
    while (top) {
        uint32_t u = work[--top];
        for (uint32_t a = g->first_out[u]; a < g->first_out[u + 1]; a++) {
            uint32_t w = g->arcs[a].to;
            if (w == u || match[f->fn_of[w]] || within[w]) continue;
            if (--need[w] == 0) within[w] = true, work[top++] = w;
        }
    }
    free(need);
    bool exact = true;
    for (uint32_t F = 0; F < cg_fgraph_n(f); F++) /* root activations are outermost */
        if (match[F] && rooted(f, F)) {
            cg_cc_add(lo, f->root_incl + (size_t)F * nev, nev, 1);
            cg_cc_add(hi, f->root_incl + (size_t)F * nev, nev, 1);
        }
    for (uint32_t v = 0; v < n; v++) {
        uint32_t F = f->fn_of[v];
        if (!match[F] || !f->level1[v]) continue;
        if (!rooted(f, F) && uncalled(f, v)) {
            add_uncalled(f, v, lo, buf);
            add_uncalled(f, v, hi, buf);
        }
        for (uint32_t k = g->first_in[v]; k < g->first_in[v + 1]; k++) {
            uint32_t a = g->in_arcs[k], u = g->arcs[a].from;
            if (match[f->fn_of[u]] || within[u]) continue; /* inside one of them */
            const cg_count *cc = cg_garc_cc(g, a, buf);
            /* Called from code that runs only outside them, or (recursion
               levels tell) outside F; else it may be nested in another. */
            bool outside = reach[u] == CG_NONE ||
                           (f->levels && !f->fns[F].shared && reach[u] == F && outermost(f, u, v));
            if (outside)
                cg_cc_add(lo, cc, nev, 1);
            else
                exact &= cg_cc_zero(cc, nev);
            cg_cc_add(hi, cc, nev, 1);
        }
    }
    free(reach);
    free(within);
    free(work);
    free(buf);
    return exact;
}
