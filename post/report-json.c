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

static const cg_report *R; /* for the qsort comparators */

static void cg_j_cstr(cg_jout *out, const char *s)
{
    cg_j_str(out, s, strlen(s));
}

static int cmp_entry(const void *a, const void *b)
{
    const entry *x = a, *y = b;
    int c = cg_cc_cmp_desc(x->cc, y->cc, R->sort, R->n_sort);
    if (!c) c = cg_strcmp(x->file, y->file);
    return c ? c : cg_strcmp(x->fn, y->fn);
}

static int cmp_file(const void *a, const void *b)
{
    return cg_strcmp(cg_name(&R->prof->files, *(const uint32_t *)a),
                     cg_name(&R->prof->files, *(const uint32_t *)b));
}

static int cmp_line(const void *a, const void *b)
{
    int64_t x = R->prof->lines[*(const uint32_t *)a].line;
    int64_t y = R->prof->lines[*(const uint32_t *)b].line;
    return (x > y) - (x < y);
}

static void text(cg_jout *out, const cg_text *t)
{
    cg_j_str(out, t->s, t->len);
}

/* `[a, b, ...]` of the shown events of `cc`, or with `line` first. */
static void row(cg_jout *out, const int64_t *line, const cg_count *cc)
{
    char *p = cg_j_reserve(out, (R->n_show + 1) * (CG_J_INT_MAX + 2) + 2), *start = p;
    *p++ = '[';
    if (line) {
        p = cg_j_put_int(p, *line);
        *p++ = ',', *p++ = ' ';
    }
    for (size_t i = 0; i < R->n_show; i++) {
        if (i) *p++ = ',', *p++ = ' ';
        p = cg_j_put_int(p, cc[R->show[i]]);
    }
    *p++ = ']';
    out->len += (size_t)(p - start);
}

static void shown(cg_jout *out, const cg_count *cc)
{
    row(out, NULL, cc);
}

static void event_list(cg_jout *out, const size_t *ev, size_t n)
{
    const cg_profile *p = R->prof;
    cg_j_raw(out, "[", 1);
    for (size_t i = 0; i < n; i++) {
        if (i) cg_j_lit(out, ", ");
        text(out, &p->events[ev ? ev[i] : i]);
    }
    cg_j_raw(out, "]", 1);
}

static void inputs(cg_jout *out)
{
    const cg_profile *p = R->prof;
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
        const cg_fingerprint *fp = &R->fp->inputs[i];
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

static void functions(cg_jout *out)
{
    const cg_profile *p = R->prof;
    entry *v = xmalloc((p->n_pairs + 1) * sizeof *v);
    size_t n = 0;
    size_t k = R->sort[0];
    double t = cg_threshold_count(R->threshold, p->summary_total[k]);
    for (uint32_t f = p->first_file; f != CG_NONE; f = p->finfo[f].next_file)
        for (uint32_t pi = p->finfo[f].first_pair; pi != CG_NONE; pi = p->pairs[pi].next_in_file) {
            const cg_count *cc = cg_pair_cc(p, pi);
            if (R->threshold_given && !cg_reaches(cc[k], t)) continue;
            v[n++] = (entry){cg_name(&p->files, f), cg_name(&p->fns, p->pairs[pi].fn), cc};
        }
    qsort(v, n, sizeof *v, cmp_entry);
    cg_j_lit(out, "  \"functions\": [");
    for (size_t i = 0; i < n; i++) {
        cg_j_lit(out, i ? ",\n    {\"file\": " : "\n    {\"file\": ");
        cg_j_str(out, v[i].file->s, v[i].file->len);
        cg_j_lit(out, ", \"function\": ");
        cg_j_str(out, v[i].fn->s, v[i].fn->len);
        cg_j_lit(out, ", \"counts\": ");
        shown(out, v[i].cc);
        cg_j_raw(out, "}", 1);
    }
    cg_j_lit(out, n ? "\n  ],\n" : "],\n");
    free(v);
}

static void files(cg_jout *out)
{
    const cg_profile *p = R->prof;
    uint32_t *by_file;
    size_t *start;
    cg_profile_group_lines(p, &by_file, &start);
    uint32_t *ids = xmalloc((p->files.n + 1) * sizeof *ids);
    size_t n = 0;
    for (uint32_t f = 0; f < p->files.n; f++)
        if (start[f + 1] > start[f]) ids[n++] = f;
    qsort(ids, n, sizeof *ids, cmp_file);
    cg_j_lit(out, "  \"files\": [");
    for (size_t i = 0; i < n; i++) {
        uint32_t f = ids[i];
        const cg_str *name = cg_name(&p->files, f);
        cg_j_lit(out, i ? ",\n    {\"file\": " : "\n    {\"file\": ");
        cg_j_str(out, name->s, name->len);
        cg_j_lit(out, ", \"lines\": [");
        uint32_t *ln = by_file + start[f];
        size_t nl = start[f + 1] - start[f];
        qsort(ln, nl, sizeof *ln, cmp_line);
        for (size_t j = 0; j < nl; j++) {
            if (j) cg_j_lit(out, ", ");
            row(out, &p->lines[ln[j]].line, cg_line_cc(p, ln[j]));
        }
        cg_j_lit(out, "]}");
    }
    cg_j_lit(out, n ? "\n  ],\n" : "],\n");
    free(ids);
    free(by_file);
    free(start);
}

static void limits(cg_jout *out)
{
    const cg_fp_check *fp = R->fp;
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
    for (size_t i = 0; i < R->n_limits; i++) {
        const cg_limit *l = &R->limits[i];
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
    cg_j_lit(out, R->n_limits ? "\n  ],\n" : "],\n");
    cg_j_lit(out, broken ? "  \"limits_broken\": true\n" : "  \"limits_broken\": false\n");
}

static void document(cg_jout *out, const cg_report *r)
{
    const cg_profile *p = r->prof;
    cg_j_lit(out, "{\n  \"schema\": \"cachegrind-rebuilt/cg_annotate/1\",\n");
    cg_j_lit(out, "  \"program\": \"cg_annotate\",\n  \"version\": ");
    cg_j_cstr(out, PACKAGE_VERSION);
    cg_j_lit(out, ",\n");
    inputs(out);
    cg_j_lit(out, r->diff ? "  \"diff\": true,\n" : "  \"diff\": false,\n");
    cg_j_lit(out, "  \"events_recorded\": ");
    event_list(out, NULL, p->n_events);
    cg_j_lit(out, ",\n  \"events\": ");
    event_list(out, r->show, r->n_show);
    cg_j_lit(out, ",\n  \"sort\": ");
    event_list(out, r->sort, r->n_sort);
    cg_j_lit(out, ",\n  \"totals\": ");
    shown(out, p->summary_total);
    cg_j_lit(out, ",\n  \"threshold\": ");
    if (r->threshold_given) {
        char th[64];
        cg_fmt_float_repr(th, sizeof th, r->threshold);
        cg_j_lit(out, th);
    } else {
        cg_j_lit(out, "null");
    }
    cg_j_lit(out, ",\n  \"zero_entries\": true,\n");
    functions(out);
    if (r->annotate) files(out);
    limits(out);
    cg_j_lit(out, "}\n");
}

void cg_report_json(FILE *f, const cg_report *r)
{
    static cg_jout out;
    R = r;
    out.f = f;
    document(&out, r);
    cg_j_flush(&out);
}
