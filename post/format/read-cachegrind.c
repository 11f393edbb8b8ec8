/* SPDX-License-Identifier: GPL-2.0-or-later */
/* read-cachegrind.c: the reader of the Cachegrind format (docs/format.md,
   "Header lines" and "Body lines"): a header of desc:, cmd: and events: lines, then
   fl=/fn= names, count lines and a summary: line.  What each line means for
   the profile is the sink's business; what a line may look like, and the
   rules only this format has (which names make entries, when the summary is
   checked), are here. */
#include "sink.h"
#include "tokens.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

typedef struct rd {
    cg_sink *s;
    const cg_rules *rules;
    uint32_t file, fn; /* the last fl= (or fi=/fe=) and fn=, CG_NONE before */
    cg_count *last_summary;
    bool have_summary;
    /* Our tool's call graph, in `#` lines before the first self cost
       (docs/format.md, "The call graph in a Cachegrind file"): read while
       in_graph, then it says where each function is. */
    cg_graph_lines *graph;
    /* Or packed (read-packed.c), with the number of fn= lines read, and
       where each (file, fn) was placed by its first fn= line (`placed`
       maps it to an index of `places`, plus one): the tool writes each
       once, so a later one placed elsewhere makes the file malformed. */
    cg_packed *packed;
    uint64_t fn_lines;
    cg_u64map placed;
    uint64_t *places;
    size_t n_places, max_places;
    bool in_graph, past_header;
    /* Our tool's costs by instruction, in `#i` lines before or after the
       call graph (read-inline.c), while in_inline. */
    cg_inline_rd *inl;
    bool in_inline;
} rd;

static void format_list(cg_buf *b, const cg_count *v, size_t n)
{
    cg_buf_addc(b, '[');
    for (size_t i = 0; i < n; i++) cg_buf_printf(b, "%s%" PRId64, i ? ", " : "", v[i]);
    cg_buf_addc(b, ']');
}

static bool fail_summary(rd *r, uint64_t line, const char *l1, const char *l2)
{
    cg_sink *s = r->s;
    cg_error_set(s->err, 1, "%s:%" PRIu64 ": `summary:` line doesn't match computed total\n%s",
                 s->in->path, line, l1);
    format_list(&s->err->msg, s->vals, s->nev);
    cg_buf_printf(&s->err->msg, "\n%s", l2);
    format_list(&s->err->msg, s->total, s->nev);
    return false;
}

static bool header(rd *r)
{
    cg_sink *s = r->s;
    cg_input *in = s->in;
    const char *line, *rest;
    size_t len, rlen, cap = 0;
    bool term;
    bool ok = cg_lineread_next(&s->lr, &line, &len, &term);
    while (ok && cg_keyword(line, len, term, "desc:", &rest, &rlen)) {
        xgrow((void **)&in->desc, &cap, in->n_desc + 1, sizeof *in->desc);
        in->desc[in->n_desc++] = cg_text_copy(rest, rlen);
        ok = cg_lineread_next(&s->lr, &line, &len, &term);
    }
    if (!ok || !cg_keyword(line, len, term, "cmd:", &rest, &rlen))
        return cg_sink_fail_at(s, s->lr.lineno + !ok, "missing a `command:` line", 0, 0);
    in->cmd = cg_text_copy(rest, rlen);
    ok = cg_lineread_next(&s->lr, &line, &len, &term);
    if (!ok || !cg_keyword(line, len, term, "events:", &rest, &rlen))
        return cg_sink_fail_at(s, s->lr.lineno + !ok, "missing an `events:` line", 0, 0);
    size_t n;
    cg_text *events = cg_split_words(rest, rlen, &n);
    /* Upstream accepts this line and then fails in several odd ways. */
    if (n == 0) {
        in->events = events;
        return cg_sink_fail(s, "`events:` line names no events");
    }
    return cg_sink_events(s, events, n);
}

static bool count_line(rd *r, const char *line, size_t len)
{
    cg_sink *s = r->s;
    const char *p = line, *end = line + len;
    cg_count lineno = 0;
    int st = TOK_OK;
    if (r->rules->lines == CG_LINES_NONE) {
        /* Nobody owns lines: the line number is not even parsed. */
        while (p < end && !cg_sep_len(p, end)) p++;
    } else {
        st = cg_tok_pyint(&p, end, &lineno, false);
        if (st == TOK_BAD) return cg_sink_check_counts(s, st);
        if (st == TOK_BIG)
            while (p < end && !cg_sep_len(p, end)) p++;
    }
    int st2 = cg_tok_pycounts(p, end, s->nev, s->vals);
    if (!cg_sink_check_counts(s, st2 == TOK_BAD ? st2 : st != TOK_OK ? st : st2)) return false;
    return cg_sink_cost(s, lineno);
}

/* Self costs go to (file, fn) now: in the object and under the entry file
   the call graph gives the function, if it has one. */
static void at(rd *r, uint32_t file, uint32_t fn)
{
    uint32_t obj = CG_NONE, home = CG_NONE;
    if (r->graph) cg_graph_lines_place(r->graph, file, fn, &obj, &home);
    cg_sink_at(r->s, file, fn, obj, home);
}

/* A fn= line's place, when the call graph is packed: by its number. */
static bool at_packed(rd *r, uint32_t fn, const char *name, size_t len)
{
    uint32_t obj = CG_NONE, home = CG_NONE;
    cg_packed_fn_line(r->packed, ++r->fn_lines, name, len, &obj, &home);
    uint64_t where = (uint64_t)obj << 32 | home;
    uint32_t *v = cg_u64map_slot(&r->placed, (uint64_t)r->file << 32 | fn, true);
    if (*v == 0) {
        if (r->n_places == r->max_places) {
            r->max_places = r->max_places ? 2 * r->max_places : 64;
            r->places = xrealloc(r->places, r->max_places * sizeof *r->places);
        }
        r->places[r->n_places++] = where;
        *v = (uint32_t)r->n_places;
    } else if (r->places[*v - 1] != where) {
        return cg_sink_fail_at(r->s, r->s->lr.lineno,
                               "the packed call graph places this function of this file "
                               "elsewhere than its earlier fn= line: fn=",
                               name, len);
    }
    cg_sink_at(r->s, r->file, fn, obj, home);
    return true;
}

/* fl= (reset_fn) and the legacy fi=/fe= (keep the function). */
static bool file_line(rd *r, const char *name, size_t len, bool reset_fn)
{
    cg_sink *s = r->s;
    cg_profile *p = s->p;
    uint32_t f = cg_sink_file_name(s, name, len);
    if (f == CG_NONE) return false;
    if (!s->accumulate) return true;
    r->file = f;
    if (r->rules->entries == CG_ENTRIES_BY_NAME) {
        if (reset_fn || r->fn == CG_NONE) r->fn = p->fn_unspecified;
        at(r, f, r->fn);
        cg_sink_enter(s);
    } else {
        if (reset_fn) r->fn = p->fn_unknown;
        at(r, f, r->fn);
    }
    return true;
}

static bool fn_line(rd *r, const char *name, size_t len)
{
    cg_sink *s = r->s;
    uint32_t fn = cg_sink_fn_name(s, name, len);
    if (fn == CG_NONE) return false;
    if (!s->accumulate) return true;
    r->fn = fn;
    if (r->file == CG_NONE) {
        cg_sink_at_orphan(s, fn);
    } else if (r->packed) {
        if (!at_packed(r, fn, name, len)) return false;
    } else {
        at(r, r->file, fn);
    }
    if (r->rules->entries == CG_ENTRIES_BY_NAME) cg_sink_enter(s);
    return true;
}

static bool summary_line(rd *r, const char *rest, size_t rlen)
{
    cg_sink *s = r->s;
    if (!cg_sink_check_counts(s, cg_tok_pycounts(rest, rest + rlen, s->nev, s->vals))) return false;
    r->have_summary = true;
    switch (r->rules->summary) {
    case CG_SUMMARY_AT_LINE:
        if (memcmp(s->vals, s->total, s->nev * sizeof(cg_count)) != 0)
            return fail_summary(r, s->lr.lineno, "- summary:  ", "- computed: ");
        return cg_sink_summary(s, s->lr.lineno);
    case CG_SUMMARY_SUMMED:
        return s->accumulate ? cg_sink_summary(s, s->lr.lineno) : true;
    case CG_SUMMARY_LAST_AT_END:
        memcpy(r->last_summary, s->vals, s->nev * sizeof(cg_count));
        return true;
    }
    return true;
}

/* A `#` line: a comment, or our tool's call graph, which begins with its
   `# call graph:` line before the first self cost and ends at the first
   line that is not a `#` line. */
static bool comment_line(rd *r, const char *line, size_t len)
{
    static const char mark[] = "# call graph:", packed[] = "# call graph, packed:",
                      inl[] = "# inline frames:";
    if (len >= sizeof inl - 1 && memcmp(line, inl, sizeof inl - 1) == 0) {
        if (r->inl && r->in_inline) {
            cg_inline_comment(r->inl, line, len);
            return true;
        }
        if (r->inl || r->past_header)
            return cg_sink_fail_at(r->s, r->s->lr.lineno,
                                   "a `# inline frames:` line after self costs or another section",
                                   0, 0);
        r->inl = cg_inline_new(r->s, line, len);
        r->in_inline = true;
        return true;
    }
    bool is_text = len >= sizeof mark - 1 && memcmp(line, mark, sizeof mark - 1) == 0;
    bool is_packed = len >= sizeof packed - 1 && memcmp(line, packed, sizeof packed - 1) == 0;
    /* The tool writes inlined code's section first; files of its earlier
       builds, after the call graph. */
    if (r->in_inline && !is_text && !is_packed) return cg_inline_line(r->inl, line, len);
    r->in_inline = false;
    if (is_text || is_packed) {
        if (r->graph || r->packed || r->past_header)
            return cg_sink_fail_at(r->s, r->s->lr.lineno,
                                   is_text
                                       ? "a `# call graph:` line after self costs or another one"
                                       : "a `# call graph, packed:` line after self costs or "
                                         "another one",
                                   0, 0);
        if (is_text)
            r->graph = cg_graph_lines_new(r->s);
        else
            r->packed = cg_packed_new(r->s);
        r->in_graph = true;
        return true;
    }
    if (!r->in_graph) return true;
    return r->packed ? cg_packed_line(r->packed, line, len)
                     : cg_graph_lines_read(r->graph, line, len);
}

/* The end of the call-graph section (at the first line that is not `#`,
   or the end of the file). */
static bool graph_end(rd *r)
{
    r->in_graph = false;
    return r->packed ? cg_packed_end(r->packed) : cg_graph_lines_end(r->graph);
}

static bool body(rd *r)
{
    cg_sink *s = r->s;
    const char *line, *rest;
    size_t len, rlen;
    bool term, ok = true;
    while (ok && cg_lineread_next(&s->lr, &line, &len, &term)) {
        char c = len ? line[0] : 0;
        if (c == '#') {
            ok = comment_line(r, line, len);
            continue;
        }
        if (len == 0) continue;
        r->past_header = true;
        r->in_inline = false;
        if (r->in_graph) {
            if (!(ok = graph_end(r))) break;
            /* The call graph moved the position: back to where self costs
               go before any fl= (the section comes before every one). */
            if (r->file == CG_NONE)
                cg_sink_nowhere(s);
            else
                at(r, r->file, r->fn);
        }
        if (cg_is_digit(c)) {
            ok = count_line(r, line, len);
        } else if (len >= 3 && line[2] == '=' && line[0] == 'f') {
            if (line[1] == 'n')
                ok = fn_line(r, line + 3, len - 3);
            else if (line[1] == 'l')
                ok = file_line(r, line + 3, len - 3, true);
            else if (line[1] == 'i' || line[1] == 'e')
                ok = file_line(r, line + 3, len - 3, false);
            else
                ok = cg_sink_fail_at(s, s->lr.lineno, "malformed line: ", line, len);
        } else if (cg_keyword(line, len, term, "summary:", &rest, &rlen)) {
            /* The packed call graph's calls, now that every fn= line
               has given its name. */
            if (r->packed && !(ok = cg_packed_replay(r->packed))) break;
            ok = summary_line(r, rest, rlen);
        } else {
            ok = cg_sink_fail_at(s, s->lr.lineno, "malformed line: ", line, len);
        }
    }
    if (ok && s->lr.err) return cg_error_errno(s->err, s->lr.err, s->in->path);
    if (ok && r->in_graph) ok = graph_end(r);
    if (ok && r->packed) ok = cg_packed_replay(r->packed);
    return ok;
}

static bool finish(rd *r)
{
    cg_sink *s = r->s;
    uint64_t after = s->lr.lineno + 1;
    if (!r->have_summary)
        return cg_sink_fail_at(s, after, "missing `summary:` line, aborting", 0, 0);
    if (!cg_sink_inline_check(s, after)) return false;
    if (r->rules->summary == CG_SUMMARY_LAST_AT_END) {
        memcpy(s->vals, r->last_summary, s->nev * sizeof(cg_count));
        if (memcmp(s->vals, s->total, s->nev * sizeof(cg_count)) != 0)
            return fail_summary(r, after, "- summary: ", "- total:   ");
        if (s->accumulate) return cg_sink_summary(s, after);
    }
    return true;
}

bool cg_read_cachegrind(cg_sink *s)
{
    rd r = {.s = s, .rules = s->p->rules, .file = CG_NONE, .fn = CG_NONE};
    s->in->format = CG_FMT_CACHEGRIND;
    if (!header(&r)) return false;
    static const cg_text none = {"", 0};
    cg_sink_part(s, 1, 0, &none);
    cg_profile *p = s->p;
    if (r.rules->entries == CG_ENTRIES_BY_NAME) {
        cg_sink_nowhere(s);
    } else {
        r.file = p->file_empty;
        r.fn = p->fn_empty;
        cg_sink_at(s, r.file, r.fn, CG_NONE, CG_NONE);
    }
    r.last_summary = xcalloc(s->nev, sizeof(cg_count));
    bool ok = body(&r) && finish(&r);
    free(r.last_summary);
    if (r.graph) cg_graph_lines_free(r.graph);
    if (r.packed) cg_packed_free(r.packed);
    cg_u64map_free(&r.placed);
    free(r.places);
    if (r.inl) cg_inline_free(r.inl);
    return ok;
}
