/* SPDX-License-Identifier: GPL-2.0-or-later */
/* report-json.c: cg_annotate --format=json (docs/json.md, "The document";
   the schema is docs/cg_annotate.schema.json). */
#include "json.h"
#include "numfmt.h"
#include "report.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

typedef struct entry {
    const cg_str *file, *fn;
    const cg_count *cc;
} entry;

/* The document being written: made by cg_report_json and handed to every
   helper (and, through qsort_r, to the comparators), so that nothing of one
   document outlives it.  The writer's buffer is large, so the whole is on
   the heap. */
struct json {
    const cg_report *r;
    cg_jout out;
};

static void cg_j_cstr(cg_jout *out, const char *s)
{
    cg_j_str(out, s, strlen(s));
}

static int cmp_entry(const void *a, const void *b, void *report)
{
    const cg_report *r = report;
    const entry *x = a, *y = b;
    int c = cg_cc_cmp_desc(x->cc, y->cc, r->sort, r->n_sort);
    if (!c) c = cg_strcmp(x->file, y->file);
    return c ? c : cg_strcmp(x->fn, y->fn);
}

static int cmp_file(const void *a, const void *b, void *prof)
{
    const cg_profile *p = prof;
    return cg_strcmp(cg_name(&p->files, *(const uint32_t *)a),
                     cg_name(&p->files, *(const uint32_t *)b));
}

static int cmp_line(const void *a, const void *b, void *prof)
{
    const cg_profile *p = prof;
    int64_t x = p->lines[*(const uint32_t *)a].line;
    int64_t y = p->lines[*(const uint32_t *)b].line;
    return (x > y) - (x < y);
}

static void text(cg_jout *out, const cg_text *t)
{
    cg_j_str(out, t->s, t->len);
}

/* `[a, b, ...]` of the shown events of `cc`, or with `line` first. */
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
        p = cg_j_put_int(p, cc[js->r->show[i]]);
    }
    *p++ = ']';
    out->len += (size_t)(p - start);
}

static void shown(struct json *js, const cg_count *cc)
{
    row(js, NULL, cc);
}

static void event_list(struct json *js, const size_t *ev, size_t n)
{
    cg_jout *out = &js->out;
    const cg_profile *p = js->r->prof;
    cg_j_raw(out, "[", 1);
    for (size_t i = 0; i < n; i++) {
        if (i) cg_j_lit(out, ", ");
        text(out, &p->events[ev ? ev[i] : i]);
    }
    cg_j_raw(out, "]", 1);
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
        cg_j_lit(out, ", \"total\": [");
        for (size_t e = 0; e < in->n_events; e++) {
            if (e) cg_j_lit(out, ", ");
            cg_j_int(out, in->total[e]);
        }
        cg_j_lit(out, "]}");
    }
    cg_j_lit(out, "\n  ],\n");
}

static void functions(struct json *js)
{
    cg_jout *out = &js->out;
    const cg_profile *p = js->r->prof;
    entry *v = xmalloc((p->n_pairs + 1) * sizeof *v);
    size_t n = 0;
    size_t k = js->r->sort[0];
    double t = cg_threshold_count(js->r->threshold, p->summary_total[k]);
    for (uint32_t f = p->first_file; f != CG_NONE; f = p->finfo[f].next_file)
        for (uint32_t pi = p->finfo[f].first_pair; pi != CG_NONE; pi = p->pairs[pi].next_in_file) {
            const cg_count *cc = cg_pair_cc(p, pi);
            if (js->r->threshold_given && !cg_reaches(cc[k], t)) continue;
            v[n++] = (entry){cg_name(&p->files, f), cg_name(&p->fns, p->pairs[pi].fn), cc};
        }
    qsort_r(v, n, sizeof *v, cmp_entry, (void *)js->r);
    cg_j_lit(out, "  \"functions\": [");
    for (size_t i = 0; i < n; i++) {
        cg_j_lit(out, i ? ",\n    {\"file\": " : "\n    {\"file\": ");
        cg_j_str(out, v[i].file->s, v[i].file->len);
        cg_j_lit(out, ", \"function\": ");
        cg_j_str(out, v[i].fn->s, v[i].fn->len);
        cg_j_lit(out, ", \"counts\": ");
        shown(js, v[i].cc);
        cg_j_raw(out, "}", 1);
    }
    cg_j_lit(out, n ? "\n  ],\n" : "],\n");
    free(v);
}

static void files(struct json *js)
{
    cg_jout *out = &js->out;
    const cg_profile *p = js->r->prof;
    uint32_t *by_file;
    size_t *start;
    cg_profile_group_lines(p, &by_file, &start);
    uint32_t *ids = xmalloc((p->files.n + 1) * sizeof *ids);
    size_t n = 0;
    for (uint32_t f = 0; f < p->files.n; f++)
        if (start[f + 1] > start[f]) ids[n++] = f;
    qsort_r(ids, n, sizeof *ids, cmp_file, (void *)p);
    cg_j_lit(out, "  \"files\": [");
    for (size_t i = 0; i < n; i++) {
        uint32_t f = ids[i];
        const cg_str *name = cg_name(&p->files, f);
        cg_j_lit(out, i ? ",\n    {\"file\": " : "\n    {\"file\": ");
        cg_j_str(out, name->s, name->len);
        cg_j_lit(out, ", \"lines\": [");
        uint32_t *ln = by_file + start[f];
        size_t nl = start[f + 1] - start[f];
        qsort_r(ln, nl, sizeof *ln, cmp_line, (void *)p);
        for (size_t j = 0; j < nl; j++) {
            if (j) cg_j_lit(out, ", ");
            row(js, &p->lines[ln[j]].line, cg_line_cc(p, ln[j]));
        }
        cg_j_lit(out, "]}");
    }
    cg_j_lit(out, n ? "\n  ],\n" : "],\n");
    free(ids);
    free(by_file);
    free(start);
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
        cg_j_lit(out, i ? ",\n    {\"event\": " : "\n    {\"event\": ");
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
    cg_j_lit(out, "{\n  \"schema\": \"cachegrind-rebuilt/cg_annotate/1\",\n");
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
    if (r->annotate) files(js);
    limits(js);
    cg_j_lit(out, "}\n");
}

void cg_report_json(FILE *f, const cg_report *r)
{
    struct json *js = xcalloc(1, sizeof *js);
    js->r = r;
    js->out.f = f;
    document(js);
    cg_j_flush(&js->out);
    free(js);
}
