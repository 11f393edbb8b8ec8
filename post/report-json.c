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

static void text(FILE *out, const cg_text *t)
{
    cg_json_str(out, t->s, t->len);
}

/* `[a, b, ...]` of the shown events of `cc`. */
static void shown(FILE *out, const cg_count *cc)
{
    putc('[', out);
    for (size_t i = 0; i < R->n_show; i++) {
        if (i) fputs(", ", out);
        cg_json_int(out, cc[R->show[i]]);
    }
    putc(']', out);
}

static void event_list(FILE *out, const size_t *ev, size_t n)
{
    const cg_profile *p = R->prof;
    putc('[', out);
    for (size_t i = 0; i < n; i++) {
        if (i) fputs(", ", out);
        text(out, &p->events[ev ? ev[i] : i]);
    }
    putc(']', out);
}

static void inputs(FILE *out)
{
    const cg_profile *p = R->prof;
    fputs("  \"inputs\": [", out);
    for (size_t i = 0; i < p->n_inputs; i++) {
        const cg_input *in = &p->inputs[i];
        fputs(i ? ",\n    {\"path\": " : "\n    {\"path\": ", out);
        cg_json_cstr(out, in->path);
        fputs(", \"desc\": [", out);
        for (size_t d = 0; d < in->n_desc; d++) {
            if (d) fputs(", ", out);
            text(out, &in->desc[d]);
        }
        fputs("], \"cmd\": ", out);
        text(out, &in->cmd);
        fputs(", \"fingerprint\": ", out);
        const cg_fingerprint *fp = &R->fp->inputs[i];
        if (!fp->present) {
            fputs("null", out);
        } else {
            putc('{', out);
            for (size_t f = 0; f < fp->n; f++) {
                if (f) fputs(", ", out);
                text(out, &fp->fields[f].key);
                fputs(": ", out);
                text(out, &fp->fields[f].value);
            }
            putc('}', out);
        }
        fputs(", \"total\": [", out);
        for (size_t e = 0; e < in->n_events; e++) {
            if (e) fputs(", ", out);
            cg_json_int(out, in->total[e]);
        }
        fputs("]}", out);
    }
    fputs("\n  ],\n", out);
}

static void functions(FILE *out)
{
    const cg_profile *p = R->prof;
    entry *v = xmalloc((p->n_pairs + 1) * sizeof *v);
    size_t n = 0;
    size_t k = R->sort[0];
    cg_count pk = p->summary_total[k];
    double t = R->threshold * (pk < 0 ? -(double)pk : (double)pk) / 100;
    for (uint32_t f = p->first_file; f != CG_NONE; f = p->finfo[f].next_file)
        for (uint32_t pi = p->finfo[f].first_pair; pi != CG_NONE; pi = p->pairs[pi].next_in_file) {
            const cg_count *cc = cg_pair_cc(p, pi);
            if (R->threshold_given && !cg_reaches(cc[k], t)) continue;
            v[n++] = (entry){cg_name(&p->files, f), cg_name(&p->fns, p->pairs[pi].fn), cc};
        }
    qsort(v, n, sizeof *v, cmp_entry);
    fputs("  \"functions\": [", out);
    for (size_t i = 0; i < n; i++) {
        fputs(i ? ",\n    {\"file\": " : "\n    {\"file\": ", out);
        cg_json_str(out, v[i].file->s, v[i].file->len);
        fputs(", \"function\": ", out);
        cg_json_str(out, v[i].fn->s, v[i].fn->len);
        fputs(", \"counts\": ", out);
        shown(out, v[i].cc);
        putc('}', out);
    }
    fputs(n ? "\n  ],\n" : "],\n", out);
    free(v);
}

static void files(FILE *out)
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
    fputs("  \"files\": [", out);
    for (size_t i = 0; i < n; i++) {
        uint32_t f = ids[i];
        const cg_str *name = cg_name(&p->files, f);
        fputs(i ? ",\n    {\"file\": " : "\n    {\"file\": ", out);
        cg_json_str(out, name->s, name->len);
        fputs(", \"lines\": [", out);
        uint32_t *ln = by_file + start[f];
        size_t nl = start[f + 1] - start[f];
        qsort(ln, nl, sizeof *ln, cmp_line);
        for (size_t j = 0; j < nl; j++) {
            fputs(j ? ", [" : "[", out);
            cg_json_int(out, p->lines[ln[j]].line);
            const cg_count *cc = cg_line_cc(p, ln[j]);
            for (size_t e = 0; e < R->n_show; e++) {
                fputs(", ", out);
                cg_json_int(out, cc[R->show[e]]);
            }
            putc(']', out);
        }
        fputs("]}", out);
    }
    fputs(n ? "\n  ],\n" : "],\n", out);
    free(ids);
    free(by_file);
    free(start);
}

static void limits(FILE *out)
{
    const cg_fp_check *fp = R->fp;
    fputs("  \"fingerprint_mismatches\": [", out);
    for (size_t i = 0; i < fp->n_mismatches; i++) {
        fputs(i ? ", {\"field\": " : "{\"field\": ", out);
        text(out, &fp->mismatches[i].field);
        fputs(", \"values\": [", out);
        text(out, &fp->mismatches[i].a);
        fputs(", ", out);
        text(out, &fp->mismatches[i].b);
        fputs("]}", out);
    }
    fputs("],\n  \"limits\": [", out);
    bool broken = false;
    for (size_t i = 0; i < R->n_limits; i++) {
        const cg_limit *l = &R->limits[i];
        fputs(i ? ",\n    {\"event\": " : "\n    {\"event\": ", out);
        cg_json_cstr(out, l->event);
        fputs(", \"limit\": ", out);
        cg_json_cstr(out, l->spec);
        fputs(", \"old\": ", out);
        cg_json_int(out, l->old);
        fputs(", \"new\": ", out);
        cg_json_int(out, l->new_);
        fputs(", \"change\": ", out);
        cg_json_int(out, l->change);
        fputs(l->broken ? ", \"broken\": true}" : ", \"broken\": false}", out);
        broken |= l->broken;
    }
    fputs(R->n_limits ? "\n  ],\n" : "],\n", out);
    fprintf(out, "  \"limits_broken\": %s\n", broken ? "true" : "false");
}

void cg_report_json(FILE *out, const cg_report *r)
{
    R = r;
    const cg_profile *p = r->prof;
    fputs("{\n  \"schema\": \"cachegrind-rebuilt/cg_annotate/1\",\n", out);
    fputs("  \"program\": \"cg_annotate\",\n  \"version\": ", out);
    cg_json_cstr(out, PACKAGE_VERSION);
    fputs(",\n", out);
    inputs(out);
    fprintf(out, "  \"diff\": %s,\n  \"events_recorded\": ", r->diff ? "true" : "false");
    event_list(out, NULL, p->n_events);
    fputs(",\n  \"events\": ", out);
    event_list(out, r->show, r->n_show);
    fputs(",\n  \"sort\": ", out);
    event_list(out, r->sort, r->n_sort);
    fputs(",\n  \"totals\": ", out);
    shown(out, p->summary_total);
    fputs(",\n  \"threshold\": ", out);
    if (r->threshold_given) {
        char th[64];
        cg_fmt_float_repr(th, sizeof th, r->threshold);
        fputs(th, out);
    } else {
        fputs("null", out);
    }
    fputs(",\n  \"zero_entries\": true,\n", out);
    functions(out);
    if (r->annotate) files(out);
    limits(out);
    fputs("}\n", out);
}
