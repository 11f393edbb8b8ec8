/* SPDX-License-Identifier: GPL-2.0-or-later */
/* report-html.c: cg_annotate --format=html, one self-contained page
   (docs/post-processors.md, "The HTML report"): the rows, numbers and
   listings of the text report (the same report model, report-model.c), laid
   out as sortable tables and coloured source listings, with its own style
   sheet and script inlined (report-html.css, report-html.js) and a
   Content-Security-Policy that allows those two and nothing else.  The page
   is kept under about 20 MB by byte budgets; what a budget leaves out is
   said on the page, and rows whose lines are not on it link nowhere. */
#include "cmdline.h"
#include "html-assets.h"
#include "html.h"
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
    const cg_profile *p;
    size_t nev;
    const cg_count *total;
    cg_buf *b;         /* the part being written */
    place *places;     /* per file id */
    cg_count *hottest; /* per column shown: the program's largest |line value| */
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
    text(pg, s->s, s->len, 0);
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

/* Raises max[i], per column shown, to the row's value if that is larger in
   magnitude (cc: the row's counts by event). */
static void col_max(struct page *pg, cg_count *max, const cg_count *cc)
{
    for (size_t i = 0; i < pg->r->n_show; i++) {
        cg_count v = cg_col_value(&pg->r->show[i], cc, NULL);
        if (mag(v) > mag(max[i])) max[i] = v;
    }
}

/* The header cells of the shown columns. */
static void event_heads(struct page *pg, bool buttons)
{
    for (size_t i = 0; i < pg->r->n_show; i++) {
        const cg_text *e = event(pg, pg->r->show[i].event);
        add(pg, "<th scope=\"col\" title=\"");
        text(pg, e->s, e->len, CG_HTML_PLAIN);
        add(pg, ": ");
        explain(pg, pg->r->show[i].event, CG_HTML_PLAIN);
        add(pg, buttons ? "\"><button type=\"button\">" : "\">");
        ctext(pg, e);
        add(pg, buttons ? "</button></th>" : "</th>");
    }
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
static void source_file(struct page *pg, uint32_t f, cg_file_lines *fl, enum cg_readability *r)
{
    const cg_profile *p = pg->p;
    place *pl = &pg->places[f];
    cg_source s;
    cg_source_open(p, f, &s);
    *r = s.r;
    pl->section = ++pg->sec;
    pl->upto = -1;
    addf(pg, "<section class=\"file\" id=\"s%u\" aria-labelledby=\"s%u-h\">\n<h3 id=\"s%u-h\">",
         pg->sec, pg->sec, pg->sec);
    name(pg, cg_name(&p->files, f));
    add(pg, "</h3>\n");
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
    const uint32_t *ln = cg_file_lines_sorted(p, fl, f, &nl);
    cg_count *fmax = xcalloc(pg->r->n_show + 1, sizeof(cg_count));
    for (size_t i = 0; i < nl; i++) col_max(pg, fmax, cg_line_cc(p, ln[i]));
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
    bool whole = cg_listing(p, ln, nl, s.fd, pg->r->context, &ops);
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
    cg_file_lines fl;
    cg_file_lines_init(p, &fl);
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
            cg_source_open(p, a->files[i], &s);
            a->r[i] = s.r;
            cg_source_close(&s);
            out[i] = true;
            left++;
            continue;
        }
        source_file(pg, a->files[i], &fl, &a->r[i]);
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
    cg_annotation_account(p, &fl, a);
    annotation_summary(pg, a);
    cg_count *sum = xcalloc(pg->nev, sizeof(cg_count));
    for (int i = 0; i < CG_N_ACC; i++) cg_cc_add(sum, a->acc[i], pg->nev, 1);
    bool ok = memcmp(sum, pg->total, pg->nev * sizeof(cg_count)) == 0;
    free(sum);
    if (!ok)
        add(pg, "<div class=\"box bad\">These rows do not add up to the program totals: the "
                "profile's <code>summary:</code> line does not match its counts.</div>\n");
    add(pg, "</section>\n");
    cg_file_lines_free(&fl);
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

/* A row's cells (cc: its counts by event; max: per column shown). */
static void cells(struct page *pg, const cg_count *cc, const cg_count *max)
{
    for (size_t i = 0; i < pg->r->n_show; i++) {
        cg_count v = cg_col_value(&pg->r->show[i], cc, NULL);
        unsigned l = bar(v, max[i]);
        if (l)
            addf(pg, "<td class=\"b%u%s\">", l, v < 0 ? " n" : "");
        else
            add(pg, v < 0 ? "<td class=\"n\">" : "<td>");
        count(pg, v);
        share(pg, v, col_total(pg, i));
        add(pg, "</td>");
    }
}

static void function_table(struct page *pg, const cg_summary *s, bool by_file, const char *id,
                           const char *title)
{
    const char *unit = by_file ? "file:function" : "function:file";
    addf(pg, "<section id=\"%s\" aria-labelledby=\"h-%s\">\n<h2 id=\"h-%s\">%s</h2>\n", id, id, id,
         title);
    addf(pg,
         "<p class=\"note\">%s, with the %s in it at or above the threshold, in the text "
         "report's order; a bar shows each count against the column's largest. Click a column "
         "to sort by it (again to turn the order round)%s.</p>\n",
         by_file ? "Each file" : "Each function", by_file ? "functions" : "files",
         pg->r->diff ? "; red is an increase, green a decrease" : "");
    addf(pg,
         "<div class=\"tools\"><input type=\"search\" class=\"filter\" data-for=\"t-%s\" "
         "placeholder=\"Filter by name (press /)\" aria-label=\"Filter the %s table by name\">"
         "<output id=\"t-%s-status\" aria-live=\"polite\"></output></div>\n",
         id, title, id);
    cg_count *max = xcalloc(pg->r->n_show + 1, sizeof(cg_count));
    for (size_t i = 0; i < s->n; i++) {
        col_max(pg, max, s->o[i].cc);
        for (size_t j = 0; j < s->o[i].n_in; j++) col_max(pg, max, s->o[i].in[j].cc);
    }
    addf(pg, "<div class=\"scroll tall\"><table class=\"fn%s\" id=\"t-%s\">",
         pg->r->show_percs ? " pc" : "", id);
    addf(pg, "<thead><tr><th scope=\"col\" class=\"nm\"><button type=\"button\">%s</button></th>",
         unit);
    event_heads(pg, true);
    add(pg, "</tr></thead>\n");
    size_t start = pg->b->len, shown = 0, rows = 0;
    cg_buf href = {0}, href2 = {0};
    for (; shown < s->n && pg->b->len - start <= TABLE_BUDGET; shown++) {
        const cg_outer *o = &s->o[shown];
        add(pg, "<tbody><tr class=\"o\"><td class=\"nm\">");
        if (cg_summary_one_row(pg->r, o)) {
            bool ok = link_to(pg, o->in[0].pair, &href);
            if (by_file) {
                const place *pl = &pg->places[o->id];
                href2.len = 0;
                if (pl->section) cg_buf_printf(&href2, "#s%u", pl->section);
                linked(pg, o->name, pl->section, &href2);
            } else {
                linked(pg, o->name, ok, &href);
            }
            add(pg, ":");
            linked(pg, o->in[0].name, ok, &href);
            add(pg, "</td>");
            cells(pg, o->cc, max);
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
            linked(pg, o->name, link_to(pg, o->in[0].pair, &href), &href);
        }
        add(pg, "</td>");
        cells(pg, o->cc, max);
        add(pg, "</tr>\n");
        for (size_t j = 0; j < o->n_in; j++) {
            add(pg, "<tr class=\"i\"><td class=\"nm\">");
            linked(pg, o->in[j].name, link_to(pg, o->in[j].pair, &href), &href);
            add(pg, "</td>");
            cells(pg, o->in[j].cc, max);
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
             pg->r->n_show + 1, s->n - shown, by_file ? "files" : "functions", members,
             by_file ? "functions" : "files");
    }
    add(pg, "</table></div>\n");
    size_t below = s->n_members_all - s->n_members;
    if (below) {
        char th[64];
        cg_fmt_float_repr(th, sizeof th, pg->r->threshold);
        addf(pg, "<p class=\"note\">%zu %s below the threshold (%s%% of ", below,
             below == 1 ? "entry is" : "entries are", th);
        ctext(pg, event(pg, pg->r->sort[0].event));
        add(pg, "'s total) are left out; <code>--threshold=0</code> lists them.</p>\n");
    }
    add(pg, "</section>\n");
    free(href.p);
    free(href2.p);
    free(max);
}

/* --------------------------------------------- head, summary, metadata */

static void head(struct page *pg, const char *css_hash, const char *js_hash)
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
    add(pg, cg_html_css);
    add(pg, "</style>\n</head>\n");
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
    if (pg->r->annotate) add(pg, "<a href=\"#sources\">Source files</a>");
    add(pg, "<details class=\"cols\"><summary>Columns</summary><div role=\"group\" "
            "aria-label=\"Columns shown\">");
    for (size_t i = 0; i < pg->r->n_show; i++) {
        addf(pg, "<label><input type=\"checkbox\" data-col=\"%zu\" checked> ", i);
        ctext(pg, event(pg, pg->r->show[i].event));
        add(pg, "</label>");
    }
    if (pg->r->show_percs)
        add(pg, "<label><input type=\"checkbox\" id=\"show-percs\" checked> percentages</label>");
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
    /* A row per shown column's event, with that event's totals (the
       profiles', not a table row's). */
    for (size_t i = 0; i < pg->r->n_show; i++) {
        size_t e = pg->r->show[i].event;
        add(pg, "<tr><th scope=\"row\">");
        ctext(pg, event(pg, e));
        add(pg, "</th><td class=\"what\">");
        explain(pg, e, 0);
        add(pg, "</td>");
        if (pg->r->diff) {
            add(pg, "<td>");
            count(pg, p->inputs[0].total[e]);
            add(pg, "</td><td>");
            count(pg, p->inputs[1].total[e]);
            add(pg, "</td>");
        }
        add(pg,
            pg->r->diff && pg->total[e] < 0 ? "<td class=\"total n\">" : "<td class=\"total\">");
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
        ctext(pg, event(pg, cols ? cols[i].event : i));
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
    events_line(pg, pg->r->show, pg->r->n_show);
    add(pg, "</dd>\n<dt>Event sort order</dt><dd>");
    events_line(pg, pg->r->sort, pg->r->n_sort);
    char th[64];
    cg_fmt_float_repr(th, sizeof th, pg->r->threshold);
    addf(pg,
         "</dd>\n<dt>Threshold</dt><dd>%s%%</dd>\n<dt>Annotation</dt><dd>%s</dd>\n</dl>\n</"
         "section>\n",
         th, pg->r->annotate ? "on" : "off");
}

/* ----------------------------------------------------------------- page */

void cg_report_html(FILE *f, const cg_report *r0)
{
    /* Own counts only, for now. */
    cg_report rv = *r0, *r = &rv;
    cg_col *own = cg_cols_own(r0->show, r0->n_show, &rv.n_show);
    rv.show = own;
    const cg_profile *p = r->prof;
    struct page page_ctx = {.r = r, .p = p, .nev = p->n_events, .total = p->summary_total};
    struct page *pg = &page_ctx;
    pg->places = xcalloc(p->files.n + 1, sizeof *pg->places);
    pg->hottest = xcalloc(r->n_show + 1, sizeof(cg_count));
    for (size_t i = 0; i < p->n_lines; i++) col_max(pg, pg->hottest, cg_line_cc(p, (uint32_t)i));
    cg_summary by_file, by_fn;
    cg_summary_by_file(r, &by_file);
    cg_summary_by_fn(r, &by_fn);

    /* The listings come first, so that the tables know what they can link
       to; the page shows them last. */
    cg_buf src = {0}, page = {0};
    cg_annotation a = {0};
    bool adds_up = true;
    if (r->annotate) {
        pg->b = &src;
        adds_up = sources(pg, &by_file, &a);
    }

    char css_hash[52], js_hash[52];
    cg_csp_hash(cg_html_css, strlen(cg_html_css), css_hash);
    cg_csp_hash(cg_html_js, strlen(cg_html_js), js_hash);
    pg->b = &page;
    head(pg, css_hash, js_hash);
    top(pg);
    totals(pg);
    metadata(pg);
    function_table(pg, &by_file, true, "by-file", "File:function");
    function_table(pg, &by_fn, false, "by-fn", "Function:file");
    fwrite(page.p, 1, page.len, f);
    if (src.len) fwrite(src.p, 1, src.len, f);
    page.len = 0;
    add(pg, "</main>\n<footer>Written by cg_annotate (Cachegrind, rebuilt) " PACKAGE_VERSION
            ". The page is self-contained: it loads nothing and sends nothing.</footer>\n<script>");
    add(pg, cg_html_js);
    add(pg, "</script>\n</body>\n</html>\n");
    fwrite(page.p, 1, page.len, f);

    free(page.p);
    free(src.p);
    free(pg->gap.p);
    cg_summary_free(&by_file);
    cg_summary_free(&by_fn);
    if (r->annotate) {
        if (!adds_up) cg_annotation_check(p, &a);
        cg_annotation_free(&a);
    }
    free(pg->places);
    free(pg->hottest);
    free(own);
}
