/* SPDX-License-Identifier: GPL-2.0-or-later */
/* reader.c: the one parser of the Cachegrind output format, streaming a file
   into a cg_profile under the rules of the calling program's flavour.  Every
   rule that fails sets the caller's cg_error and makes the functions below
   return false up to cg_read_file, which never exits. */
#include "lines.h"
#include "profile.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct rd {
    cg_profile *p;
    cg_input *in;
    const cg_read_opts *o;
    cg_lines lr;
    cg_error *err;
    size_t nev;      /* this file's number of events */
    bool accumulate; /* false once the events differ: read only to validate */
    cg_count *vals, *total, *last_summary;
    bool have_summary;
    uint32_t cur_file, cur_fn, cur_pair;
} rd;

enum { TOK_OK, TOK_BAD, TOK_BIG };

static bool fail_at(rd *r, uint64_t line, const char *msg, const char *extra, size_t extra_len)
{
    cg_error_set(r->err, 1, "%s:%" PRIu64 ": %s", r->in->path, line, msg);
    if (extra) cg_buf_add(&r->err->msg, extra, extra_len);
    return false;
}

static bool fail_here(rd *r, const char *msg)
{
    return fail_at(r, r->lr.lineno, msg, NULL, 0);
}

/* Length of the separator at p (Python whitespace), 0 if none. */
static inline size_t sep_len(const char *p, const char *end)
{
    unsigned char c = (unsigned char)*p;
    if (c == ' ' || (c >= 0x09 && c <= 0x0d) || (c >= 0x1c && c <= 0x1f)) return 1;
    if (c < 0x80) return 0;
    return cg_space_len(p, end);
}

static inline bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* One token with the syntax of Python's int() (sign, digits, single
   underscores between digits); `dot` also admits the legacy `.` for 0. */
static inline int parse_token(const char **pp, const char *end, cg_count *out, bool dot)
{
    const char *p = *pp;
    /* Fast path: up to 18 plain digits, then a separator or the end. */
    uint64_t acc = 0;
    int n = 0;
    while (p < end && is_digit(*p) && n < 18) acc = acc * 10 + (uint64_t)(*p++ - '0'), n++;
    if (n > 0 && (p == end || *p == ' ')) {
        *out = (cg_count)acc;
        *pp = p;
        return TOK_OK;
    }
    p = *pp;
    bool neg = false;
    if (*p == '+' || *p == '-') {
        neg = *p == '-';
        if (++p == end) return TOK_BAD;
    }
    if (!is_digit(*p)) {
        if (dot && *p == '.' && p == *pp && (p + 1 == end || sep_len(p + 1, end))) {
            *out = 0;
            *pp = p + 1;
            return TOK_OK;
        }
        return TOK_BAD;
    }
    acc = 0;
    bool big = false;
    for (;;) {
        unsigned d = (unsigned)(*p - '0');
        if (acc > (UINT64_MAX - d) / 10)
            big = true;
        else
            acc = acc * 10 + d;
        if (++p == end) break;
        if (*p == '_') {
            if (++p == end || !is_digit(*p)) return TOK_BAD;
        } else if (!is_digit(*p)) {
            break;
        }
    }
    if (p != end && !sep_len(p, end)) return TOK_BAD;
    *pp = p;
    if (big || acc > (uint64_t)INT64_MAX + neg) return TOK_BIG;
    *out = neg ? (cg_count)(0 - acc) : (cg_count)acc;
    return TOK_OK;
}

/* Counts from s to end into vals[0..nev), missing ones as 0. */
static int parse_counts(const char *s, const char *end, size_t nev, cg_count *vals)
{
    size_t e = 0;
    int status = TOK_OK;
    for (;;) {
        size_t n;
        while (s < end && (n = sep_len(s, end))) s += n;
        if (s == end) break;
        if (e == nev) return TOK_BAD;
        int t = parse_token(&s, end, &vals[e], true);
        if (t == TOK_BAD) return TOK_BAD;
        if (t == TOK_BIG) {
            status = TOK_BIG;
            while (s < end && !sep_len(s, end)) s++;
        }
        e++;
    }
    for (; e < nev; e++) vals[e] = 0;
    return status;
}

static bool check_counts(rd *r, int status)
{
    if (status == TOK_BAD) return fail_here(r, "malformed or too many event counts");
    if (status == TOK_BIG) return fail_here(r, "number does not fit in 64 bits");
    return true;
}

/* `KEYWORD` followed by at least one whitespace character, where the line
   terminator counts as whitespace; *rest = text after the whitespace run. */
static bool keyword(const char *line, size_t len, bool term, const char *kw, const char **rest,
                    size_t *rest_len)
{
    size_t k = strlen(kw);
    if (len < k || memcmp(line, kw, k) != 0) return false;
    const char *p = line + k, *end = line + len;
    size_t n;
    if (p == end) {
        if (!term) return false;
    } else if (!sep_len(p, end)) {
        return false;
    }
    while (p < end && (n = sep_len(p, end))) p += n;
    *rest = p;
    *rest_len = (size_t)(end - p);
    return true;
}

static cg_text text_copy(const char *s, size_t len)
{
    return (cg_text){xmemdup0(s, len), len};
}

static cg_text *split_words(const char *s, size_t len, size_t *count)
{
    const char *end = s + len;
    cg_text *v = NULL;
    size_t n = 0, cap = 0, k;
    for (;;) {
        while (s < end && (k = sep_len(s, end))) s += k;
        if (s == end) break;
        const char *w = s;
        while (s < end && !sep_len(s, end)) s++;
        xgrow((void **)&v, &cap, n + 1, sizeof *v);
        v[n++] = text_copy(w, (size_t)(s - w));
    }
    *count = n;
    return v;
}

static void format_list(cg_buf *b, const cg_count *v, size_t n)
{
    cg_buf_addc(b, '[');
    for (size_t i = 0; i < n; i++) cg_buf_printf(b, "%s%" PRId64, i ? ", " : "", v[i]);
    cg_buf_addc(b, ']');
}

static bool fail_summary(rd *r, uint64_t line, const char *l1, const char *l2)
{
    cg_error_set(r->err, 1, "%s:%" PRIu64 ": `summary:` line doesn't match computed total\n%s",
                 r->in->path, line, l1);
    format_list(&r->err->msg, r->vals, r->nev);
    cg_buf_printf(&r->err->msg, "\n%s", l2);
    format_list(&r->err->msg, r->total, r->nev);
    return false;
}

static bool add_to_total(rd *r, cg_count *dst, uint64_t *mag, int sign, uint64_t line)
{
    if (!cg_mag_add(mag, r->vals, r->nev))
        return fail_at(r, line, "counts too large for 64 bits", 0, 0);
    cg_cc_add(dst, r->vals, r->nev, sign);
    return true;
}

static bool header(rd *r)
{
    cg_input *in = r->in;
    const char *line, *rest;
    size_t len, rlen, cap = 0;
    bool term;
    bool ok = cg_lines_next(&r->lr, &line, &len, &term);
    while (ok && keyword(line, len, term, "desc:", &rest, &rlen)) {
        xgrow((void **)&in->desc, &cap, in->n_desc + 1, sizeof *in->desc);
        in->desc[in->n_desc++] = text_copy(rest, rlen);
        ok = cg_lines_next(&r->lr, &line, &len, &term);
    }
    if (!ok || !keyword(line, len, term, "cmd:", &rest, &rlen))
        return fail_at(r, r->lr.lineno + !ok, "missing a `command:` line", 0, 0);
    in->cmd = text_copy(rest, rlen);
    ok = cg_lines_next(&r->lr, &line, &len, &term);
    if (!ok || !keyword(line, len, term, "events:", &rest, &rlen))
        return fail_at(r, r->lr.lineno + !ok, "missing an `events:` line", 0, 0);
    in->events = split_words(rest, rlen, &in->n_events);
    /* Upstream accepts this line and then fails in several odd ways. */
    if (in->n_events == 0) return fail_here(r, "`events:` line names no events");

    if (r->o->on_events && !r->o->on_events(r->o->ctx, in->events, in->n_events, r->err))
        return false;
    cg_profile *p = r->p;
    if (p->n_events == 0) {
        cg_profile_set_events(p, in->events, in->n_events);
    } else {
        bool same = p->n_events == in->n_events;
        for (size_t i = 0; same && i < p->n_events; i++)
            same = cg_text_eq(&p->events[i], &in->events[i]);
        if (!same) {
            if (r->o->stop_on_mismatch)
                return cg_error_set(r->err, 1, "events in data files don't match");
            in->events_mismatch = true;
        }
    }
    r->nev = in->n_events;
    r->accumulate = !in->events_mismatch;
    return true;
}

/* The id of a name rewritten by --mod-filename/--mod-funcname, or CG_NONE
   with the error set. */
static uint32_t mapped(rd *r, uint32_t id, const char *opt, const char *err)
{
    if (id != CG_NONE) return id;
    cg_buf b = {0};
    cg_buf_printf(&b, "%s: %s", opt, err);
    fail_here(r, b.p);
    cg_buf_free(&b);
    return CG_NONE;
}

static uint32_t map_file(rd *r, const char *s, size_t len)
{
    const char *err = "";
    uint32_t raw;
    uint32_t id = cg_map_file(r->p, s, len, &raw, &err);
    id = mapped(r, id, "--mod-filename", err);
    if (id != CG_NONE && raw != CG_NONE && r->p->flavour == CG_ANNOTATE) {
        /* Remember which original names feed each modified name. */
        cg_profile_touch_file(r->p, id);
        cg_fileinfo *f = cg_finfo(r->p, id);
        xgrow((void **)&f->orig, &f->cap_orig, f->n_orig + 1, sizeof *f->orig);
        f->orig[f->n_orig++] = raw;
    }
    return id;
}

static uint32_t map_fn(rd *r, const char *s, size_t len)
{
    const char *err = "";
    uint32_t id = cg_map_fn(r->p, s, len, &err);
    return mapped(r, id, "--mod-funcname", err);
}

static bool count_line(rd *r, const char *line, size_t len)
{
    cg_profile *p = r->p;
    const char *s = line, *end = line + len;
    cg_count lineno = 0;
    int st = TOK_OK;
    if (p->flavour == CG_DIFF) {
        /* cg_diff never looks at line numbers. */
        while (s < end && !sep_len(s, end)) s++;
    } else {
        st = parse_token(&s, end, &lineno, false);
        if (st == TOK_BAD) return check_counts(r, st);
        if (st == TOK_BIG)
            while (s < end && !sep_len(s, end)) s++;
    }
    int st2 = parse_counts(s, end, r->nev, r->vals);
    if (!check_counts(r, st2 == TOK_BAD ? st2 : st != TOK_OK ? st : st2)) return false;

    for (size_t e = 0; e < r->nev; e++)
        if (__builtin_add_overflow(r->total[e], r->vals[e], &r->total[e]))
            return fail_here(r, "counts too large for 64 bits");
    if (!r->accumulate) return true;
    if (!cg_mag_add(p->count_mag, r->vals, r->nev))
        return fail_here(r, "counts too large for 64 bits");

    int sign = r->o->sign;
    if (r->cur_pair == CG_NONE && p->flavour != CG_ANNOTATE)
        r->cur_pair = cg_pair_get(p, r->cur_file, r->cur_fn, false);
    if (r->cur_pair != CG_NONE) cg_cc_add(cg_pair_cc(p, r->cur_pair), r->vals, r->nev, sign);
    if (p->flavour == CG_ANNOTATE) {
        if (r->cur_file != CG_NONE) {
            cg_cc_add(cg_line_cc(p, cg_line_get(p, r->cur_file, lineno)), r->vals, r->nev, sign);
            /* With a file, the current pair is that file's (fl=, fn=). */
            cg_pair *pr = &p->pairs[r->cur_pair];
            if (lineno > 0 && lineno < pr->min_line) pr->min_line = lineno;
            if (lineno > pr->max_line) pr->max_line = lineno;
        }
    } else if (p->flavour == CG_MERGE) {
        cg_cc_add(cg_line_cc(p, cg_line_get(p, r->cur_pair, lineno)), r->vals, r->nev, sign);
    }
    return true;
}

/* fl= (reset_fn) and the legacy fi=/fe= (keep the function). */
static bool file_line(rd *r, const char *name, size_t len, bool reset_fn)
{
    cg_profile *p = r->p;
    uint32_t f = map_file(r, name, len);
    if (f == CG_NONE) return false;
    if (!r->accumulate) return true;
    r->cur_file = f;
    if (p->flavour == CG_ANNOTATE) {
        if (reset_fn || r->cur_fn == CG_NONE) r->cur_fn = p->fn_unspecified;
        r->cur_pair = cg_pair_get(p, f, r->cur_fn, false);
    } else {
        if (reset_fn) r->cur_fn = p->fn_unknown;
        r->cur_pair = CG_NONE;
    }
    return true;
}

static bool fn_line(rd *r, const char *name, size_t len)
{
    cg_profile *p = r->p;
    uint32_t fn = map_fn(r, name, len);
    if (fn == CG_NONE) return false;
    if (!r->accumulate) return true;
    r->cur_fn = fn;
    if (p->flavour == CG_ANNOTATE) {
        if (r->cur_file == CG_NONE)
            r->cur_pair = cg_pair_get(p, p->file_empty, fn, true);
        else
            r->cur_pair = cg_pair_get(p, r->cur_file, fn, false);
    } else {
        r->cur_pair = CG_NONE;
    }
    return true;
}

static bool summary_line(rd *r, const char *rest, size_t rlen)
{
    cg_profile *p = r->p;
    if (!check_counts(r, parse_counts(rest, rest + rlen, r->nev, r->vals))) return false;
    r->have_summary = true;
    switch (p->flavour) {
    case CG_ANNOTATE:
        if (memcmp(r->vals, r->total, r->nev * sizeof(cg_count)) != 0)
            return fail_summary(r, r->lr.lineno, "- summary:  ", "- computed: ");
        return add_to_total(r, p->summary_total, p->summary_mag, r->o->sign, r->lr.lineno);
    case CG_MERGE:
        if (r->accumulate)
            return add_to_total(r, p->summary_total, p->summary_mag, r->o->sign, r->lr.lineno);
        return true;
    case CG_DIFF:
        memcpy(r->last_summary, r->vals, r->nev * sizeof(cg_count));
        return true;
    }
    return true;
}

static bool body(rd *r)
{
    const char *line, *rest;
    size_t len, rlen;
    bool term, ok = true;
    while (ok && cg_lines_next(&r->lr, &line, &len, &term)) {
        char c = len ? line[0] : 0;
        if (is_digit(c)) {
            ok = count_line(r, line, len);
        } else if (len >= 3 && line[2] == '=' && line[0] == 'f') {
            if (line[1] == 'n')
                ok = fn_line(r, line + 3, len - 3);
            else if (line[1] == 'l')
                ok = file_line(r, line + 3, len - 3, true);
            else if (line[1] == 'i' || line[1] == 'e')
                ok = file_line(r, line + 3, len - 3, false);
            else
                ok = fail_at(r, r->lr.lineno, "malformed line: ", line, len);
        } else if (keyword(line, len, term, "summary:", &rest, &rlen)) {
            ok = summary_line(r, rest, rlen);
        } else if (len == 0 || c == '#') {
            continue;
        } else {
            ok = fail_at(r, r->lr.lineno, "malformed line: ", line, len);
        }
    }
    if (ok && r->lr.err) return cg_error_errno(r->err, r->lr.err, r->in->path);
    return ok;
}

static bool finish(rd *r)
{
    cg_profile *p = r->p;
    uint64_t after = r->lr.lineno + 1;
    if (!r->have_summary) return fail_at(r, after, "missing `summary:` line, aborting", 0, 0);
    if (p->flavour == CG_DIFF) {
        memcpy(r->vals, r->last_summary, r->nev * sizeof(cg_count));
        if (memcmp(r->vals, r->total, r->nev * sizeof(cg_count)) != 0)
            return fail_summary(r, after, "- summary: ", "- total:   ");
        if (r->accumulate)
            return add_to_total(r, p->summary_total, p->summary_mag, r->o->sign, after);
    }
    return true;
}

static cg_input *new_input(cg_profile *p, const char *path)
{
    xgrow((void **)&p->inputs, &p->cap_inputs, p->n_inputs + 1, sizeof *p->inputs);
    cg_input *in = &p->inputs[p->n_inputs++];
    memset(in, 0, sizeof *in);
    in->path = path;
    return in;
}

/* Reads r->lr to the end into the profile; frees the lines. */
static cg_input *read_lines(rd *r)
{
    cg_profile *p = r->p;
    bool ok = header(r);
    if (ok) {
        r->vals = xcalloc(r->nev, sizeof(cg_count));
        r->total = xcalloc(r->nev, sizeof(cg_count));
        r->last_summary = xcalloc(r->nev, sizeof(cg_count));
        if (p->flavour == CG_ANNOTATE) {
            r->cur_file = r->cur_fn = r->cur_pair = CG_NONE;
        } else {
            r->cur_file = p->file_empty;
            r->cur_fn = p->fn_empty;
            r->cur_pair = CG_NONE;
        }
        ok = body(r) && finish(r);
    }
    cg_lines_free(&r->lr);
    free(r->vals);
    free(r->last_summary);
    if (!ok) {
        free(r->total);
        return NULL;
    }
    r->in->total = r->total;
    return r->in;
}

cg_input *cg_read_file(cg_profile *p, const char *path, const cg_read_opts *o, cg_error *err)
{
    rd r = {.p = p, .in = new_input(p, path), .o = o, .err = err};
    int fd = open(path, O_RDONLY);
    if (fd < 0) return cg_error_errno(err, errno, path), NULL;
    struct stat st;
    if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
        close(fd);
        return cg_error_errno(err, EISDIR, path), NULL;
    }
    cg_lines_init(&r.lr, fd);
    cg_input *in = read_lines(&r);
    close(fd);
    return in;
}

cg_input *cg_read_mem(cg_profile *p, const char *name, const char *s, size_t len,
                      const cg_read_opts *o, cg_error *err)
{
    rd r = {.p = p, .in = new_input(p, name), .o = o, .err = err};
    cg_lines_init_mem(&r.lr, s, len);
    return read_lines(&r);
}
