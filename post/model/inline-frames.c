/* SPDX-License-Identifier: GPL-2.0-or-later */
/* inline-frames.c: the rewrite that makes inlined functions frames
   (inline-frames.h). */
#include "inline-frames.h"

#include <stdlib.h>
#include <string.h>

/* Deeper chains are cut at their outermost levels' end: a chain this deep
   is a generated program's, and its inner frames keep their costs. */
#define MAX_LEVELS 256

typedef struct rw {
    cg_profile *p;
    cg_error *err;
    const char *map_err;
    /* Function names already seen as inlined frames (for the count). */
    cg_strtab seen;
    /* The last chain walked: each level's entry, as (function, file). */
    uint32_t frame_fn[MAX_LEVELS], frame_file[MAX_LEVELS];
} rw;

/* Callgrind's spelling of a function at recursion level 2, `F'2`, which
   the call graph reads (callgraph.h, cg_fold_len) and our tool writes. */
static const char level2_suffix[] = "'2";
#define LEVEL2_LEN (sizeof level2_suffix - 1)

static uint32_t fn_id(rw *w, const char *name, bool level2)
{
    size_t len = strlen(name);
    if (!level2) return cg_map_fn(w->p, name, len, &w->map_err);
    char *n = xmalloc(len + LEVEL2_LEN + 1);
    memcpy(n, name, len);
    memcpy(n + len, level2_suffix, LEVEL2_LEN + 1);
    uint32_t id = cg_map_fn(w->p, n, len + LEVEL2_LEN, &w->map_err);
    free(n);
    return id;
}

/* A function's name without a recursion level (`F'2` is F), as call
   paths and flame graphs name it. */
static uint32_t base_fn(const cg_profile *p, uint32_t fn)
{
    const cg_str *n = cg_name(&p->fns, fn);
    if (n->len < LEVEL2_LEN || memcmp(n->s + n->len - LEVEL2_LEN, level2_suffix, LEVEL2_LEN) != 0)
        return fn;
    uint32_t b = cg_strtab_find(&p->fns, n->s, n->len - LEVEL2_LEN);
    return b == CG_NONE ? fn : b;
}

static uint32_t file_id(rw *w, const char *name)
{
    uint32_t raw;
    return cg_map_file(w->p, name, strlen(name), &raw, &w->map_err);
}

/* Whether frame k's function is one of frames 0 .. k-1 (a function
   inlined into itself, directly or not). */
static bool repeats(const cg_chain_level *c, size_t k, const char *outer)
{
    if (strcmp(c[k].fn, outer) == 0) return true;
    for (size_t j = 1; j < k; j++)
        if (strcmp(c[j].fn, c[k].fn) == 0) return true;
    return false;
}

/* What a --diff's side changes: the sum's sign, and with the sides kept
   (cg_profile.keep_sides) the entry's or call's side bit and the old
   side's own costs. */
static int sign_of(uint8_t side)
{
    return side == CG_SIDE_OLD ? -1 : 1;
}

static void pair_add(cg_profile *p, uint32_t pair, const cg_count *v, int by, uint8_t side)
{
    cg_cc_add(cg_pair_cc(p, pair), v, p->n_events, by * sign_of(side));
    if (!p->keep_sides) return;
    p->pairs[pair].sides |= 1u << side;
    if (side == CG_SIDE_OLD)
        cg_cc_add(p->pair_old_cc + (size_t)pair * p->n_events, v, p->n_events, by);
}

static void arc_add(cg_profile *p, uint32_t a, cg_count count, const cg_count *v, int by,
                    uint8_t side)
{
    p->arcs[a].count += by * sign_of(side) * count;
    cg_arc_add(p, a, v, by * sign_of(side));
    if (!p->keep_sides) return;
    p->arcs[a].sides |= 1u << side;
    if (side == CG_SIDE_OLD) {
        cg_count *old = p->arc_old + (size_t)a * (p->n_events + 1);
        cg_cc_add(old, v, p->n_events, by);
        old[p->n_events] += by * count;
    }
}

/* Adds costs v to each inlined call of chain c[0 .. n) (c[0] the
   out-of-line function, whose entry is `outer`) on a --diff's `side`; the
   innermost frame's entry in *inner.  `file`: the innermost frame's file
   as the flat part names it (CG_NONE: as DWARF does). */
static bool walk(rw *w, uint32_t outer, uint32_t file, const cg_chain_level *c, size_t n,
                 const cg_count *v, uint8_t side, uint32_t *inner)
{
    cg_profile *p = w->p;
    size_t nev = p->n_events;
    const cg_pair *fp = &p->pairs[outer];
    uint32_t obj = fp->obj;
    /* The out-of-line function's name as DWARF gives it, for the
       repeats: the entry's may carry a recursion level. */
    const char *outer_name = c[0].fn;
    uint32_t caller = outer;
    for (size_t k = 1; k < n; k++) {
        /* The innermost frame's code is the instruction's line, in the
           file the flat part names it by; the others' is where DWARF says. */
        uint32_t f = k + 1 == n && file != CG_NONE ? file : file_id(w, c[k].file);
        bool level2 = repeats(c, k, outer_name);
        uint32_t callee_fn = fn_id(w, c[k].fn, level2);
        if (f == CG_NONE || callee_fn == CG_NONE) return cg_error_set(w->err, 1, "%s", w->map_err);
        if (!cg_mag_add(p->count_mag, v, nev))
            return cg_error_set(w->err, 1, "counts too large for 64 bits");
        /* A second read (cg_annotate's, for lines) keeps the graph made. */
        if (!p->skip_arcs) arc_add(p, cg_arc_get(p, caller, 0, obj, f, callee_fn), 0, v, 1, side);
        cg_intern(&w->seen, c[k].fn, strlen(c[k].fn));
        /* The frame's own entry: level-2 frames' self costs are the
           function's, as in the rest of a Cachegrind file. */
        cg_pair_key key = {f, fn_id(w, c[k].fn, false), false, obj, f};
        caller = cg_pair_get(p, &key);
        w->frame_fn[k] = key.fn;
        w->frame_file[k] = f;
        p->pairs[caller].counted = true;
        if (p->keep_sides) p->pairs[caller].sides |= 1u << side;
    }
    *inner = caller;
    return true;
}

/* Moves one instruction's costs v from `flat` (its line's entry) to its
   innermost frame, through its chain's inlined calls. */
static bool move(rw *w, uint32_t flat, uint32_t file, const cg_chain_level *c, size_t n,
                 const cg_count *v, uint8_t side)
{
    cg_profile *p = w->p;
    uint32_t inner;
    if (!walk(w, flat, file, c, n, v, side, &inner)) return false;
    pair_add(p, flat, v, -1, side);
    pair_add(p, inner, v, 1, side);
    /* Flame graphs of a --diff have no inlined frames. */
    if (side != CG_SIDE_NEW) return true;
    /* The chain in its out-of-line function's tree, for flame graphs: its
       frames named as their entries are. */
    uint32_t node = cg_inls_node(&p->inls, CG_NO_NODE, p->pairs[flat].fn, CG_NONE);
    for (size_t k = 1; k < n; k++)
        node = cg_inls_node(&p->inls, node, w->frame_fn[k], w->frame_file[k]);
    cg_cc_add(cg_inls_node_cc(&p->inls, node), v, p->n_events, 1);
    return true;
}

/* Moves a call from inlined code from its out-of-line caller `outer` to
   the innermost frame of its call instruction, through the chain's
   inlined calls, whose inclusive costs it adds to. */
static bool move_call(rw *w, uint32_t outer, const cg_inl_call *e, const cg_chain_level *c,
                      size_t n, const cg_count *v)
{
    cg_profile *p = w->p;
    uint32_t inner;
    if (!walk(w, outer, CG_NONE, c, n, v, e->side, &inner)) return false;
    if (!p->skip_arcs) {
        arc_add(p, cg_arc_get(p, outer, 0, e->cobj, e->cfile, e->cfn), e->count, v, -1, e->side);
        arc_add(p, cg_arc_get(p, inner, 0, e->cobj, e->cfile, e->cfn), e->count, v, 1, e->side);
    }
    if (e->side != CG_SIDE_NEW) return true;
    cg_inls *s = &p->inls;
    uint32_t root = cg_inls_node(s, CG_NO_NODE, base_fn(p, p->pairs[outer].fn), CG_NONE),
             node = root;
    for (size_t k = 1; k < n; k++) node = cg_inls_node(s, node, w->frame_fn[k], w->frame_file[k]);
    xgrow((void **)&s->sites, &s->cap_sites, s->n_sites + 1, sizeof *s->sites);
    s->sites[s->n_sites++] = (struct cg_inl_site){root, node, base_fn(p, e->cfn)};
    return true;
}

/* The entry the flat part (or the call graph) made for (file, fn): the
   graph put its function in its object and home file, which a pair found
   by file and name alone may not have. */
static uint32_t entry_of(const cg_profile *p, uint32_t file, uint32_t fn)
{
    if (file >= p->cap_finfo) return CG_NONE;
    for (uint32_t j = p->finfo[file].first_pair; j != CG_NONE; j = p->pairs[j].next_in_file)
        if (p->pairs[j].fn == fn && !p->pairs[j].orphan) return j;
    return CG_NONE;
}

bool cg_inline_apply(cg_profile *p, cg_chain_fn chain, void *ctx, cg_inline_stats *st,
                     cg_error *err)
{
    memset(st, 0, sizeof *st);
    rw w = {.p = p, .err = err, .map_err = ""};
    cg_strtab_init(&w.seen);
    cg_chain_level *c = xmalloc(MAX_LEVELS * sizeof *c);
    cg_count *buf = xmalloc((p->n_events + 1) * sizeof *buf);
    cg_inls *s = &p->inls;
    bool ok = true;
    for (size_t i = 0; ok && i < s->n; i++) {
        const cg_inl *e = &s->v[i];
        st->instrs++;
        size_t n;
        if (e->inner != CG_NONE) {
            /* Named by the file (CodSpeed's cfni=): one level, in the
               line's file. */
            const char *file = cg_name(&p->files, e->file)->s;
            c[0] = (cg_chain_level){cg_name(&p->fns, e->fn)->s, file};
            c[1] = (cg_chain_level){cg_name(&p->fns, e->inner)->s, file};
            n = 2;
        } else {
            n = chain(ctx, e->obj, cg_name(&p->objs, e->obj), e->addr, c, MAX_LEVELS);
        }
        if (n == 0) {
            st->unknown++;
            continue;
        }
        if (n > MAX_LEVELS) n = MAX_LEVELS;
        if (n > st->max_depth) st->max_depth = n;
        if (n < 2) continue;
        uint32_t flat = entry_of(p, e->file, e->fn);
        if (flat == CG_NONE) {
            st->unknown++;
            continue;
        }
        const cg_count *v = cg_inls_cc(s, (uint32_t)i, buf);
        ok = move(&w, flat, e->file, c, n, v, e->side);
        st->moved++;
    }
    for (size_t i = 0; ok && i < s->n_calls; i++) {
        const cg_inl_call *e = &s->calls[i];
        size_t n = chain(ctx, e->obj, cg_name(&p->objs, e->obj), e->addr, c, MAX_LEVELS);
        if (n > MAX_LEVELS) n = MAX_LEVELS;
        uint32_t outer = n >= 2 ? entry_of(p, e->file, e->fn) : CG_NONE;
        if (outer == CG_NONE) continue;
        ok = move_call(&w, outer, e, c, n, cg_inls_call_cc(s, (uint32_t)i, buf));
        st->calls++;
    }
    /* Each tree's root: what its function kept, the self cost of all its
       entries now. */
    uint32_t *root_of = xmalloc((p->fns.n + 1) * sizeof *root_of);
    for (size_t f = 0; f < p->fns.n; f++) root_of[f] = CG_NO_NODE;
    for (uint32_t r = s->n_nodes ? 0 : CG_NO_NODE; r != CG_NO_NODE; r = s->nodes[r].next)
        root_of[s->nodes[r].fn] = r;
    for (size_t j = 0; j < p->n_pairs; j++)
        if (root_of[p->pairs[j].fn] != CG_NO_NODE)
            cg_cc_add(cg_inls_node_cc(s, root_of[p->pairs[j].fn]), cg_pair_cc(p, (uint32_t)j),
                      p->n_events, 1);
    free(root_of);
    st->frames = w.seen.n;
    p->inline_rewritten = true;
    free(buf);
    free(c);
    cg_strtab_free(&w.seen);
    return ok;
}
