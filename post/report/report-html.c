/* SPDX-License-Identifier: GPL-2.0-or-later */
/* report-html.c: cg_annotate --format=html, one self-contained page
   (docs/post-processors.md, "The HTML report"): the rows, numbers and
   listings of the text report (the same report model, report-model.c), laid
   out as sortable tables and coloured source listings, with its own style
   sheet and script inlined (report-html.css, report-html.js) and a
   Content-Security-Policy that allows those two and nothing else.  The page
   is kept under about 20 MB by byte budgets; what a budget leaves out is
   said on the page, and rows whose lines are not on it link nowhere.  For
   input with calls the tables have the report's inclusive columns too, and
   the call graph follows them, every function a link to its entry; such a
   page adds report-html-graph.css and report-html-graph.js to the others,
   so that every other page stays as it was. */
#include "html-assets.h"
#include "html.h"
#include "report-html-flame.h"
#include "numfmt.h"
#include "report.h"
#include "sha256.h"
#include "util.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* Budgets, in bytes of HTML: each function table, and all source listings
   together.  With the page's fixed parts they keep it under 20 MB. */
#define TABLE_BUDGET  (640u << 10)
#define SOURCE_BUDGET (8u << 20)
/* The call-graph section's budget, and the most callers, callees or
   members one entry lists. */
#define GRAPH_BUDGET (2u << 20)
#define ARCS_MAX     200
/* A run of lines without counts longer than this is not inlined. */
#define GAP_MAX_LINES 400
/* Longer names and source lines are cut (the rest is counted, not shown). */
#define TEXT_MAX 2000
/* Profiles whose metadata the page lists one by one; files named in a
   "left out" note. */
#define INPUTS_MAX 100
#define NAMES_MAX  50
/* Heat levels: 1 (coolest) to LEVELS; bar lengths: 0 to BARS. */
#define LEVELS 8
#define BARS   20

/* Where a file's listing is on the page, for the tables' links. */
typedef struct place {
    uint32_t section; /* its section's number (ids s1, s2, ...); 0: none */
    bool listed;      /* its lines are listed (readable) */
    bool line0;       /* it has a line 0 row */
    int64_t upto;     /* the last counted line listed (-1: none) */
} place;

/* The page being written: made by cg_report_html and handed to every
   helper, so that nothing of one page outlives it. */
struct page {
    const cg_report *r;
    const cg_report *given; /* the report as given: r with the tables' columns */
    const cg_profile *p;
    size_t nev;
    const cg_count *total;
    cg_buf *b;         /* the part being written */
    place *places;     /* per file id */
    cg_count *hottest; /* per column shown: the program's largest |line value| */
    /* The function tables' columns (with inclusive ones: the report's);
       r->show has the listings' own-count columns. */
    const cg_col *tcols;
    size_t n_tcols;
    /* The call graph (input with calls): its entries, and how many of them
       the page holds (links go only to those). */
    const cg_fgraph *graph;
    const cg_tree_list *tree;
    size_t tree_shown;
    const cg_col *gcols; /* the call graph's columns */
    size_t n_gcols;
    /* The listing being written. */
    place *pl;            /* its file's place */
    uint32_t sec;         /* its section number */
    const cg_count *fmax; /* per column shown: the file's largest |line value| */
    cg_buf gap;           /* lines without counts read since the last listed one */
    int64_t gap_first, gap_n;
    uint32_t n_gaps;
    size_t n_bogus;
    bool cut;
};

/* ------------------------------------------------------------ writing */

static void add(struct page *pg, const char *s)
{
    cg_buf_adds(pg->b, s);
}

static void addn(struct page *pg, const char *s, size_t n)
{
    cg_buf_add(pg->b, s, n);
}

static void addf(struct page *pg, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void addf(struct page *pg, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    cg_buf_vprintf(pg->b, fmt, ap);
    va_end(ap);
}

/* Profile bytes as text, cut at `max` bytes with a note. */
static void text_max(struct page *pg, const char *s, size_t n, int flags, size_t max)
{
    size_t k = cg_html_cut(s, n, max);
    cg_html_text(pg->b, s, k, flags);
    if (k == n) return;
    if (flags & CG_HTML_PLAIN)
        add(pg, "\xe2\x80\xa6");
    else
        addf(pg, "<span class=\"x\">\xe2\x80\xa6 %zu more bytes</span>", n - k);
}

static void text(struct page *pg, const char *s, size_t n, int flags)
{
    text_max(pg, s, n, flags, TEXT_MAX);
}

static void name(struct page *pg, const cg_str *s)
{
    if (s->len > TEXT_MAX) {
        text(pg, s->s, s->len, 0);
        return;
    }
    cg_html_name(pg->b, s->s, s->len);
}

static void ctext(struct page *pg, const cg_text *t)
{
    text(pg, t->s, t->len, 0);
}

static void count(struct page *pg, cg_count c)
{
    char n[32];
    addn(pg, n, cg_fmt_commas(n, c));
}

/* ` <i>(12.3%)</i>`: the text report's single-form percentage. */
static void share(struct page *pg, cg_count c, cg_count t)
{
    char v[64];
    if (!pg->r->show_percs || !cg_fmt_share(v, c, t)) return;
    add(pg, "<i>(");
    add(pg, v);
    add(pg, ")</i>");
}

static uint64_t mag(cg_count c)
{
    return c < 0 ? 0 - (uint64_t)c : (uint64_t)c;
}

/* 0 for a zero count, else 1 .. LEVELS: |c| relative to max, rounded up. */
static unsigned level(cg_count c, cg_count max)
{
    uint64_t a = mag(c), m = mag(max);
    if (a == 0 || m == 0) return 0;
    unsigned l = (unsigned)(((unsigned __int128)a * LEVELS + m - 1) / m);
    return l > LEVELS ? LEVELS : l;
}

/* A bar's length in twentieths of the column's largest |count|, rounded:
   unlike heat, a tiny count gets no bar. */
static unsigned bar(cg_count c, cg_count max)
{
    uint64_t a = mag(c), m = mag(max);
    if (m == 0) return 0;
    return (unsigned)(((unsigned __int128)a * 2 * BARS + m) / (2 * m));
}

/* What each event of Cachegrind counts, for headers and the totals. */
static const char *meaning(const cg_text *e)
{
    static const char *const known[][2] = {
        {"Ir", "instructions executed"},
        {"I1mr", "instruction fetches that missed the first-level instruction cache (I1)"},
        {"ILmr", "instruction fetches that missed the last-level cache (LL)"},
        {"Dr", "data reads (memory loads)"},
        {"D1mr", "data reads that missed the first-level data cache (D1)"},
        {"DLmr", "data reads that missed the last-level cache (LL)"},
        {"Dw", "data writes (memory stores)"},
        {"D1mw", "data writes that missed the first-level data cache (D1)"},
        {"DLmw", "data writes that missed the last-level cache (LL)"},
        {"Bc", "conditional branches executed"},
        {"Bcm", "conditional branches mispredicted"},
        {"Bi", "indirect branches executed"},
        {"Bim", "indirect branches mispredicted"},
        {"I2mr", "instruction fetches that missed the L2 cache (older profiles)"},
        {"D2mr", "data reads that missed the L2 cache (older profiles)"},
        {"D2mw", "data writes that missed the L2 cache (older profiles)"},
        /* Callgrind's own. */
        {"ILdmr", "instruction fetches that missed LL and wrote a dirty line back "
                  "(Callgrind's --simulate-wb)"},
        {"DLdmr", "data reads that missed LL and wrote a dirty line back "
                  "(Callgrind's --simulate-wb)"},
        {"DLdmw", "data writes that missed LL and wrote a dirty line back "
                  "(Callgrind's --simulate-wb)"},
        {"Ge", "global bus events (atomic instructions; Callgrind's --collect-bus)"},
        {"sysCount", "system calls, counted by Callgrind"},
        {"sysTime", "time spent in system calls, as Callgrind measured it"},
        {"sysCpuTime", "CPU time spent in system calls, as Callgrind measured it"},
        {"AcCost1", "access cost of L1 lines (Callgrind's --cacheuse)"},
        {"SpLoss1", "spatial loss of L1 lines (Callgrind's --cacheuse)"},
        {"AcCost2", "access cost of LL lines (Callgrind's --cacheuse)"},
        {"SpLoss2", "spatial loss of LL lines (Callgrind's --cacheuse)"},
    };
    for (size_t i = 0; i < sizeof known / sizeof *known; i++)
        if (cg_text_is(e, known[i][0])) return known[i][1];
    return NULL;
}

/* Writes what event e counts: Cachegrind's and Callgrind's own events are
   explained here; another one by the long name its profile gives
   (`event:` lines), else as unknown.  `flags` as for text(). */
static void explain(struct page *pg, size_t e, int flags)
{
    const char *m = meaning(&pg->p->events[e]);
    const cg_text *ln = pg->p->inputs[0].long_names;
    if (m)
        add(pg, m);
    else if (ln && ln[e].s && !pg->p->inputs[0].events_mismatch)
        text(pg, ln[e].s, ln[e].len, flags);
    else
        add(pg, "an event of these profiles (not one of Cachegrind's own)");
}

static const cg_text *event(struct page *pg, size_t e)
{
    return &pg->p->events[e];
}

/* Column i's percentages are of its event's program total, whatever the
   column's kind. */
static cg_count col_total(struct page *pg, size_t i)
{
    return pg->total[pg->r->show[i].event];
}

/* Raises max[i], per column of cols[0 .. n), to the row's value if that is
   larger in magnitude (cc: the row's counts by event; incl: its inclusive
   ones, or NULL). */
static void cols_max(const cg_col *cols, size_t n, cg_count *max, const cg_count *cc,
                     const cg_count *incl)
{
    for (size_t i = 0; i < n; i++) {
        cg_count v = cg_col_value(&cols[i], cc, incl);
        if (mag(v) > mag(max[i])) max[i] = v;
    }
}

/* Likewise for the columns shown in the listings. */
static void col_max(struct page *pg, cg_count *max, const cg_count *cc)
{
    cols_max(pg->r->show, pg->r->n_show, max, cc, NULL);
}

/* A column's name: the event's and its suffix (cg_col_suffix).  `flags` as
   for text(). */
static void col_name(struct page *pg, const cg_col *c, int flags)
{
    const cg_text *e = event(pg, c->event);
    text(pg, e->s, e->len, flags);
    add(pg, cg_col_suffix(c));
}

/* The header cells of columns cols[0 .. n). */
static void heads(struct page *pg, const cg_col *cols, size_t n, bool buttons)
{
    for (size_t i = 0; i < n; i++) {
        bool incl = cols[i].kind == CG_COL_INCL;
        add(pg, incl ? "<th scope=\"col\" class=\"incl\" title=\"" : "<th scope=\"col\" title=\"");
        col_name(pg, &cols[i], CG_HTML_PLAIN);
        add(pg, ": ");
        explain(pg, cols[i].event, CG_HTML_PLAIN);
        if (incl) add(pg, ", inclusive: by a function and every function it called");
        add(pg, buttons ? "\"><button type=\"button\">" : "\">");
        col_name(pg, &cols[i], 0);
        add(pg, buttons ? "</button></th>" : "</th>");
    }
}

/* The header cells of the shown columns. */
static void event_heads(struct page *pg, bool buttons)
{
    heads(pg, pg->r->show, pg->r->n_show, buttons);
}

/* ----------------------------------------------------- source listings */

static void flush_gap(struct page *pg)
{
    if (pg->gap_n == 0) return;
    size_t cols = pg->r->n_show + 2;
    int64_t last = pg->gap_first + pg->gap_n - 1;
    if (pg->gap_n > GAP_MAX_LINES) {
        addf(pg,
             "<tr class=\"gap\"><td colspan=\"%zu\"><span>lines %" PRId64 "\xe2\x80\x93%" PRId64
             ": no counts (%" PRId64 " lines, not included)</span></td></tr>\n",
             cols, pg->gap_first, last, pg->gap_n);
    } else {
        uint32_t g = pg->n_gaps++;
        addf(
            pg,
            "<tr class=\"gap\"><td colspan=\"%zu\"><button type=\"button\" aria-expanded=\"false\" "
            "aria-controls=\"s%u-g%u\">",
            cols, pg->sec, g);
        if (pg->gap_n == 1)
            addf(pg, "line %" PRId64 ": no counts", pg->gap_first);
        else
            addf(pg, "lines %" PRId64 "\xe2\x80\x93%" PRId64 ": no counts (%" PRId64 " lines)",
                 pg->gap_first, last, pg->gap_n);
        addf(pg, "</button></td></tr>\n</tbody>\n<tbody class=\"cold\" id=\"s%u-g%u\" hidden>\n",
             pg->sec, g);
        addn(pg, pg->gap.p, pg->gap.len);
        add(pg, "</tbody>\n<tbody>\n");
    }
    pg->gap.len = 0;
    pg->gap_n = 0;
}

/* A row of the listing: counts (or one empty cell), line number, text. */
static void src_row(struct page *pg, const char *id_label, int64_t n, const char *t, size_t len,
                    const cg_count *cc)
{
    if (cc) {
        addf(pg, "<tr class=\"hot\" id=\"s%u-%" PRId64 "\">", pg->sec, n);
        for (size_t i = 0; i < pg->r->n_show; i++) {
            cg_count v = cg_col_value(&pg->r->show[i], cc, NULL);
            unsigned f = level(v, pg->fmax[i]), g = level(v, pg->hottest[i]);
            if (f)
                addf(pg, "<td class=\"f%u p%u%s\">", f, g, v < 0 ? " n" : "");
            else
                add(pg, "<td>");
            count(pg, v);
            share(pg, v, col_total(pg, i));
            add(pg, "</td>");
        }
    } else {
        addf(pg, "<tr><td colspan=\"%zu\"></td>", pg->r->n_show);
    }
    if (id_label) {
        add(pg, "<td class=\"ln\"></td><td class=\"code\">");
        cg_html_str(pg->b, id_label);
    } else {
        addf(pg, "<td class=\"ln\">%" PRId64 "</td><td class=\"code\">", n);
        text(pg, t, len, CG_HTML_TAB);
    }
    add(pg, "</td></tr>\n");
}

static void on_line0(void *ctx, const cg_count *cc)
{
    struct page *pg = ctx;
    pg->pl->line0 = true;
    src_row(pg, "<unknown (line 0)>", 0, NULL, 0, cc);
}

static void on_skipped(void *ctx, int64_t n, const char *t, size_t len)
{
    struct page *pg = ctx;
    if (pg->gap_n++ == 0) pg->gap_first = n;
    if (pg->gap_n > GAP_MAX_LINES) return;
    cg_buf *keep = pg->b;
    pg->b = &pg->gap;
    src_row(pg, NULL, n, t, len, NULL);
    pg->b = keep;
}

static void on_marker(void *ctx, __int128 n)
{
    (void)ctx, (void)n; /* gaps take the markers' place */
}

static bool on_line(void *ctx, int64_t n, const char *t, size_t len, const cg_count *cc)
{
    struct page *pg = ctx;
    if (pg->b->len > SOURCE_BUDGET) {
        pg->cut = true;
        return false;
    }
    flush_gap(pg);
    src_row(pg, NULL, n, t, len, cc);
    if (cc) pg->pl->upto = n;
    return true;
}

static void on_bogus(void *ctx, int64_t n, const cg_count *cc)
{
    struct page *pg = ctx;
    if (pg->b->len > SOURCE_BUDGET) {
        pg->cut = true;
        return;
    }
    if (pg->n_bogus++ == 0) {
        flush_gap(pg);
        addf(pg,
             "<tr class=\"fix\"><td colspan=\"%zu\">counts recorded for lines past the end of the "
             "file:</td></tr>\n",
             pg->r->n_show + 2);
    }
    char label[48];
    snprintf(label, sizeof label, "<bogus line %" PRId64 ">", n);
    src_row(pg, label, n, NULL, 0, cc);
    if (!pg->cut) pg->pl->upto = n;
}

static void originals(struct page *pg, const cg_source *s, const char *cls, const char *what)
{
    addf(pg, "<div class=\"box%s\">%s<ul>", cls, what);
    for (size_t i = 0; i < s->n_orig; i++) {
        add(pg, "<li><code>");
        name(pg, s->orig[i]);
        add(pg, "</code></li>");
    }
    add(pg, "</ul></div>\n");
}

/* One file's section: notices, then the listing. */
static void source_file(struct page *pg, uint32_t f, enum cg_readability *r)
{
    const cg_profile *p = pg->p;
    place *pl = &pg->places[f];
    cg_source s;
    cg_source_open(p, pg->r->find, f, &s);
    *r = s.r;
    pl->section = ++pg->sec;
    pl->upto = -1;
    addf(pg, "<section class=\"file\" id=\"s%u\" aria-labelledby=\"s%u-h\">\n<h3 id=\"s%u-h\">",
         pg->sec, pg->sec, pg->sec);
    name(pg, cg_name(&p->files, f));
    add(pg, "</h3>\n");
    if (s.found) {
        add(pg, "<p class=\"note\">Read from <code>");
        text(pg, s.found, strlen(s.found), 0);
        add(pg, "</code> (<code>-I</code>, <code>--source-map</code>).</p>\n");
    }
    if (s.r != CG_READABLE) {
        originals(pg, &s, "",
                  s.r == CG_UNREADABLE
                      ? "Not annotated: one or more of these original files are unreadable:"
                      : "Not annotated: two or more of these original files are not identical:");
        add(pg, "</section>\n");
        cg_source_close(&s);
        return;
    }
    for (size_t i = 0; i < s.n_older; i++) {
        add(pg, "<div class=\"box\">The source is newer than the profile <code>");
        cg_html_str(pg->b, p->inputs[s.older[i]].path);
        add(pg, "</code>: the counts may belong to other lines.");
        if (s.n_orig > 1) originals(pg, &s, "", "Original files:");
        add(pg, "</div>\n");
    }
    size_t nl;
    uint32_t l0 = cg_file_lines(p, f, &nl);
    cg_count *fmax = xcalloc(pg->r->n_show + 1, sizeof(cg_count));
    cg_count *buf = xmalloc((p->n_events + 1) * sizeof *buf);
    for (size_t i = 0; i < nl; i++) col_max(pg, fmax, cg_line_cc(p, l0 + (uint32_t)i, buf));
    free(buf);
    pg->fmax = fmax;
    pg->n_gaps = 0;
    pg->n_bogus = 0;
    pg->gap_n = 0;
    pg->gap.len = 0;
    pl->listed = true;
    add(pg, "<div class=\"scroll\"><table class=\"src");
    add(pg, pg->r->show_percs ? " pc\">" : "\">");
    add(pg, "<thead><tr>");
    event_heads(pg, false);
    add(pg, "<th scope=\"col\" class=\"ln\">line</th><th scope=\"col\" class=\"code\">source</th>"
            "</tr></thead>\n<tbody>\n");
    /* A negative context reads lines that hold counts as if between ranges;
       the text report lists none of them, nor does the page. */
    pg->pl = pl;
    cg_listing_ops ops = {pg,        on_line0, pg->r->context >= 0 ? on_skipped : NULL,
                          on_marker, on_line,  on_bogus};
    bool whole = cg_listing(p, l0, nl, s.fd, pg->r->context, &ops);
    if (!pg->cut) flush_gap(pg);
    if (!whole || pg->cut)
        addf(pg,
             "<tr class=\"fix\"><td colspan=\"%zu\">The listing stops here: the page keeps to "
             "about 20 MB. The text report (<code>--format=text</code>) has it all.</td></tr>\n",
             pg->r->n_show + 2);
    add(pg, "</tbody></table></div>\n");
    if (pg->n_bogus) {
        add(pg, "<div class=\"box\">Counts were recorded for lines past the end of <code>");
        name(pg, s.orig[0]);
        add(pg, "</code>: the source may not be the one profiled.</div>\n");
    }
    add(pg, "</section>\n");
    free(fmax);
    cg_source_close(&s);
}

static void annotation_summary(struct page *pg, const cg_annotation *a)
{
    add(pg, "<h3 id=\"where\">Where the counts are</h3>\n<div class=\"scroll\"><table "
            "class=\"totals where");
    add(pg, pg->r->show_percs ? " pc\">" : "\">");
    add(pg, "<thead><tr><th scope=\"col\">counts of</th>");
    event_heads(pg, false);
    add(pg, "</tr></thead><tbody>\n");
    static const char *const what[CG_N_ACC] = {
        "annotated files, lines known",
        "annotated files, line unknown (line 0)",
        "files not annotated: original files not identical",
        "files not annotated: unreadable",
        "files below the threshold",
        "unknown files (?\?\?)",
    };
    for (int i = 0; i < CG_N_ACC; i++) {
        add(pg, "<tr><th scope=\"row\">");
        add(pg, what[i]);
        add(pg, "</th>");
        for (size_t k = 0; k < pg->r->n_show; k++) {
            cg_count v = cg_col_value(&pg->r->show[k], a->acc[i], NULL);
            add(pg, "<td>");
            count(pg, v);
            share(pg, v, col_total(pg, k));
            add(pg, "</td>");
        }
        add(pg, "</tr>\n");
    }
    add(pg, "</tbody></table></div>\n");
}

/* The annotated files, hottest first; returns whether the annotation adds
   up (else the page says so and cg_annotate fails after writing it). */
static bool sources(struct page *pg, const cg_summary *by_file, cg_annotation *a)
{
    const cg_profile *p = pg->p;
    cg_annotation_files(p, by_file, a);
    add(pg, "<section id=\"sources\" aria-labelledby=\"h-sources\">\n<h2 id=\"h-sources\">Source "
            "files</h2>\n<p class=\"note\">The files of the File:function table (but "
            "<code>?\?\?</code>)"
            ", hottest first, each line with its counts; ");
    if (pg->r->context >= 0)
        addf(pg,
             "%lld line%s of context around counted lines, runs of lines without counts "
             "folded (click to open).</p>\n",
             pg->r->context, pg->r->context == 1 ? "" : "s");
    else
        add(pg, "with a negative <code>--context</code>, every counted line is listed as past the "
                "end of its file, as in the text report.</p>\n");
    add(pg, "<div class=\"tools\" role=\"group\" aria-label=\"Heat\"><span>Heat relative to</span> "
            "<label><input type=\"radio\" name=\"heat\" value=\"file\" checked> the file's hottest "
            "line</label> <label><input type=\"radio\" name=\"heat\" value=\"program\"> the "
            "program's hottest line</label></div>\n");
    size_t left = 0;
    bool *out = xcalloc(a->n + 1, sizeof *out);
    for (size_t i = 0; i < a->n; i++) {
        if (pg->b->len > SOURCE_BUDGET) {
            /* Readability still decides where the counts went. */
            cg_source s;
            cg_source_open(p, pg->r->find, a->files[i], &s);
            a->r[i] = s.r;
            cg_source_close(&s);
            out[i] = true;
            left++;
            continue;
        }
        source_file(pg, a->files[i], &a->r[i]);
    }
    if (left) {
        addf(pg,
             "<div class=\"box\" id=\"sources-left-out\">%zu of %zu files are not on this page, "
             "which keeps to about 20 MB; their rows in the tables link nowhere. The text report "
             "(<code>cg_annotate</code> without <code>--format</code>) annotates them all; a "
             "higher <code>--threshold</code>, fewer events (<code>--show</code>) or a smaller "
             "<code>--context</code> make room. Left out:<ul>",
             left, a->n);
        size_t shown = 0;
        for (size_t i = 0; i < a->n && shown < NAMES_MAX; i++) {
            if (!out[i]) continue;
            add(pg, "<li><code>");
            name(pg, cg_name(&p->files, a->files[i]));
            add(pg, "</code></li>");
            shown++;
        }
        if (left > shown) addf(pg, "<li>and %zu more</li>", left - shown);
        add(pg, "</ul></div>\n");
    }
    free(out);
    cg_annotation_account(p, a);
    annotation_summary(pg, a);
    cg_count *sum = xcalloc(pg->nev, sizeof(cg_count));
    for (int i = 0; i < CG_N_ACC; i++) cg_cc_add(sum, a->acc[i], pg->nev, 1);
    bool ok = memcmp(sum, pg->total, pg->nev * sizeof(cg_count)) == 0;
    free(sum);
    if (!ok)
        add(pg, "<div class=\"box bad\">These rows do not add up to the program totals: the "
                "profile's <code>summary:</code> line does not match its counts.</div>\n");
    add(pg, "</section>\n");
    return ok;
}

/* ------------------------------------------------- function tables */

/* The link to a pair's lines: the first counted line if it is on the page,
   line 0 if that is all it has, the file's notice if unreadable; else
   none (0). */
static bool link_to(struct page *pg, uint32_t pair, cg_buf *href)
{
    if (pair == CG_NONE) return false;
    const cg_pair *pr = &pg->p->pairs[pair];
    const place *pl = &pg->places[pr->file];
    href->len = 0;
    if (!pl->section) return false;
    if (!pl->listed) {
        cg_buf_printf(href, "#s%u", pl->section);
    } else if (pr->min_line != INT64_MAX) {
        if (pr->min_line > pl->upto) return false;
        cg_buf_printf(href, "#s%u-%" PRId64, pl->section, pr->min_line);
    } else if (pl->line0) {
        cg_buf_printf(href, "#s%u-0", pl->section);
    } else {
        return false;
    }
    return true;
}

static void linked(struct page *pg, const cg_str *s, bool ok, const cg_buf *href)
{
    if (ok) {
        add(pg, "<a href=\"");
        addn(pg, href->p, href->len);
        add(pg, "\">");
    }
    name(pg, s);
    if (ok) add(pg, "</a>");
}

/* ------------------------------------------------------ call graph marks */

/* The call-graph function of profile function fn (CG_NONE: none, or no
   call graph). */
static uint32_t node_of(struct page *pg, uint32_t fn)
{
    return pg->graph ? cg_report_node(pg->r, fn) : CG_NONE;
}

/* The number of function v's entry in the call-graph section (its `[N]`)
   when the page holds it, else 0. */
static uint32_t fn_entry(struct page *pg, uint32_t v)
{
    if (!pg->tree || v == CG_NONE) return 0;
    uint32_t k = pg->tree->index[v];
    return k <= pg->tree_shown ? k : 0;
}

static uint32_t cycle_entry(struct page *pg, uint32_t c)
{
    if (!pg->tree) return 0;
    uint32_t k = pg->tree->cycle_index[c];
    return k <= pg->tree_shown ? k : 0;
}

/* Function v's mark m (report-model.c) after its name, with a title that
   says why; `<cycle N>` is a link to the cycle's entry when the page has
   one. */
static void mark(struct page *pg, uint32_t v, enum cg_mark m)
{
    if (m == CG_MARK_NONE) return;
    uint32_t c = pg->graph->fns[v].cycle, k = 0;
    if (m == CG_MARK_CYCLE && (k = cycle_entry(pg, c)))
        addf(pg, " <a class=\"cyc\" href=\"#g%u\"", k);
    else
        add(pg, " <span class=\"cyc\"");
    switch (m) {
    case CG_MARK_CYCLE:
        addf(pg,
             " title=\"A member of cycle %u: functions that call each other round, whose calls "
             "nest, so that its inclusive cost is only a lower bound; the cycle's as a whole is "
             "exact\">",
             c + 1);
        break;
    case CG_MARK_SHARED_NAME:
        add(pg, " title=\"A name several functions of the profile have, whose activations may "
                "nest, so that its inclusive cost is only a lower bound\">");
        break;
    case CG_MARK_INEXACT:
        add(pg, " title=\"Its caller contexts may nest, so that its inclusive cost is only a "
                "lower bound\">");
        break;
    default:
        add(pg, " title=\"Part of its code also ran inside another function's activation, "
                "reached by a jump rather than a call (as glibc's memmove runs memcpy's code): "
                "its self cost counts that code, its inclusive cost does not, and is below it\">");
        break;
    }
    cg_buf w = {0};
    cg_mark_words(pg->given, v, m, &w);
    cg_html_text(pg->b, w.p, w.len, 0);
    cg_buf_free(&w);
    add(pg, k ? "</a>" : "</span>");
}

/* What an inclusive cell of function v says when it is a lower bound, as
   its title (NULL: it is exact). */
static const char *bound_title(struct page *pg, uint32_t v)
{
    switch (v == CG_NONE ? CG_MARK_NONE : cg_graph_mark(pg->given, v)) {
    case CG_MARK_CYCLE:
        return "a lower bound: the function is in a cycle of calls";
    case CG_MARK_SHARED_NAME:
        return "a lower bound: several functions have this name";
    case CG_MARK_INEXACT:
        return "a lower bound: the function's caller contexts may nest";
    default:
        return NULL;
    }
}

/* What follows a function's name in the tables: its mark (cg_table_mark),
   and the link to its call-graph entry, `[N]`. */
static void fn_marks(struct page *pg, uint32_t fn)
{
    uint32_t v = node_of(pg, fn);
    if (v == CG_NONE) return;
    mark(pg, v, cg_table_mark(pg->given, fn));
    uint32_t k = fn_entry(pg, v);
    if (k)
        addf(pg, "<a class=\"gl\" href=\"#g%u\" aria-label=\"call graph entry %u\">[%u]</a>", k, k,
             k);
}

/* One count cell of column c (incl: the row's inclusive counts, NULL for a
   row that has none, whose inclusive cells are blank; max: the column's
   largest |value|, for the bar, 0 for none; lb: NULL, or why the
   inclusive counts are a lower bound, bound_title's). */
static void cell(struct page *pg, const cg_col *c, const cg_count *cc, const cg_count *incl,
                 cg_count max, const char *lb)
{
    if (c->kind == CG_COL_INCL && !incl) {
        add(pg, "<td></td>");
        return;
    }
    cg_count v = cg_col_value(c, cc, incl);
    unsigned l = bar(v, max);
    bool mark = lb && c->kind == CG_COL_INCL;
    const char *n = v < 0 ? " n" : "";
    if (l)
        addf(pg, "<td class=\"b%u%s%s\"", l, n, mark ? " lb" : "");
    else if (v < 0 || mark)
        addf(pg, "<td class=\"%s%s\"", n + (v < 0), v < 0 && mark ? " lb" : mark ? "lb" : "");
    else
        add(pg, "<td");
    if (mark) addf(pg, " title=\"%s\"", lb);
    add(pg, ">");
    count(pg, v);
    share(pg, v, pg->total[c->event]);
    add(pg, "</td>");
}

/* A row's cells in the function tables' columns (cc: its counts by event;
   incl, lb: as for cell(); max: per column). */
static void cells(struct page *pg, const cg_count *cc, const cg_count *incl, const char *lb,
                  const cg_count *max)
{
    for (size_t i = 0; i < pg->n_tcols; i++) cell(pg, &pg->tcols[i], cc, incl, max[i], lb);
}

/* A function's row label, linked to its lines (ok, href), with its marks
   (fn: its profile function id). */
static void fn_linked(struct page *pg, const cg_str *s, bool ok, const cg_buf *href, uint32_t fn)
{
    linked(pg, s, ok, href);
    fn_marks(pg, fn);
}

/* Mark m as the notes name it (cg_mark_key). */
static void legend_key(struct page *pg, enum cg_mark m)
{
    add(pg, "<span class=\"lb-key\">");
    cg_html_str(pg->b, cg_mark_key(m));
    add(pg, "</span>");
}

/* What the function tables' notes add on a page with calls. */
static void graph_legend(struct page *pg)
{
    if (!pg->graph) return;
    bool incl = cg_report_incl_shown(pg->given);
    size_t n[CG_N_MARKS];
    cg_mark_counts(pg->given, n);
    bool bound = false;
    for (int m = 0; m < CG_N_MARKS; m++) bound |= n[m] && cg_mark_bound((enum cg_mark)m);
    if (!incl && !pg->tree) return;
    add(pg, "<p class=\"note\">");
    if (incl)
        addf(pg,
             "An inclusive column (<code>%s</code>) gives a function's cost together with "
             "that of every function it called; file rows have none. ",
             cg_incl_suffix);
    if (incl && bound) {
        add(pg, "A function marked ");
        legend_key(pg, CG_MARK_CYCLE);
        add(pg, " (in a cycle of calls, whose cost as a whole is exact), ");
        legend_key(pg, CG_MARK_SHARED_NAME);
        add(pg, " (a name several functions have) or ");
        legend_key(pg, CG_MARK_INEXACT);
        add(pg, " (caller contexts that may nest) has an inclusive cost (<span "
                "class=\"lb-key\">&#8805;</span>) that is only a lower bound. ");
    }
    if (incl && n[CG_MARK_SHARED_CODE]) {
        add(pg, "A function marked ");
        legend_key(pg, CG_MARK_SHARED_CODE);
        add(pg, " has an inclusive cost below its self cost: part of its code also ran inside "
                "another function's activation, reached by a jump rather than a call, which that "
                "function's inclusive cost holds. ");
    }
    if (pg->tree)
        add(pg, "<span class=\"lb-key\">[N]</span> leads to the function's entry in the call "
                "graph.");
    add(pg, "</p>\n");
}

static void function_table(struct page *pg, const cg_summary *s, bool by_file, const char *id,
                           const char *title)
{
    const cg_profile *p = pg->p;
    const char *unit = by_file ? "file:function" : "function:file";
    addf(pg, "<section id=\"%s\" aria-labelledby=\"h-%s\">\n<h2 id=\"h-%s\">%s</h2>\n", id, id, id,
         title);
    addf(pg,
         "<p class=\"note\">%s, with the %s in it at or above the threshold, in the text "
         "report's order; a bar shows each count against the column's largest. Click a column "
         "to sort by it (again to turn the order round)%s.</p>\n",
         by_file ? "Each file" : "Each function", by_file ? "functions" : "files",
         pg->r->diff ? "; red is an increase, green a decrease" : "");
    graph_legend(pg);
    addf(pg,
         "<div class=\"tools\"><input type=\"search\" class=\"filter\" data-for=\"t-%s\" "
         "placeholder=\"Filter by name (press /)\" aria-label=\"Filter the %s table by name\">"
         "<output id=\"t-%s-status\" aria-live=\"polite\"></output></div>\n",
         id, title, id);
    cg_count *max = xcalloc(pg->n_tcols + 1, sizeof(cg_count));
    for (size_t i = 0; i < s->n; i++) {
        cols_max(pg->tcols, pg->n_tcols, max, s->o[i].cc, s->o[i].incl);
        for (size_t j = 0; j < s->o[i].n_in; j++)
            cols_max(pg->tcols, pg->n_tcols, max, s->o[i].in[j].cc, s->o[i].in[j].incl);
    }
    addf(pg, "<div class=\"scroll tall\"><table class=\"fn%s\" id=\"t-%s\">",
         pg->r->show_percs ? " pc" : "", id);
    addf(pg, "<thead><tr><th scope=\"col\" class=\"nm\"><button type=\"button\">%s</button></th>",
         unit);
    heads(pg, pg->tcols, pg->n_tcols, true);
    add(pg, "</tr></thead>\n");
    size_t start = pg->b->len, shown = 0, rows = 0;
    cg_buf href = {0}, href2 = {0};
    for (; shown < s->n && pg->b->len - start <= TABLE_BUDGET; shown++) {
        const cg_outer *o = &s->o[shown];
        add(pg, "<tbody><tr class=\"o\"><td class=\"nm\">");
        if (cg_summary_one_row(pg->r, o)) {
            const cg_inner *in = &o->in[0];
            bool ok = link_to(pg, in->pair, &href);
            uint32_t fn = by_file ? p->pairs[in->pair].fn : o->id;
            if (by_file) {
                const place *pl = &pg->places[o->id];
                href2.len = 0;
                if (pl->section) cg_buf_printf(&href2, "#s%u", pl->section);
                linked(pg, o->name, pl->section, &href2);
                add(pg, ":");
                fn_linked(pg, in->name, ok, &href, fn);
            } else {
                fn_linked(pg, o->name, ok, &href, fn);
                add(pg, ":");
                linked(pg, in->name, ok, &href);
            }
            add(pg, "</td>");
            cells(pg, o->cc, by_file ? in->incl : o->incl, bound_title(pg, node_of(pg, fn)), max);
            add(pg, "</tr></tbody>\n");
            rows++;
            continue;
        }
        if (by_file) {
            const place *pl = &pg->places[o->id];
            href.len = 0;
            if (pl->section) cg_buf_printf(&href, "#s%u", pl->section);
            linked(pg, o->name, pl->section, &href);
        } else {
            fn_linked(pg, o->name, link_to(pg, o->in[0].pair, &href), &href, o->id);
        }
        add(pg, "</td>");
        cells(pg, o->cc, o->incl, by_file ? NULL : bound_title(pg, node_of(pg, o->id)), max);
        add(pg, "</tr>\n");
        for (size_t j = 0; j < o->n_in; j++) {
            const cg_inner *in = &o->in[j];
            add(pg, "<tr class=\"i\"><td class=\"nm\">");
            bool ok = link_to(pg, in->pair, &href);
            const char *lb = NULL;
            if (by_file) {
                uint32_t fn = p->pairs[in->pair].fn;
                fn_linked(pg, in->name, ok, &href, fn);
                lb = bound_title(pg, node_of(pg, fn));
            } else {
                linked(pg, in->name, ok, &href);
            }
            add(pg, "</td>");
            cells(pg, in->cc, in->incl, lb, max);
            add(pg, "</tr>\n");
        }
        add(pg, "</tbody>\n");
        rows += 1 + o->n_in;
    }
    if (shown < s->n) {
        size_t members = 0;
        for (size_t i = shown; i < s->n; i++) members += s->o[i].n_in;
        addf(pg,
             "<tbody class=\"more\"><tr class=\"more\"><td colspan=\"%zu\">%zu more %s (%zu "
             "%s) at or above the threshold are not on this page, which keeps to about 20 MB. "
             "The text report (<code>cg_annotate</code> without <code>--format</code>) and "
             "<code>--format=json</code> list them all; a higher <code>--threshold</code> "
             "shortens the list.</td></tr></tbody>\n",
             pg->n_tcols + 1, s->n - shown, by_file ? "files" : "functions", members,
             by_file ? "functions" : "files");
    }
    add(pg, "</table></div>\n");
    size_t below = s->n_members_all - s->n_members;
    if (below) {
        char th[64];
        cg_fmt_float_repr(th, sizeof th, pg->r->threshold);
        addf(pg, "<p class=\"note\">%zu %s below the threshold (%s%% of ", below,
             below == 1 ? "entry is" : "entries are", th);
        col_name(pg, &pg->r->sort[0], 0);
        add(pg, "'s total) are left out; <code>--threshold=0</code> lists them.</p>\n");
    }
    add(pg, "</section>\n");
    free(href.p);
    free(href2.p);
    free(max);
}

/* ------------------------------------------------------ call graph */

/* The call graph's columns (made by cg_report_html): the tables', with
   the first one's inclusive cost in front when none is inclusive, as in
   the text report (the arcs have nothing else to show); tree_shift says
   whether it was put there. */
static size_t tree_shift(struct page *pg)
{
    return pg->n_gcols - pg->n_tcols;
}

static cg_col *tree_columns(const cg_col *cols, size_t n, size_t *n_out)
{
    bool any = false;
    for (size_t i = 0; i < n; i++) any |= cols[i].kind == CG_COL_INCL;
    size_t shift = !any && n;
    cg_col *g = xmalloc((n + 2) * sizeof *g);
    if (shift) g[0] = (cg_col){cols[0].event, CG_COL_INCL};
    if (n) memcpy(g + shift, cols, n * sizeof *g);
    *n_out = n + shift;
    return g;
}

/* What the text report's metadata lines `Call graph:` and `Inclusive
   costs:` say. */
static void graph_exactness(struct page *pg)
{
    cg_buf t = {0};
    cg_graph_exact_note(pg->given, &t);
    cg_html_text(pg->b, t.p, t.len, 0);
    cg_buf_free(&t);
}

static void graph_meta(struct page *pg)
{
    add(pg, "<dt>Call graph</dt><dd>");
    cg_html_str(pg->b, cg_graph_fold_note(pg->graph));
    add(pg, "</dd>\n<dt>Inclusive costs</dt><dd>");
    graph_exactness(pg);
    add(pg, "</dd>\n");
}

/* A function's name in the section: a link to its entry when the page has
   it, its mark (cg_graph_mark), and its entry's number. */
static void tree_fn(struct page *pg, uint32_t v)
{
    const cg_fgraph *g = pg->graph;
    uint32_t k = fn_entry(pg, v);
    if (k) addf(pg, "<a href=\"#g%u\">", k);
    name(pg, cg_name(&g->names, v));
    if (k) add(pg, "</a>");
    mark(pg, v, cg_graph_mark(pg->given, v));
    if (pg->tree->index[v]) addf(pg, " <span class=\"ix\">[%u]</span>", pg->tree->index[v]);
}

/* The rest of a row of the section, after its name cell: a cell per
   column (self or incl NULL: blank cells of that kind), and the calls. */
static void tree_cells(struct page *pg, const cg_count *self, const cg_count *incl, const char *lb,
                       const char *calls)
{
    for (size_t i = 0; i < pg->n_gcols; i++) {
        const cg_col *c = &pg->gcols[i];
        if (!(c->kind == CG_COL_INCL ? incl : self))
            add(pg, "<td></td>");
        else
            cell(pg, c, self, incl, 0, lb);
    }
    add(pg, "<td class=\"calls\">");
    add(pg, calls);
    add(pg, "</td></tr>\n");
}

/* A row of notes in an entry (arcs below the threshold, or beyond
   ARCS_MAX). */
static void tree_note(struct page *pg, const char *what)
{
    /* Empty cells after it, so that the row is as wide as the others. */
    addf(pg, "<tr class=\"few\"><td class=\"nm\">%s</td>", what);
    for (size_t i = 0; i <= pg->n_gcols; i++) add(pg, "<td></td>");
    add(pg, "</tr>\n");
}

/* One side of an entry: its arcs (callers: up), those beyond ARCS_MAX and
   those below the threshold counted. */
static void tree_arcs(struct page *pg, const uint32_t *arcs, size_t n, size_t hidden, bool up)
{
    const cg_fgraph *g = pg->graph;
    char calls[CG_CALLS_MAX], note[160];
    cg_count *buf = xmalloc((g->nev + 1) * sizeof *buf);
    for (size_t k = 0; k < n && k < ARCS_MAX; k++) {
        const cg_farc *a = &g->arcs[arcs[k]];
        cg_calls_words(pg->r, calls, a->count, a->rcount, &g->fns[a->to].calls);
        add(pg, up ? "<tr class=\"up\"><td class=\"nm\"><span class=\"vh\">called by </span>"
                   : "<tr class=\"down\"><td class=\"nm\"><span class=\"vh\">calls </span>");
        tree_fn(pg, up ? a->from : a->to);
        add(pg, "</td>");
        tree_cells(pg, NULL, cg_farc_carries(g, arcs[k]) ? cg_farc_cc(g, arcs[k], buf) : NULL, NULL,
                   calls);
    }
    free(buf);
    const char *one = up ? "caller" : "callee", *many = up ? "callers" : "callees";
    if (n > ARCS_MAX) {
        snprintf(note, sizeof note,
                 "and %zu more %s at or above the threshold, not on this page (the text report "
                 "lists them)",
                 n - ARCS_MAX, n - ARCS_MAX == 1 ? one : many);
        tree_note(pg, note);
    }
    if (hidden) {
        snprintf(note, sizeof note, "%zu %s below the threshold", hidden, hidden == 1 ? one : many);
        tree_note(pg, note);
    }
}

/* Entry i (its number is i + 1, its anchor g<i + 1>). */
static void tree_entry(struct page *pg, size_t i)
{
    const cg_report *r = pg->r;
    const cg_fgraph *g = pg->graph;
    const cg_tree_entry *e = &pg->tree->e[i];
    char calls[CG_CALLS_MAX];
    if (e->fn == CG_NONE) {
        const cg_fcycle *c = &g->cycles[e->cycle];
        addf(pg,
             "<tbody id=\"g%zu\" class=\"whole\"><tr class=\"me\"><th scope=\"row\" class=\"nm\">"
             "<span class=\"ix\">[%zu]</span> &lt;cycle %u as a whole&gt;</th>",
             i + 1, i + 1, e->cycle + 1);
        tree_cells(pg, cg_tree_self(r, e), cg_tree_incl(r, e), NULL, "");
        for (size_t k = 0; k < c->n_members && k < ARCS_MAX; k++) {
            add(pg, "<tr class=\"mem\"><td class=\"nm\"><span class=\"vh\">member </span>");
            tree_fn(pg, c->members[k]);
            add(pg, "</td>");
            tree_cells(pg, cg_ffn_self(g, c->members[k]), NULL, NULL, "");
        }
        if (c->n_members > ARCS_MAX) {
            char note[120];
            snprintf(note, sizeof note, "and %zu more members, not on this page",
                     c->n_members - ARCS_MAX);
            tree_note(pg, note);
        }
        add(pg, "</tbody>\n");
        return;
    }
    const cg_ffn *f = &g->fns[e->fn];
    addf(pg, "<tbody id=\"g%zu\">", i + 1);
    if (r->tree != CG_TREE_CALLING)
        tree_arcs(pg, e->callers, e->n_callers, e->hidden_callers, true);
    addf(pg, "<tr class=\"me\"><th scope=\"row\" class=\"nm\"><span class=\"ix\">[%zu]</span> ",
         i + 1);
    name(pg, cg_name(&g->names, e->fn));
    enum cg_mark m = cg_graph_mark(pg->given, e->fn);
    mark(pg, e->fn, m);
    if (cg_mark_bound(m)) add(pg, " <span class=\"lbn\">(inclusive: a lower bound)</span>");
    add(pg, "</th>");
    cg_calls_words(r, calls, f->calls, f->rcalls, NULL);
    tree_cells(pg, cg_tree_self(r, e), cg_tree_incl(r, e), bound_title(pg, e->fn), calls);
    if (r->tree != CG_TREE_CALLER)
        tree_arcs(pg, e->callees, e->n_callees, e->hidden_callees, false);
    add(pg, "</tbody>\n");
}

/* The call-graph section: each entry of cg_tree_make, as many as the
   budget allows (links go only to those on the page, so the number is
   found first, writing them all with every link). */
static void call_graph(struct page *pg)
{
    const cg_tree_list *t = pg->tree;
    bool up = pg->r->tree != CG_TREE_CALLING, down = pg->r->tree != CG_TREE_CALLER;
    add(pg, "<section id=\"call-graph\" aria-labelledby=\"h-call-graph\">\n<h2 "
            "id=\"h-call-graph\">Call graph</h2>\n<p class=\"note\">Each function at or above the "
            "threshold by inclusive cost, largest first, ");
    if (up && down)
        add(pg, "with the functions that called it above it (&#8593;) and those it called below "
                "it (&#8595;)");
    else if (up)
        add(pg, "with the functions that called it above it (&#8593;)");
    else
        add(pg, "with the functions it called below it (&#8595;)");
    add(pg, "; a cycle of functions that call each other round, as a whole, with its members. "
            "A name leads to its entry, a <code>&lt;cycle N&gt;</code> to its cycle's. Calls: "
            "<code>N</code> started the callee afresh, and their inclusive cost is on the row; "
            "<code>+R</code> were made while it was running already; <code>/T</code>: the "
            "callee's <code>N</code> in all.");
    if (pg->r->diff)
        add(pg, " Under <code>--diff</code> each count is the change, the second profile's minus "
                "the first's, with its sign: <code>+2-1/+2</code> is 2 calls more, 1 recursive "
                "call fewer.");
    add(pg, "</p>\n<p class=\"note\">Inclusive costs: ");
    graph_exactness(pg);
    add(pg, ".</p>\n");
    addf(pg,
         "<div class=\"scroll\"><table class=\"cg%s\" id=\"t-graph\"><thead><tr><th "
         "scope=\"col\" class=\"nm\">function</th>",
         pg->r->show_percs ? " pc" : "");
    heads(pg, pg->gcols, pg->n_gcols, false);
    add(pg, "<th scope=\"col\" class=\"calls\" title=\"calls: N+R/T, as the note above says\">"
            "calls</th></tr></thead>\n");
    size_t start = pg->b->len, shown = 0;
    pg->tree_shown = t->n;
    for (; shown < t->n && pg->b->len - start <= GRAPH_BUDGET; shown++) tree_entry(pg, shown);
    if (shown < t->n) {
        pg->b->len = start;
        pg->tree_shown = shown;
        for (size_t i = 0; i < shown; i++) tree_entry(pg, i);
        addf(pg,
             "<tbody class=\"more\"><tr class=\"few\"><td class=\"nm\">%zu more "
             "entries at or above the threshold are not on this page, which keeps to about 20 "
             "MB; their names link nowhere. The text report (<code>cg_annotate</code> without "
             "<code>--format</code>) lists them all; a higher <code>--threshold</code> shortens "
             "the list.</td></tr></tbody>\n",
             t->n - shown);
    }
    if (!t->n)
        add(pg, "<tbody class=\"more\"><tr class=\"few\"><td class=\"nm\">No function reaches "
                "the threshold.</td></tr></tbody>\n");
    add(pg, "</table></div>\n</section>\n");
}

/* --------------------------------------------- head, summary, metadata */

static void head(struct page *pg, const char *css, const char *css_hash, const char *js_hash)
{
    const cg_profile *p = pg->p;
    add(pg,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        "<meta name=\"color-scheme\" content=\"light dark\">\n"
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src '");
    add(pg, css_hash);
    add(pg, "'; script-src '");
    add(pg, js_hash);
    add(pg, "'; img-src 'none'; form-action 'none'; base-uri 'none'\">\n");
    add(pg, "<meta name=\"generator\" content=\"cg_annotate (Cachegrind, rebuilt) " PACKAGE_VERSION
            "\">\n<title>");
    add(pg, pg->r->diff ? "Cachegrind difference: " : "Cachegrind: ");
    const cg_text *cmd = &p->inputs[p->n_inputs - 1].cmd;
    text_max(pg, cmd->s, cmd->len, CG_HTML_PLAIN, 200);
    add(pg, "</title>\n<style>");
    add(pg, css);
    add(pg, "</style>\n</head>\n");
}

/* The Columns menu of a page with calls, whose tables have columns of
   their own: each box hides a function tables' column (data-gcol, also a
   row of the totals), the call graph's (data-tree) and, for an own-count
   column, the listings' and the annotation summary's (data-src);
   report-html-graph.js does it. */
static void graph_columns_menu(struct page *pg)
{
    size_t n_self = 0, src = 0;
    for (size_t i = 0; i < pg->n_tcols; i++) n_self += pg->tcols[i].kind == CG_COL_SELF;
    for (size_t i = 0; i < pg->n_tcols; i++) {
        const cg_col *c = &pg->tcols[i];
        addf(pg, "<label><input type=\"checkbox\" data-gcol=\"%zu\"", i);
        if (pg->tree) addf(pg, " data-tree=\"%zu\"", i + tree_shift(pg));
        /* The listings' columns: the own-count ones, or, when every column
           is inclusive, each one's event (cg_cols_own). */
        if (c->kind == CG_COL_SELF || n_self == 0) addf(pg, " data-src=\"%zu\"", src++);
        add(pg, " checked> ");
        col_name(pg, c, 0);
        add(pg, "</label>");
    }
}

static void top(struct page *pg)
{
    const cg_profile *p = pg->p;
    add(pg, pg->r->diff ? "<body class=\"diff\">\n" : "<body>\n");
    add(pg, "<header class=\"top\">\n<h1>");
    add(pg, pg->r->diff ? "Cachegrind: difference of two profiles" : "Cachegrind profile");
    add(pg, "</h1>\n<p class=\"sub\">");
    for (size_t i = 0; i < p->n_inputs && i < 3; i++) {
        if (i) add(pg, pg->r->diff ? " \xe2\x86\x92 " : " + ");
        add(pg, "<code>");
        ctext(pg, &p->inputs[i].cmd);
        add(pg, "</code>");
    }
    if (p->n_inputs > 3) addf(pg, " + %zu more", p->n_inputs - 3);
    add(pg, "</p>\n<nav class=\"toc\" aria-label=\"Sections\"><a href=\"#summary\">Summary</a>"
            "<a href=\"#by-file\">File:function</a><a href=\"#by-fn\">Function:file</a>");
    if (cg_html_has_flame(pg->r)) add(pg, "<a href=\"#flame\">Flame graph</a>");
    if (pg->tree) add(pg, "<a href=\"#call-graph\">Call graph</a>");
    if (pg->r->annotate) add(pg, "<a href=\"#sources\">Source files</a>");
    add(pg, "<details class=\"cols\"><summary>Columns</summary><div role=\"group\" "
            "aria-label=\"Columns shown\">");
    if (pg->graph) {
        graph_columns_menu(pg);
    } else {
        for (size_t i = 0; i < pg->r->n_show; i++) {
            addf(pg, "<label><input type=\"checkbox\" data-col=\"%zu\" checked> ", i);
            ctext(pg, event(pg, pg->r->show[i].event));
            add(pg, "</label>");
        }
    }
    if (pg->r->show_percs)
        add(pg, "<label><input type=\"checkbox\" id=\"show-percs\" checked> percentages</label>");
    add(pg,
        "<label title=\"Large counts to four figures, percentages in the tooltips: on by itself "
        "when a table is wider than the window\"><input type=\"checkbox\" id=\"compact\"> "
        "compact numbers</label>");
    add(pg, "</div></details>");
    add(pg, "<span class=\"keys\"><kbd>/</kbd> filter &#183; <kbd>Esc</kbd> clear &#183; "
            "<kbd>&#8593;</kbd><kbd>&#8595;</kbd> rows &#183; click a column to sort</span></nav>\n"
            "</header>\n<main>\n");
}

static void notices(struct page *pg)
{
    const cg_fp_check *fp = pg->r->fp;
    if (fp->n_mismatches) {
        add(pg, "<div class=\"box\">The profiles' fingerprints differ, so the comparison may be "
                "meaningless:<ul>");
        for (size_t i = 0; i < fp->n_mismatches; i++) {
            add(pg, "<li><code>");
            ctext(pg, &fp->mismatches[i].field);
            add(pg, "</code>: <code>");
            ctext(pg, &fp->mismatches[i].a);
            add(pg, "</code> vs <code>");
            ctext(pg, &fp->mismatches[i].b);
            add(pg, "</code></li>");
        }
        add(pg, "</ul></div>\n");
    }
    cg_buf d = {0};
    for (size_t i = 0; i < pg->r->n_limits; i++) {
        const cg_limit *l = &pg->r->limits[i];
        d.len = 0;
        cg_limit_describe(l, &d);
        add(pg, l->broken ? "<div class=\"box bad\">Limit broken: "
                          : "<div class=\"box\">Within "
                            "the limit: ");
        text(pg, d.p, d.len, 0);
        add(pg, "</div>\n");
    }
    free(d.p);
}

static void totals(struct page *pg)
{
    const cg_profile *p = pg->p;
    add(pg, "<section id=\"summary\" aria-labelledby=\"h-summary\">\n<h2 id=\"h-summary\">"
            "Summary</h2>\n");
    notices(pg);
    add(pg, "<div class=\"scroll\"><table class=\"totals\" id=\"totals\"><thead><tr><th "
            "scope=\"col\">event</th><th scope=\"col\">what it counts</th>");
    if (pg->r->diff)
        add(pg, "<th scope=\"col\">old (file 1)</th><th scope=\"col\">new (file 2)</th><th "
                "scope=\"col\">change</th><th scope=\"col\"></th>");
    else
        add(pg, "<th scope=\"col\">program total</th>");
    add(pg, "</tr></thead><tbody>\n");
    /* A row per column of the function tables, with its event's totals
       (the profiles', not a table row's: the whole program is its own
       inclusive cost). */
    for (size_t i = 0; i < pg->n_tcols; i++) {
        size_t e = pg->tcols[i].event;
        add(pg, "<tr><th scope=\"row\">");
        col_name(pg, &pg->tcols[i], 0);
        add(pg, "</th><td class=\"what\">");
        explain(pg, e, 0);
        if (pg->tcols[i].kind == CG_COL_INCL)
            add(pg, ", inclusive: by a function and every function it called");
        add(pg, "</td>");
        if (pg->r->diff) {
            add(pg, "<td>");
            count(pg, p->inputs[0].total[e]);
            add(pg, "</td><td>");
            count(pg, p->inputs[1].total[e]);
            add(pg, "</td>");
        }
        /* Under --diff a change is coloured by its sign; no change is not. */
        const char *td = "<td class=\"total\">";
        if (pg->r->diff && pg->total[e] != 0)
            td = pg->total[e] < 0 ? "<td class=\"total n\">" : "<td class=\"total u\">";
        add(pg, td);
        count(pg, pg->total[e]);
        add(pg, "</td>");
        if (pg->r->diff) {
            /* The change against the old total, as cg_fmt_pct words it. */
            char v[64];
            cg_count was = p->inputs[0].total[e];
            add(pg, "<td class=\"what\">");
            if (was != 0 && pg->total[e] != 0) {
                cg_fmt_pct(v, pg->total[e], was < 0 ? -was : was);
                addf(pg, "%s%s%% of old", pg->total[e] > 0 ? "+" : "", v);
            }
            add(pg, "</td>");
        }
        add(pg, "</tr>\n");
    }
    add(pg, "</tbody></table></div>\n");
}

/* The events of columns cols[0 .. n), or the n recorded ones (cols NULL). */
static void events_line(struct page *pg, const cg_col *cols, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (i) add(pg, " ");
        if (cols)
            col_name(pg, &cols[i], 0);
        else
            ctext(pg, event(pg, i));
    }
}

static void metadata(struct page *pg)
{
    const cg_profile *p = pg->p;
    add(pg, "<dl class=\"meta\">\n");
    if (pg->r->argc > 0) {
        add(pg, "<dt>Invocation</dt><dd><code>");
        cg_html_str(pg->b, cg_invocation_name(pg->r->argv[0]));
        for (int i = 1; i < pg->r->argc; i++) {
            add(pg, " ");
            cg_html_str(pg->b, pg->r->argv[i]);
        }
        add(pg, "</code></dd>\n");
    }
    for (size_t i = 0; i < p->n_inputs && i < INPUTS_MAX; i++) {
        const cg_input *in = &p->inputs[i];
        if (p->n_inputs == 1)
            add(pg, "<dt>Profile</dt>");
        else if (pg->r->diff)
            add(pg, i ? "<dt>New profile (file 2)</dt>" : "<dt>Old profile (file 1)</dt>");
        else
            addf(pg, "<dt>Profile %zu</dt>", i + 1);
        add(pg, "<dd><code>");
        cg_html_str(pg->b, in->path);
        add(pg, "</code><div>command: ");
        ctext(pg, &in->cmd);
        add(pg, "</div>");
        for (size_t d = 0; d < in->n_desc; d++) {
            add(pg, "<div>");
            ctext(pg, &in->desc[d]);
            add(pg, "</div>");
        }
        add(pg, "</dd>\n");
    }
    if (p->n_inputs > INPUTS_MAX)
        addf(pg, "<dt>Profiles</dt><dd>and %zu more</dd>\n", p->n_inputs - INPUTS_MAX);
    size_t n_notes;
    cg_meta_note *notes = cg_meta_notes(pg->r, &n_notes);
    for (size_t i = 0; i < n_notes; i++) {
        add(pg, "<dt>");
        cg_html_str(pg->b, notes[i].label);
        add(pg, "</dt><dd>");
        text(pg, notes[i].text.p, notes[i].text.len, 0);
        add(pg, "</dd>\n");
    }
    cg_meta_notes_free(notes, n_notes);
    add(pg, "<dt>Events recorded</dt><dd>");
    events_line(pg, NULL, pg->nev);
    add(pg, "</dd>\n<dt>Events shown</dt><dd>");
    events_line(pg, pg->tcols, pg->n_tcols);
    add(pg, "</dd>\n<dt>Event sort order</dt><dd>");
    events_line(pg, pg->r->sort, pg->r->n_sort);
    char th[64];
    cg_fmt_float_repr(th, sizeof th, pg->r->threshold);
    addf(pg, "</dd>\n<dt>Threshold</dt><dd>%s%%</dd>\n", th);
    if (cg_graph_noted(pg->given)) graph_meta(pg);
    addf(pg, "<dt>Annotation</dt><dd>%s</dd>\n</dl>\n</section>\n", pg->r->annotate ? "on" : "off");
}

/* ----------------------------------------------------------------- page */

/* The flame graph's links of function (file, fn): its call-graph entry
   and its lines, when the page has them. */
static void flame_links(void *ctx, uint32_t file, uint32_t fn, cg_buf *entry, cg_buf *lines)
{
    struct page *pg = ctx;
    uint32_t k = fn_entry(pg, node_of(pg, fn));
    if (k) cg_buf_printf(entry, "#g%u", k);
    link_to(pg, cg_pair_find(pg->p, &(cg_pair_key){file, fn, false, CG_NONE, CG_NONE}), lines);
}

void cg_report_html(FILE *f, const cg_report *r0)
{
    /* The listings have own counts only; the function tables have the
       report's columns (inclusive ones too, with calls). */
    cg_report rv = *r0, *r = &rv;
    cg_col *own = cg_cols_own(r0->show, r0->n_show, &rv.n_show);
    rv.show = own;
    const cg_profile *p = r->prof;
    struct page page_ctx = {.r = r,
                            .given = r0,
                            .p = p,
                            .nev = p->n_events,
                            .total = p->summary_total,
                            .tcols = r0->show,
                            .n_tcols = r0->n_show,
                            .graph = r0->graph};
    struct page *pg = &page_ctx;
    pg->places = xcalloc(p->files.n + 1, sizeof *pg->places);
    pg->hottest = xcalloc(r->n_show + 1, sizeof(cg_count));
    cg_count *buf = xmalloc((p->n_events + 1) * sizeof *buf);
    for (size_t i = 0; i < p->n_lines; i++)
        col_max(pg, pg->hottest, cg_line_cc(p, (uint32_t)i, buf));
    free(buf);
    cg_summary by_file, by_fn;
    cg_summary_by_file(r, &by_file);
    cg_summary_by_fn(r, &by_fn);

    /* The listings come first, so that the tables know what they can link
       to; the page shows them last.  Likewise the call graph, which the
       page shows after the tables. */
    cg_buf src = {0}, page = {0}, graph = {0};
    cg_annotation a = {0};
    bool adds_up = true;
    if (r->annotate) {
        pg->b = &src;
        adds_up = sources(pg, &by_file, &a);
    }
    cg_tree_list tree = {0};
    cg_col *gcols = NULL;
    if (pg->graph && r->tree != CG_TREE_NONE) {
        cg_tree_make(r, CG_KEEP_THRESHOLD, &tree);
        pg->tree = &tree;
        pg->gcols = gcols = tree_columns(pg->tcols, pg->n_tcols, &pg->n_gcols);
        pg->b = &graph;
        call_graph(pg);
    }

    /* A page with calls has more style and script, after the others'. */
    cg_buf css = {0}, js = {0};
    cg_buf_adds(&css, cg_html_css);
    cg_buf_adds(&js, cg_html_js);
    cg_buf_adds(&js, cg_html_compact_js);
    if (pg->graph) {
        cg_buf_adds(&css, cg_html_graph_css);
        cg_buf_adds(&js, cg_html_graph_js);
    }
    if (cg_html_has_flame(r0)) {
        cg_buf_adds(&css, cg_html_flame_css);
        cg_buf_adds(&js, cg_html_flame_js);
    }
    char css_hash[52], js_hash[52];
    cg_csp_hash(css.p, css.len, css_hash);
    cg_csp_hash(js.p, js.len, js_hash);
    pg->b = &page;
    head(pg, css.p, css_hash, js_hash);
    top(pg);
    totals(pg);
    metadata(pg);
    fwrite(page.p, 1, page.len, f);
    page.len = 0;
    const char **meanings = xcalloc(pg->nev + 1, sizeof *meanings);
    for (size_t e = 0; e < pg->nev; e++) meanings[e] = meaning(&p->events[e]);
    cg_flame_page fpg = {.links = flame_links, .ctx = pg, .meanings = meanings};
    cg_html_flame(f, r0, &fpg);
    free(meanings);
    function_table(pg, &by_file, true, "by-file", "File:function");
    function_table(pg, &by_fn, false, "by-fn", "Function:file");
    fwrite(page.p, 1, page.len, f);
    if (graph.len) fwrite(graph.p, 1, graph.len, f);
    if (src.len) fwrite(src.p, 1, src.len, f);
    page.len = 0;
    add(pg, "</main>\n<footer>Written by cg_annotate (Cachegrind, rebuilt) " PACKAGE_VERSION
            ". The page is self-contained: it loads nothing and sends nothing.</footer>\n<script>");
    addn(pg, js.p, js.len);
    add(pg, "</script>\n</body>\n</html>\n");
    fwrite(page.p, 1, page.len, f);

    free(page.p);
    free(src.p);
    free(graph.p);
    free(css.p);
    free(js.p);
    free(pg->gap.p);
    cg_summary_free(&by_file);
    cg_summary_free(&by_fn);
    if (pg->tree) cg_tree_free(&tree);
    free(gcols);
    if (r->annotate) {
        if (!adds_up) cg_annotation_check(p, &a);
        cg_annotation_free(&a);
    }
    free(pg->places);
    free(pg->hottest);
    free(own);
}
