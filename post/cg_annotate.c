/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_annotate.c: the cg_annotate program: reads, merges or diffs Cachegrind
   output files and prints the report (summaries, annotated sources). */
#include "annotate-opts.h"
#include "program.h"
#include "report.h"
#include "lines.h"
#include "numfmt.h"
#include "profile.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ------------------------------------------------------------ report state */

static cg_annotate_opts opt;
static cg_profile prof;
static size_t nev;
static size_t *show, n_show, *sort_ev, n_sort;
static const cg_count *total; /* program total P (sum of summary lines) */
static FILE *out;

/* Column widths of one table, per event (docs/post-processors.md, "Column
   layout"). */
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
   form: ` (v%,` and ` c%)` for the outer rows of the function summaries. */
/* `open` + the percentage + `close`, or `open` "n/a" `close` for a zero
 * total; nothing at all without percentages. */
static size_t pct_fmt(char *buf, cg_count c, cg_count t, const char *open, const char *close)
{
    if (!opt.show_percs) return buf[0] = 0, 0;
    if (t == 0) return (size_t)sprintf(buf, "%sn/a%s", open, close);
    char v[64];
    cg_fmt_pct(v, c, t);
    return (size_t)sprintf(buf, "%s%s%%%s", open, v, close);
}

static size_t pct_single(char *buf, cg_count c, cg_count t)
{
    if (c == 0) return buf[0] = 0, 0;
    return pct_fmt(buf, c, t, " (", ")");
}

static size_t pct_open(char *buf, cg_count c, cg_count t)
{
    return pct_fmt(buf, c, t, " (", ",");
}

static size_t pct_close(char *buf, cg_count c, cg_count t)
{
    return pct_fmt(buf, c, t, " ", ")");
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

/* lo/hi: per-event extremes of the rows (including 0); clo/chi: of the
   running cumulative sums, or NULL outside the function summaries. */
static widths make_widths(const cg_count *lo, const cg_count *hi, const cg_count *clo,
                          const cg_count *chi)
{
    widths w;
    w.w = xcalloc(nev, sizeof(size_t));
    w.wc = xcalloc(nev, sizeof(size_t));
    w.wp1 = xcalloc(nev, sizeof(size_t));
    w.wp2 = xcalloc(nev, sizeof(size_t));
    char b[80];
    for (size_t e = 0; e < nev; e++) {
        w.wc[e] = max2(commas_len(lo[e]), commas_len(hi[e]));
        if (clo) {
            w.wp1[e] = max2(pct_open(b, lo[e], total[e]), pct_open(b, hi[e], total[e]));
            w.wp2[e] = max2(pct_close(b, clo[e], total[e]), pct_close(b, chi[e], total[e]));
        } else {
            w.wp1[e] = max2(pct_single(b, lo[e], total[e]), pct_single(b, hi[e], total[e]));
        }
        w.w[e] = max2(utf8_chars(&prof.events[e]), w.wc[e] + w.wp1[e] + w.wp2[e]);
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

/* Extremes accumulator: starts at zero, so 0 is always included. */
typedef struct extremes {
    cg_count *lo, *hi;
} extremes;

static extremes ext_new(void)
{
    return (extremes){xcalloc(nev, sizeof(cg_count)), xcalloc(nev, sizeof(cg_count))};
}

static void ext_add(extremes *x, const cg_count *cc)
{
    for (size_t e = 0; e < nev; e++) {
        if (cc[e] < x->lo[e]) x->lo[e] = cc[e];
        if (cc[e] > x->hi[e]) x->hi[e] = cc[e];
    }
}

static void ext_free(extremes *x)
{
    free(x->lo);
    free(x->hi);
}

static void put_spaces(size_t n)
{
    static const char sp[] = "                                                                ";
    while (n > 0) {
        size_t k = n < sizeof sp - 1 ? n : sizeof sp - 1;
        fwrite(sp, 1, k, out);
        n -= k;
    }
}

static void put_rjust(const char *s, size_t len, size_t width)
{
    if (len < width) put_spaces(width - len);
    fwrite(s, 1, len, out);
}

static void put_bytes(const char *s, size_t len)
{
    fwrite(s, 1, len, out);
}

static void put_line(const char *s, size_t len)
{
    put_bytes(s, len);
    fputc('\n', out);
}

static void banner(const char *title, const char *name, size_t name_len)
{
    static const char dashes[] =
        "--------------------------------------------------------------------------------\n";
    fputs(dashes, out);
    fprintf(out, "-- %s", title);
    if (name) put_bytes(name, name_len);
    fputc('\n', out);
    fputs(dashes, out);
}

static void header_row(const widths *w, const char *prefix, const char *suffix)
{
    fputs(prefix, out);
    for (size_t i = 0; i < n_show; i++) {
        size_t e = show[i];
        put_bytes(prof.events[e].s, prof.events[e].len);
        for (size_t k = utf8_chars(&prof.events[e]); k < w->w[e]; k++) fputc('_', out);
        fputc(' ', out);
    }
    fputs(suffix, out);
    fputc('\n', out);
}

enum row_form { ROW_SINGLE, ROW_DOUBLE, ROW_INNER };

/* One row: prefix, a cell per shown event, a space, the label. */
static void data_row(const widths *w, const char *prefix, const cg_count *cc, const cg_count *cum,
                     enum row_form form, const char *label, size_t label_len)
{
    fputs(prefix, out);
    char num[32], p1[80], p2[80];
    for (size_t i = 0; i < n_show; i++) {
        size_t e = show[i];
        size_t nl = cg_fmt_commas(num, cc[e]), l1, l2 = 0;
        if (form == ROW_DOUBLE) {
            l1 = pct_open(p1, cc[e], total[e]);
            l2 = pct_close(p2, cum[e], total[e]);
        } else {
            l1 = pct_single(p1, cc[e], total[e]);
        }
        put_spaces(w->w[e] - w->wc[e] - w->wp1[e] - w->wp2[e]);
        put_rjust(num, nl, w->wc[e]);
        put_rjust(p1, l1, w->wp1[e]);
        put_rjust(p2, l2, w->wp2[e]);
        fputc(' ', out);
    }
    fputc(' ', out);
    put_bytes(label, label_len);
    fputc('\n', out);
}

static void dot_row(const widths *w, const char *label, size_t label_len)
{
    for (size_t i = 0; i < n_show; i++) {
        size_t e = show[i];
        put_spaces(w->w[e] - w->wc[e] - w->wp1[e] - w->wp2[e]);
        put_rjust(".", 1, w->wc[e]);
        put_spaces(w->wp1[e] + w->wp2[e] + 1);
    }
    fputc(' ', out);
    put_bytes(label, label_len);
    fputc('\n', out);
}

/* ------------------------------------------------ metadata and summary */

static void metadata(int argc, char **argv)
{
    banner("Metadata", NULL, 0);
    fputs("Invocation:       ", out);
    fputs(cg_invocation_name(argv[0]), out);
    for (int i = 1; i < argc; i++) {
        fputc(' ', out);
        fputs(argv[i], out);
    }
    fputc('\n', out);

    bool same_desc = true;
    const cg_input *in = prof.inputs;
    for (size_t i = 1; i < prof.n_inputs && same_desc; i++) {
        same_desc = in[i].n_desc == in[0].n_desc;
        for (size_t d = 0; same_desc && d < in[0].n_desc; d++)
            same_desc = cg_text_eq(&in[i].desc[d], &in[0].desc[d]);
    }
    for (size_t i = 0; i < prof.n_inputs; i++) {
        if (same_desc && i > 0) break;
        if (!same_desc) fprintf(out, "Description %zu:\n", i + 1);
        for (size_t d = 0; d < in[i].n_desc; d++) put_line(in[i].desc[d].s, in[i].desc[d].len);
    }

    if (prof.n_inputs == 1) {
        fputs("Command:          ", out);
        put_line(in[0].cmd.s, in[0].cmd.len);
    } else {
        for (size_t i = 0; i < prof.n_inputs; i++) {
            if (i > 0 && cg_text_eq(&in[i].cmd, &in[i - 1].cmd)) {
                fprintf(out, "Command %zu:        (same as Command %zu)\n", i + 1, i);
            } else {
                fprintf(out, "Command %zu:        ", i + 1);
                put_line(in[i].cmd.s, in[i].cmd.len);
            }
        }
    }
    fputs("Events recorded: ", out);
    cg_write_events(out, prof.events, nev);
    fputs("\nEvents shown:    ", out);
    for (size_t i = 0; i < n_show; i++) cg_write_events(out, &prof.events[show[i]], 1);
    fputs("\nEvent sort order:", out);
    for (size_t i = 0; i < n_sort; i++) cg_write_events(out, &prof.events[sort_ev[i]], 1);
    char th[64];
    cg_fmt_float_repr(th, sizeof th, opt.threshold);
    fprintf(out, "\nThreshold:        %s%%\n", th);
    fprintf(out, "Annotation:       %s\n\n", opt.annotate ? "on" : "off");
}

static void summary(void)
{
    banner("Summary", NULL, 0);
    extremes x = ext_new();
    ext_add(&x, total);
    widths w = make_widths(x.lo, x.hi, NULL, NULL);
    header_row(&w, "", "");
    fputc('\n', out);
    data_row(&w, "", total, NULL, ROW_SINGLE, "PROGRAM TOTALS", 14);
    fputc('\n', out);
    free_widths(&w);
    ext_free(&x);
}

/* ------------------------------------------- file:function summaries */

typedef struct inner {
    const cg_str *name;
    const cg_count *cc;
} inner;

typedef struct outer {
    const cg_str *name;
    uint32_t id;
    cg_count *cc;
    inner *in;
    size_t n_in;
} outer;

/* Descending by |count| of each sort event, then by name. */
static int cmp_desc(const cg_count *a, const cg_str *an, const cg_count *b, const cg_str *bn)
{
    int c = cg_cc_cmp_desc(a, b, sort_ev, n_sort);
    return c ? c : -cg_strcmp(an, bn);
}

static int cmp_outer(const void *a, const void *b)
{
    const outer *x = a, *y = b;
    return cmp_desc(x->cc, x->name, y->cc, y->name);
}

static int cmp_inner(const void *a, const void *b)
{
    const inner *x = a, *y = b;
    return cmp_desc(x->cc, x->name, y->cc, y->name);
}

/* Prints one of the two function summaries; outers/inners are filtered,
   sorted and printed.  Returns the number of outer entries printed (they are
   moved to the front of `o`). */
static size_t function_summary(const char *title, const char *suffix, const char *prefix, outer *o,
                               size_t n)
{
    size_t k = sort_ev[0];
    double t = cg_threshold_count(opt.threshold, total[k]);

    size_t kept = 0;
    for (size_t i = 0; i < n; i++) {
        size_t m = 0;
        for (size_t j = 0; j < o[i].n_in; j++)
            if (cg_reaches(o[i].in[j].cc[k], t)) o[i].in[m++] = o[i].in[j];
        o[i].n_in = m;
        if (m) {
            outer tmp = o[kept];
            o[kept++] = o[i];
            o[i] = tmp;
        }
    }
    qsort(o, kept, sizeof *o, cmp_outer);

    extremes x = ext_new(), cx = ext_new();
    cg_count *cum = xcalloc(nev, sizeof(cg_count));
    for (size_t i = 0; i < kept; i++) {
        qsort(o[i].in, o[i].n_in, sizeof *o[i].in, cmp_inner);
        ext_add(&x, o[i].cc);
        for (size_t j = 0; j < o[i].n_in; j++) ext_add(&x, o[i].in[j].cc);
        cg_cc_add(cum, o[i].cc, nev, 1);
        ext_add(&cx, cum);
    }
    widths w = make_widths(x.lo, x.hi, cx.lo, cx.hi);

    banner(title, NULL, 0);
    header_row(&w, "  ", suffix);
    fputc('\n', out);
    memset(cum, 0, nev * sizeof(cg_count));
    cg_buf label = {0};
    for (size_t i = 0; i < kept; i++) {
        cg_cc_add(cum, o[i].cc, nev, 1);
        label.len = 0;
        cg_buf_add(&label, o[i].name->s, o[i].name->len);
        cg_buf_addc(&label, ':');
        if (o[i].n_in == 1 && memcmp(o[i].in[0].cc, o[i].cc, nev * sizeof(cg_count)) == 0) {
            cg_buf_add(&label, o[i].in[0].name->s, o[i].in[0].name->len);
            data_row(&w, prefix, o[i].cc, cum, ROW_DOUBLE, label.p, label.len);
        } else {
            data_row(&w, prefix, o[i].cc, cum, ROW_DOUBLE, label.p, label.len);
            for (size_t j = 0; j < o[i].n_in; j++) {
                label.len = 0;
                cg_buf_add(&label, "  ", 2);
                cg_buf_add(&label, o[i].in[j].name->s, o[i].in[j].name->len);
                data_row(&w, "  ", o[i].in[j].cc, NULL, ROW_INNER, label.p, label.len);
            }
        }
        fputc('\n', out);
    }
    free(label.p);
    free(cum);
    free_widths(&w);
    ext_free(&x);
    ext_free(&cx);
    return kept;
}

/* File:function.  Returns the (sorted-by-name later) ids of printed files. */
static uint32_t *file_function(size_t *n_printed)
{
    size_t n = 0;
    for (uint32_t f = prof.first_file; f != CG_NONE; f = prof.finfo[f].next_file) n++;
    outer *o = xcalloc(n, sizeof *o);
    size_t i = 0;
    for (uint32_t f = prof.first_file; f != CG_NONE; f = prof.finfo[f].next_file, i++) {
        o[i].name = cg_name(&prof.files, f);
        o[i].id = f;
        o[i].cc = xcalloc(nev, sizeof(cg_count));
        for (uint32_t pi = prof.finfo[f].first_pair; pi != CG_NONE;
             pi = prof.pairs[pi].next_in_file)
            o[i].n_in++;
        o[i].in = xmalloc(o[i].n_in * sizeof *o[i].in);
        size_t j = 0;
        for (uint32_t pi = prof.finfo[f].first_pair; pi != CG_NONE;
             pi = prof.pairs[pi].next_in_file, j++) {
            o[i].in[j] = (inner){cg_name(&prof.fns, prof.pairs[pi].fn), cg_pair_cc(&prof, pi)};
            cg_cc_add(o[i].cc, o[i].in[j].cc, nev, 1);
        }
    }
    size_t kept = function_summary("File:function summary", " file:function", "< ", o, n);
    uint32_t *ids = xmalloc((kept + 1) * sizeof *ids);
    for (i = 0; i < kept; i++) ids[i] = o[i].id;
    for (i = 0; i < n; i++) {
        free(o[i].cc);
        free(o[i].in);
    }
    free(o);
    *n_printed = kept;
    return ids;
}

static void function_file(void)
{
    /* Group the pairs by function. */
    size_t nfn = prof.fns.n;
    size_t *start = xcalloc(nfn + 1, sizeof *start);
    for (size_t i = 0; i < prof.n_pairs; i++) start[prof.pairs[i].fn + 1]++;
    for (size_t f = 0; f < nfn; f++) start[f + 1] += start[f];
    size_t *fill = xmalloc((nfn + 1) * sizeof *fill);
    memcpy(fill, start, (nfn + 1) * sizeof *fill);
    uint32_t *by_fn = xmalloc((prof.n_pairs + 1) * sizeof *by_fn);
    for (uint32_t i = 0; i < prof.n_pairs; i++) by_fn[fill[prof.pairs[i].fn]++] = i;

    size_t n = 0;
    for (size_t f = 0; f < nfn; f++) n += start[f + 1] > start[f];
    outer *o = xcalloc(n, sizeof *o);
    cg_count **extra = NULL;
    size_t n_extra = 0, cap_extra = 0;
    size_t k = 0;
    for (size_t f = 0; f < nfn; f++) {
        if (start[f + 1] == start[f]) continue;
        outer *out_e = &o[k++];
        out_e->name = cg_name(&prof.fns, (uint32_t)f);
        out_e->cc = xcalloc(nev, sizeof(cg_count));
        out_e->in = xmalloc((start[f + 1] - start[f]) * sizeof *out_e->in);
        for (size_t j = start[f]; j < start[f + 1]; j++) {
            const cg_pair *pr = &prof.pairs[by_fn[j]];
            const cg_count *cc = cg_pair_cc(&prof, by_fn[j]);
            cg_cc_add(out_e->cc, cc, nev, 1);
            if (pr->orphan) {
                /* Counts before any fl= line belong to the file named "";
                   merge them with a real `fl=` (empty name) entry if any. */
                uint32_t real = cg_pair_find(&prof, pr->file, pr->fn, false);
                if (real != CG_NONE) {
                    cg_count *sum = xmalloc(nev * sizeof(cg_count));
                    memcpy(sum, cc, nev * sizeof(cg_count));
                    cg_cc_add(sum, cg_pair_cc(&prof, real), nev, 1);
                    xgrow((void **)&extra, &cap_extra, n_extra + 1, sizeof *extra);
                    extra[n_extra++] = sum;
                    cc = sum;
                }
            } else if (cg_pair_find(&prof, pr->file, pr->fn, true) != CG_NONE) {
                continue; /* represented by the merged orphan entry */
            }
            out_e->in[out_e->n_in++] = (inner){cg_name(&prof.files, pr->file), cc};
        }
    }
    function_summary("Function:file summary", " function:file", "> ", o, n);
    for (size_t i = 0; i < n; i++) {
        free(o[i].cc);
        free(o[i].in);
    }
    for (size_t i = 0; i < n_extra; i++) free(extra[i]);
    free(extra);
    free(o);
    free(start);
    free(fill);
    free(by_fn);
}

/* ------------------------------------------------------ annotation */

enum { ACC_KNOWN, ACC_UNKNOWN_LINE, ACC_NONIDENT, ACC_UNREADABLE, ACC_BELOW, ACC_UNKNOWN_FILE };
static cg_count *acc[6];

static uint32_t *lines_by_file; /* line indices grouped by file */
static size_t *file_start;

/* The sum of a file's line cost centres: every count line after an fl=
   line adds to both its line and its (file, function) pair, so summing the
   few pairs gives the same result as summing the many lines. */
static void add_file_lines(uint32_t f, cg_count *dst)
{
    if (f >= prof.cap_finfo) return;
    for (uint32_t pi = prof.finfo[f].first_pair; pi != CG_NONE; pi = prof.pairs[pi].next_in_file)
        cg_cc_add(dst, cg_pair_cc(&prof, pi), nev, 1);
}

static int cmp_line(const void *a, const void *b)
{
    int64_t x = prof.lines[*(const uint32_t *)a].line, y = prof.lines[*(const uint32_t *)b].line;
    return (x > y) - (x < y);
}

static int cmp_name_ptr(const void *a, const void *b)
{
    return cg_strcmp(*(const cg_str *const *)a, *(const cg_str *const *)b);
}

enum readability { READABLE, UNREADABLE, NONIDENTICAL };

/* Compare two original files: unreadable beats non-identical. */
static enum readability compare_files(const char *a, const char *b)
{
    struct stat sa, sb;
    if (stat(a, &sa) != 0 || stat(b, &sb) != 0) return UNREADABLE;
    if (!S_ISREG(sa.st_mode) || !S_ISREG(sb.st_mode) || sa.st_size != sb.st_size)
        return NONIDENTICAL;
    int fa = open(a, O_RDONLY), fb = open(b, O_RDONLY);
    enum readability r = READABLE;
    if (fa < 0 || fb < 0) {
        r = UNREADABLE;
    } else {
        static char ba[65536], bb[65536];
        for (;;) {
            ssize_t na = read(fa, ba, sizeof ba);
            ssize_t nb = na > 0 ? read(fb, bb, (size_t)na) : 0;
            if (na < 0 || nb < 0) {
                r = UNREADABLE;
                break;
            }
            if (na == 0) break;
            if (nb != na || memcmp(ba, bb, (size_t)na) != 0) {
                r = NONIDENTICAL;
                break;
            }
        }
    }
    if (fa >= 0) close(fa);
    if (fb >= 0) close(fb);
    return r;
}

static void at_line(void)
{
    fputs("@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@\n", out);
}

static void warning_head(void)
{
    at_line();
    fputs("@@ WARNING @@ WARNING @@ WARNING @@ WARNING @@ WARNING @@ WARNING @@ WARNING @@\n", out);
    at_line();
}

static bool older(const struct timespec *a, const struct timespec *b)
{
    return a->tv_sec < b->tv_sec || (a->tv_sec == b->tv_sec && a->tv_nsec < b->tv_nsec);
}

static void range_marker(__int128 n)
{
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
    fprintf(out, "-- line %s ----------------------------------------\n", p);
}

/* The annotated listing of one readable file (docs/post-processors.md,
   "Annotated source files"). */
static void annotate_body(uint32_t f, int fd, const cg_str *first_orig)
{
    uint32_t *ln = lines_by_file + file_start[f];
    size_t nl = file_start[f + 1] - file_start[f];
    qsort(ln, nl, sizeof *ln, cmp_line);

    extremes x = ext_new();
    for (size_t i = 0; i < nl; i++) ext_add(&x, cg_line_cc(&prof, ln[i]));
    widths w = make_widths(x.lo, x.hi, NULL, NULL);
    header_row(&w, "", "");
    fputc('\n', out);

    size_t i0 = 0;
    if (nl && prof.lines[ln[0]].line == 0) {
        const cg_count *cc = cg_line_cc(&prof, ln[0]);
        data_row(&w, "", cc, NULL, ROW_SINGLE, "<unknown (line 0)>", 18);
        fputc('\n', out);
        cg_cc_add(acc[ACC_UNKNOWN_LINE], cc, nev, 1);
        i0 = 1;
    }
    uint32_t *L = ln + i0;
    size_t nL = nl - i0;

    cg_lines src;
    cg_lines_init(&src, fd);
    const char *text;
    size_t tlen;
    bool term;
    size_t next = 0; /* smallest data line not yet printed */
    __int128 cursor = 0, C = opt.context;
    bool eof = false;
    for (size_t i = 0; i < nL && !eof;) {
        __int128 x0 = prof.lines[L[i]].line, cur = x0;
        __int128 lo = x0 - C < 1 ? 1 : x0 - C;
        size_t j = i + 1;
        while (j < nL && prof.lines[L[j]].line <= cur + 2 * C) cur = prof.lines[L[j++]].line;
        __int128 hi = cur + C;
        i = j;
        while (cursor < lo - 1) {
            if (!cg_lines_next(&src, &text, &tlen, &term)) {
                eof = true;
                break;
            }
            cursor++;
        }
        if (eof) break;
        if (lo != 1) range_marker(lo);
        for (__int128 n = lo; n <= hi; n++) {
            if (!cg_lines_next(&src, &text, &tlen, &term)) {
                eof = true;
                break;
            }
            cursor++;
            if (next < nL && prof.lines[L[next]].line == n) {
                const cg_count *cc = cg_line_cc(&prof, L[next++]);
                data_row(&w, "", cc, NULL, ROW_SINGLE, text, tlen);
                cg_cc_add(acc[ACC_KNOWN], cc, nev, 1);
            } else {
                dot_row(&w, text, tlen);
            }
        }
        if (eof) break;
        range_marker(hi);
    }
    cg_lines_free(&src);

    if (next < nL) {
        fputc('\n', out);
        cg_buf label = {0};
        for (; next < nL; next++) {
            const cg_count *cc = cg_line_cc(&prof, L[next]);
            label.len = 0;
            cg_buf_printf(&label, "<bogus line %" PRId64 ">", prof.lines[L[next]].line);
            data_row(&w, "", cc, NULL, ROW_SINGLE, label.p, label.len);
            cg_cc_add(acc[ACC_KNOWN], cc, nev, 1);
        }
        free(label.p);
        fputc('\n', out);
        warning_head();
        fputs("@@ Information recorded about lines past the end of '", out);
        put_bytes(first_orig->s, first_orig->len);
        fputs("'.\n", out);
        at_line();
    }
    if (nL) fputc('\n', out);
    free_widths(&w);
    ext_free(&x);
}

static void annotate_file(uint32_t f)
{
    const cg_str *name = cg_name(&prof.files, f);
    cg_fileinfo *fi = cg_finfo(&prof, f);
    size_t no = fi->n_orig;
    const cg_str **o = xmalloc((no + 1) * sizeof *o);
    for (size_t i = 0; i < no; i++) o[i] = cg_name(&prof.files, fi->orig[i]);
    qsort(o, no, sizeof *o, cmp_name_ptr);

    enum readability r = READABLE;
    /* A name holding a NUL byte is no path (open() would see a prefix of it). */
    for (size_t i = 0; i < no && r == READABLE; i++)
        if (memchr(o[i]->s, 0, o[i]->len)) r = UNREADABLE;
    for (size_t i = 0; i + 1 < no && r == READABLE; i++) r = compare_files(o[i]->s, o[i + 1]->s);
    int fd = -1;
    struct stat st;
    if (r == READABLE) {
        /* Only a regular file has lines to annotate: a directory, and a
           device or FIFO (which could feed us forever, e.g. /dev/zero), are
           unreadable.  Non-blocking so that opening a FIFO cannot hang us. */
        fd = no ? open(o[0]->s, O_RDONLY | O_NONBLOCK) : -1;
        if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) r = UNREADABLE;
    }

    banner("Annotated source file: ", name->s, name->len);
    if (r != READABLE) {
        fputs(r == UNREADABLE
                  ? "Unannotated because one or more of these original files are unreadable:\n"
                  : "Unannotated because two or more of these original files are not "
                    "identical:\n",
              out);
        for (size_t i = 0; i < no; i++) {
            fputs("- ", out);
            put_bytes(o[i]->s, o[i]->len);
            fputc('\n', out);
        }
        fputc('\n', out);
        add_file_lines(f, acc[r == UNREADABLE ? ACC_UNREADABLE : ACC_NONIDENT]);
        if (fd >= 0) close(fd);
        free(o);
        return;
    }

    struct timespec oldest = st.st_mtim;
    for (size_t i = 1; i < no; i++) {
        struct stat s2;
        if (stat(o[i]->s, &s2) == 0 && older(&s2.st_mtim, &oldest)) oldest = s2.st_mtim;
    }
    for (size_t i = 0; i < prof.n_inputs; i++) {
        struct stat sc;
        if (stat(prof.inputs[i].path, &sc) != 0 || !older(&sc.st_mtim, &oldest)) continue;
        warning_head();
        fprintf(out, "@ Original source files are all newer than data file '%s':\n",
                prof.inputs[i].path);
        for (size_t k = 0; k < no; k++) {
            fputs("@ - ", out);
            put_bytes(o[k]->s, o[k]->len);
            fputc('\n', out);
        }
        fputs("@ Annotations may not be correct.\n", out);
        at_line();
        fputc('\n', out);
    }
    annotate_body(f, fd, o[0]);
    close(fd);
    free(o);
}

static int cmp_file_id(const void *a, const void *b)
{
    return cg_strcmp(cg_name(&prof.files, *(const uint32_t *)a),
                     cg_name(&prof.files, *(const uint32_t *)b));
}

static void annotation(uint32_t *printed, size_t n_printed)
{
    for (int i = 0; i < 6; i++) acc[i] = xcalloc(nev, sizeof(cg_count));
    cg_profile_group_lines(&prof, &lines_by_file, &file_start);
    uint32_t unknown = cg_strtab_find(&prof.files, "???", 3);
    bool *is_candidate = xcalloc(prof.files.n + 1, sizeof *is_candidate);
    size_t nc = 0;
    for (size_t i = 0; i < n_printed; i++)
        if (printed[i] != unknown) {
            printed[nc++] = printed[i];
            is_candidate[printed[i]] = true;
        }
    qsort(printed, nc, sizeof *printed, cmp_file_id);
    for (size_t i = 0; i < nc; i++) annotate_file(printed[i]);

    for (uint32_t f = 0; f < prof.files.n; f++) {
        if (is_candidate[f]) continue;
        add_file_lines(f, acc[f == unknown ? ACC_UNKNOWN_FILE : ACC_BELOW]);
    }

    static const char *const labels[6] = {
        "  annotated: files known & above threshold & readable, line numbers known",
        "  annotated: files known & above threshold & readable, line numbers unknown",
        "unannotated: files known & above threshold & two or more non-identical",
        "unannotated: files known & above threshold & unreadable ",
        "unannotated: files known & below threshold",
        "unannotated: files unknown",
    };
    banner("Annotation summary", NULL, 0);
    extremes x = ext_new();
    for (int i = 0; i < 6; i++) ext_add(&x, acc[i]);
    widths w = make_widths(x.lo, x.hi, NULL, NULL);
    header_row(&w, "", "");
    fputc('\n', out);
    for (int i = 0; i < 6; i++)
        data_row(&w, "", acc[i], NULL, ROW_SINGLE, labels[i], strlen(labels[i]));
    fputc('\n', out);
    free_widths(&w);
    ext_free(&x);

    cg_count *sum = xcalloc(nev, sizeof(cg_count));
    for (int i = 0; i < 6; i++) cg_cc_add(sum, acc[i], nev, 1);
    if (memcmp(sum, total, nev * sizeof(cg_count)) != 0) {
        cg_buf b = {0};
        cg_buf_adds(&b, "`summary:` line doesn't match computed annotated counts\n- summary:   [");
        for (size_t e = 0; e < nev; e++) cg_buf_printf(&b, "%s%" PRId64, e ? ", " : "", total[e]);
        cg_buf_adds(&b, "]\n- annotated: [");
        for (size_t e = 0; e < nev; e++) cg_buf_printf(&b, "%s%" PRId64, e ? ", " : "", sum[e]);
        cg_buf_addc(&b, ']');
        cg_die_bytes(b.p, b.len);
    }
    free(sum);
    free(is_candidate);
}

/* ----------------------------------------------------------------- main */

/* Decides every --limit on the two inputs' totals; true if one is broken. */
static bool decide_limits(void)
{
    bool broken = false;
    for (size_t i = 0; i < opt.n_limits; i++) {
        cg_limit *l = &opt.limits[i];
        cg_limit_decide(l, prof.inputs[0].total[l->index], prof.inputs[1].total[l->index]);
        broken |= l->broken;
    }
    return broken;
}

int main(int argc, char **argv)
{
    cg_error e = {0};
    cg_init("cg_annotate");
    if (!cg_annotate_parse(&opt, argc, argv, &e)) cg_fail(&e);

    cg_profile_init(&prof, CG_ANNOTATE);
    prof.mod_file = opt.mod_file;
    prof.mod_fn = opt.mod_fn;
    for (size_t i = 0; i < opt.n_files; i++) {
        cg_read_opts ro = {.sign = opt.diff && i == 0 ? -1 : 1,
                           .on_events = cg_annotate_check_events,
                           .ctx = &opt,
                           .stop_on_mismatch = true};
        if (!cg_read_file(&prof, opt.files[i], &ro, &e)) cg_fail(&e);
    }
    nev = prof.n_events;
    total = prof.summary_total;
    if (!cg_annotate_select(&opt, prof.events, nev, &show, &n_show, &sort_ev, &n_sort, &e))
        cg_fail(&e);

    bool broken = decide_limits();
    cg_fp_check fp;
    cg_fp_check_inputs(&prof, &fp);
    cg_fp_warn(&fp);

    out = stdout;
    static char buf[1 << 16];
    setvbuf(out, buf, _IOFBF, sizeof buf);
    if (opt.json) {
        cg_report r = {&prof,         opt.diff,   opt.annotate, show,
                       sort_ev,       n_show,     n_sort,       opt.threshold_given,
                       opt.threshold, opt.limits, opt.n_limits, &fp};
        cg_report_json(out, &r);
    } else {
        metadata(argc, argv);
        summary();
        size_t n_printed;
        uint32_t *printed = file_function(&n_printed);
        function_file();
        if (opt.annotate) annotation(printed, n_printed);
    }
    cg_write_finish(out, "<stdout>");
    if (!broken) return 0;
    cg_buf b = {0};
    for (size_t i = 0; i < opt.n_limits; i++) {
        if (!opt.limits[i].broken) continue;
        b.len = 0;
        cg_limit_describe(&opt.limits[i], &b);
        fputs("cg_annotate: limit broken: ", stderr);
        cg_put_safe(stderr, b.p, b.len);
        fputc('\n', stderr);
    }
    return 3;
}
