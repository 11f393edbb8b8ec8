/* SPDX-License-Identifier: GPL-2.0-or-later */
/* report-html-flame.c: the HTML report's flame graph (docs/post-processors.md,
   "Flame graphs"): the calling-context tree of flame.c, pruned to what a
   page can draw, written as a JSON document in a data block that
   report-html-flame.js draws, with the words a reader needs around it:
   what a frame is and what was collapsed (the script says what was left
   out, for the event it shows), and, for a tree
   estimated from arcs, that it is an estimate and where.  The data holds
   both views (recursion collapsed, the first; expanded) so that the
   script only draws. */
#include "report-html-flame.h"
#include "html.h"
#include "json.h"
#include "numfmt.h"

#include <stdlib.h>

/* A page draws no deeper than this (a 60,000-deep recursion, expanded). */
#define DEPTH_MAX 1000 /* the notes say 1,000 */

bool cg_html_has_flame(const cg_report *r)
{
    return r->graph != NULL;
}

/* The functions the views' frames name, each once: (file, fn) -> index. */
typedef struct fnset {
    cg_u64map index;
    size_t n;
    uint32_t *file, *fn; /* by index */
} fnset;

static uint32_t fn_index(fnset *s, uint32_t file, uint32_t fn)
{
    uint32_t *v = cg_u64map_slot(&s->index, (uint64_t)file << 32 | fn, true);
    if (*v) return *v - 1;
    *v = (uint32_t)s->n + 1;
    s->file = xrealloc(s->file, (s->n + 1) * sizeof *s->file);
    s->fn = xrealloc(s->fn, (s->n + 1) * sizeof *s->fn);
    s->file[s->n] = file;
    s->fn[s->n] = fn;
    return (uint32_t)s->n++;
}

static void fnset_free(fnset *s)
{
    cg_u64map_free(&s->index);
    free(s->file);
    free(s->fn);
}

/* One view of the tree, pruned. */
typedef struct view {
    const cg_flame *fl;
    bool *keep;
    size_t n_kept, n_pruned;
    cg_count *pruned_cost; /* sides x nev */
} view;

static void view_make(view *v, const cg_flame *fl, double pct)
{
    v->fl = fl;
    v->keep = xmalloc((fl->n + 1) * sizeof *v->keep);
    v->pruned_cost = xcalloc(fl->sides * fl->nev, sizeof(cg_count));
    cg_flame_prune(fl, pct, DEPTH_MAX, v->keep, &v->n_pruned, v->pruned_cost);
    /* An estimate's frames left out when it was made count too. */
    v->n_pruned += fl->est_pruned;
    cg_cc_add(v->pruned_cost, fl->est_pruned_cost, fl->sides * fl->nev, 1);
    v->n_kept = 0;
    for (size_t i = 0; i < fl->n; i++) v->n_kept += v->keep[i];
}

static void counts(cg_jout *j, const cg_count *v, size_t n)
{
    cg_j_lit(j, "[");
    for (size_t e = 0; e < n; e++) {
        if (e) cg_j_lit(j, ",");
        cg_j_int(j, v[e]);
    }
    cg_j_lit(j, "]");
}

/* Writes frame i's element of an array. */
typedef void put_fn(cg_jout *j, const cg_flame *fl, size_t i, void *ctx);

/* `,"key":[...]`: an element per kept frame. */
static void per_frame(cg_jout *j, const view *v, const char *key, put_fn *put, void *ctx)
{
    cg_j_lit(j, ",\"");
    cg_j_lit(j, key);
    cg_j_lit(j, "\":[");
    bool first = true;
    for (size_t i = 0; i < v->fl->n; i++) {
        if (!v->keep[i]) continue;
        if (!first) cg_j_lit(j, ",");
        first = false;
        put(j, v->fl, i, ctx);
    }
    cg_j_lit(j, "]");
}

typedef struct ids {
    uint32_t *at; /* frame -> its index among the kept (CG_NONE: pruned) */
    fnset *fns;
} ids;

static void put_parent(cg_jout *j, const cg_flame *fl, size_t i, void *ctx)
{
    const ids *d = ctx;
    cg_j_int(j, fl->f[i].parent == CG_NONE ? -1 : (int64_t)d->at[fl->f[i].parent]);
}
static void put_fn_index(cg_jout *j, const cg_flame *fl, size_t i, void *ctx)
{
    const cg_frame *x = &fl->f[i];
    bool rest = x->kind == CG_FRAME_REST;
    if (x->kind == CG_FRAME_ROOT)
        cg_j_int(j, -1);
    else
        cg_j_int(j, fn_index(((ids *)ctx)->fns, rest ? CG_NONE : x->file, rest ? CG_NONE : x->fn));
}
static void put_rec(cg_jout *j, const cg_flame *fl, size_t i, void *ctx)
{
    (void)ctx;
    cg_j_int(j, fl->f[i].rec);
}
static void put_est(cg_jout *j, const cg_flame *fl, size_t i, void *ctx)
{
    (void)ctx;
    cg_j_int(j, fl->f[i].est);
}
static void put_calls(cg_jout *j, const cg_flame *fl, size_t i, void *ctx)
{
    (void)ctx;
    cg_j_int(j, fl->f[i].calls[0]);
}

/* A frame's counts of one side: its inclusive or its self cost. */
typedef struct side_cc {
    cg_count *(*of)(const cg_flame *, size_t, size_t);
    size_t side;
} side_cc;

static void put_cc(cg_jout *j, const cg_flame *fl, size_t i, void *ctx)
{
    const side_cc *c = ctx;
    counts(j, c->of(fl, i, c->side), fl->nev);
}

static void view_json(cg_jout *j, const view *v, fnset *fns)
{
    const cg_flame *fl = v->fl;
    ids d = {.at = xmalloc((fl->n + 1) * sizeof *d.at), .fns = fns};
    uint32_t k = 0;
    for (size_t i = 0; i < fl->n; i++) d.at[i] = v->keep[i] ? k++ : CG_NONE;
    cg_j_lit(j, "{\"n\":");
    cg_j_int(j, (int64_t)v->n_kept);
    per_frame(j, v, "parent", put_parent, &d);
    per_frame(j, v, "fn", put_fn_index, &d);
    per_frame(j, v, "rec", put_rec, NULL);
    per_frame(j, v, "est", put_est, NULL);
    per_frame(j, v, "calls", put_calls, NULL);
    static const struct {
        const char *key;
        side_cc cc;
    } costs[] = {{"incl", {cg_frame_incl, 0}},
                 {"self", {cg_frame_self, 0}},
                 {"old", {cg_frame_incl, 1}},
                 {"oldSelf", {cg_frame_self, 1}}};
    for (size_t k = 0; k < (fl->sides == 2 ? 4u : 2u); k++)
        per_frame(j, v, costs[k].key, put_cc, (void *)&costs[k].cc);
    cg_j_lit(j, ",\"pruned\":{\"frames\":");
    cg_j_int(j, (int64_t)v->n_pruned);
    cg_j_lit(j, ",\"cost\":");
    counts(j, v->pruned_cost, fl->nev);
    cg_j_lit(j, "}}");
    free(d.at);
}

static void put(FILE *f, cg_buf *b)
{
    fwrite(b->p, 1, b->len, f);
    b->len = 0;
}

/* The words around the graph. */
static void notes(cg_buf *b, const cg_report *r, const cg_flame *fl, const view *v, bool two)
{
    cg_buf_adds(b, "<p class=\"note\">Each frame is a call path: a function, as called from the "
                   "frames above it. Its width is what that path's calls cost, with everything "
                   "they called (the chosen event's inclusive cost), ");
    if (fl->estimate)
        cg_buf_adds(b, "as far as the profile's calls can tell (below).");
    else
        cg_buf_adds(b, "exactly as the tool measured it (it records every "
                       "call path).");
    cg_buf_adds(b, " Click a frame to zoom into it, a frame above to zoom back out; hover or "
                   "focus one for its counts.");
    if (two)
        cg_buf_adds(b, " A function that calls itself directly is drawn as one frame "
                       "(&#8635;; the switch expands it).");
    if (r->diff)
        cg_buf_adds(b, " The new profile is drawn; a frame's colour is its change, growth warm "
                       "and shrinkage cool, darker the nearer it comes to the largest change of "
                       "any frame (a step per factor of 10); frames only in the old profile are "
                       "listed below the graph.");
    cg_buf_adds(b, "</p>\n");
    if (fl->estimate) {
        size_t split = 0, est = 0;
        for (size_t i = 0; i < fl->n; i++) {
            if (!v->keep[i]) continue;
            split += (fl->f[i].est & CG_EST_SPLIT) != 0;
            est += (fl->f[i].est & CG_EST_WIDTH) != 0;
        }
        cg_buf_printf(b,
                      "<div class=\"box est\" role=\"note\"><strong>An estimate, not a "
                      "measurement.</strong> This profile has calls from one function to "
                      "another, not the paths they ran on (Callgrind's files keep "
                      "no paths). The frames are exact down "
                      "to a function with several callers, or whose cost the file gives only as "
                      "a lower bound (a cycle, a name several functions share); below it each "
                      "callee's cost is split among its frames in proportion to their costs, a "
                      "guess. %zu frames mark where a split starts (dashed) and the %zu frames "
                      "below them are estimates (hatched). Our tool "
                      "measures every path.</div>\n",
                      split, est);
    }
}

void cg_html_flame(FILE *f, const cg_report *r, const cg_flame_page *pg)
{
    if (!cg_html_has_flame(r)) return;
    const cg_profile *p = r->prof;
    cg_buf b = {0};
    cg_buf_adds(&b, "<section id=\"flame\" aria-labelledby=\"h-flame\">\n<h2 id=\"h-flame\">"
                    "Flame graph</h2>\n");
    const char *why = cg_flame_absent(p, r->graph, r->diff);
    if (why) {
        cg_buf_adds(&b, "<p class=\"note\">No flame graph: ");
        cg_html_str(&b, why);
        cg_buf_adds(&b, ".</p>\n</section>\n");
        put(f, &b);
        free(b.p);
        return;
    }
    cg_flame tree, collapsed, flat, flat_collapsed;
    cg_flame_make(&tree, p, r->graph, r->diff, r->flame_pct, true);
    cg_flame_collapse(&tree, &collapsed);
    /* The collapsed view first, the expanded one only when the collapse
       changed something; --collapse-recursion=no opens the page on it.
       With inlined frames, the same again with them folded into the
       frames they were inlined into (the page's switch). */
    const cg_flame *first = &collapsed;
    bool two = collapsed.max_rec > 0, inl = false;
    for (size_t i = 0; i < tree.n && !inl; i++) inl = (tree.f[i].est & CG_EST_INLINED) != 0;
    view v[4];
    size_t nv = 0;
    view_make(&v[nv++], first, r->flame_pct);
    if (two) view_make(&v[nv++], &tree, r->flame_pct);
    if (inl) {
        cg_flame_make(&flat, p, r->graph, r->diff, r->flame_pct, false);
        cg_flame_collapse(&flat, &flat_collapsed);
        view_make(&v[nv++], &flat_collapsed, r->flame_pct);
        if (two) view_make(&v[nv++], &flat, r->flame_pct);
    }
    notes(&b, r, first, &v[0], two);
    if (inl) {
        size_t est = 0;
        for (size_t i = 0; i < first->n; i++)
            est += v[0].keep[i] && (first->f[i].est & CG_EST_INLINED) &&
                   (first->f[i].est & CG_EST_WIDTH);
        cg_buf_adds(&b, "<p class=\"note\">Inlined functions (cg_annotate --inline-frames=yes) "
                        "are frames of their own, drawn with a dashed edge, under the function "
                        "they were inlined into; the switch folds them back into it. An inlined "
                        "frame's width is exact where its function has one frame");
        if (est)
            cg_buf_printf(&b,
                          "; where it has several, each frame's own cost is split as the "
                          "function's is over all of them, an estimate: %zu frames so drawn are "
                          "marked estimated",
                          est);
        cg_buf_adds(&b, ".</p>\n");
    }
    cg_buf_adds(&b, "<div id=\"fl\" class=\"flame\"></div>\n"
                    "<script type=\"application/json\" id=\"fl-data\">");
    put(f, &b);

    cg_jout j = {.f = f, .script = true};
    size_t nev = p->n_events;
    cg_j_lit(&j, "{\"events\":[");
    for (size_t e = 0; e < nev; e++) {
        if (e) cg_j_lit(&j, ",");
        cg_j_str(&j, p->events[e].s, p->events[e].len);
    }
    cg_j_lit(&j, "],\"names\":[");
    for (size_t e = 0; e < nev; e++) {
        const char *m = pg->meanings[e];
        if (e) cg_j_lit(&j, ",");
        if (m)
            cg_j_str(&j, m, strlen(m));
        else
            cg_j_str(&j, p->events[e].s, p->events[e].len);
    }
    cg_j_lit(&j, "],\"event\":");
    cg_j_int(&j, (int64_t)r->show[0].event);
    cg_j_lit(&j, r->diff ? ",\"diff\":true" : ",\"diff\":false");
    cg_j_lit(&j, first->estimate ? ",\"estimate\":true" : ",\"estimate\":false");
    cg_j_lit(&j, two && !r->collapse ? ",\"expanded\":true" : ",\"expanded\":false");
    /* views[0 .. recViews): with inlined frames; the rest, as many, with
       them folded (inlined: true). */
    cg_j_lit(&j, two ? ",\"recViews\":2" : ",\"recViews\":1");
    cg_j_lit(&j, inl ? ",\"inlined\":true" : ",\"inlined\":false");
    char th[64];
    cg_fmt_float_repr(th, sizeof th, r->flame_pct);
    cg_j_lit(&j, ",\"threshold\":");
    cg_j_lit(&j, th);
    cg_j_lit(&j, ",\"total\":");
    counts(&j, cg_frame_incl(first, 0, 0), nev);
    if (r->diff) {
        cg_j_lit(&j, ",\"oldTotal\":");
        counts(&j, cg_frame_incl(first, 0, 1), nev);
    }
    /* The views first: they name the functions. */
    fnset fns = {0};
    cg_j_lit(&j, ",\"views\":[");
    for (size_t k = 0; k < nv; k++) {
        if (k) cg_j_lit(&j, ",");
        view_json(&j, &v[k], &fns);
    }
    cg_j_lit(&j, "],\"fns\":[");
    cg_buf entry = {0}, lines = {0};
    for (size_t i = 0; i < fns.n; i++) {
        if (i) cg_j_lit(&j, ",");
        cg_j_lit(&j, "[");
        if (fns.fn[i] == CG_NONE) {
            cg_j_lit(&j, "\"(outside any call)\",\"\",\"\",\"\"]");
            continue;
        }
        const cg_str *fn = cg_name(&p->fns, fns.fn[i]), *file = cg_name(&p->files, fns.file[i]);
        cg_j_str(&j, fn->s, fn->len);
        cg_j_lit(&j, ",");
        cg_j_str(&j, file->s, file->len);
        entry.len = lines.len = 0;
        pg->links(pg->ctx, fns.file[i], fns.fn[i], &entry, &lines);
        cg_j_lit(&j, ",");
        cg_j_str(&j, entry.p, entry.len);
        cg_j_lit(&j, ",");
        cg_j_str(&j, lines.p, lines.len);
        cg_j_lit(&j, "]");
    }
    cg_j_lit(&j, "]}");
    cg_j_flush(&j);
    fputs("</script>\n</section>\n", f);

    free(entry.p);
    free(lines.p);
    fnset_free(&fns);
    for (size_t k = 0; k < nv; k++) {
        free(v[k].keep);
        free(v[k].pruned_cost);
    }
    cg_flame_free(&collapsed);
    cg_flame_free(&tree);
    if (inl) {
        cg_flame_free(&flat_collapsed);
        cg_flame_free(&flat);
    }
    free(b.p);
}
