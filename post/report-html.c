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

/* The page being written. */
static struct page {
    const cg_report *r;
    const cg_profile *p;
    size_t nev;
    const cg_count *total;
    cg_buf *b;         /* the part being written */
    place *places;     /* per file id */
    cg_count *hottest; /* per event: the program's largest |line count| */
    /* The listing being written. */
    uint32_t sec;         /* its section number */
    const cg_count *fmax; /* per event: the file's largest |line count| */
    cg_buf gap;           /* lines without counts read since the last listed one */
    int64_t gap_first, gap_n;
    uint32_t n_gaps;
    size_t n_bogus;
    bool cut;
} P;

/* ------------------------------------------------------------ writing */

static void add(const char *s)
{
    cg_buf_adds(P.b, s);
}

static void addn(const char *s, size_t n)
{
    cg_buf_add(P.b, s, n);
}

static void addf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void addf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    cg_buf_vprintf(P.b, fmt, ap);
    va_end(ap);
}

/* Profile bytes as text, cut at `max` bytes with a note. */
static void text_max(const char *s, size_t n, int flags, size_t max)
{
    size_t k = cg_html_cut(s, n, max);
    cg_html_text(P.b, s, k, flags);
    if (k == n) return;
    if (flags & CG_HTML_PLAIN)
        add("\xe2\x80\xa6");
    else
        addf("<span class=\"x\">\xe2\x80\xa6 %zu more bytes</span>", n - k);
}

static void text(const char *s, size_t n, int flags)
{
    text_max(s, n, flags, TEXT_MAX);
}

static void name(const cg_str *s)
{
    text(s->s, s->len, 0);
}

static void ctext(const cg_text *t)
{
    text(t->s, t->len, 0);
}

static void count(cg_count c)
{
    char n[32];
    addn(n, cg_fmt_commas(n, c));
}

/* ` <i>(12.3%)</i>`: the text report's single-form percentage. */
static void share(cg_count c, cg_count t)
{
    char v[64];
    if (!P.r->show_percs || !cg_fmt_share(v, c, t)) return;
    add("<i>(");
    add(v);
    add(")</i>");
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
    };
    for (size_t i = 0; i < sizeof known / sizeof *known; i++)
        if (cg_text_is(e, known[i][0])) return known[i][1];
    return "an event of these profiles (not one of Cachegrind's own)";
}

static const cg_text *event(size_t e)
{
    return &P.p->events[e];
}

/* The header cells of the shown events. */
static void event_heads(bool buttons)
{
    for (size_t i = 0; i < P.r->n_show; i++) {
        const cg_text *e = event(P.r->show[i]);
        add("<th scope=\"col\" title=\"");
        text(e->s, e->len, CG_HTML_PLAIN);
        add(": ");
        add(meaning(e));
        add(buttons ? "\"><button type=\"button\">" : "\">");
        ctext(e);
        add(buttons ? "</button></th>" : "</th>");
    }
}

/* ----------------------------------------------------- source listings */

static void flush_gap(void)
{
    if (P.gap_n == 0) return;
    size_t cols = P.r->n_show + 2;
    int64_t last = P.gap_first + P.gap_n - 1;
    if (P.gap_n > GAP_MAX_LINES) {
        addf("<tr class=\"gap\"><td colspan=\"%zu\"><span>lines %" PRId64 "\xe2\x80\x93%" PRId64
             ": no counts (%" PRId64 " lines, not included)</span></td></tr>\n",
             cols, P.gap_first, last, P.gap_n);
    } else {
        uint32_t g = P.n_gaps++;
        addf(
            "<tr class=\"gap\"><td colspan=\"%zu\"><button type=\"button\" aria-expanded=\"false\" "
            "aria-controls=\"s%u-g%u\">",
            cols, P.sec, g);
        if (P.gap_n == 1)
            addf("line %" PRId64 ": no counts", P.gap_first);
        else
            addf("lines %" PRId64 "\xe2\x80\x93%" PRId64 ": no counts (%" PRId64 " lines)",
                 P.gap_first, last, P.gap_n);
        addf("</button></td></tr>\n</tbody>\n<tbody class=\"cold\" id=\"s%u-g%u\" hidden>\n", P.sec,
             g);
        addn(P.gap.p, P.gap.len);
        add("</tbody>\n<tbody>\n");
    }
    P.gap.len = 0;
    P.gap_n = 0;
}

/* A row of the listing: counts (or one empty cell), line number, text. */
static void src_row(const char *id_label, int64_t n, const char *t, size_t len, const cg_count *cc)
{
    if (cc) {
        addf("<tr class=\"hot\" id=\"s%u-%" PRId64 "\">", P.sec, n);
        for (size_t i = 0; i < P.r->n_show; i++) {
            size_t e = P.r->show[i];
            unsigned f = level(cc[e], P.fmax[e]), g = level(cc[e], P.hottest[e]);
            if (f)
                addf("<td class=\"f%u p%u%s\">", f, g, cc[e] < 0 ? " n" : "");
            else
                add("<td>");
            count(cc[e]);
            share(cc[e], P.total[e]);
            add("</td>");
        }
    } else {
        addf("<tr><td colspan=\"%zu\"></td>", P.r->n_show);
    }
    if (id_label) {
        add("<td class=\"ln\"></td><td class=\"code\">");
        cg_html_str(P.b, id_label);
    } else {
        addf("<td class=\"ln\">%" PRId64 "</td><td class=\"code\">", n);
        text(t, len, CG_HTML_TAB);
    }
    add("</td></tr>\n");
}

static void on_line0(void *ctx, const cg_count *cc)
{
    place *pl = ctx;
    pl->line0 = true;
    src_row("<unknown (line 0)>", 0, NULL, 0, cc);
}

static void on_skipped(void *ctx, int64_t n, const char *t, size_t len)
{
    (void)ctx;
    if (P.gap_n++ == 0) P.gap_first = n;
    if (P.gap_n > GAP_MAX_LINES) return;
    cg_buf *keep = P.b;
    P.b = &P.gap;
    src_row(NULL, n, t, len, NULL);
    P.b = keep;
}

static void on_marker(void *ctx, __int128 n)
{
    (void)ctx, (void)n; /* gaps take the markers' place */
}

static bool on_line(void *ctx, int64_t n, const char *t, size_t len, const cg_count *cc)
{
    place *pl = ctx;
    if (P.b->len > SOURCE_BUDGET) {
        P.cut = true;
        return false;
    }
    flush_gap();
    src_row(NULL, n, t, len, cc);
    if (cc) pl->upto = n;
    return true;
}

static void on_bogus(void *ctx, int64_t n, const cg_count *cc)
{
    place *pl = ctx;
    if (P.b->len > SOURCE_BUDGET) {
        P.cut = true;
        return;
    }
    if (P.n_bogus++ == 0) {
        flush_gap();
        addf("<tr class=\"fix\"><td colspan=\"%zu\">counts recorded for lines past the end of the "
             "file:</td></tr>\n",
             P.r->n_show + 2);
    }
    char label[48];
    snprintf(label, sizeof label, "<bogus line %" PRId64 ">", n);
    src_row(label, n, NULL, 0, cc);
    if (!P.cut) pl->upto = n;
}

static void originals(const cg_source *s, const char *cls, const char *what)
{
    addf("<div class=\"box%s\">%s<ul>", cls, what);
    for (size_t i = 0; i < s->n_orig; i++) {
        add("<li><code>");
        name(s->orig[i]);
        add("</code></li>");
    }
    add("</ul></div>\n");
}

/* One file's section: notices, then the listing. */
static void source_file(uint32_t f, cg_file_lines *fl, enum cg_readability *r)
{
    const cg_profile *p = P.p;
    place *pl = &P.places[f];
    cg_source s;
    cg_source_open(p, f, &s);
    *r = s.r;
    pl->section = ++P.sec;
    pl->upto = -1;
    addf("<section class=\"file\" id=\"s%u\" aria-labelledby=\"s%u-h\">\n<h3 id=\"s%u-h\">", P.sec,
         P.sec, P.sec);
    name(cg_name(&p->files, f));
    add("</h3>\n");
    if (s.r != CG_READABLE) {
        originals(&s, "",
                  s.r == CG_UNREADABLE
                      ? "Not annotated: one or more of these original files are unreadable:"
                      : "Not annotated: two or more of these original files are not identical:");
        add("</section>\n");
        cg_source_close(&s);
        return;
    }
    for (size_t i = 0; i < s.n_older; i++) {
        add("<div class=\"box\">The source is newer than the profile <code>");
        cg_html_str(P.b, p->inputs[s.older[i]].path);
        add("</code>: the counts may belong to other lines.");
        if (s.n_orig > 1) originals(&s, "", "Original files:");
        add("</div>\n");
    }
    size_t nl;
    const uint32_t *ln = cg_file_lines_sorted(p, fl, f, &nl);
    cg_count *fmax = xcalloc(P.nev, sizeof(cg_count));
    for (size_t i = 0; i < nl; i++) {
        const cg_count *cc = cg_line_cc(p, ln[i]);
        for (size_t e = 0; e < P.nev; e++)
            if (mag(cc[e]) > mag(fmax[e])) fmax[e] = cc[e];
    }
    P.fmax = fmax;
    P.n_gaps = 0;
    P.n_bogus = 0;
    P.gap_n = 0;
    P.gap.len = 0;
    pl->listed = true;
    add("<div class=\"scroll\"><table class=\"src");
    add(P.r->show_percs ? " pc\">" : "\">");
    add("<thead><tr>");
    event_heads(false);
    add("<th scope=\"col\" class=\"ln\">line</th><th scope=\"col\" class=\"code\">source</th>"
        "</tr></thead>\n<tbody>\n");
    /* A negative context reads lines that hold counts as if between ranges;
       the text report lists none of them, nor does the page. */
    cg_listing_ops ops = {pl,        on_line0, P.r->context >= 0 ? on_skipped : NULL,
                          on_marker, on_line,  on_bogus};
    bool whole = cg_listing(p, ln, nl, s.fd, P.r->context, &ops);
    if (!P.cut) flush_gap();
    if (!whole || P.cut)
        addf("<tr class=\"fix\"><td colspan=\"%zu\">The listing stops here: the page keeps to "
             "about 20 MB. The text report (<code>--format=text</code>) has it all.</td></tr>\n",
             P.r->n_show + 2);
    add("</tbody></table></div>\n");
    if (P.n_bogus) {
        add("<div class=\"box\">Counts were recorded for lines past the end of <code>");
        name(s.orig[0]);
        add("</code>: the source may not be the one profiled.</div>\n");
    }
    add("</section>\n");
    free(fmax);
    cg_source_close(&s);
}

static void annotation_summary(const cg_annotation *a)
{
    add("<h3 id=\"where\">Where the counts are</h3>\n<div class=\"scroll\"><table "
        "class=\"totals where");
    add(P.r->show_percs ? " pc\">" : "\">");
    add("<thead><tr><th scope=\"col\">counts of</th>");
    event_heads(false);
    add("</tr></thead><tbody>\n");
    static const char *const what[CG_N_ACC] = {
        "annotated files, lines known",
        "annotated files, line unknown (line 0)",
        "files not annotated: original files not identical",
        "files not annotated: unreadable",
        "files below the threshold",
        "unknown files (?\?\?)",
    };
    for (int i = 0; i < CG_N_ACC; i++) {
        add("<tr><th scope=\"row\">");
        add(what[i]);
        add("</th>");
        for (size_t k = 0; k < P.r->n_show; k++) {
            size_t e = P.r->show[k];
            add("<td>");
            count(a->acc[i][e]);
            share(a->acc[i][e], P.total[e]);
            add("</td>");
        }
        add("</tr>\n");
    }
    add("</tbody></table></div>\n");
}

/* The annotated files, hottest first; returns whether the annotation adds
   up (else the page says so and cg_annotate fails after writing it). */
static bool sources(const cg_summary *by_file, cg_annotation *a)
{
    const cg_profile *p = P.p;
    cg_file_lines fl;
    cg_file_lines_init(p, &fl);
    cg_annotation_files(p, by_file, a);
    add("<section id=\"sources\" aria-labelledby=\"h-sources\">\n<h2 id=\"h-sources\">Source "
        "files</h2>\n<p class=\"note\">The files of the File:function table (but "
        "<code>?\?\?</code>)"
        ", hottest first, each line with its counts; ");
    if (P.r->context >= 0)
        addf("%lld line%s of context around counted lines, runs of lines without counts "
             "folded (click to open).</p>\n",
             P.r->context, P.r->context == 1 ? "" : "s");
    else
        add("with a negative <code>--context</code>, every counted line is listed as past the "
            "end of its file, as in the text report.</p>\n");
    add("<div class=\"tools\" role=\"group\" aria-label=\"Heat\"><span>Heat relative to</span> "
        "<label><input type=\"radio\" name=\"heat\" value=\"file\" checked> the file's hottest "
        "line</label> <label><input type=\"radio\" name=\"heat\" value=\"program\"> the "
        "program's hottest line</label></div>\n");
    size_t left = 0;
    bool *out = xcalloc(a->n + 1, sizeof *out);
    for (size_t i = 0; i < a->n; i++) {
        if (P.b->len > SOURCE_BUDGET) {
            /* Readability still decides where the counts went. */
            cg_source s;
            cg_source_open(p, a->files[i], &s);
            a->r[i] = s.r;
            cg_source_close(&s);
            out[i] = true;
            left++;
            continue;
        }
        source_file(a->files[i], &fl, &a->r[i]);
    }
    if (left) {
        addf("<div class=\"box\" id=\"sources-left-out\">%zu of %zu files are not on this page, "
             "which keeps to about 20 MB; their rows in the tables link nowhere. The text report "
             "(<code>cg_annotate</code> without <code>--format</code>) annotates them all; a "
             "higher <code>--threshold</code>, fewer events (<code>--show</code>) or a smaller "
             "<code>--context</code> make room. Left out:<ul>",
             left, a->n);
        size_t shown = 0;
        for (size_t i = 0; i < a->n && shown < NAMES_MAX; i++) {
            if (!out[i]) continue;
            add("<li><code>");
            name(cg_name(&p->files, a->files[i]));
            add("</code></li>");
            shown++;
        }
        if (left > shown) addf("<li>and %zu more</li>", left - shown);
        add("</ul></div>\n");
    }
    free(out);
    cg_annotation_account(p, &fl, a);
    annotation_summary(a);
    cg_count *sum = xcalloc(P.nev, sizeof(cg_count));
    for (int i = 0; i < CG_N_ACC; i++) cg_cc_add(sum, a->acc[i], P.nev, 1);
    bool ok = memcmp(sum, P.total, P.nev * sizeof(cg_count)) == 0;
    free(sum);
    if (!ok)
        add("<div class=\"box bad\">These rows do not add up to the program totals: the "
            "profile's <code>summary:</code> line does not match its counts.</div>\n");
    add("</section>\n");
    cg_file_lines_free(&fl);
    return ok;
}

/* ------------------------------------------------- function tables */

/* The link to a pair's lines: the first counted line if it is on the page,
   line 0 if that is all it has, the file's notice if unreadable; else
   none (0). */
static bool link_to(uint32_t pair, cg_buf *href)
{
    if (pair == CG_NONE) return false;
    const cg_pair *pr = &P.p->pairs[pair];
    const place *pl = &P.places[pr->file];
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

static void linked(const cg_str *s, bool ok, const cg_buf *href)
{
    if (ok) {
        add("<a href=\"");
        addn(href->p, href->len);
        add("\">");
    }
    name(s);
    if (ok) add("</a>");
}

static void cells(const cg_count *cc, const cg_count *max)
{
    for (size_t i = 0; i < P.r->n_show; i++) {
        size_t e = P.r->show[i];
        unsigned l = bar(cc[e], max[e]);
        if (l)
            addf("<td class=\"b%u%s\">", l, cc[e] < 0 ? " n" : "");
        else
            add(cc[e] < 0 ? "<td class=\"n\">" : "<td>");
        count(cc[e]);
        share(cc[e], P.total[e]);
        add("</td>");
    }
}

static void function_table(const cg_summary *s, bool by_file, const char *id, const char *title)
{
    const char *unit = by_file ? "file:function" : "function:file";
    addf("<section id=\"%s\" aria-labelledby=\"h-%s\">\n<h2 id=\"h-%s\">%s</h2>\n", id, id, id,
         title);
    addf("<p class=\"note\">%s, with the %s in it at or above the threshold, in the text "
         "report's order; a bar shows each count against the column's largest. Click a column "
         "to sort by it (again to turn the order round)%s.</p>\n",
         by_file ? "Each file" : "Each function", by_file ? "functions" : "files",
         P.r->diff ? "; red is an increase, green a decrease" : "");
    addf("<div class=\"tools\"><input type=\"search\" class=\"filter\" data-for=\"t-%s\" "
         "placeholder=\"Filter by name (press /)\" aria-label=\"Filter the %s table by name\">"
         "<output id=\"t-%s-status\" aria-live=\"polite\"></output></div>\n",
         id, title, id);
    cg_count *max = xcalloc(P.nev, sizeof(cg_count));
    for (size_t i = 0; i < s->n; i++) {
        for (size_t e = 0; e < P.nev; e++) {
            if (mag(s->o[i].cc[e]) > mag(max[e])) max[e] = s->o[i].cc[e];
            for (size_t j = 0; j < s->o[i].n_in; j++)
                if (mag(s->o[i].in[j].cc[e]) > mag(max[e])) max[e] = s->o[i].in[j].cc[e];
        }
    }
    addf("<div class=\"scroll tall\"><table class=\"fn%s\" id=\"t-%s\">",
         P.r->show_percs ? " pc" : "", id);
    addf("<thead><tr><th scope=\"col\" class=\"nm\"><button type=\"button\">%s</button></th>",
         unit);
    event_heads(true);
    add("</tr></thead>\n");
    size_t start = P.b->len, shown = 0, rows = 0;
    cg_buf href = {0}, href2 = {0};
    for (; shown < s->n && P.b->len - start <= TABLE_BUDGET; shown++) {
        const cg_outer *o = &s->o[shown];
        add("<tbody><tr class=\"o\"><td class=\"nm\">");
        if (cg_summary_one_row(P.r, o)) {
            bool ok = link_to(o->in[0].pair, &href);
            if (by_file) {
                const place *pl = &P.places[o->id];
                href2.len = 0;
                if (pl->section) cg_buf_printf(&href2, "#s%u", pl->section);
                linked(o->name, pl->section, &href2);
            } else {
                linked(o->name, ok, &href);
            }
            add(":");
            linked(o->in[0].name, ok, &href);
            add("</td>");
            cells(o->cc, max);
            add("</tr></tbody>\n");
            rows++;
            continue;
        }
        if (by_file) {
            const place *pl = &P.places[o->id];
            href.len = 0;
            if (pl->section) cg_buf_printf(&href, "#s%u", pl->section);
            linked(o->name, pl->section, &href);
        } else {
            linked(o->name, link_to(o->in[0].pair, &href), &href);
        }
        add("</td>");
        cells(o->cc, max);
        add("</tr>\n");
        for (size_t j = 0; j < o->n_in; j++) {
            add("<tr class=\"i\"><td class=\"nm\">");
            linked(o->in[j].name, link_to(o->in[j].pair, &href), &href);
            add("</td>");
            cells(o->in[j].cc, max);
            add("</tr>\n");
        }
        add("</tbody>\n");
        rows += 1 + o->n_in;
    }
    if (shown < s->n) {
        size_t members = 0;
        for (size_t i = shown; i < s->n; i++) members += s->o[i].n_in;
        addf("<tbody class=\"more\"><tr class=\"more\"><td colspan=\"%zu\">%zu more %s (%zu "
             "%s) at or above the threshold are not on this page, which keeps to about 20 MB. "
             "The text report (<code>cg_annotate</code> without <code>--format</code>) and "
             "<code>--format=json</code> list them all; a higher <code>--threshold</code> "
             "shortens the list.</td></tr></tbody>\n",
             P.r->n_show + 1, s->n - shown, by_file ? "files" : "functions", members,
             by_file ? "functions" : "files");
    }
    add("</table></div>\n");
    size_t below = s->n_members_all - s->n_members;
    if (below) {
        char th[64];
        cg_fmt_float_repr(th, sizeof th, P.r->threshold);
        addf("<p class=\"note\">%zu %s below the threshold (%s%% of ", below,
             below == 1 ? "entry is" : "entries are", th);
        ctext(event(P.r->sort[0]));
        add("'s total) are left out; <code>--threshold=0</code> lists them.</p>\n");
    }
    add("</section>\n");
    free(href.p);
    free(href2.p);
    free(max);
}

/* --------------------------------------------- head, summary, metadata */

static void head(const char *css_hash, const char *js_hash)
{
    const cg_profile *p = P.p;
    add("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        "<meta name=\"color-scheme\" content=\"light dark\">\n"
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src '");
    add(css_hash);
    add("'; script-src '");
    add(js_hash);
    add("'; img-src 'none'; form-action 'none'; base-uri 'none'\">\n");
    add("<meta name=\"generator\" content=\"cg_annotate (Cachegrind, rebuilt) " PACKAGE_VERSION
        "\">\n<title>");
    add(P.r->diff ? "Cachegrind difference: " : "Cachegrind: ");
    const cg_text *cmd = &p->inputs[p->n_inputs - 1].cmd;
    text_max(cmd->s, cmd->len, CG_HTML_PLAIN, 200);
    add("</title>\n<style>");
    add(cg_html_css);
    add("</style>\n</head>\n");
}

static void top(void)
{
    const cg_profile *p = P.p;
    add(P.r->diff ? "<body class=\"diff\">\n" : "<body>\n");
    add("<header class=\"top\">\n<h1>");
    add(P.r->diff ? "Cachegrind: difference of two profiles" : "Cachegrind profile");
    add("</h1>\n<p class=\"sub\">");
    for (size_t i = 0; i < p->n_inputs && i < 3; i++) {
        if (i) add(P.r->diff ? " \xe2\x86\x92 " : " + ");
        add("<code>");
        ctext(&p->inputs[i].cmd);
        add("</code>");
    }
    if (p->n_inputs > 3) addf(" + %zu more", p->n_inputs - 3);
    add("</p>\n<nav class=\"toc\" aria-label=\"Sections\"><a href=\"#summary\">Summary</a>"
        "<a href=\"#by-file\">File:function</a><a href=\"#by-fn\">Function:file</a>");
    if (P.r->annotate) add("<a href=\"#sources\">Source files</a>");
    add("<details class=\"cols\"><summary>Columns</summary><div role=\"group\" "
        "aria-label=\"Columns shown\">");
    for (size_t i = 0; i < P.r->n_show; i++) {
        addf("<label><input type=\"checkbox\" data-col=\"%zu\" checked> ", i);
        ctext(event(P.r->show[i]));
        add("</label>");
    }
    if (P.r->show_percs)
        add("<label><input type=\"checkbox\" id=\"show-percs\" checked> percentages</label>");
    add("</div></details>");
    add("<span class=\"keys\"><kbd>/</kbd> filter &#183; <kbd>Esc</kbd> clear &#183; "
        "<kbd>&#8593;</kbd><kbd>&#8595;</kbd> rows &#183; click a column to sort</span></nav>\n"
        "</header>\n<main>\n");
}

static void notices(void)
{
    const cg_fp_check *fp = P.r->fp;
    if (fp->n_mismatches) {
        add("<div class=\"box\">The profiles' fingerprints differ, so the comparison may be "
            "meaningless:<ul>");
        for (size_t i = 0; i < fp->n_mismatches; i++) {
            add("<li><code>");
            ctext(&fp->mismatches[i].field);
            add("</code>: <code>");
            ctext(&fp->mismatches[i].a);
            add("</code> vs <code>");
            ctext(&fp->mismatches[i].b);
            add("</code></li>");
        }
        add("</ul></div>\n");
    }
    cg_buf d = {0};
    for (size_t i = 0; i < P.r->n_limits; i++) {
        const cg_limit *l = &P.r->limits[i];
        d.len = 0;
        cg_limit_describe(l, &d);
        add(l->broken ? "<div class=\"box bad\">Limit broken: "
                      : "<div class=\"box\">Within "
                        "the limit: ");
        text(d.p, d.len, 0);
        add("</div>\n");
    }
    free(d.p);
}

static void totals(void)
{
    const cg_profile *p = P.p;
    add("<section id=\"summary\" aria-labelledby=\"h-summary\">\n<h2 id=\"h-summary\">"
        "Summary</h2>\n");
    notices();
    add("<div class=\"scroll\"><table class=\"totals\" id=\"totals\"><thead><tr><th "
        "scope=\"col\">event</th><th scope=\"col\">what it counts</th>");
    if (P.r->diff)
        add("<th scope=\"col\">old (file 1)</th><th scope=\"col\">new (file 2)</th><th "
            "scope=\"col\">change</th><th scope=\"col\"></th>");
    else
        add("<th scope=\"col\">program total</th>");
    add("</tr></thead><tbody>\n");
    for (size_t i = 0; i < P.r->n_show; i++) {
        size_t e = P.r->show[i];
        add("<tr><th scope=\"row\">");
        ctext(event(e));
        add("</th><td class=\"what\">");
        add(meaning(event(e)));
        add("</td>");
        if (P.r->diff) {
            add("<td>");
            count(p->inputs[0].total[e]);
            add("</td><td>");
            count(p->inputs[1].total[e]);
            add("</td>");
        }
        add(P.r->diff && P.total[e] < 0 ? "<td class=\"total n\">" : "<td class=\"total\">");
        count(P.total[e]);
        add("</td>");
        if (P.r->diff) {
            /* The change against the old total, as cg_fmt_pct words it. */
            char v[64];
            cg_count was = p->inputs[0].total[e];
            add("<td class=\"what\">");
            if (was != 0 && P.total[e] != 0) {
                cg_fmt_pct(v, P.total[e], was < 0 ? -was : was);
                addf("%s%s%% of old", P.total[e] > 0 ? "+" : "", v);
            }
            add("</td>");
        }
        add("</tr>\n");
    }
    add("</tbody></table></div>\n");
}

static void events_line(const size_t *ev, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (i) add(" ");
        ctext(event(ev ? ev[i] : i));
    }
}

static void metadata(void)
{
    const cg_profile *p = P.p;
    add("<dl class=\"meta\">\n");
    if (P.r->argc > 0) {
        add("<dt>Invocation</dt><dd><code>");
        cg_html_str(P.b, cg_invocation_name(P.r->argv[0]));
        for (int i = 1; i < P.r->argc; i++) {
            add(" ");
            cg_html_str(P.b, P.r->argv[i]);
        }
        add("</code></dd>\n");
    }
    for (size_t i = 0; i < p->n_inputs && i < INPUTS_MAX; i++) {
        const cg_input *in = &p->inputs[i];
        if (p->n_inputs == 1)
            add("<dt>Profile</dt>");
        else if (P.r->diff)
            add(i ? "<dt>New profile (file 2)</dt>" : "<dt>Old profile (file 1)</dt>");
        else
            addf("<dt>Profile %zu</dt>", i + 1);
        add("<dd><code>");
        cg_html_str(P.b, in->path);
        add("</code><div>command: ");
        ctext(&in->cmd);
        add("</div>");
        for (size_t d = 0; d < in->n_desc; d++) {
            add("<div>");
            ctext(&in->desc[d]);
            add("</div>");
        }
        add("</dd>\n");
    }
    if (p->n_inputs > INPUTS_MAX)
        addf("<dt>Profiles</dt><dd>and %zu more</dd>\n", p->n_inputs - INPUTS_MAX);
    add("<dt>Events recorded</dt><dd>");
    events_line(NULL, P.nev);
    add("</dd>\n<dt>Events shown</dt><dd>");
    events_line(P.r->show, P.r->n_show);
    add("</dd>\n<dt>Event sort order</dt><dd>");
    events_line(P.r->sort, P.r->n_sort);
    char th[64];
    cg_fmt_float_repr(th, sizeof th, P.r->threshold);
    addf("</dd>\n<dt>Threshold</dt><dd>%s%%</dd>\n<dt>Annotation</dt><dd>%s</dd>\n</dl>\n</"
         "section>\n",
         th, P.r->annotate ? "on" : "off");
}

/* ----------------------------------------------------------------- page */

void cg_report_html(FILE *f, const cg_report *r)
{
    const cg_profile *p = r->prof;
    P = (struct page){.r = r, .p = p, .nev = p->n_events, .total = p->summary_total};
    P.places = xcalloc(p->files.n + 1, sizeof *P.places);
    P.hottest = xcalloc(P.nev, sizeof(cg_count));
    for (size_t i = 0; i < p->n_lines; i++) {
        const cg_count *cc = cg_line_cc(p, (uint32_t)i);
        for (size_t e = 0; e < P.nev; e++)
            if (mag(cc[e]) > mag(P.hottest[e])) P.hottest[e] = cc[e];
    }
    cg_summary by_file, by_fn;
    cg_summary_by_file(r, &by_file);
    cg_summary_by_fn(r, &by_fn);

    /* The listings come first, so that the tables know what they can link
       to; the page shows them last. */
    cg_buf src = {0}, page = {0};
    cg_annotation a = {0};
    bool adds_up = true;
    if (r->annotate) {
        P.b = &src;
        adds_up = sources(&by_file, &a);
    }

    char css_hash[52], js_hash[52];
    cg_csp_hash(cg_html_css, strlen(cg_html_css), css_hash);
    cg_csp_hash(cg_html_js, strlen(cg_html_js), js_hash);
    P.b = &page;
    head(css_hash, js_hash);
    top();
    totals();
    metadata();
    function_table(&by_file, true, "by-file", "File:function");
    function_table(&by_fn, false, "by-fn", "Function:file");
    fwrite(page.p, 1, page.len, f);
    if (src.len) fwrite(src.p, 1, src.len, f);
    page.len = 0;
    add("</main>\n<footer>Written by cg_annotate (Cachegrind, rebuilt) " PACKAGE_VERSION
        ". The page is self-contained: it loads nothing and sends nothing.</footer>\n<script>");
    add(cg_html_js);
    add("</script>\n</body>\n</html>\n");
    fwrite(page.p, 1, page.len, f);

    free(page.p);
    free(src.p);
    free(P.gap.p);
    cg_summary_free(&by_file);
    cg_summary_free(&by_fn);
    if (r->annotate) {
        if (!adds_up) cg_annotation_check(p, &a);
        cg_annotation_free(&a);
    }
    free(P.places);
    free(P.hottest);
}
