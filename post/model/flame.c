/* SPDX-License-Identifier: GPL-2.0-or-later */
/* flame.c: the calling-context tree of flame.h, made from our tool's paths
   or estimated from a call graph, collapsed and pruned. */
#include "flame.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* An estimate makes at most this many frames, however low the threshold
   (a call graph's paths can be exponentially many), and goes this deep. */
#define EST_FRAMES_MAX 1000000u
#define EST_DEPTH_MAX  2000u

static const cg_str root_name = {.s = "all", .len = 3};
static const cg_str rest_name = {.s = "(outside any call)", .len = 18};

static size_t key_hash(uint32_t parent, uint8_t kind, uint32_t file, uint32_t fn)
{
    uint64_t h = ((uint64_t)parent << 32 | fn) * 0x9e3779b97f4a7c15ull;
    h ^= ((uint64_t)file << 8 | kind) * 0xc2b2ae3d27d4eb4full;
    return (size_t)(h ^ h >> 29);
}

static uint64_t frame_hash(const void *ctx, uint32_t i)
{
    const cg_frame *x = &((const cg_flame *)ctx)->f[i];
    return key_hash(x->parent, x->kind, x->file, x->fn);
}

/* The frame (parent, kind, file, fn), made (with zero costs, as the last
   child) on first use. */
static uint32_t frame_get(cg_flame *fl, uint32_t parent, uint8_t kind, uint32_t file, uint32_t fn)
{
    size_t j = cg_itab_start(&fl->tab, key_hash(parent, kind, file, fn));
    for (; fl->tab.slots[j]; j = cg_itab_next(&fl->tab, j)) {
        const cg_frame *x = &fl->f[fl->tab.slots[j] - 1];
        if (x->parent == parent && x->kind == kind && x->file == file && x->fn == fn)
            return fl->tab.slots[j] - 1;
    }
    if (fl->n >= CG_NONE - 1) cg_die("too many frames");
    uint32_t i = (uint32_t)fl->n++;
    fl->tab.slots[j] = i + 1;
    size_t row = fl->sides * fl->nev, cap = fl->cap;
    xgrow((void **)&fl->f, &fl->cap, fl->n, sizeof *fl->f);
    if (fl->cap != cap) fl->incl = xrealloc(fl->incl, fl->cap * row * sizeof(cg_count));
    memset(cg_frame_incl(fl, i, 0), 0, row * sizeof(cg_count));
    fl->f[i] = (cg_frame){.parent = parent,
                          .child = CG_NONE,
                          .last = CG_NONE,
                          .next = CG_NONE,
                          .file = file,
                          .fn = fn,
                          .kind = kind,
                          .depth = parent == CG_NONE ? 0 : fl->f[parent].depth + 1};
    if (parent != CG_NONE) {
        /* Appended, so that children keep the order they were met in. */
        cg_frame *up = &fl->f[parent];
        if (up->last == CG_NONE)
            up->child = i;
        else
            fl->f[up->last].next = i;
        up->last = i;
    }
    cg_itab_added(&fl->tab, fl->n, frame_hash, fl);
    return i;
}

static void init(cg_flame *fl, size_t nev, size_t sides)
{
    *fl = (cg_flame){.nev = nev, .sides = sides};
    cg_itab_init(&fl->tab);
    fl->est_pruned_cost = xcalloc(sides * nev, sizeof(cg_count));
    frame_get(fl, CG_NONE, CG_FRAME_ROOT, CG_NONE, CG_NONE);
}

/* Self costs, and the rest frame: what the root holds beyond its
   children (the root's cost is the profile's total, or its children's
   when those are larger). */
static void finish(cg_flame *fl)
{
    size_t nev = fl->nev;
    cg_count *rest = xcalloc(fl->sides * nev, sizeof(cg_count));
    bool any = false;
    for (size_t s = 0; s < fl->sides; s++) {
        cg_count *r = rest + s * nev, *root = cg_frame_incl(fl, 0, s);
        for (size_t e = 0; e < nev; e++) {
            cg_count below = 0;
            for (uint32_t c = fl->f[0].child; c != CG_NONE; c = fl->f[c].next)
                below += cg_frame_incl(fl, c, s)[e];
            if (root[e] < below) root[e] = below;
            r[e] = root[e] - below;
            any |= r[e] != 0;
        }
    }
    if (any) {
        uint32_t x = frame_get(fl, 0, CG_FRAME_REST, CG_NONE, CG_NONE);
        memcpy(cg_frame_incl(fl, x, 0), rest, fl->sides * nev * sizeof(cg_count));
    }
    free(rest);
    size_t row = fl->sides * nev;
    fl->self = xmalloc((fl->n + 1) * row * sizeof(cg_count));
    memcpy(fl->self, fl->incl, fl->n * row * sizeof(cg_count));
    for (size_t i = 1; i < fl->n; i++) {
        cg_count *up = cg_frame_self(fl, fl->f[i].parent, 0);
        const cg_count *v = cg_frame_incl(fl, i, 0);
        for (size_t k = 0; k < row; k++) up[k] -= v[k];
    }
}

/* The totals of the inputs' counted parts, per side. */
static void totals(cg_flame *fl, const cg_profile *p, bool diff)
{
    for (size_t k = 0; k < p->n_parts; k++) {
        const cg_part *pt = &p->parts[k];
        if (!pt->picked) continue;
        size_t s = diff && pt->input == 0 ? 1 : 0;
        cg_cc_add(cg_frame_incl(fl, 0, s), pt->total, fl->nev, 1);
    }
}

const char *cg_flame_absent(const cg_profile *p, const cg_fgraph *g, bool diff)
{
    if (!g) return "the input has no calls (Cachegrind's files have none)";
    if (diff && !cg_profile_has_paths(p))
        return "a difference needs our tool's call paths in both files "
               "(it writes them unless --call-graph=no); these files have only calls";
    return NULL;
}

/* The exact tree: the profile's paths (merged over its inputs as they were
   read), merged again where renaming gave two steps one name. */
static void from_paths(cg_flame *fl, const cg_profile *p, bool diff)
{
    uint32_t *at = xmalloc((p->n_paths + 1) * sizeof *at);
    for (size_t i = 0; i < p->n_paths; i++) {
        const cg_path *x = &p->paths[i];
        uint32_t up = x->parent == CG_NONE ? 0 : at[x->parent];
        uint32_t f = frame_get(fl, up, CG_FRAME_FN, x->file, x->fn);
        at[i] = f;
        cg_cc_add(cg_frame_incl(fl, f, 0), cg_path_cc(p, i), fl->nev, 1);
        fl->f[f].calls[0] += x->calls;
        const cg_count *old = cg_path_old(p, i);
        if (diff && old) {
            cg_cc_add(cg_frame_incl(fl, f, 1), old, fl->nev, 1);
            fl->f[f].calls[1] += old[fl->nev];
        }
    }
    free(at);
}

/* ------------------------------------------------------------ estimates */

typedef struct est {
    cg_flame *fl;
    const cg_fgraph *g;
    uint32_t *pfn, *pfile; /* graph function -> profile function, its file */
    bool *on_path;
    cg_count *min; /* nev: the least cost a frame is made for */
    size_t n_callers_cap;
    uint32_t *n_callers; /* graph function -> functions that call it with a cost */
} est;

static bool big_enough(const est *x, const cg_count *v)
{
    for (size_t e = 0; e < x->fl->nev; e++)
        if (v[e] > 0 && v[e] >= x->min[e]) return true;
    return false;
}

/* a * b / c, rounded down, without overflow (a, b <= c in practice). */
static cg_count share(cg_count a, cg_count b, cg_count c)
{
    if (c <= 0) return 0;
    __int128 v = (__int128)a * b / c;
    return v > INT64_MAX ? INT64_MAX : (cg_count)v;
}

/* Frame y of graph function v: its callees, each the cost of v's arc to
   it, scaled by y's share of v's whole cost when y does not hold all of
   it (v has other frames), and scaled down to fit in y when they exceed
   it (a name several functions share, a cycle: v's cost is a lower
   bound). */
static void expand(est *x, uint32_t y, uint32_t v)
{
    cg_flame *fl = x->fl;
    const cg_fgraph *g = x->g;
    size_t nev = fl->nev;
    uint32_t a0 = g->first_out[v], n = g->first_out[v + 1] - a0;
    cg_count *cc = xcalloc((size_t)n * nev + 1, sizeof *cc), *sum = xcalloc(nev, sizeof *sum);
    cg_count *buf = xmalloc((nev + 1) * sizeof *buf);
    bool split = false, over = false;
    for (size_t e = 0; e < nev; e++) split |= cg_frame_incl(fl, y, 0)[e] != cg_ffn_incl(g, v)[e];
    x->on_path[v] = true;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t a = a0 + k;
        if (x->on_path[g->arcs[a].to] || !cg_farc_carries(g, a)) continue;
        const cg_count *arc_cc = cg_farc_cc(g, a, buf);
        for (size_t e = 0; e < nev; e++) {
            cg_count c = arc_cc[e];
            if (split) c = share(c, cg_frame_incl(fl, y, 0)[e], cg_ffn_incl(g, v)[e]);
            cc[(size_t)k * nev + e] = c;
            sum[e] += c;
        }
    }
    for (size_t e = 0; e < nev; e++) over |= sum[e] > cg_frame_incl(fl, y, 0)[e];
    if (split && !(fl->f[y].est & CG_EST_WIDTH)) fl->f[y].est |= CG_EST_SPLIT;
    if (over) fl->f[y].est |= CG_EST_SPLIT;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t a = a0 + k, w = g->arcs[a].to;
        if (x->on_path[w] || !cg_farc_carries(g, a)) continue;
        cg_count *c = cc + (size_t)k * nev;
        const cg_count *y_incl = cg_frame_incl(fl, y, 0);
        for (size_t e = 0; e < nev; e++)
            if (sum[e] > y_incl[e]) c[e] = share(c[e], y_incl[e], sum[e]);
        if (!big_enough(x, c) || fl->n >= EST_FRAMES_MAX || fl->f[y].depth >= EST_DEPTH_MAX) {
            fl->est_pruned++;
            cg_cc_add(fl->est_pruned_cost, c, nev, 1);
            continue;
        }
        uint32_t z = frame_get(fl, y, CG_FRAME_FN, x->pfile[w], x->pfn[w]);
        y_incl = cg_frame_incl(fl, y, 0); /* frame_get may move the costs */
        cg_cc_add(cg_frame_incl(fl, z, 0), c, nev, 1);
        fl->f[z].calls[0] +=
            split ? share(g->arcs[a].count, y_incl[0], cg_ffn_incl(g, v)[0]) : g->arcs[a].count;
        if ((fl->f[y].est & CG_EST_WIDTH) || split || over || !g->fns[w].exact)
            fl->f[z].est |= CG_EST_WIDTH;
        expand(x, z, w);
    }
    free(cc);
    free(sum);
    free(buf);
    x->on_path[v] = false;
}

/* The estimated tree: each function that no call with a cost enters is a
   root frame of its whole inclusive cost, expanded along the arcs. */
static void from_arcs(cg_flame *fl, const cg_profile *p, const cg_fgraph *g, double pct)
{
    size_t n = cg_fgraph_n(g), nev = fl->nev;
    est x = {.fl = fl, .g = g};
    x.pfn = xmalloc((n + 1) * sizeof *x.pfn);
    x.pfile = xmalloc((n + 1) * sizeof *x.pfile);
    x.on_path = xcalloc(n + 1, sizeof *x.on_path);
    x.min = xcalloc(nev, sizeof *x.min);
    for (size_t e = 0; e < nev; e++)
        x.min[e] = (cg_count)cg_threshold_count(pct, cg_frame_incl(fl, 0, 0)[e]);
    for (size_t v = 0; v < n; v++) x.pfn[v] = x.pfile[v] = CG_NONE;
    /* A function's file: that of its first entry in the profile. */
    for (size_t k = 0; k < p->n_pairs; k++) {
        uint32_t v = p->pairs[k].fn < g->n_names ? g->func_of[p->pairs[k].fn] : CG_NONE;
        if (v == CG_NONE || x.pfile[v] != CG_NONE) continue;
        x.pfn[v] = p->pairs[k].fn;
        x.pfile[v] = p->pairs[k].file;
    }
    for (size_t v = 0; v < n; v++) {
        if (x.pfn[v] == CG_NONE) {
            x.pfn[v] = g->name_of[v];
            x.pfile[v] = p->file_unknown;
        }
    }
    for (uint32_t v = 0; v < n; v++) {
        bool entered = false;
        for (uint32_t k = g->first_in[v]; k < g->first_in[v + 1] && !entered; k++) {
            uint32_t a = g->in_arcs[k];
            entered = g->arcs[a].from != v && cg_farc_carries(g, a);
        }
        if (entered || x.pfn[v] == CG_NONE || !big_enough(&x, cg_ffn_incl(g, v))) continue;
        uint32_t y = frame_get(fl, 0, CG_FRAME_FN, x.pfile[v], x.pfn[v]);
        cg_cc_add(cg_frame_incl(fl, y, 0), cg_ffn_incl(g, v), nev, 1);
        fl->f[y].calls[0] = g->fns[v].calls;
        if (!g->fns[v].exact) fl->f[y].est |= CG_EST_WIDTH;
        expand(&x, y, v);
    }
    free(x.pfn);
    free(x.pfile);
    free(x.on_path);
    free(x.min);
}

/* ------------------------------------------------------------- inlined */

typedef struct split {
    cg_flame *fl;
    const cg_inls *s;
    const cg_count *sub; /* per node: its subtree's cost */
    cg_count *self, *total, *share;
    uint8_t mark;
    uint32_t *frame_of; /* per node: its frame under the frame being split */
    /* The calls from inlined code by (root, callee), sorted: each at one
       node, or at several (CG_NO_NODE). */
    struct cg_inl_site *at;
    size_t n_at;
} split;

static int site_order(const void *a, const void *b)
{
    const struct cg_inl_site *x = a, *y = b;
    if (x->root != y->root) return x->root < y->root ? -1 : 1;
    return x->callee < y->callee ? -1 : x->callee > y->callee;
}

/* The node where all calls of function `root` to `callee` were made from
   inlined code (CG_NO_NODE: none, or several). */
static uint32_t site_of(const split *sp, uint32_t root, uint32_t callee)
{
    size_t lo = 0, hi = sp->n_at;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        const struct cg_inl_site *m = &sp->at[mid];
        if (m->root < root || (m->root == root && m->callee < callee))
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == sp->n_at || sp->at[lo].root != root || sp->at[lo].callee != callee) return CG_NO_NODE;
    return sp->at[lo].node;
}

/* Node n's frame under frame x (the root's is x), made when the split gave
   it no width of its own. */
static uint32_t frame_for(split *sp, uint32_t x, uint32_t n)
{
    if (sp->frame_of[n] != CG_NONE) return sp->frame_of[n];
    const cg_inl_node *in = &sp->s->nodes[n];
    uint32_t up = frame_for(sp, x, in->parent);
    uint32_t y = frame_get(sp->fl, up, CG_FRAME_INLINED, in->file, in->fn);
    sp->fl->f[y].est |= sp->mark;
    return sp->frame_of[n] = y;
}

/* Frame y's subtree again under frame `to`, and y's costs and calls gone
   (its frames stay, empty: no report draws a frame without cost). */
static void move_subtree(cg_flame *fl, uint32_t y, uint32_t to)
{
    size_t row = fl->sides * fl->nev;
    uint32_t z = frame_get(fl, to, fl->f[y].kind, fl->f[y].file, fl->f[y].fn);
    cg_cc_add(cg_frame_incl(fl, z, 0), cg_frame_incl(fl, y, 0), row, 1);
    memset(cg_frame_incl(fl, y, 0), 0, row * sizeof(cg_count));
    for (size_t s = 0; s < fl->sides; s++) {
        fl->f[z].calls[s] += fl->f[y].calls[s];
        fl->f[y].calls[s] = 0;
    }
    fl->f[z].est |= fl->f[y].est;
    for (uint32_t c = fl->f[y].child; c != CG_NONE; c = fl->f[c].next) move_subtree(fl, c, z);
}

/* Frames under frame x for node n's children: each a share of the self
   cost sp->self that its subtree holds of the function's sp->total. */
static void split_under(split *sp, uint32_t x, uint32_t n)
{
    size_t nev = sp->fl->nev;
    for (uint32_t c = sp->s->nodes[n].child; c != CG_NO_NODE; c = sp->s->nodes[c].next) {
        bool any = false;
        for (size_t e = 0; e < nev; e++) {
            __int128 v = sp->total[e]
                             ? (__int128)sp->self[e] * sp->sub[(size_t)c * nev + e] / sp->total[e]
                             : 0;
            sp->share[e] = (cg_count)v;
            any |= sp->share[e] != 0;
        }
        if (!any) continue;
        const cg_inl_node *in = &sp->s->nodes[c];
        uint32_t y = frame_get(sp->fl, x, CG_FRAME_INLINED, in->file, in->fn);
        cg_cc_add(cg_frame_incl(sp->fl, y, 0), sp->share, nev, 1);
        sp->fl->f[y].est |= sp->mark;
        sp->frame_of[c] = y;
        split_under(sp, y, c);
    }
}

/* Every frame of a function that has an inline tree gets frames for the
   functions inlined into it. */
static void inline_split(cg_flame *fl, const cg_profile *p)
{
    const cg_inls *s = &p->inls;
    size_t nev = fl->nev, n0 = fl->n;
    if (!s->n_nodes) return;
    /* Subtree costs: children are made after their parents. */
    cg_count *sub = xmalloc(s->n_nodes * nev * sizeof *sub);
    memcpy(sub, s->node_cc, s->n_nodes * nev * sizeof *sub);
    for (size_t i = s->n_nodes; i-- > 0;)
        if (s->nodes[i].parent != CG_NO_NODE)
            cg_cc_add(sub + (size_t)s->nodes[i].parent * nev, sub + i * nev, nev, 1);
    uint32_t *root_of = xmalloc((p->fns.n + 1) * sizeof *root_of);
    uint32_t *frames = xcalloc(p->fns.n + 1, sizeof *frames);
    for (size_t f = 0; f < p->fns.n; f++) root_of[f] = CG_NO_NODE;
    for (uint32_t r = 0; r != CG_NO_NODE; r = s->nodes[r].next) root_of[s->nodes[r].fn] = r;
    for (size_t i = 1; i < n0; i++)
        if (fl->f[i].kind == CG_FRAME_FN) frames[fl->f[i].fn]++;
    split sp = {fl,   s,
                sub,  xmalloc(nev * sizeof(cg_count)),
                NULL, xmalloc(nev * sizeof(cg_count)),
                0,    xmalloc(s->n_nodes * sizeof(uint32_t)),
                NULL, 0};
    /* Calls from inlined code: at one node, or ambiguous. */
    sp.at = xmalloc((s->n_sites + 1) * sizeof *sp.at);
    memcpy(sp.at, s->sites, s->n_sites * sizeof *sp.at);
    qsort(sp.at, s->n_sites, sizeof *sp.at, site_order);
    for (size_t k = 0; k < s->n_sites; k++) {
        struct cg_inl_site *t = &sp.at[sp.n_at ? sp.n_at - 1 : 0];
        if (sp.n_at && t->root == sp.at[k].root && t->callee == sp.at[k].callee) {
            if (t->node != sp.at[k].node) t->node = CG_NO_NODE;
            continue;
        }
        sp.at[sp.n_at++] = sp.at[k];
    }
    /* The frames made here come after the others: inlined ones, and the
       copies of the subtrees moved under them, which are split in turn
       (their originals stay, empty). */
    for (size_t i = 1; i < fl->n; i++) {
        if (fl->f[i].kind != CG_FRAME_FN || root_of[fl->f[i].fn] == CG_NO_NODE) continue;
        uint32_t r = root_of[fl->f[i].fn];
        memcpy(sp.self, cg_frame_incl(fl, i, 0), nev * sizeof(cg_count));
        if (cg_cc_zero(sp.self, nev)) continue;
        for (uint32_t c = fl->f[i].child; c != CG_NONE; c = fl->f[c].next)
            cg_cc_add(sp.self, cg_frame_incl(fl, c, 0), nev, -1);
        sp.total = sub + (size_t)r * nev;
        /* One frame holds all of its function's self cost: the split is
           exact. */
        sp.mark = CG_EST_INLINED | (frames[fl->f[i].fn] > 1 ? CG_EST_WIDTH : 0);
        for (size_t k = 0; k < s->n_nodes; k++) sp.frame_of[k] = CG_NONE;
        sp.frame_of[r] = (uint32_t)i;
        split_under(&sp, (uint32_t)i, r);
        /* A callee whose calls all came from one inlined frame goes under
           it, with its cost added to that frame and those above it. */
        for (uint32_t c = fl->f[i].child; c != CG_NONE; c = fl->f[c].next) {
            if (fl->f[c].kind != CG_FRAME_FN || cg_cc_zero(cg_frame_incl(fl, c, 0), nev)) continue;
            uint32_t n = site_of(&sp, r, fl->f[c].fn);
            if (n == CG_NO_NODE || n == r) continue;
            uint32_t y = frame_for(&sp, (uint32_t)i, n);
            for (uint32_t u = y; u != (uint32_t)i; u = fl->f[u].parent)
                cg_cc_add(cg_frame_incl(fl, u, 0), cg_frame_incl(fl, c, 0), nev, 1);
            move_subtree(fl, c, y);
        }
    }
    free(sp.at);
    free(sp.frame_of);
    free(sp.self);
    free(sp.share);
    free(frames);
    free(root_of);
    free(sub);
}

void cg_flame_make(cg_flame *fl, const cg_profile *p, const cg_fgraph *g, bool diff, double pct,
                   bool inlined)
{
    init(fl, p->n_events, diff ? 2 : 1);
    totals(fl, p, diff);
    if (cg_profile_has_paths(p)) {
        from_paths(fl, p, diff);
        if (inlined && p->inline_rewritten && !diff) inline_split(fl, p);
    } else {
        fl->estimate = true;
        from_arcs(fl, p, g, pct);
    }
    finish(fl);
}

void cg_flame_collapse(const cg_flame *in, cg_flame *out)
{
    init(out, in->nev, in->sides);
    out->estimate = in->estimate;
    out->est_pruned = in->est_pruned;
    memcpy(out->est_pruned_cost, in->est_pruned_cost, in->sides * in->nev * sizeof(cg_count));
    size_t row = in->sides * in->nev;
    memcpy(cg_frame_incl(out, 0, 0), cg_frame_incl(in, 0, 0), row * sizeof(cg_count));
    uint32_t *at = xmalloc(in->n * sizeof *at);
    uint32_t *chain = xcalloc(in->n, sizeof *chain); /* levels of in's frame above it */
    at[0] = 0;
    for (size_t i = 1; i < in->n; i++) {
        const cg_frame *x = &in->f[i];
        if (x->kind == CG_FRAME_REST) continue; /* finish() makes it again */
        uint32_t up = at[x->parent];
        const cg_frame *u = &out->f[up];
        if (cg_frame_is_fn(u->kind) && u->kind == x->kind && u->file == x->file && u->fn == x->fn) {
            /* Inside its parent's activation: its cost is counted there. */
            at[i] = up;
            chain[i] = chain[x->parent] + 1;
            if (out->f[up].rec < chain[i]) out->f[up].rec = chain[i];
            if (out->max_rec < chain[i]) out->max_rec = chain[i];
            continue;
        }
        uint32_t f = frame_get(out, up, x->kind, x->file, x->fn);
        at[i] = f;
        cg_cc_add(cg_frame_incl(out, f, 0), cg_frame_incl(in, i, 0), row, 1);
        for (size_t s = 0; s < in->sides; s++) out->f[f].calls[s] += x->calls[s];
        out->f[f].est |= x->est;
    }
    free(at);
    free(chain);
    finish(out);
}

void cg_flame_free(cg_flame *fl)
{
    free(fl->f);
    free(fl->incl);
    free(fl->self);
    cg_itab_free(&fl->tab);
    free(fl->est_pruned_cost);
    memset(fl, 0, sizeof *fl);
}

void cg_flame_prune(const cg_flame *fl, double pct, uint32_t max_depth, bool *keep,
                    size_t *n_pruned, cg_count *cost)
{
    size_t nev = fl->nev, row = fl->sides * nev;
    cg_count *min = xmalloc(row * sizeof *min);
    for (size_t s = 0; s < fl->sides; s++)
        for (size_t e = 0; e < nev; e++)
            min[s * nev + e] = (cg_count)cg_threshold_count(pct, cg_frame_incl(fl, 0, s)[e]);
    *n_pruned = 0;
    /* Parents come before their children. */
    for (size_t i = 0; i < fl->n; i++) {
        const cg_frame *x = &fl->f[i];
        if (!cg_frame_is_fn(x->kind)) {
            keep[i] = true;
            continue;
        }
        keep[i] = false;
        if (!keep[x->parent]) {
            ++*n_pruned;
            continue;
        }
        const cg_count *v = cg_frame_incl(fl, i, 0);
        for (size_t k = 0; k < row && x->depth <= max_depth && !keep[i]; k++)
            keep[i] = v[k] > 0 && v[k] >= min[k];
        if (keep[i]) continue;
        ++*n_pruned;
        cg_cc_add(cost, v, row, 1);
    }
    free(min);
}

const cg_str *cg_frame_name(const cg_flame *fl, const cg_profile *p, size_t i)
{
    const cg_frame *x = &fl->f[i];
    if (x->kind == CG_FRAME_ROOT) return &root_name;
    if (x->kind == CG_FRAME_REST) return &rest_name;
    return cg_name(&p->fns, x->fn);
}
