/* SPDX-License-Identifier: GPL-2.0-or-later */
/* read-callgrind.c: the reader of the Callgrind format, version 1
   (docs/format.md, "The Callgrind format"), as Callgrind 3.19 to 3.27 write
   it under any option: parts with their headers, positions (instr, bb, line,
   or none) with subposition compression, name compression, inlined files
   (fi=/fe=), objects, calls with their inclusive costs, jumps (read and left
   out), recursion levels written apart (rec=).  Self costs go to the entry
   of the current file and function, as callgrind_annotate keys them. */
#include "sink.h"
#include "tokens.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

enum kind { K_FILE, K_FN, K_OBJ, N_KINDS };
enum { POS_INSTR, POS_BB, POS_LINE, N_POS };

typedef struct rd {
    cg_sink *s;
    /* The name-compression tables: `(N)` to a name's id in the profile. */
    cg_u64map names[N_KINDS]; /* shared by fl/fi/fe/cfi/cfl/jfi, fn/cfn/jfn, ob/cob */
    /* positions: which subpositions a cost line has, in order, and the last
       value of each (the base of +N, -N and *). */
    int pos[N_POS], n_pos;
    int64_t last[N_POS];
    /* Where self costs go: object, the function's file (fl=), the current
       file (fl=, fi=, fe=), the function, its recursion level (rec=). */
    uint32_t obj, home, file, fn, fn_base;
    /* The callee named for the next calls= (cob=, cfi=, cfn=). */
    uint32_t cobj, cfile, cfn;
    /* CodSpeed's `cfni=NAME`: the function whose inlined code the next
       self costs are (CG_NONE: none, or after `cfni=???` or fn=). */
    uint32_t inl_fn;
    bool in_body; /* a part's body has begun: a header key starts a part */
    enum { NEXT_COST, NEXT_CALL, NEXT_JUMP } next; /* what the next cost line is */
    cg_count call_count;
    int64_t call_target;
    /* The current part's header values. */
    int64_t part_no, thread;
    cg_text trigger;
    cg_count *summary; /* the part's summary: line, NULL when absent */
    cg_buf name;       /* a name with its rec= suffix */
    cg_text *pending;  /* event: lines before events:, as NAME, LONG NAME pairs */
    size_t n_pending, cap_pending;
    /* Our tool's call paths (docs/format.md, "What the tool writes with
       --call-graph=callgrind"): the names of `# cp-fl=K` and `# cp-fn=K`, each
       `# cp=` id's ordinal among the file's paths, each ordinal's path in
       the profile (CG_NONE: a part not counted) and what its children may
       still cost (a path costs at least its children). */
    cg_u64map cp_file, cp_fn, cp_id;
    uint64_t cp_last; /* the last cp= id: ids rise */
    uint32_t *cp_index;
    cg_count *cp_rest;
    size_t n_cp, cap_cp_index, cap_cp_rest;
    /* Our tool's costs by instruction (`# inline frames:` and `#i` lines,
       read-inline.c), with --inline-frames=yes. */
    cg_inline_rd *inl;
} rd;

static bool fail_line(rd *r, const char *msg, const char *line, size_t len)
{
    return cg_sink_fail_at(r->s, r->s->lr.lineno, msg, line, len);
}

/* A name after `key=`: `(N) name` defines N, `(N)` uses it, a plain name is
   itself.  Returns the name's id in the profile, or CG_NONE (error set). */
static uint32_t name_ref(rd *r, enum kind k, const char *s, size_t len)
{
    const char *end = s + len, *p = s;
    if (p < end && *p == '(' && p + 1 < end && cg_is_digit(p[1])) {
        p++;
        uint64_t id = 0;
        for (; p < end && cg_is_digit(*p); p++) {
            if (id > (UINT64_MAX - 9) / 10)
                return fail_line(r, "name id too large: ", s, len), CG_NONE;
            id = id * 10 + (uint64_t)(*p - '0');
        }
        if (p == end || *p != ')') return fail_line(r, "malformed name id: ", s, len), CG_NONE;
        p++;
        const char *n = cg_skip_sep(p, end);
        if (n == end) {
            uint32_t *v = cg_u64map_slot(&r->names[k], id, false);
            if (!v) /* Callgrind 3.19 writes such ids with --mangle-names=no. */
                return fail_line(r,
                                 "name id used before it is defined (a Callgrind run with "
                                 "--mangle-names=no writes some; use the default, yes): ",
                                 s, len),
                       CG_NONE;
            return *v;
        }
        if (p == n) return fail_line(r, "malformed name id: ", s, len), CG_NONE;
        s = n;
        len = (size_t)(end - n);
        uint32_t v = k == K_FILE ? cg_sink_file_name(r->s, s, len)
                     : k == K_FN ? cg_sink_fn_name(r->s, s, len)
                                 : cg_sink_obj_name(r->s, s, len);
        if (v != CG_NONE) *cg_u64map_slot(&r->names[k], id, true) = v;
        return v;
    }
    return k == K_FILE ? cg_sink_file_name(r->s, s, len)
           : k == K_FN ? cg_sink_fn_name(r->s, s, len)
                       : cg_sink_obj_name(r->s, s, len);
}

/* The positions: line: which of instr, bb, line, in that order. */
static bool positions_line(rd *r, const char *s, size_t len)
{
    size_t n;
    cg_text *w = cg_split_words(s, len, &n);
    bool ok = n <= N_POS;
    int prev = -1;
    r->n_pos = 0;
    for (size_t i = 0; ok && i < n; i++) {
        int k = cg_text_is(&w[i], "instr")  ? POS_INSTR
                : cg_text_is(&w[i], "bb")   ? POS_BB
                : cg_text_is(&w[i], "line") ? POS_LINE
                                            : -1;
        ok = k > prev;
        prev = k;
        r->pos[r->n_pos++] = k;
    }
    for (size_t i = 0; i < n; i++) free(w[i].s);
    free(w);
    if (!ok) return fail_line(r, "malformed positions: line: ", s, len);
    memset(r->last, 0, sizeof r->last);
    return true;
}

/* One subposition at *pp: `+N`, `-N` (relative to base), `*` (base), or an
   absolute number, decimal or hex.  A position below 0 is malformed: the
   format has no way to write one (an absolute number never starts with
   `-`), so cg_merge could not write it back. */
static bool subposition(const char **pp, const char *end, int64_t base, int64_t *out)
{
    const char *p = *pp;
    cg_count v;
    if (*p == '*') {
        p++;
        if (p != end && !cg_sep_len(p, end)) return false;
        *out = base;
    } else if (*p == '+' || *p == '-') {
        bool neg = *p == '-';
        p++;
        if (p == end || cg_tok_clnum(&p, end, &v, false) != TOK_OK) return false;
        if (__builtin_add_overflow(base, neg ? -v : v, out) || *out < 0) return false;
    } else {
        if (cg_tok_clnum(&p, end, &v, false) != TOK_OK) return false;
        *out = v;
    }
    *pp = p;
    return true;
}

/* The subpositions at the start of a cost line (or of a calls=/jump=
   target) into at[], relative to r->last; *pp moves past them. */
static bool subpositions(rd *r, const char **pp, const char *end, int64_t *at)
{
    const char *p = *pp;
    for (int i = 0; i < r->n_pos; i++) {
        p = cg_skip_sep(p, end);
        int k = r->pos[i];
        if (p == end || !subposition(&p, end, r->last[k], &at[k])) return false;
    }
    *pp = p;
    return true;
}

/* The line of a position: its line subposition, 0 (unknown) without one. */
static inline int64_t line_of(const rd *r, const int64_t *at)
{
    return r->n_pos && r->pos[r->n_pos - 1] == POS_LINE ? at[POS_LINE] : 0;
}

static bool cost_line(rd *r, const char *line, size_t len)
{
    cg_sink *s = r->s;
    const char *p = line, *end = line + len;
    int64_t at[N_POS] = {0};
    if (!subpositions(r, &p, end, at)) return fail_line(r, "malformed position: ", line, len);
    for (int i = 0; i < r->n_pos; i++) r->last[r->pos[i]] = at[r->pos[i]];
    if (r->next == NEXT_JUMP) {
        /* A jump's source position: nothing else may follow. */
        r->next = NEXT_COST;
        if (cg_skip_sep(p, end) != end) return fail_line(r, "malformed jump source: ", line, len);
        return true;
    }
    if (!cg_sink_check_counts(s, cg_tok_clcounts(p, end, s->nev, s->vals))) return false;
    if (r->next == NEXT_CALL) {
        r->next = NEXT_COST;
        uint32_t file = r->cfile != CG_NONE ? r->cfile : r->file;
        uint32_t obj = r->cobj != CG_NONE ? r->cobj : r->obj;
        r->cobj = r->cfile = CG_NONE;
        return cg_sink_call(s, line_of(r, at), obj, file, r->cfn, r->call_target, r->call_count);
    }
    if (!cg_sink_cost(s, line_of(r, at))) return false;
    return r->inl_fn == CG_NONE ||
           cg_sink_inline(s, CG_NONE, 0, r->file, r->fn, line_of(r, at), r->inl_fn);
}

/* Self costs go to the position just set (file, function, object). */
static void moved(rd *r)
{
    cg_sink_at(r->s, r->file, r->fn, r->obj, r->home);
}

/* The current function's name at its recursion level: `f'N` for rec=N-1. */
static void set_fn(rd *r, uint32_t fn)
{
    r->fn_base = fn;
    r->fn = fn;
    moved(r);
}

static bool rec_line(rd *r, const char *s, size_t len)
{
    const char *p = s, *end = s + len;
    cg_count level;
    if (cg_tok_clnum(&p, end, &level, false) != TOK_OK || level > 1000000000)
        return fail_line(r, "malformed rec= line: ", s, len);
    if (r->fn_base == CG_NONE) return fail_line(r, "rec= before any fn=: ", s, len);
    uint32_t fn = r->fn_base;
    if (level > 0) {
        /* --mangle-names=no writes the level apart; by default it is part of
           the name, and both must give the same report. */
        const cg_str *b = cg_name(&r->s->p->fns, r->fn_base);
        r->name.len = 0;
        cg_buf_add(&r->name, b->s, b->len);
        cg_buf_printf(&r->name, "'%" PRId64, level + 1);
        fn = cg_intern(&r->s->p->fns, r->name.p, r->name.len);
    }
    r->fn = fn;
    moved(r);
    return true;
}

static bool calls_line(rd *r, const char *s, size_t len)
{
    const char *p = s, *end = s + len;
    cg_count count;
    if (cg_tok_clnum(&p, end, &count, true) != TOK_OK)
        return fail_line(r, "malformed calls= line: ", s, len);
    int64_t at[N_POS] = {0};
    /* The target is relative to the last cost line and leaves it alone.
       Without positions (--dump-line=no) there is no target. */
    p = cg_skip_sep(p, end);
    if (p != end && !subpositions(r, &p, end, at))
        return fail_line(r, "malformed calls= line: ", s, len);
    if (cg_skip_sep(p, end) != end) return fail_line(r, "malformed calls= line: ", s, len);
    if (r->cfn == CG_NONE) return fail_line(r, "calls= without a cfn= line before it: ", s, len);
    /* A call is a function's: without one it would be no one's. */
    if (r->fn == CG_NONE) return fail_line(r, "calls= before any fn= line: ", s, len);
    r->call_count = count;
    r->call_target = line_of(r, at);
    r->next = NEXT_CALL;
    return true;
}

/* Digits of a jump count, decimal or hex, ending anywhere. */
static const char *jump_count(const char *p, const char *end)
{
    const char *d0 = p;
    if (end - p > 2 && p[0] == '0' && (p[1] | 0x20) == 'x') {
        p += 2;
        d0 = p;
        while (p < end && (cg_is_digit(*p) || ((*p | 0x20) >= 'a' && (*p | 0x20) <= 'f'))) p++;
    } else {
        while (p < end && cg_is_digit(*p)) p++;
    }
    return p == d0 ? NULL : p;
}

/* jump=COUNT TARGET and jcnd=EXE JUMP TARGET (or Callgrind's own
   jcnd=FOLLOWED/EXECUTED TARGET): checked, then left out of every cost. */
static bool jump_line(rd *r, const char *s, size_t len, bool cond)
{
    const char *end = s + len;
    const char *p = jump_count(s, end);
    if (p && cond) {
        if (p < end && *p == '/')
            p = jump_count(p + 1, end);
        else if (p < end && cg_sep_len(p, end))
            p = jump_count(cg_skip_sep(p, end), end);
        else
            p = NULL;
    }
    bool ok = p && (p == end || cg_sep_len(p, end));
    int64_t at[N_POS];
    if (ok) p = cg_skip_sep(p, end);
    if (ok && p != end) ok = subpositions(r, &p, end, at);
    if (!ok || cg_skip_sep(p, end) != end) return fail_line(r, "malformed jump line: ", s, len);
    r->next = NEXT_JUMP;
    return true;
}

/* Ends the current part: its totals: line, when given, has been checked
   against its self costs; its summary: line is kept only when it is larger
   (Callgrind counts a few more instructions there). */
static bool end_part(rd *r)
{
    cg_sink *s = r->s;
    if (r->next != NEXT_COST)
        return cg_sink_fail_at(s, s->lr.lineno + 1, "a calls= or jump line without its cost line",
                               0, 0);
    if (s->part == CG_NONE) return true;
    cg_part *pt = &s->p->parts[s->part];
    if (r->summary) {
        /* Only a summary above the totals says something (Callgrind counts
           a few instructions more there); after ZERO_STATS Callgrind writes
           the difference wrapped around 2^64, or 0: left out. */
        bool below = false;
        for (size_t e = 0; e < s->nev; e++) below |= r->summary[e] < pt->total[e];
        if (!below) {
            pt->summary = r->summary;
            r->summary = NULL;
        }
    }
    if (s->accumulate) {
        memcpy(s->vals, pt->total, s->nev * sizeof(cg_count));
        if (!cg_sink_summary(s, s->lr.lineno)) return false;
    }
    free(r->summary);
    r->summary = NULL;
    s->part = CG_NONE;
    s->part_total = NULL;
    return true;
}

/* Starts a part, with the header values read so far. */
static void begin_part(rd *r)
{
    cg_sink_part(r->s, r->part_no, r->thread, &r->trigger);
    r->in_body = true;
    /* Each part (a dump) numbers its call paths and their names anew. */
    cg_u64map_free(&r->cp_file);
    cg_u64map_free(&r->cp_fn);
    cg_u64map_free(&r->cp_id);
    r->cp_last = 0;
    r->n_cp = 0;
    r->obj = r->home = r->file = r->fn = r->fn_base = CG_NONE;
    r->cobj = r->cfile = r->cfn = r->inl_fn = CG_NONE;
    cg_profile *p = r->s->p;
    /* Costs before any fn= are nobody's: `???` in `???`. */
    r->file = r->home = p->file_unknown;
    r->fn = r->fn_base = p->fn_unknown;
    moved(r);
}

static bool totals_line(rd *r, const char *rest, size_t rlen)
{
    cg_sink *s = r->s;
    if (!s->nev) return fail_line(r, "`totals:` before the `events:` line", NULL, 0);
    if (s->part == CG_NONE) begin_part(r);
    if (!cg_sink_check_counts(s, cg_tok_clcounts(rest, rest + rlen, s->nev, s->vals))) return false;
    const cg_count *pt = s->p->parts[s->part].total;
    if (memcmp(s->vals, pt, s->nev * sizeof(cg_count)) != 0) {
        cg_error_set(s->err, 1,
                     "%s:%" PRIu64 ": `totals:` line doesn't match computed total\n- totals:   [",
                     s->in->path, s->lr.lineno);
        for (size_t e = 0; e < s->nev; e++)
            cg_buf_printf(&s->err->msg, "%s%" PRId64, e ? ", " : "", s->vals[e]);
        cg_buf_adds(&s->err->msg, "]\n- computed: [");
        for (size_t e = 0; e < s->nev; e++)
            cg_buf_printf(&s->err->msg, "%s%" PRId64, e ? ", " : "", pt[e]);
        cg_buf_addc(&s->err->msg, ']');
        return false;
    }
    return true;
}

/* Keeps the long name of event `name`, when the file has it. */
static void long_name(cg_sink *s, const char *name, size_t nlen, const char *l, size_t llen)
{
    for (size_t i = 0; i < s->nev; i++) {
        if (s->in->events[i].len == nlen && memcmp(s->in->events[i].s, name, nlen) == 0) {
            if (!s->in->long_names) s->in->long_names = xcalloc(s->nev, sizeof(cg_text));
            free(s->in->long_names[i].s);
            s->in->long_names[i] = cg_text_copy(l, llen);
        }
    }
}

/* The events: line; every part of every thread file of one input must name
   the same events. */
static bool events_line(rd *r, const char *rest, size_t rlen)
{
    cg_sink *s = r->s;
    size_t n;
    cg_text *ev = cg_split_words(rest, rlen, &n);
    if (n == 0) {
        free(ev);
        return fail_line(r, "`events:` line names no events", NULL, 0);
    }
    if (s->nev) {
        bool same = n == s->nev;
        for (size_t i = 0; same && i < n; i++) same = cg_text_eq(&ev[i], &s->in->events[i]);
        for (size_t i = 0; i < n; i++) free(ev[i].s);
        free(ev);
        if (!same)
            return fail_line(r, "the events differ from the file's first part: ", rest, rlen);
        return true;
    }
    if (!cg_sink_events(s, ev, n)) return false;
    for (size_t i = 0; i + 1 < r->n_pending; i += 2)
        long_name(s, r->pending[i].s, r->pending[i].len, r->pending[i + 1].s,
                  r->pending[i + 1].len);
    return true;
}

/* event: NAME : LONG NAME (kept), event: NAME = FORMULA (derived: noted and
   left out). */
static bool event_line(rd *r, const char *rest, size_t rlen)
{
    cg_sink *s = r->s;
    const char *end = rest + rlen, *p = rest;
    while (p < end && !cg_sep_len(p, end) && *p != ':' && *p != '=') p++;
    size_t nlen = (size_t)(p - rest);
    p = cg_skip_sep(p, end);
    if (nlen == 0 || p == end) return fail_line(r, "malformed event: line: ", rest, rlen);
    if (*p == '=') {
        if (s->o->quiet) return true;
        fflush(stdout);
        fprintf(stderr, "%s: note: %s:%" PRIu64 ": derived event ", cg_prog, s->in->path,
                s->lr.lineno);
        cg_put_safe(stderr, rest, nlen);
        fputs(" left out\n", stderr);
        return true;
    }
    if (*p != ':') return fail_line(r, "malformed event: line: ", rest, rlen);
    const char *l = cg_skip_sep(p + 1, end);
    if (!s->nev) {
        /* Callgrind writes them before events:; kept until it comes. */
        xgrow((void **)&r->pending, &r->cap_pending, r->n_pending + 2, sizeof *r->pending);
        r->pending[r->n_pending++] = cg_text_copy(rest, nlen);
        r->pending[r->n_pending++] = cg_text_copy(l, (size_t)(end - l));
        return true;
    }
    long_name(s, rest, nlen, l, (size_t)(end - l));
    return true;
}

static bool number_value(rd *r, const char *rest, size_t rlen, int64_t *out, const char *what)
{
    const char *p = rest, *end = rest + rlen;
    cg_count v;
    if (cg_tok_clnum(&p, end, &v, false) != TOK_OK || cg_skip_sep(p, end) != end)
        return fail_line(r, what, rest, rlen);
    *out = v;
    return true;
}

/* The header keys, and which of them, after a body, begin the next part
   (summary: and event: belong to the part they are in; totals: ends it). */
enum hkey {
    H_TOTALS,
    H_SUMMARY,
    H_EVENT,
    H_PART,
    H_THREAD,
    H_PID,
    H_CMD,
    H_DESC,
    H_POSITIONS,
    H_EVENTS,
    H_VERSION,
    H_CREATOR,
    N_HKEYS
};
static const struct {
    const char *kw;
    bool begins_part;
} hkeys[N_HKEYS] = {
    [H_TOTALS] = {"totals:", false},
    [H_SUMMARY] = {"summary:", false},
    [H_EVENT] = {"event:", false},
    [H_PART] = {"part:", true},
    [H_THREAD] = {"thread:", true},
    [H_PID] = {"pid:", true},
    [H_CMD] = {"cmd:", true},
    [H_DESC] = {"desc:", true},
    [H_POSITIONS] = {"positions:", true},
    [H_EVENTS] = {"events:", true},
    [H_VERSION] = {"version:", true},
    [H_CREATOR] = {"creator:", true},
};

/* A header line (`KEY: value`); *known false when the line is none. */
static bool header_line(rd *r, const char *line, size_t len, bool term, bool *known)
{
    cg_sink *s = r->s;
    cg_input *in = s->in;
    const char *rest;
    size_t rlen;
    int k = 0;
    while (k < N_HKEYS && !cg_keyword(line, len, term, hkeys[k].kw, &rest, &rlen)) k++;
    *known = k < N_HKEYS;
    if (!*known) return true;
    if (r->in_body && hkeys[k].begins_part) {
        if (!end_part(r)) return false;
        r->in_body = false;
        r->trigger.len = 0;
    }
    switch ((enum hkey)k) {
    case H_TOTALS:
        return totals_line(r, rest, rlen);
    case H_VERSION: {
        int64_t v;
        if (!number_value(r, rest, rlen, &v, "malformed version: line: ")) return false;
        if (v != 1)
            return fail_line(r, "unsupported format version (this reads version 1): ", rest, rlen);
        return true;
    }
    case H_CREATOR:
        free(in->creator.s);
        in->creator = cg_text_copy(rest, rlen);
        return true;
    case H_PID:
        return true;
    case H_PART:
        return number_value(r, rest, rlen, &r->part_no, "malformed part: line: ");
    case H_THREAD:
        return number_value(r, rest, rlen, &r->thread, "malformed thread: line: ");
    case H_CMD:
        if (!in->cmd.s) in->cmd = cg_text_copy(rest, rlen);
        return true;
    case H_DESC:
        if (rlen >= 8 && memcmp(rest, "Trigger:", 8) == 0) {
            const char *t = cg_skip_sep(rest + 8, rest + rlen);
            free(r->trigger.s);
            r->trigger = cg_text_copy(t, (size_t)(rest + rlen - t));
        }
        /* The desc: lines of the first part describe the input. */
        if (in->n_parts == 0) {
            size_t cap = in->n_desc;
            xgrow((void **)&in->desc, &cap, in->n_desc + 1, sizeof *in->desc);
            in->desc[in->n_desc++] = cg_text_copy(rest, rlen);
        }
        return true;
    case H_POSITIONS:
        return positions_line(r, rest, rlen);
    case H_EVENTS:
        return events_line(r, rest, rlen);
    case H_EVENT:
        return event_line(r, rest, rlen);
    case H_SUMMARY: {
        if (!s->nev) return fail_line(r, "`summary:` before the `events:` line", NULL, 0);
        free(r->summary);
        r->summary = xcalloc(s->nev + 1, sizeof(cg_count));
        int st = cg_tok_clcounts(rest, rest + rlen, s->nev, r->summary);
        if (st == TOK_BIG) {
            /* A count wrapped around 2^64 (see end_part): nothing to keep. */
            free(r->summary);
            r->summary = NULL;
            return true;
        }
        return cg_sink_check_counts(s, st);
    }
    case N_HKEYS:
        break;
    }
    return true;
}

/* `key=value` lines of the body: names, calls, jumps. */
static bool spec_line(rd *r, const char *line, size_t len, bool *known)
{
    const char *eq = memchr(line, '=', len);
    *known = eq != NULL && eq - line <= 5;
    if (!*known) return true;
    size_t k = (size_t)(eq - line);
    const char *v = eq + 1;
    size_t vl = len - k - 1;
#define IS(name) (k == sizeof(name) - 1 && memcmp(line, name, k) == 0)
    if (!r->in_body) begin_part(r);
    if (r->next != NEXT_COST)
        return fail_line(r, "expected the cost line of the calls= or jump line before: ", line,
                         len);
    uint32_t id;
    if (IS("fn")) {
        if ((id = name_ref(r, K_FN, v, vl)) == CG_NONE) return false;
        r->file = r->home; /* fn= returns to the function's own file */
        r->inl_fn = CG_NONE;
        set_fn(r, id);
    } else if (IS("cfni")) {
        /* CodSpeed's inlined function (docs/format.md, "The Callgrind
           format"): `???` ends it. */
        if (vl == 3 && memcmp(v, "???", 3) == 0) {
            r->inl_fn = CG_NONE;
        } else {
            if ((r->inl_fn = name_ref(r, K_FN, v, vl)) == CG_NONE) return false;
            r->s->in->inline_state = CG_INLINE_READ;
        }
    } else if (IS("fl")) {
        if ((id = name_ref(r, K_FILE, v, vl)) == CG_NONE) return false;
        r->file = r->home = id;
        moved(r);
    } else if (IS("fi") || IS("fe")) {
        if ((id = name_ref(r, K_FILE, v, vl)) == CG_NONE) return false;
        r->file = id;
        moved(r);
    } else if (IS("ob")) {
        if ((id = name_ref(r, K_OBJ, v, vl)) == CG_NONE) return false;
        r->obj = id;
        moved(r);
    } else if (IS("cob")) {
        if ((r->cobj = name_ref(r, K_OBJ, v, vl)) == CG_NONE) return false;
    } else if (IS("cfi") || IS("cfl")) {
        if ((r->cfile = name_ref(r, K_FILE, v, vl)) == CG_NONE) return false;
    } else if (IS("cfn")) {
        if ((r->cfn = name_ref(r, K_FN, v, vl)) == CG_NONE) return false;
    } else if (IS("calls")) {
        return calls_line(r, v, vl);
    } else if (IS("jump") || IS("jcnd")) {
        return jump_line(r, v, vl, IS("jcnd"));
    } else if (IS("jfi")) {
        return name_ref(r, K_FILE, v, vl) != CG_NONE;
    } else if (IS("jfn")) {
        return name_ref(r, K_FN, v, vl) != CG_NONE;
    } else if (IS("rec")) {
        return rec_line(r, v, vl);
    } else if (IS("frfn")) {
        return fail_line(r,
                         "frfn= lines (--separate-callers with --mangle-names=no) are not "
                         "supported; profile with --mangle-names=yes: ",
                         line, len);
    } else {
        *known = false;
    }
#undef IS
    return true;
}

/* `# cp-fl=K NAME` or `# cp-fn=K NAME` (rest: after the `=`). */
static bool path_name_line(rd *r, enum kind k, const char *rest, size_t rlen, const char *line,
                           size_t len)
{
    const char *p = rest, *end = rest + rlen;
    cg_count num;
    if (cg_tok_clnum(&p, end, &num, false) != TOK_OK || p == end || *p != ' ')
        return fail_line(r, "malformed call-path name: ", line, len);
    p++;
    /* Compressed as in fl=/fn= lines in a Cachegrind file's call graph. */
    uint32_t id = name_ref(r, k, p, (size_t)(end - p));
    if (id == CG_NONE) return false;
    *cg_u64map_slot(k == K_FILE ? &r->cp_file : &r->cp_fn, (uint64_t)num, true) = id;
    return true;
}

/* `# cp=ID PARENT K CALLS C1 C2 ...`: a call path, after its parent. */
static bool path_line(rd *r, const char *rest, size_t rlen, const char *line, size_t len)
{
    cg_sink *s = r->s;
    const char *p = rest, *end = rest + rlen;
    cg_count f[4]; /* id, parent, function, calls */
    for (int i = 0; i < 4; i++)
        if ((p = i ? cg_skip_sep(p, end) : p) == end ||
            cg_tok_clnum(&p, end, &f[i], false) != TOK_OK)
            return fail_line(r, "malformed call path: ", line, len);
    if (!s->nev) return fail_line(r, "call path before the `events:` line: ", line, len);
    if (!cg_sink_check_counts(s, cg_tok_clcounts(p, end, s->nev, s->vals))) return false;
    for (size_t e = 0; e < s->nev; e++)
        if (s->vals[e] < 0) return fail_line(r, "negative cost in a call path: ", line, len);
    if (f[0] == 0 || (uint64_t)f[0] <= r->cp_last)
        return fail_line(r, "call path ids must rise from 1: ", line, len);
    r->cp_last = (uint64_t)f[0];
    uint32_t *file = cg_u64map_slot(&r->cp_file, (uint64_t)f[2], false);
    uint32_t *fn = cg_u64map_slot(&r->cp_fn, (uint64_t)f[2], false);
    if (!file || !fn)
        return fail_line(r, "call path names a function without cp-fl= and cp-fn= lines: ", line,
                         len);
    uint32_t parent = CG_NONE, up = CG_NONE;
    if (f[1]) {
        uint32_t *o = cg_u64map_slot(&r->cp_id, (uint64_t)f[1], false);
        if (!o) return fail_line(r, "call path before its parent: ", line, len);
        up = *o;
        parent = r->cp_index[up];
        cg_count *rest_up = r->cp_rest + (size_t)up * s->nev;
        for (size_t e = 0; e < s->nev; e++) {
            if (s->vals[e] > rest_up[e])
                return fail_line(r, "call path costs more than its parent has left: ", line, len);
            rest_up[e] -= s->vals[e];
        }
    }
    bool ok;
    uint32_t at = cg_sink_path(s, parent, *file, *fn, f[3], &ok);
    if (!ok) return false;
    if (f[1] && (parent == CG_NONE) != (at == CG_NONE))
        return fail_line(r, "call path in another part than its parent: ", line, len);
    size_t n = r->n_cp++;
    xgrow((void **)&r->cp_index, &r->cap_cp_index, n + 1, sizeof *r->cp_index);
    xgrow((void **)&r->cp_rest, &r->cap_cp_rest, (n + 1) * s->nev, sizeof *r->cp_rest);
    r->cp_index[n] = at;
    memcpy(r->cp_rest + n * s->nev, s->vals, s->nev * sizeof *r->cp_rest);
    *cg_u64map_slot(&r->cp_id, (uint64_t)f[0], true) = (uint32_t)n;
    return true;
}

/* The number after the first `key` in text (0 without one). */
static cg_count number_after(const char *text, size_t len, const char *key, const char *stop)
{
    size_t kl = strlen(key);
    for (size_t i = 0; i + kl <= len; i++) {
        if (memcmp(text + i, key, kl) != 0) continue;
        cg_count v = 0;
        size_t j = i + kl;
        while (j < len && cg_is_digit(text[j]) && v < INT64_MAX / 10)
            v = v * 10 + (text[j++] - '0');
        size_t sl = strlen(stop);
        return j + sl <= len && memcmp(text + j, stop, sl) == 0 ? v : 0;
    }
    return 0;
}

/* `# call paths: N nodes ...` as the tool and cg_merge write it
   (docs/format.md): only its counts for a merged file's header; the paths
   themselves are the `# cp` lines, so a header it cannot read loses
   nothing but those counts. */
static void paths_header(cg_input *in, const char *text, size_t len, const char *line, size_t ll)
{
    (void)line, (void)ll;
    cg_count runs = number_after(text, len, "merged from ", " profile");
    in->has_paths = true;
    in->paths_runs = cg_sat_add(in->paths_runs, runs ? runs : 1);
    in->paths_folded = cg_sat_add(in->paths_folded,
                                  number_after(text, len, "; ", " calls folded into an open path"));
    in->paths_truncated = cg_sat_add(
        in->paths_truncated, number_after(text, len, "their function, ", " into their caller"));
    in->paths_below = cg_sat_add(
        in->paths_below, number_after(text, len, "caller's; ", " below --call-path-threshold"));
}

/* A `#` line: a comment, or one of our tool's call-path lines. */
static bool comment_line(rd *r, const char *line, size_t len)
{
#define STARTS(k) (len >= sizeof k - 1 && memcmp(line, k, sizeof k - 1) == 0)
#define REST(k)   line + sizeof k - 1, len - (sizeof k - 1), line, len
    if (STARTS("# inline frames:")) {
        if (r->inl)
            cg_inline_comment(r->inl, line, len);
        else
            r->inl = cg_inline_new(r->s, line, len);
        return true;
    }
    if (r->inl && len >= 2 && line[1] == 'i') return cg_inline_line(r->inl, line, len);
    if (STARTS("# cp=")) return path_line(r, REST("# cp="));
    if (STARTS("# cp-fl=")) return path_name_line(r, K_FILE, REST("# cp-fl="));
    if (STARTS("# cp-fn=")) return path_name_line(r, K_FN, REST("# cp-fn="));
    if (STARTS("# call paths:") && r->s->accumulate) paths_header(r->s->in, REST("# call paths:"));
    return true;
#undef STARTS
#undef REST
}

static bool body(rd *r)
{
    cg_sink *s = r->s;
    const char *line;
    size_t len;
    bool term, ok = true, known;
    while (ok && cg_lineread_next(&s->lr, &line, &len, &term)) {
        char c = len ? line[0] : 0;
        if (cg_is_digit(c) || c == '+' || c == '-' || c == '*') {
            if (!s->nev) return fail_line(r, "cost line before the `events:` line: ", line, len);
            if (!r->in_body) begin_part(r);
            ok = cost_line(r, line, len);
            continue;
        }
        if (len == 0) continue;
        if (c == '#') {
            ok = comment_line(r, line, len);
            continue;
        }
        if (r->next != NEXT_COST) {
            ok = fail_line(r, "a calls= or jump line without its cost line before: ", line, len);
            continue;
        }
        /* `key=` (a few lower-case letters) is a body line, the common case
           after cost lines; anything else may be a header key. */
        size_t k = 0;
        while (k < len && k < 6 && line[k] >= 'a' && line[k] <= 'z') k++;
        bool spec = k < len && line[k] == '=';
        if (!spec && (!(ok = header_line(r, line, len, term, &known)) || known)) continue;
        if (!s->nev) return fail_line(r, "malformed line before the `events:` line: ", line, len);
        if (!(ok = spec_line(r, line, len, &known)) || known) continue;
        ok = fail_line(r, "malformed line: ", line, len);
    }
    if (ok && s->lr.err) return cg_error_errno(s->err, s->lr.err, s->in->path);
    return ok;
}

/* The input's summary: lines, summed over the parts counted, where they
   exceed its totals (docs/format.md, "The Callgrind format"); false, with
   the error set, when that sum leaves the int64 range. */
static bool claimed(cg_sink *s)
{
    cg_input *in = s->in;
    cg_profile *p = s->p;
    bool larger = false;
    for (size_t i = in->first_part; i < in->first_part + in->n_parts; i++)
        for (size_t e = 0; p->parts[i].picked && p->parts[i].summary && e < s->nev; e++)
            larger |= p->parts[i].summary[e] > p->parts[i].total[e];
    free(in->claimed);
    in->claimed = NULL;
    if (!larger || s->mismatch) return true;
    in->claimed = xcalloc(s->nev + 1, sizeof(cg_count));
    for (size_t i = in->first_part; i < in->first_part + in->n_parts; i++) {
        const cg_part *pt = &p->parts[i];
        const cg_count *v = pt->summary ? pt->summary : pt->total;
        for (size_t e = 0; pt->picked && e < s->nev; e++)
            if (__builtin_add_overflow(in->claimed[e], v[e], &in->claimed[e]))
                return cg_sink_fail_at(s, s->lr.lineno, "`summary:` lines too large for 64 bits", 0,
                                       0);
    }
    return true;
}

bool cg_read_callgrind(cg_sink *s)
{
    rd r = {.s = s, .part_no = 1, .n_pos = 1, .pos = {POS_LINE}};
    r.obj = r.home = r.file = r.fn = r.fn_base = r.cobj = r.cfile = r.cfn = r.inl_fn = CG_NONE;
    r.trigger = cg_text_copy("", 0);
    s->in->format = CG_FMT_CALLGRIND;
    s->in->has_graph = true;
    bool ok = body(&r);
    if (ok && !s->nev) ok = cg_sink_fail_at(s, s->lr.lineno + 1, "missing an `events:` line", 0, 0);
    if (ok && !r.in_body) begin_part(&r); /* a file without a body is one empty part */
    if (ok) ok = end_part(&r);
    if (ok && !s->in->cmd.s) s->in->cmd = cg_text_copy("", 0);
    if (ok) ok = claimed(s);
    for (int k = 0; k < N_KINDS; k++) cg_u64map_free(&r.names[k]);
    cg_u64map_free(&r.cp_file);
    cg_u64map_free(&r.cp_fn);
    cg_u64map_free(&r.cp_id);
    free(r.cp_index);
    free(r.cp_rest);
    if (r.inl) cg_inline_free(r.inl);
    free(r.trigger.s);
    free(r.summary);
    cg_buf_free(&r.name);
    for (size_t i = 0; i < r.n_pending; i++) free(r.pending[i].s);
    free(r.pending);
    return ok;
}

/* ------------------------------------------------------------------ */
/* The call graph of a Cachegrind-format file                          */
/* ------------------------------------------------------------------ */

struct cg_graph_lines {
    rd r;
    /* Where each function declared by a fn= line is: (fn, home) -> its
       place + 1, and fn -> its first place + 1. */
    cg_u64map at, first;
    struct place {
        uint32_t obj, home;
    } * places;
    size_t n_places, cap_places;
};

cg_graph_lines *cg_graph_lines_new(cg_sink *s)
{
    cg_graph_lines *g = xcalloc(1, sizeof *g);
    rd *r = &g->r;
    *r = (rd){.s = s, .n_pos = 1, .pos = {POS_LINE}, .in_body = true};
    r->obj = r->home = r->file = r->fn = r->fn_base = r->cobj = r->cfile = r->cfn = r->inl_fn =
        CG_NONE;
    s->in->has_graph = true;
    return g;
}

static void declare(cg_graph_lines *g)
{
    const rd *r = &g->r;
    uint64_t key = (uint64_t)r->fn << 32 | r->home;
    uint32_t *v = cg_u64map_slot(&g->at, key, true);
    if (*v) return;
    xgrow((void **)&g->places, &g->cap_places, g->n_places + 1, sizeof *g->places);
    g->places[g->n_places] = (struct place){r->obj, r->home};
    *v = (uint32_t)++g->n_places;
    uint32_t *f = cg_u64map_slot(&g->first, r->fn, true);
    if (!*f) *f = *v;
}

bool cg_graph_lines_read(cg_graph_lines *g, const char *line, size_t len)
{
    rd *r = &g->r;
    if (len < 2 || line[1] != ' ') return fail_line(r, "malformed call-graph line: ", line, len);
    const char *l = line + 2;
    size_t n = len - 2;
    char c = n ? l[0] : 0;
    if (cg_is_digit(c) || c == '+' || c == '-' || c == '*') {
        if (r->next == NEXT_COST)
            return fail_line(
                r, "self costs in the call graph (a cost line after no calls= line): ", line, len);
        return cost_line(r, l, n);
    }
    if (n >= 2 && l[0] == 'c' && (l[1] == 'p' || (n >= 11 && memcmp(l, "call paths:", 11) == 0)))
        return comment_line(r, line, len);
    bool known;
    if (!spec_line(r, l, n, &known)) return false;
    if (!known) return fail_line(r, "malformed call-graph line: ", line, len);
    if (n >= 3 && memcmp(l, "fn=", 3) == 0) declare(g);
    return true;
}

bool cg_graph_lines_end(cg_graph_lines *g)
{
    if (g->r.next == NEXT_COST) return true;
    return fail_line(&g->r, "a calls= line without its cost line ends the call graph", NULL, 0);
}

void cg_graph_lines_place(const cg_graph_lines *g, uint32_t file, uint32_t fn, uint32_t *obj,
                          uint32_t *home)
{
    const uint32_t *v = cg_u64map_find(&g->at, (uint64_t)fn << 32 | file);
    if (!v) v = cg_u64map_find(&g->first, fn);
    *obj = v ? g->places[*v - 1].obj : CG_NONE;
    *home = v ? g->places[*v - 1].home : CG_NONE;
}

void cg_graph_lines_free(cg_graph_lines *g)
{
    rd *r = &g->r;
    for (int k = 0; k < N_KINDS; k++) cg_u64map_free(&r->names[k]);
    cg_u64map_free(&r->cp_file);
    cg_u64map_free(&r->cp_fn);
    cg_u64map_free(&r->cp_id);
    free(r->cp_index);
    free(r->cp_rest);
    cg_buf_free(&r->name);
    cg_u64map_free(&g->at);
    cg_u64map_free(&g->first);
    free(g->places);
    free(g);
}
