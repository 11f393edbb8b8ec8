/* SPDX-License-Identifier: GPL-2.0-or-later */
/* report-json.c: cg_annotate --format=json (docs/json.md, "The document";
   the schema is docs/cg_annotate.schema.json).  Which pairs are listed and
   in what order is decided by the report model (report-model.c), as for
   the text report and the page; this file only writes them out. */
#include "json.h"
#include "numfmt.h"
#include "report.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* The document being written: made by cg_report_json and handed to every
   helper, so that nothing of one document outlives it.  The writer's buffer is large, so the whole
   is on the heap. */
struct json {
    const cg_report *r;
    cg_jout out;
};

static void cg_j_cstr(cg_jout *out, const char *s)
{
    cg_j_str(out, s, strlen(s));
}

static void text(cg_jout *out, const cg_text *t)
{
    cg_j_str(out, t->s, t->len);
}

/* `[a, b, ...]`: the row's values in the shown columns (cc: its counts by
   event), or with `line` first. */
static void row(struct json *js, const int64_t *line, const cg_count *cc)
{
    cg_jout *out = &js->out;
    char *p = cg_j_reserve(out, (js->r->n_show + 1) * (CG_J_INT_MAX + 2) + 2), *start = p;
    *p++ = '[';
    if (line) {
        p = cg_j_put_int(p, *line);
        *p++ = ',', *p++ = ' ';
    }
    for (size_t i = 0; i < js->r->n_show; i++) {
        if (i) *p++ = ',', *p++ = ' ';
        p = cg_j_put_int(p, cg_col_value(&js->r->show[i], cc, NULL));
    }
    *p++ = ']';
    out->len += (size_t)(p - start);
}

static void shown(struct json *js, const cg_count *cc)
{
    row(js, NULL, cc);
}

/* The events of columns cols[0 .. n) (`Ir:incl` for an inclusive one), or
   the n recorded ones (cols NULL). */
static void event_list(struct json *js, const cg_col *cols, size_t n)
{
    cg_jout *out = &js->out;
    const cg_profile *p = js->r->prof;
    cg_j_raw(out, "[", 1);
    cg_buf b = {0};
    for (size_t i = 0; i < n; i++) {
        if (i) cg_j_lit(out, ", ");
        const cg_text *e = &p->events[cols ? cols[i].event : i];
        b.len = 0;
        cg_buf_add(&b, e->s, e->len);
        if (cols) cg_buf_adds(&b, cg_col_suffix(&cols[i]));
        cg_j_str(out, b.p, b.len);
    }
    cg_buf_free(&b);
    cg_j_raw(out, "]", 1);
}

static void counts(cg_jout *out, const cg_count *v, size_t n)
{
    cg_j_raw(out, "[", 1);
    for (size_t e = 0; e < n; e++) {
        if (e) cg_j_lit(out, ", ");
        cg_j_int(out, v[e]);
    }
    cg_j_raw(out, "]", 1);
}

/* What only a Callgrind input has: its creator, its parts (each dump or
   thread file, with its total and whether --part counted it) and its
   summary: lines where they exceed the totals (docs/json.md). */
static void callgrind_input(struct json *js, const cg_input *in)
{
    cg_jout *out = &js->out;
    const cg_profile *p = js->r->prof;
    cg_j_lit(out, ", \"format\": \"callgrind\", \"creator\": ");
    text(out, &in->creator);
    cg_j_lit(out, ", \"parts\": [");
    for (size_t k = in->first_part; k < in->first_part + in->n_parts; k++) {
        const cg_part *pt = &p->parts[k];
        cg_j_lit(out, k > in->first_part ? ", {\"part\": " : "{\"part\": ");
        cg_j_int(out, pt->number);
        cg_j_lit(out, ", \"thread\": ");
        cg_j_int(out, pt->thread);
        cg_j_lit(out, ", \"trigger\": ");
        text(out, &pt->trigger);
        cg_j_lit(out, pt->picked ? ", \"counted\": true, \"total\": "
                                 : ", \"counted\": false, \"total\": ");
        counts(out, pt->total, in->n_events);
        cg_j_raw(out, "}", 1);
    }
    cg_j_raw(out, "]", 1);
    if (in->claimed) {
        cg_j_lit(out, ", \"summary\": ");
        counts(out, in->claimed, in->n_events);
    }
}

static void inputs(struct json *js)
{
    cg_jout *out = &js->out;
    const cg_profile *p = js->r->prof;
    cg_j_lit(out, "  \"inputs\": [");
    for (size_t i = 0; i < p->n_inputs; i++) {
        const cg_input *in = &p->inputs[i];
        cg_j_lit(out, i ? ",\n    {\"path\": " : "\n    {\"path\": ");
        cg_j_cstr(out, in->path);
        cg_j_lit(out, ", \"desc\": [");
        for (size_t d = 0; d < in->n_desc; d++) {
            if (d) cg_j_lit(out, ", ");
            text(out, &in->desc[d]);
        }
        cg_j_lit(out, "], \"cmd\": ");
        text(out, &in->cmd);
        cg_j_lit(out, ", \"fingerprint\": ");
        const cg_fingerprint *fp = &js->r->fp->inputs[i];
        if (!fp->present) {
            cg_j_lit(out, "null");
        } else {
            cg_j_raw(out, "{", 1);
            for (size_t f = 0; f < fp->n; f++) {
                if (f) cg_j_lit(out, ", ");
                text(out, &fp->fields[f].key);
                cg_j_lit(out, ": ");
                text(out, &fp->fields[f].value);
            }
            cg_j_raw(out, "}", 1);
        }
        cg_j_lit(out, ", \"total\": ");
        counts(out, in->total, in->n_events);
        if (in->format == CG_FMT_CALLGRIND) callgrind_input(js, in);
        cg_j_raw(out, "}", 1);
    }
    cg_j_lit(out, "\n  ],\n");
}

/* The pairs and their order are the report model's (report-model.c): every
   pair unless --threshold was given. */
static void functions(struct json *js)
{
    cg_jout *out = &js->out;
    cg_pair_rows l;
    cg_pair_rows_make(js->r, CG_KEEP_GIVEN, &l);
    cg_j_lit(out, "  \"functions\": [");
    for (size_t i = 0; i < l.n; i++) {
        const cg_pair_row *v = &l.v[i];
        cg_j_lit(out, i ? ",\n    {\"file\": " : "\n    {\"file\": ");
        cg_j_str(out, v->file->s, v->file->len);
        cg_j_lit(out, ", \"function\": ");
        cg_j_str(out, v->fn->s, v->fn->len);
        cg_j_lit(out, ", \"counts\": ");
        shown(js, v->cc);
        cg_j_raw(out, "}", 1);
    }
    cg_j_lit(out, l.n ? "\n  ],\n" : "],\n");
    cg_pair_rows_free(&l);
}

/* Every file with counts, by name, its lines ascending (both orders are
   the report model's). */
static void files(struct json *js)
{
    cg_jout *out = &js->out;
    const cg_profile *p = js->r->prof;
    uint32_t *ids = xmalloc((p->files.n + 1) * sizeof *ids);
    cg_count *buf = xmalloc((p->n_events + 1) * sizeof *buf);
    size_t n = 0, nl;
    for (uint32_t f = 0; f < p->files.n; f++)
        if (cg_file_lines(p, f, &nl), nl) ids[n++] = f;
    cg_files_by_name(p, ids, n);
    cg_j_lit(out, "  \"files\": [");
    for (size_t i = 0; i < n; i++) {
        uint32_t f = ids[i];
        const cg_str *name = cg_name(&p->files, f);
        cg_j_lit(out, i ? ",\n    {\"file\": " : "\n    {\"file\": ");
        cg_j_str(out, name->s, name->len);
        cg_j_lit(out, ", \"lines\": [");
        uint32_t l0 = cg_file_lines(p, f, &nl);
        for (uint32_t j = 0; j < nl; j++) {
            if (j) cg_j_lit(out, ", ");
            row(js, &p->lines[l0 + j].line, cg_line_cc(p, l0 + j, buf));
        }
        cg_j_lit(out, "]}");
    }
    cg_j_lit(out, n ? "\n  ],\n" : "],\n");
    free(ids);
    free(buf);
}

/* ------------------------------------------------------------ call graph */

/* A function's or call's counts: the shown events of cc. */
static void graph_counts(struct json *js, const cg_count *cc)
{
    row(js, NULL, cc);
}

static void graph_name(struct json *js, uint32_t fn)
{
    const cg_str *s = cg_name(&js->r->graph->names, fn);
    cg_j_str(&js->out, s->s, s->len);
}

/* The call graph (docs/json.md, "The call graph"): its functions and calls
   in the report model's order, and its cycles. */
static void call_graph(struct json *js)
{
    const cg_report *r = js->r;
    const cg_fgraph *g = r->graph;
    cg_jout *out = &js->out;
    cg_tree_list t;
    cg_tree_make(r, CG_KEEP_GIVEN, &t);
    cg_count *buf = xmalloc((g->nev + 1) * sizeof *buf);
    cg_j_lit(out, g->folded ? "  \"call_graph\": {\n    \"folded\": true,\n    \"functions\": ["
                            : "  \"call_graph\": {\n    \"folded\": false,\n    \"functions\": [");
    size_t k = 0;
    for (size_t i = 0; i < t.n; i++) {
        const cg_tree_entry *e = &t.e[i];
        if (e->fn == CG_NONE) continue;
        const cg_ffn *f = &g->fns[e->fn];
        cg_j_lit(out, k++ ? ",\n      {\"function\": " : "\n      {\"function\": ");
        graph_name(js, e->fn);
        cg_j_lit(out, ", \"self\": ");
        graph_counts(js, cg_ffn_self(g, e->fn));
        cg_j_lit(out, ", \"inclusive\": ");
        graph_counts(js, cg_ffn_incl(g, e->fn));
        cg_j_lit(out,
                 f->exact ? ", \"exact\": true, \"cycle\": " : ", \"exact\": false, \"cycle\": ");
        if (f->cycle == CG_NONE)
            cg_j_lit(out, "null");
        else
            cg_j_int(out, (int64_t)f->cycle + 1);
        cg_j_lit(out, cg_graph_mark(r, e->fn) == CG_MARK_SHARED_CODE ? ", \"shared_code\": true"
                                                                     : ", \"shared_code\": false");
        cg_j_lit(out, ", \"calls\": ");
        cg_j_int(out, f->calls);
        cg_j_lit(out, ", \"recursive_calls\": ");
        cg_j_int(out, f->rcalls);
        cg_j_raw(out, "}", 1);
    }
    cg_j_lit(out, k ? "\n    ],\n    \"calls\": [" : "],\n    \"calls\": [");
    k = 0;
    for (size_t i = 0; i < t.n; i++) {
        const cg_tree_entry *e = &t.e[i];
        for (size_t j = 0; j < e->n_callees; j++) {
            const cg_farc *a = &g->arcs[e->callees[j]];
            cg_j_lit(out, k++ ? ",\n      {\"caller\": " : "\n      {\"caller\": ");
            graph_name(js, a->from);
            cg_j_lit(out, ", \"callee\": ");
            graph_name(js, a->to);
            cg_j_lit(out, ", \"count\": ");
            cg_j_int(out, a->count);
            cg_j_lit(out, ", \"recursive_count\": ");
            cg_j_int(out, a->rcount);
            if (cg_calls_inlined(js->r, a->count, a->rcount)) cg_j_lit(out, ", \"inlined\": true");
            cg_j_lit(out, ", \"inclusive\": ");
            graph_counts(js, cg_farc_cc(g, e->callees[j], buf));
            cg_j_raw(out, "}", 1);
        }
    }
    cg_j_lit(out, k ? "\n    ],\n    \"cycles\": [" : "],\n    \"cycles\": [");
    for (size_t c = 0; c < g->n_cycles; c++) {
        const cg_fcycle *y = &g->cycles[c];
        cg_j_lit(out, c ? ",\n      {\"cycle\": " : "\n      {\"cycle\": ");
        cg_j_int(out, (int64_t)c + 1);
        cg_j_lit(out, ", \"members\": [");
        for (size_t m = 0; m < y->n_members; m++) {
            if (m) cg_j_lit(out, ", ");
            graph_name(js, y->members[m]);
        }
        cg_j_lit(out, "], \"self\": ");
        graph_counts(js, g->cycle_self + c * g->nev);
        cg_j_lit(out, ", \"inclusive\": ");
        graph_counts(js, g->cycle_incl + c * g->nev);
        cg_j_raw(out, "}", 1);
    }
    cg_j_lit(out, g->n_cycles ? "\n    ]\n  },\n" : "]\n  },\n");
    free(buf);
    cg_tree_free(&t);
}

static void limits(struct json *js)
{
    cg_jout *out = &js->out;
    const cg_fp_check *fp = js->r->fp;
    cg_j_lit(out, "  \"fingerprint_mismatches\": [");
    for (size_t i = 0; i < fp->n_mismatches; i++) {
        cg_j_lit(out, i ? ", {\"field\": " : "{\"field\": ");
        text(out, &fp->mismatches[i].field);
        cg_j_lit(out, ", \"values\": [");
        text(out, &fp->mismatches[i].a);
        cg_j_lit(out, ", ");
        text(out, &fp->mismatches[i].b);
        cg_j_lit(out, "]}");
    }
    cg_j_lit(out, "],\n  \"limits\": [");
    bool broken = false;
    for (size_t i = 0; i < js->r->n_limits; i++) {
        const cg_limit *l = &js->r->limits[i];
        cg_j_lit(out, i ? ",\n    {\"function\": " : "\n    {\"function\": ");
        if (l->fn)
            cg_j_cstr(out, l->fn);
        else
            cg_j_lit(out, "null");
        cg_j_lit(out, ", \"event\": ");
        cg_j_cstr(out, l->event);
        cg_j_lit(out, ", \"limit\": ");
        cg_j_cstr(out, l->spec);
        cg_j_lit(out, ", \"old\": ");
        cg_j_int(out, l->old);
        cg_j_lit(out, ", \"new\": ");
        cg_j_int(out, l->new_);
        cg_j_lit(out, ", \"change\": ");
        cg_j_int(out, l->change);
        cg_j_lit(out, l->broken ? ", \"broken\": true}" : ", \"broken\": false}");
        broken |= l->broken;
    }
    cg_j_lit(out, js->r->n_limits ? "\n  ],\n" : "],\n");
    cg_j_lit(out, broken ? "  \"limits_broken\": true\n" : "  \"limits_broken\": false\n");
}

static void document(struct json *js)
{
    const cg_report *r = js->r;
    const cg_profile *p = r->prof;
    cg_jout *out = &js->out;
    cg_j_lit(out, "{\n  \"schema\": \"cachegrind-rebuilt/cg_annotate/2\",\n");
    cg_j_lit(out, "  \"program\": \"cg_annotate\",\n  \"version\": ");
    cg_j_cstr(out, PACKAGE_VERSION);
    cg_j_lit(out, ",\n");
    inputs(js);
    cg_j_lit(out, r->diff ? "  \"diff\": true,\n" : "  \"diff\": false,\n");
    cg_j_lit(out, "  \"events_recorded\": ");
    event_list(js, NULL, p->n_events);
    cg_j_lit(out, ",\n  \"events\": ");
    event_list(js, r->show, r->n_show);
    cg_j_lit(out, ",\n  \"sort\": ");
    event_list(js, r->sort, r->n_sort);
    cg_j_lit(out, ",\n  \"totals\": ");
    shown(js, p->summary_total);
    cg_j_lit(out, ",\n  \"threshold\": ");
    if (r->threshold_given) {
        char th[64];
        cg_fmt_float_repr(th, sizeof th, r->threshold);
        cg_j_lit(out, th);
    } else {
        cg_j_lit(out, "null");
    }
    cg_j_lit(out, ",\n  \"zero_entries\": true,\n");
    functions(js);
    if (r->graph) call_graph(js);
    if (r->annotate) files(js);
    limits(js);
    cg_j_lit(out, "}\n");
}

void cg_report_json(FILE *f, const cg_report *r0)
{
    /* Every count array is aligned with `events`: the own counts of the
       events shown, once each; inclusive ones are the call graph's. */
    cg_report rv = *r0, *r = &rv;
    cg_col *own = cg_cols_own(r0->show, r0->n_show, &rv.n_show);
    rv.show = own;
    struct json *js = xcalloc(1, sizeof *js);
    js->r = r;
    js->out.f = f;
    document(js);
    cg_j_flush(&js->out);
    free(js);
    free(own);
}
