/* SPDX-License-Identifier: GPL-2.0-or-later */
/* report-text.c: cg_annotate's text report, upstream's layout byte for byte
   (docs/post-processors.md, "The cg_annotate report"): widths, rows and
   banners.  What goes into it is decided by the report model
   (report-model.c). */
#include "format.h"
#include "numfmt.h"
#include "report.h"
#include "util.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The report being written: made by cg_report_text and handed to every
   helper, so that nothing of one report outlives it. */
struct text {
    const cg_report *r;
    const cg_profile *p;
    size_t nev;
    const cg_count *total; /* program total P (sum of summary lines) */
    const cg_col *cols;    /* the columns shown (r->show) */
    size_t ncol;
    FILE *out;
};

/* Column widths of one table, per column shown (docs/post-processors.md,
   "Column layout"). */
typedef struct widths {
    size_t *w, *wc, *wp1, *wp2;
} widths;

static size_t utf8_chars(const cg_text *t)
{
    size_t n = 0;
    for (size_t i = 0; i < t->len; i++) n += ((unsigned char)t->s[i] & 0xc0) != 0x80;
    return n;
}

/* Percentage parts.  Single form: ` (v%)`, nothing for a zero count.  Double
   form: ` (v%,` and ` c%)` for the outer rows of the function summaries.
   pct_fmt: `open` + the percentage + `close`, or `open` "n/a" `close` for a
   zero total; nothing at all without percentages. */
static size_t pct_fmt(const struct text *tc, char *buf, cg_count c, cg_count t, const char *open,
                      const char *close)
{
    if (!tc->r->show_percs) return buf[0] = 0, 0;
    if (t == 0) return (size_t)sprintf(buf, "%sn/a%s", open, close);
    char v[64];
    cg_fmt_pct(v, c, t);
    return (size_t)sprintf(buf, "%s%s%%%s", open, v, close);
}

static size_t pct_single(const struct text *tc, char *buf, cg_count c, cg_count t)
{
    char v[64];
    if (!tc->r->show_percs || !cg_fmt_share(v, c, t)) return buf[0] = 0, 0;
    return (size_t)sprintf(buf, " (%s)", v);
}

static size_t pct_open(const struct text *tc, char *buf, cg_count c, cg_count t)
{
    return pct_fmt(tc, buf, c, t, " (", ",");
}

static size_t pct_close(const struct text *tc, char *buf, cg_count c, cg_count t)
{
    return pct_fmt(tc, buf, c, t, " ", ")");
}

static size_t commas_len(cg_count v)
{
    char b[32];
    return cg_fmt_commas(b, v);
}

static size_t max2(size_t a, size_t b)
{
    return a > b ? a : b;
}

/* What column i's percentages are of: its event's program total, whatever
   the column's kind. */
static cg_count col_total(const struct text *tc, size_t i)
{
    return tc->total[tc->cols[i].event];
}

static bool col_incl(const struct text *tc, size_t i)
{
    return tc->cols[i].kind == CG_COL_INCL;
}

/* A column's heading: the event's name and its suffix (report-model.c). */
static size_t head_chars(const struct text *tc, size_t i)
{
    return utf8_chars(&tc->p->events[tc->cols[i].event]) + strlen(cg_col_suffix(&tc->cols[i]));
}

/* lo/hi: per-column extremes of the rows (including 0); clo/chi: of the
   running cumulative sums, or NULL outside the function summaries. */
static widths make_widths(const struct text *tc, const cg_count *lo, const cg_count *hi,
                          const cg_count *clo, const cg_count *chi)
{
    widths w;
    w.w = xcalloc(tc->ncol + 1, sizeof(size_t));
    w.wc = xcalloc(tc->ncol + 1, sizeof(size_t));
    w.wp1 = xcalloc(tc->ncol + 1, sizeof(size_t));
    w.wp2 = xcalloc(tc->ncol + 1, sizeof(size_t));
    char b[80];
    for (size_t i = 0; i < tc->ncol; i++) {
        cg_count t = col_total(tc, i);
        w.wc[i] = max2(commas_len(lo[i]), commas_len(hi[i]));
        /* Inclusive costs add up to nothing: no cumulative percentage. */
        if (clo && !col_incl(tc, i)) {
            w.wp1[i] = max2(pct_open(tc, b, lo[i], t), pct_open(tc, b, hi[i], t));
            w.wp2[i] = max2(pct_close(tc, b, clo[i], t), pct_close(tc, b, chi[i], t));
        } else {
            w.wp1[i] = max2(pct_single(tc, b, lo[i], t), pct_single(tc, b, hi[i], t));
        }
        w.w[i] = max2(head_chars(tc, i), w.wc[i] + w.wp1[i] + w.wp2[i]);
    }
    return w;
}

static void free_widths(widths *w)
{
    free(w->w);
    free(w->wc);
    free(w->wp1);
    free(w->wp2);
}

/* Extremes accumulator, per column: starts at zero, so 0 is always
   included. */
typedef struct extremes {
    cg_count *lo, *hi;
} extremes;

static extremes ext_new(const struct text *tc)
{
    return (extremes){xcalloc(tc->ncol + 1, sizeof(cg_count)),
                      xcalloc(tc->ncol + 1, sizeof(cg_count))};
}

static void ext_add_value(extremes *x, size_t i, cg_count v)
{
    if (v < x->lo[i]) x->lo[i] = v;
    if (v > x->hi[i]) x->hi[i] = v;
}

/* A row's values (cc: its counts by event, incl its inclusive ones). */
static void ext_add(const struct text *tc, extremes *x, const cg_count *cc, const cg_count *incl)
{
    for (size_t i = 0; i < tc->ncol; i++) ext_add_value(x, i, cg_col_value(&tc->cols[i], cc, incl));
}

/* Values already per column (the cumulative sums). */
static void ext_add_cols(const struct text *tc, extremes *x, const cg_count *v)
{
    for (size_t i = 0; i < tc->ncol; i++) ext_add_value(x, i, v[i]);
}

static void ext_free(extremes *x)
{
    free(x->lo);
    free(x->hi);
}

static void put_spaces(const struct text *tc, size_t n)
{
    static const char sp[] = "                                                                ";
    while (n > 0) {
        size_t k = n < sizeof sp - 1 ? n : sizeof sp - 1;
        fwrite(sp, 1, k, tc->out);
        n -= k;
    }
}

static void put_rjust(const struct text *tc, const char *s, size_t len, size_t width)
{
    if (len < width) put_spaces(tc, width - len);
    fwrite(s, 1, len, tc->out);
}

static void put_bytes(const struct text *tc, const char *s, size_t len)
{
    fwrite(s, 1, len, tc->out);
}

static void put_line(const struct text *tc, const char *s, size_t len)
{
    put_bytes(tc, s, len);
    fputc('\n', tc->out);
}

static void banner(const struct text *tc, const char *title, const char *name, size_t name_len)
{
    static const char dashes[] =
        "--------------------------------------------------------------------------------\n";
    fputs(dashes, tc->out);
    fprintf(tc->out, "-- %s", title);
    if (name) put_bytes(tc, name, name_len);
    fputc('\n', tc->out);
    fputs(dashes, tc->out);
}

static void header_row(const struct text *tc, const widths *w, const char *prefix,
                       const char *suffix)
{
    fputs(prefix, tc->out);
    for (size_t i = 0; i < tc->ncol; i++) {
        const cg_text *e = &tc->p->events[tc->cols[i].event];
        put_bytes(tc, e->s, e->len);
        fputs(cg_col_suffix(&tc->cols[i]), tc->out);
        for (size_t k = head_chars(tc, i); k < w->w[i]; k++) fputc('_', tc->out);
        fputc(' ', tc->out);
    }
    fputs(suffix, tc->out);
    fputc('\n', tc->out);
}

enum row_form { ROW_SINGLE, ROW_DOUBLE, ROW_INNER };

/* One row: prefix, a cell per shown column, a space, the label.  cc is the
   row's counts by event, incl its inclusive ones (NULL: none, blank cells),
   cum (ROW_DOUBLE) the cumulative sums by column. */
static void data_row(const struct text *tc, const widths *w, const char *prefix, const cg_count *cc,
                     const cg_count *incl, const cg_count *cum, enum row_form form,
                     const char *label, size_t label_len)
{
    fputs(prefix, tc->out);
    char num[32], p1[80], p2[80];
    for (size_t i = 0; i < tc->ncol; i++) {
        if (col_incl(tc, i) && !incl) {
            put_spaces(tc, w->w[i] + 1);
            continue;
        }
        cg_count v = cg_col_value(&tc->cols[i], cc, incl), t = col_total(tc, i);
        size_t nl = cg_fmt_commas(num, v), l1, l2 = 0;
        if (form == ROW_DOUBLE && !col_incl(tc, i)) {
            l1 = pct_open(tc, p1, v, t);
            l2 = pct_close(tc, p2, cum[i], t);
        } else {
            l1 = pct_single(tc, p1, v, t);
        }
        put_spaces(tc, w->w[i] - w->wc[i] - w->wp1[i] - w->wp2[i]);
        put_rjust(tc, num, nl, w->wc[i]);
        put_rjust(tc, p1, l1, w->wp1[i]);
        put_rjust(tc, p2, l2, w->wp2[i]);
        fputc(' ', tc->out);
    }
    fputc(' ', tc->out);
    put_bytes(tc, label, label_len);
    fputc('\n', tc->out);
}

static void dot_row(const struct text *tc, const widths *w, const char *label, size_t label_len)
{
    for (size_t i = 0; i < tc->ncol; i++) {
        put_spaces(tc, w->w[i] - w->wc[i] - w->wp1[i] - w->wp2[i]);
        put_rjust(tc, ".", 1, w->wc[i]);
        put_spaces(tc, w->wp1[i] + w->wp2[i] + 1);
    }
    fputc(' ', tc->out);
    put_bytes(tc, label, label_len);
    fputc('\n', tc->out);
}

/* ------------------------------------------------ metadata and summary */

/* A metadata line of our own: `label:` and the text wrapped at 80 columns
   under it. */
static void meta_wrapped(const struct text *tc, const char *label, const char *t, size_t len)
{
    char lab[64];
    snprintf(lab, sizeof lab, "%s:", label);
    fprintf(tc->out, "%-17s", lab);
    const char *end = t + len;
    size_t col = 17;
    while (t < end) {
        const char *sp = memchr(t, ' ', (size_t)(end - t));
        const char *w_end = sp ? sp : end;
        size_t w = (size_t)(w_end - t);
        if (col > 17 && col + 1 + w > 80) {
            fputs("\n                 ", tc->out);
            col = 17;
        }
        fputc(' ', tc->out);
        cg_put_safe(tc->out, t, w);
        col += 1 + w;
        t = sp ? sp + 1 : end;
    }
    fputc('\n', tc->out);
}

/* Callgrind's metadata lines (report-model.c). */
static void callgrind_metadata(const struct text *tc)
{
    size_t n;
    cg_meta_note *notes = cg_meta_notes(tc->r, &n);
    for (size_t i = 0; i < n; i++)
        meta_wrapped(tc, notes[i].label, notes[i].text.p, notes[i].text.len);
    cg_meta_notes_free(notes, n);
}

/* What the inclusive figures are (docs/post-processors.md, "The call
   graph"): the metadata says which are exact. */
static void call_graph_note(const struct text *tc)
{
    fprintf(tc->out, "Call graph:       %s\n", cg_graph_fold_note(tc->r->graph));
    cg_buf b = {0};
    cg_graph_exact_note(tc->r, &b);
    meta_wrapped(tc, "Inclusive costs", b.p, b.len);
    cg_buf_free(&b);
}

/* A function's mark (report-model.c) after its name, if it has one. */
static void mark(const struct text *tc, cg_buf *b, uint32_t v, enum cg_mark m)
{
    if (m == CG_MARK_NONE) return;
    cg_buf_addc(b, ' ');
    cg_mark_words(tc->r, v, m, b);
}

static void metadata(const struct text *tc)
{
    banner(tc, "Metadata", NULL, 0);
    fputs("Invocation:       ", tc->out);
    fputs(cg_invocation_name(tc->r->argv[0]), tc->out);
    for (int i = 1; i < tc->r->argc; i++) {
        fputc(' ', tc->out);
        fputs(tc->r->argv[i], tc->out);
    }
    fputc('\n', tc->out);

    bool same_desc = true;
    const cg_input *in = tc->p->inputs;
    for (size_t i = 1; i < tc->p->n_inputs && same_desc; i++) {
        same_desc = in[i].n_desc == in[0].n_desc;
        for (size_t d = 0; same_desc && d < in[0].n_desc; d++)
            same_desc = cg_text_eq(&in[i].desc[d], &in[0].desc[d]);
    }
    for (size_t i = 0; i < tc->p->n_inputs; i++) {
        if (same_desc && i > 0) break;
        if (!same_desc) fprintf(tc->out, "Description %zu:\n", i + 1);
        for (size_t d = 0; d < in[i].n_desc; d++) put_line(tc, in[i].desc[d].s, in[i].desc[d].len);
    }

    if (tc->p->n_inputs == 1) {
        fputs("Command:          ", tc->out);
        put_line(tc, in[0].cmd.s, in[0].cmd.len);
    } else {
        for (size_t i = 0; i < tc->p->n_inputs; i++) {
            if (i > 0 && cg_text_eq(&in[i].cmd, &in[i - 1].cmd)) {
                fprintf(tc->out, "Command %zu:        (same as Command %zu)\n", i + 1, i);
            } else {
                fprintf(tc->out, "Command %zu:        ", i + 1);
                put_line(tc, in[i].cmd.s, in[i].cmd.len);
            }
        }
    }
    callgrind_metadata(tc);
    fputs("Events recorded: ", tc->out);
    cg_write_events(tc->out, tc->p->events, tc->nev);
    fputs("\nEvents shown:    ", tc->out);
    for (size_t i = 0; i < tc->ncol; i++) {
        cg_write_events(tc->out, &tc->p->events[tc->cols[i].event], 1);
        fputs(cg_col_suffix(&tc->cols[i]), tc->out);
    }
    fputs("\nEvent sort order:", tc->out);
    for (size_t i = 0; i < tc->r->n_sort; i++) {
        cg_write_events(tc->out, &tc->p->events[tc->r->sort[i].event], 1);
        fputs(cg_col_suffix(&tc->r->sort[i]), tc->out);
    }
    char th[64];
    cg_fmt_float_repr(th, sizeof th, tc->r->threshold);
    fprintf(tc->out, "\nThreshold:        %s%%\n", th);
    if (cg_graph_noted(tc->r)) call_graph_note(tc);
    fprintf(tc->out, "Annotation:       %s\n\n", tc->r->annotate ? "on" : "off");
}

static void summary(const struct text *tc)
{
    banner(tc, "Summary", NULL, 0);
    extremes x = ext_new(tc);
    ext_add(tc, &x, tc->total, tc->total);
    widths w = make_widths(tc, x.lo, x.hi, NULL, NULL);
    header_row(tc, &w, "", "");
    fputc('\n', tc->out);
    data_row(tc, &w, "", tc->total, tc->total, NULL, ROW_SINGLE, "PROGRAM TOTALS", 14);
    fputc('\n', tc->out);
    free_widths(&w);
    ext_free(&x);
}
/* ------------------------------------------- file:function summaries */

/* Adds a row's values (cc: its counts by event) to the cumulative sums,
   per column. */
static void cum_add(const struct text *tc, cg_count *cum, const cg_count *cc)
{
    for (size_t i = 0; i < tc->ncol; i++)
        if (!col_incl(tc, i)) cum[i] += cg_col_value(&tc->cols[i], cc, NULL);
}

/* A function's name in the tables, with its mark (cg_table_mark). */
static void fn_label(const struct text *tc, cg_buf *b, const cg_str *name, uint32_t fn)
{
    cg_buf_add(b, name->s, name->len);
    mark(tc, b, cg_report_node(tc->r, fn), cg_table_mark(tc->r, fn));
}

/* Prints one of the two function summaries (report-model.c chose and
   ordered the rows). */
static void function_summary(const struct text *tc, const char *title, const char *suffix,
                             const char *prefix, const cg_summary *s, bool by_fn)
{
    extremes x = ext_new(tc), cx = ext_new(tc);
    cg_count *cum = xcalloc(tc->ncol + 1, sizeof(cg_count));
    for (size_t i = 0; i < s->n; i++) {
        const cg_outer *o = &s->o[i];
        ext_add(tc, &x, o->cc, o->incl);
        for (size_t j = 0; j < o->n_in; j++) ext_add(tc, &x, o->in[j].cc, o->in[j].incl);
        cum_add(tc, cum, o->cc);
        ext_add_cols(tc, &cx, cum);
    }
    widths w = make_widths(tc, x.lo, x.hi, cx.lo, cx.hi);

    banner(tc, title, NULL, 0);
    header_row(tc, &w, "  ", suffix);
    fputc('\n', tc->out);
    memset(cum, 0, tc->ncol * sizeof(cg_count));
    cg_buf label = {0};
    for (size_t i = 0; i < s->n; i++) {
        const cg_outer *o = &s->o[i];
        cum_add(tc, cum, o->cc);
        label.len = 0;
        if (by_fn)
            fn_label(tc, &label, o->name, o->id);
        else
            cg_buf_add(&label, o->name->s, o->name->len);
        cg_buf_addc(&label, ':');
        if (cg_summary_one_row(tc->r, o)) {
            const cg_inner *in = &o->in[0];
            if (by_fn)
                cg_buf_add(&label, in->name->s, in->name->len);
            else
                fn_label(tc, &label, in->name, tc->p->pairs[in->pair].fn);
            data_row(tc, &w, prefix, o->cc, by_fn ? o->incl : in->incl, cum, ROW_DOUBLE, label.p,
                     label.len);
        } else {
            data_row(tc, &w, prefix, o->cc, o->incl, cum, ROW_DOUBLE, label.p, label.len);
            for (size_t j = 0; j < o->n_in; j++) {
                const cg_inner *in = &o->in[j];
                label.len = 0;
                cg_buf_add(&label, "  ", 2);
                if (by_fn)
                    cg_buf_add(&label, in->name->s, in->name->len);
                else
                    fn_label(tc, &label, in->name, tc->p->pairs[in->pair].fn);
                data_row(tc, &w, "  ", in->cc, in->incl, NULL, ROW_INNER, label.p, label.len);
            }
        }
        fputc('\n', tc->out);
    }
    free(label.p);
    free(cum);
    free_widths(&w);
    ext_free(&x);
    ext_free(&cx);
}

/* ------------------------------------------------------ call graph */

/* The columns of the call-graph section: the tables', with the first
   one's inclusive cost in front when none is inclusive (the arcs have
   nothing else to show). */
static struct text tree_columns(const struct text *tc, cg_col **own)
{
    struct text t = *tc;
    bool any = false;
    for (size_t i = 0; i < tc->ncol; i++) any |= col_incl(tc, i);
    *own = NULL;
    if (any || !tc->ncol) return t;
    *own = xmalloc((tc->ncol + 1) * sizeof **own);
    (*own)[0] = (cg_col){tc->cols[0].event, CG_COL_INCL};
    memcpy(*own + 1, tc->cols, tc->ncol * sizeof **own);
    t.cols = *own, t.ncol = tc->ncol + 1;
    return t;
}

/* One line of the section: the index column, a cell per column (self
   NULL or incl NULL: blank cells of that kind), the calls, the name. */
struct tree_layout {
    const struct text *tc;
    const cg_tree_list *t;
    widths w;
    size_t windex, wcalls;
    cg_buf name;
};

static void tree_line(struct tree_layout *l, const char *index, const cg_count *self,
                      const cg_count *incl, const char *calls, bool indent)
{
    const struct text *tc = l->tc;
    fprintf(tc->out, "%-*s ", (int)l->windex, index);
    char num[32], p1[80];
    for (size_t i = 0; i < tc->ncol; i++) {
        const cg_count *cc = col_incl(tc, i) ? incl : self;
        if (!cc) {
            put_spaces(tc, l->w.w[i] + 1);
            continue;
        }
        cg_count v = cc[tc->cols[i].event];
        size_t nl = cg_fmt_commas(num, v), l1 = pct_single(tc, p1, v, col_total(tc, i));
        put_spaces(tc, l->w.w[i] - l->w.wc[i] - l->w.wp1[i]);
        put_rjust(tc, num, nl, l->w.wc[i]);
        put_rjust(tc, p1, l1, l->w.wp1[i]);
        fputc(' ', tc->out);
    }
    fprintf(tc->out, "%*s %s", (int)l->wcalls, calls, indent ? "    " : "");
    put_line(tc, l->name.p, l->name.len);
}

/* A function's name in the section: its mark, and its index when it has
   an entry. */
static void tree_name(struct tree_layout *l, uint32_t fn)
{
    const cg_fgraph *g = l->tc->r->graph;
    const cg_str *s = cg_name(&g->names, fn);
    l->name.len = 0;
    cg_buf_add(&l->name, s->s, s->len);
    mark(l->tc, &l->name, fn, cg_graph_mark(l->tc->r, fn));
    if (l->t->index[fn]) cg_buf_printf(&l->name, " [%u]", l->t->index[fn]);
}

/* The arcs of one side of an entry (callers: `up`), and how many were left
   out. */
static void tree_arcs(struct tree_layout *l, const uint32_t *arcs, size_t n, size_t hidden, bool up)
{
    const cg_fgraph *g = l->tc->r->graph;
    char calls[CG_CALLS_MAX];
    cg_count *buf = xmalloc((g->nev + 1) * sizeof *buf);
    for (size_t k = 0; k < n; k++) {
        const cg_farc *a = &g->arcs[arcs[k]];
        cg_calls_words(l->tc->r, calls, a->count, a->rcount, &g->fns[a->to].calls);
        tree_name(l, up ? a->from : a->to);
        tree_line(l, "", NULL, cg_farc_carries(g, arcs[k]) ? cg_farc_cc(g, arcs[k], buf) : NULL,
                  calls, true);
    }
    free(buf);
    if (hidden)
        fprintf(l->tc->out, "%*s (%zu %s below the threshold)\n", (int)l->windex, "", hidden,
                up ? (hidden == 1 ? "caller" : "callers") : (hidden == 1 ? "callee" : "callees"));
}

/* The widths of every value the section shows. */
static void tree_widths(struct tree_layout *l)
{
    const struct text *tc = l->tc;
    const cg_report *r = tc->r;
    const cg_fgraph *g = r->graph;
    extremes x = ext_new(tc);
    char b[CG_CALLS_MAX];
    cg_count *buf = xmalloc((g->nev + 1) * sizeof *buf);
    l->windex = 2, l->wcalls = 5;
    for (size_t i = 0; i < l->t->n; i++) {
        const cg_tree_entry *e = &l->t->e[i];
        ext_add(tc, &x, cg_tree_self(r, e), cg_tree_incl(r, e));
        l->windex = max2(l->windex, (size_t)snprintf(b, sizeof b, "[%zu]", i + 1));
        if (e->fn == CG_NONE) continue;
        const cg_ffn *f = &g->fns[e->fn];
        l->wcalls = max2(l->wcalls, cg_calls_words(r, b, f->calls, f->rcalls, NULL));
        for (size_t k = 0; k < e->n_callers + e->n_callees; k++) {
            uint32_t a = k < e->n_callers ? e->callers[k] : e->callees[k - e->n_callers];
            const cg_farc *arc = &g->arcs[a];
            const cg_count *cc = cg_farc_cc(g, a, buf);
            ext_add(tc, &x, cc, cc);
            l->wcalls = max2(l->wcalls,
                             cg_calls_words(r, b, arc->count, arc->rcount, &g->fns[arc->to].calls));
        }
    }
    free(buf);
    l->w = make_widths(tc, x.lo, x.hi, NULL, NULL);
    ext_free(&x);
}

/* Each entry: its callers indented above it, the entry itself with its
   index, its callees indented below it (gprof's layout, with the report's
   columns); a cycle as a whole with its members. */
static void call_graph(const struct text *tables)
{
    const cg_report *r = tables->r;
    const cg_fgraph *g = r->graph;
    cg_col *own;
    const struct text tcv = tree_columns(tables, &own), *tc = &tcv;
    cg_tree_list t;
    cg_tree_make(r, CG_KEEP_THRESHOLD, &t);
    struct tree_layout l = {.tc = tc, .t = &t};
    tree_widths(&l);

    banner(tc, "Call graph", NULL, 0);
    fputs("Each function with its callers above it and its callees below it.  Calls: N\n"
          "started the callee afresh, and their inclusive cost is on the line; +R were\n"
          "made while it was running already; /T: the callee's N in all.\n",
          tc->out);
    if (r->diff)
        fputs("Under --diff each count is the change, the second profile's minus the\n"
              "first's, with its sign: +2-1/+2 is 2 calls more, 1 recursive call fewer.\n",
              tc->out);
    fputc('\n', tc->out);
    fprintf(tc->out, "%*s ", (int)l.windex, "");
    header_row(tc, &l.w, "", "");
    char index[48], calls[CG_CALLS_MAX];
    for (size_t i = 0; i < t.n; i++) {
        const cg_tree_entry *e = &t.e[i];
        fputc('\n', tc->out);
        snprintf(index, sizeof index, "[%zu]", i + 1);
        if (e->fn == CG_NONE) {
            l.name.len = 0;
            cg_buf_printf(&l.name, "<cycle %u as a whole>", e->cycle + 1);
            tree_line(&l, index, cg_tree_self(r, e), cg_tree_incl(r, e), "", false);
            const cg_fcycle *c = &g->cycles[e->cycle];
            for (size_t k = 0; k < c->n_members; k++) {
                tree_name(&l, c->members[k]);
                tree_line(&l, "", cg_ffn_self(g, c->members[k]), NULL, "", true);
            }
            continue;
        }
        const cg_ffn *f = &g->fns[e->fn];
        if (r->tree != CG_TREE_CALLING)
            tree_arcs(&l, e->callers, e->n_callers, e->hidden_callers, true);
        cg_calls_words(r, calls, f->calls, f->rcalls, NULL);
        tree_name(&l, e->fn);
        if (cg_mark_bound(cg_graph_mark(r, e->fn)))
            cg_buf_adds(&l.name, " (inclusive: a lower bound)");
        tree_line(&l, index, cg_tree_self(r, e), cg_tree_incl(r, e), calls, false);
        if (r->tree != CG_TREE_CALLER)
            tree_arcs(&l, e->callees, e->n_callees, e->hidden_callees, false);
    }
    fputc('\n', tc->out);
    cg_buf_free(&l.name);
    free_widths(&l.w);
    cg_tree_free(&t);
    free(own);
}

/* ------------------------------------------------------ annotation */

static void at_line(const struct text *tc)
{
    fputs("@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@\n",
          tc->out);
}

static void warning_head(const struct text *tc)
{
    at_line(tc);
    fputs("@@ WARNING @@ WARNING @@ WARNING @@ WARNING @@ WARNING @@ WARNING @@ WARNING @@\n",
          tc->out);
    at_line(tc);
}

/* The listing's layout: its widths, and whether bogus lines came. */
typedef struct listing {
    const struct text *tc;
    const widths *w;
    size_t n_bogus;
} listing;

static void on_line0(void *ctx, const cg_count *cc)
{
    const listing *l = ctx;
    data_row(l->tc, l->w, "", cc, NULL, NULL, ROW_SINGLE, "<unknown (line 0)>", 18);
    fputc('\n', l->tc->out);
}

static void on_marker(void *ctx, __int128 n)
{
    const listing *l = ctx;
    /* Line numbers here always fit in 64 bits except for absurd contexts. */
    char b[48], *p = b + sizeof b;
    *--p = 0;
    bool neg = n < 0;
    unsigned __int128 u = neg ? -(unsigned __int128)n : (unsigned __int128)n;
    do {
        *--p = (char)('0' + (int)(u % 10));
        u /= 10;
    } while (u);
    if (neg) *--p = '-';
    fprintf(l->tc->out, "-- line %s ----------------------------------------\n", p);
}

static bool on_line(void *ctx, int64_t n, const char *text, size_t len, const cg_count *cc)
{
    const listing *l = ctx;
    (void)n;
    if (cc)
        data_row(l->tc, l->w, "", cc, NULL, NULL, ROW_SINGLE, text, len);
    else
        dot_row(l->tc, l->w, text, len);
    return true;
}

static void on_bogus(void *ctx, int64_t n, const cg_count *cc)
{
    listing *l = ctx;
    if (l->n_bogus++ == 0) fputc('\n', l->tc->out);
    char label[48];
    int k = snprintf(label, sizeof label, "<bogus line %" PRId64 ">", n);
    data_row(l->tc, l->w, "", cc, NULL, NULL, ROW_SINGLE, label, (size_t)k);
}

/* The annotated listing of one readable file (docs/post-processors.md,
   "Annotated source files"). */
static void annotate_body(const struct text *tc, uint32_t f, const cg_source *s)
{
    size_t nl;
    uint32_t l0 = cg_file_lines(tc->p, f, &nl);
    extremes x = ext_new(tc);
    cg_count *buf = xmalloc((tc->p->n_events + 1) * sizeof *buf);
    for (size_t i = 0; i < nl; i++) ext_add(tc, &x, cg_line_cc(tc->p, l0 + (uint32_t)i, buf), NULL);
    free(buf);
    widths w = make_widths(tc, x.lo, x.hi, NULL, NULL);
    header_row(tc, &w, "", "");
    fputc('\n', tc->out);

    listing l = {tc, &w, 0};
    cg_listing_ops ops = {&l, on_line0, NULL, on_marker, on_line, on_bogus};
    cg_listing(tc->p, l0, nl, s->fd, tc->r->context, &ops);
    if (l.n_bogus) {
        fputc('\n', tc->out);
        warning_head(tc);
        fputs("@@ Information recorded about lines past the end of '", tc->out);
        put_bytes(tc, s->orig[0]->s, s->orig[0]->len);
        fputs("'.\n", tc->out);
        at_line(tc);
    }
    size_t counted = nl && tc->p->lines[l0].line == 0 ? nl - 1 : nl;
    if (counted) fputc('\n', tc->out);
    free_widths(&w);
    ext_free(&x);
}

static enum cg_readability annotate_file(const struct text *tc, uint32_t f)
{
    const cg_str *name = cg_name(&tc->p->files, f);
    cg_source s;
    cg_source_open(tc->p, tc->r->find, f, &s);
    banner(tc, "Annotated source file: ", name->s, name->len);
    enum cg_readability r = s.r;
    if (r != CG_READABLE) {
        fputs(r == CG_UNREADABLE
                  ? "Unannotated because one or more of these original files are unreadable:\n"
                  : "Unannotated because two or more of these original files are not "
                    "identical:\n",
              tc->out);
        for (size_t i = 0; i < s.n_orig; i++) {
            fputs("- ", tc->out);
            put_bytes(tc, s.orig[i]->s, s.orig[i]->len);
            fputc('\n', tc->out);
        }
        fputc('\n', tc->out);
        cg_source_close(&s);
        return r;
    }
    for (size_t i = 0; i < s.n_older; i++) {
        warning_head(tc);
        fprintf(tc->out, "@ Original source files are all newer than data file '%s':\n",
                tc->p->inputs[s.older[i]].path);
        for (size_t k = 0; k < s.n_orig; k++) {
            fputs("@ - ", tc->out);
            put_bytes(tc, s.orig[k]->s, s.orig[k]->len);
            fputc('\n', tc->out);
        }
        fputs("@ Annotations may not be correct.\n", tc->out);
        at_line(tc);
        fputc('\n', tc->out);
    }
    annotate_body(tc, f, &s);
    cg_source_close(&s);
    return r;
}

/* When unreadable files hold a tenth of the first column's event or more,
   a note on standard error says where they are and which option would
   find them: only on a terminal, so that the report and what a script
   captures stay upstream's. */
static void unreadable_hint(const struct text *tc, const cg_annotation *a)
{
    if (!isatty(STDERR_FILENO)) return;
    cg_prefix v[5];
    cg_count cost;
    size_t e = tc->cols[0].event;
    size_t n = cg_unreadable_prefixes(tc->p, a, e, &cost, v, 5);
    cg_count total = tc->total[e];
    if (total > 0 && cost * 10 >= total) {
        char pc[64];
        cg_fmt_pct(pc, cost, total);
        fprintf(stderr, "cg_annotate: note: source files that cannot be read hold %s%% of ", pc);
        cg_put_safe(stderr, tc->p->events[e].s, tc->p->events[e].len);
        fputs(n ? "; the most are under:\n" : ".\n", stderr);
        for (size_t i = 0; i < n; i++) {
            cg_fmt_pct(pc, v[i].cost, total);
            fprintf(stderr, "  %5s%%  ", pc);
            cg_put_safe(stderr, v[i].prefix, strlen(v[i].prefix));
            fputs("\n          found with ", stderr);
            cg_put_safe(stderr, v[i].hint, strlen(v[i].hint));
            fputc('\n', stderr);
        }
        fputs("  (-I DIR looks for relative names under DIR; --source-map OLD=NEW looks for "
              "names starting with OLD under NEW)\n",
              stderr);
    }
    cg_prefixes_free(v, n);
}

static void annotation(const struct text *tc, const cg_summary *by_file)
{
    cg_annotation a;
    cg_annotation_files(tc->p, by_file, &a);
    /* The text report annotates in name order. */
    cg_files_by_name(tc->p, a.files, a.n);
    for (size_t i = 0; i < a.n; i++) a.r[i] = annotate_file(tc, a.files[i]);
    cg_annotation_account(tc->p, &a);

    banner(tc, "Annotation summary", NULL, 0);
    extremes x = ext_new(tc);
    for (int i = 0; i < CG_N_ACC; i++) ext_add(tc, &x, a.acc[i], NULL);
    widths w = make_widths(tc, x.lo, x.hi, NULL, NULL);
    header_row(tc, &w, "", "");
    fputc('\n', tc->out);
    for (int i = 0; i < CG_N_ACC; i++)
        data_row(tc, &w, "", a.acc[i], NULL, NULL, ROW_SINGLE, cg_acc_labels[i],
                 strlen(cg_acc_labels[i]));
    fputc('\n', tc->out);
    unreadable_hint(tc, &a);
    free_widths(&w);
    ext_free(&x);
    cg_annotation_check(tc->p, &a);
    cg_annotation_free(&a);
}

/* `cg_annotate: note: P% is in WHAT` when part is half of total or more. */
static void half_note(cg_count part, cg_count total, const char *what)
{
    if (total <= 0 || part * 2 < total) return;
    char pc[64];
    cg_fmt_pct(pc, part, total);
    fprintf(stderr, "cg_annotate: note: %s%% is in %s\n", pc, what);
}

/* On a terminal, when half of the first column's event or more is in code
   without debug information: one line each on why and the fix. */
static void debuginfo_hint(const struct text *tc)
{
    if (!isatty(STDERR_FILENO)) return;
    size_t e = tc->cols[0].event;
    cg_count no_file, no_name;
    cg_debuginfo_shares(tc->p, e, &no_file, &no_name);
    half_note(no_name, tc->total[e],
              "code without a function name (`???`): the program or a library is stripped; "
              "profile an unstripped build, or install its debug symbols (Debian: its -dbgsym "
              "package)");
    half_note(no_file, tc->total[e],
              "functions without a file and line (`???`): built without debug information; "
              "rebuild with -g (keeping the optimisation you measure)");
}

void cg_report_text(FILE *out, const cg_report *r)
{
    const struct text ctx = {r,         r->prof, r->prof->n_events, r->prof->summary_total, r->show,
                             r->n_show, out};
    const struct text *tc = &ctx;
    metadata(tc);
    summary(tc);
    cg_summary by_file, by_fn;
    cg_summary_by_file(r, &by_file);
    function_summary(tc, "File:function summary", " file:function", "< ", &by_file, false);
    cg_summary_by_fn(r, &by_fn);
    function_summary(tc, "Function:file summary", " function:file", "> ", &by_fn, true);
    cg_summary_free(&by_fn);
    if (r->graph && r->tree != CG_TREE_NONE) call_graph(tc);
    if (r->annotate) {
        /* The listings have counts per line: own counts only, one column
           per event shown. */
        struct text lc = ctx;
        cg_col *own = cg_cols_own(r->show, r->n_show, &lc.ncol);
        lc.cols = own;
        annotation(&lc, &by_file);
        free(own);
    }
    cg_summary_free(&by_file);
    debuginfo_hint(tc);
}
