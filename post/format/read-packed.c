/* SPDX-License-Identifier: GPL-2.0-or-later */
/* read-packed.c: the packed call graph of our tool's default files
   (docs/format.md, "The call graph in a Cachegrind file"; the tool's side
   is tool/cg_write_packed.c).  The section comes before the flat lines and
   names functions by the flat part's fn= lines, so it is read in three
   steps: its lines are kept and its tables decoded when it ends; each fn=
   line of the flat part then learns from them where its costs go (the
   object and entry file of its function) and leaves its name for the
   functions named by it; after the last flat line the calls and call
   paths are replayed as the Callgrind-format lines they stand for, through
   the reader of the Callgrind format's call graph (read-callgrind.c), so
   that both formats give one call graph by one set of rules. */
#include "sink.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* A function of the section: named by a fn= line (ordinal, from 1) or by
   an `#n` line (ordinal 0, name index), in an object and with an entry
   file (indexes of `#o` and `#f` lines), and its entry line. */
typedef struct {
    uint64_t ordinal, name, obj, home, line;
    uint32_t obj_id, home_id; /* interned, for the places of self costs */
} pfn;

/* A name kept as written (its bytes), since replayed lines go through the
   names' substitutions (--mod-filename, --mod-funcname) once more. */
typedef struct {
    char *s;
    size_t len;
} pname;

struct cg_packed {
    cg_sink *s;
    /* The section's lines: names of objects, files and functions, the
       `# call paths:` line, and the stream, with the line each stream line
       came from (for messages). */
    pname *objs, *files, *names, paths_line;
    size_t n_objs, n_files, n_names, cap_objs, cap_files, cap_names;
    cg_buf stream;
    struct sline {
        uint64_t line; /* the file's line number of a stream line */
        size_t start;  /* where it starts in the stream */
    } * lines;
    size_t n_lines, cap_lines;
    /* The decoded tables, and where the stream goes on (the blocks). */
    size_t pos;
    uint64_t nev;
    pfn *fns;
    size_t n_fns;
    uint64_t *extra; /* (ordinal, function) pairs, by ordinal */
    size_t n_extra;
    /* The numbers of the fn= lines the functions are named by, sorted and
       each once (so memory follows the section, not the numbers in it),
       and those lines' names once read. */
    uint64_t *refs;
    pname *ref_names;
    size_t n_refs;
    bool replayed;
};

cg_packed *cg_packed_new(cg_sink *s)
{
    cg_packed *k = xcalloc(1, sizeof *k);
    k->s = s;
    s->in->has_graph = true;
    return k;
}

static pname copy(const char *s, size_t len)
{
    pname n = {xmalloc(len + 1), len};
    memcpy(n.s, s, len);
    n.s[len] = 0;
    return n;
}

static void add_name(pname **v, size_t *n, size_t *cap, const char *s, size_t len)
{
    xgrow((void **)v, cap, *n + 1, sizeof **v);
    (*v)[(*n)++] = copy(s, len);
}

bool cg_packed_line(cg_packed *k, const char *line, size_t len)
{
    if (len >= 2 && line[1] == 'o') {
        add_name(&k->objs, &k->n_objs, &k->cap_objs, line + 2, len - 2);
    } else if (len >= 2 && line[1] == 'f') {
        add_name(&k->files, &k->n_files, &k->cap_files, line + 2, len - 2);
    } else if (len >= 2 && line[1] == 'n') {
        add_name(&k->names, &k->n_names, &k->cap_names, line + 2, len - 2);
    } else if (len >= 2 && line[1] == '=') {
        xgrow((void **)&k->lines, &k->cap_lines, k->n_lines + 1, sizeof *k->lines);
        k->lines[k->n_lines++] = (struct sline){k->s->lr.lineno, k->stream.len};
        cg_buf_add(&k->stream, line + 2, len - 2);
    } else if (len >= 13 && memcmp(line, "# call paths:", 13) == 0 && !k->paths_line.s) {
        k->paths_line = copy(line, len);
    } else if (len < 2 || line[1] != ' ') {
        return cg_sink_fail_at(k->s, k->s->lr.lineno, "malformed packed call-graph line: ", line,
                               len);
    }
    return true;
}

/* `FILE:LINE: the packed call graph ...: WHY`, LINE the stream line that
   holds the stream's byte `at`. */
static bool fail_at(cg_packed *k, size_t at, const char *why)
{
    size_t lo = 0, hi = k->n_lines;
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (k->lines[mid].start <= at)
            lo = mid;
        else
            hi = mid;
    }
    uint64_t line = k->n_lines ? k->lines[lo].line : k->s->lr.lineno;
    char msg[200];
    snprintf(msg, sizeof msg, "the packed call graph is malformed: %s", why);
    return cg_sink_fail_at(k->s, line, msg, NULL, 0);
}

/* The next number of the stream (docs/format.md: five bits a digit, least
   significant first, 32 added to all but the last). */
static bool get(cg_packed *k, uint64_t *v)
{
    uint64_t x = 0;
    for (unsigned shift = 0;; shift += 5) {
        if (k->pos >= k->stream.len) return fail_at(k, k->stream.len, "it ends within its data");
        char c = k->stream.p[k->pos++];
        unsigned d = c >= '0' && c <= '9'   ? (unsigned)(c - '0')
                     : c >= 'a' && c <= 'z' ? (unsigned)(c - 'a') + 10
                     : c >= 'A' && c <= 'Z' ? (unsigned)(c - 'A') + 36
                     : c == '+'             ? 62
                     : c == '/'             ? 63
                                            : 64;
        if (d == 64) return fail_at(k, k->pos - 1, "a character that is not a digit");
        uint64_t part = (uint64_t)(d & 31);
        if (shift >= 64 || (shift > 59 && part >> (64 - shift)))
            return fail_at(k, k->pos - 1, "a number above 2^64-1");
        x |= part << shift;
        if (!(d & 32)) break;
    }
    *v = x;
    return true;
}

/* A number below `limit` (an index, a count of what follows). */
static bool get_below(cg_packed *k, uint64_t *v, uint64_t limit, const char *what)
{
    size_t at = k->pos;
    if (!get(k, v)) return false;
    if (*v >= limit) {
        char why[120];
        snprintf(why, sizeof why, "%s %" PRIu64 " out of range (below %" PRIu64 ")", what, *v,
                 limit);
        return fail_at(k, at, why);
    }
    return true;
}

static bool get_signed(cg_packed *k, int64_t *v)
{
    uint64_t u;
    if (!get(k, &u)) return false;
    *v = (u & 1) ? -(int64_t)(u >> 1) - 1 : (int64_t)(u >> 1);
    return true;
}

bool cg_packed_end(cg_packed *k)
{
    cg_sink *s = k->s;
    uint64_t version, n, prev = 0;
    if (!get(k, &version)) return false;
    if (version != 1) return fail_at(k, 0, "a layout this program does not know (not 1)");
    if (!get(k, &k->nev)) return false;
    if (k->nev != s->nev) return fail_at(k, 0, "its number of events is not the file's");
    /* A count is checked against what is left, so a bad one cannot make
       the tables huge: every function takes at least four digits. */
    if (!get_below(k, &n, (k->stream.len - k->pos) / 4 + 1, "a number of functions")) return false;
    k->n_fns = n;
    k->fns = xcalloc(n + 1, sizeof *k->fns);
    for (size_t i = 0; i < n; i++) {
        pfn *f = &k->fns[i];
        uint64_t d;
        if (!get(k, &d)) return false;
        if (d) {
            if (d - 1 > UINT32_MAX - prev) return fail_at(k, k->pos, "a fn= line past the last");
            f->ordinal = prev + d - 1;
            if (!f->ordinal) return fail_at(k, k->pos, "a function named by fn= line 0");
            prev = f->ordinal;
        } else if (!get_below(k, &f->name, k->n_names, "a function's name")) {
            return false;
        }
        if (!get_below(k, &f->obj, k->n_objs, "an object") ||
            !get_below(k, &f->home, k->n_files, "a file") || !get(k, &f->line))
            return false;
        f->obj_id = cg_sink_obj_name(s, k->objs[f->obj].s, k->objs[f->obj].len);
        f->home_id = cg_sink_file_name(s, k->files[f->home].s, k->files[f->home].len);
        if (f->obj_id == CG_NONE || f->home_id == CG_NONE) return false;
    }
    if (!get_below(k, &n, (k->stream.len - k->pos) / 2 + 1, "a number of placements")) return false;
    k->n_extra = n;
    k->extra = xcalloc(2 * n + 1, sizeof *k->extra);
    prev = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t d;
        if (!get(k, &d)) return false;
        if (!d || d > UINT32_MAX - prev) return fail_at(k, k->pos, "placements out of order");
        prev += d;
        k->extra[2 * i] = prev;
        if (!get_below(k, &k->extra[2 * i + 1], k->n_fns, "a function")) return false;
    }
    /* The functions come sorted by their fn= line's number. */
    k->refs = xmalloc((k->n_fns + 1) * sizeof *k->refs);
    for (size_t i = 0; i < k->n_fns; i++)
        if (k->fns[i].ordinal && (!k->n_refs || k->refs[k->n_refs - 1] != k->fns[i].ordinal))
            k->refs[k->n_refs++] = k->fns[i].ordinal;
    k->ref_names = xcalloc(k->n_refs + 1, sizeof *k->ref_names);
    return true;
}

/* The slot of the fn= line `ordinal` in refs, or -1. */
static ptrdiff_t ref_slot(const cg_packed *k, uint64_t ordinal)
{
    size_t lo = 0, hi = k->n_refs;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (k->refs[mid] < ordinal)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < k->n_refs && k->refs[lo] == ordinal ? (ptrdiff_t)lo : -1;
}

/* The function whose costs the fn= line `ordinal` holds: the first one it
   names, else the one the placements give it; -1 when none. */
static ptrdiff_t placed(const cg_packed *k, uint64_t ordinal)
{
    size_t lo = 0, hi = k->n_fns;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        uint64_t o = k->fns[mid].ordinal;
        if (o && o < ordinal)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < k->n_fns && k->fns[lo].ordinal == ordinal) return (ptrdiff_t)lo;
    lo = 0, hi = k->n_extra;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (k->extra[2 * mid] < ordinal)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < k->n_extra && k->extra[2 * lo] == ordinal) return (ptrdiff_t)k->extra[2 * lo + 1];
    return -1;
}

void cg_packed_fn_line(cg_packed *k, uint64_t ordinal, const char *name, size_t len, uint32_t *obj,
                       uint32_t *home)
{
    ptrdiff_t slot = ref_slot(k, ordinal);
    if (slot >= 0 && !k->ref_names[slot].s) k->ref_names[slot] = copy(name, len);
    ptrdiff_t f = placed(k, ordinal);
    *obj = f < 0 ? CG_NONE : k->fns[f].obj_id;
    *home = f < 0 ? CG_NONE : k->fns[f].home_id;
}

/* ------------------------------------------------------------------ */
/* The replay                                                          */
/* ------------------------------------------------------------------ */

typedef struct {
    cg_packed *k;
    cg_graph_lines *g;
    cg_buf line;
    bool ok;
} replay;

static const pname *fn_name(const replay *r, const pfn *f)
{
    if (!f->ordinal) return &r->k->names[f->name];
    return &r->k->ref_names[ref_slot(r->k, f->ordinal)];
}

/* `# KEY=NAME` with `'2` for a recursion level's. */
static void emit_name(replay *r, const char *key, const pname *n, bool rec)
{
    if (!r->ok) return;
    r->line.len = 0;
    cg_buf_adds(&r->line, "# ");
    cg_buf_adds(&r->line, key);
    cg_buf_add(&r->line, n->s, n->len);
    if (rec) cg_buf_adds(&r->line, "'2");
    r->ok = cg_graph_lines_read(r->g, r->line.p, r->line.len);
}

static void emit(replay *r)
{
    if (r->ok) r->ok = cg_graph_lines_read(r->g, r->line.p, r->line.len);
}

/* The event counts of the stream after the text in r->line. */
static bool costs(replay *r)
{
    for (uint64_t e = 0; e < r->k->nev; e++) {
        uint64_t v;
        if (!get(r->k, &v)) return false;
        cg_buf_printf(&r->line, " %" PRIu64, v);
    }
    return true;
}

static bool blocks(replay *r)
{
    cg_packed *k = r->k;
    uint64_t n_blocks, prev = 0;
    if (!get_below(k, &n_blocks, (k->stream.len - k->pos) / 2 + 1, "a number of blocks"))
        return false;
    for (uint64_t b = 0; b < n_blocks && r->ok; b++) {
        uint64_t d, n_arcs;
        if (!get(k, &d)) return false;
        if (d / 2 >= k->n_fns - prev) return fail_at(k, k->pos, "a block of no function");
        prev += d / 2;
        const pfn *f = &k->fns[prev];
        if (!fn_name(r, f)->s)
            return fail_at(k, k->pos, "a function named by a fn= line the file lacks");
        emit_name(r, "ob=", &k->objs[f->obj], false);
        emit_name(r, "fl=", &k->files[f->home], false);
        emit_name(r, "fn=", fn_name(r, f), d & 1);
        if (!get_below(k, &n_arcs, (k->stream.len - k->pos) / 4 + 1, "a number of calls"))
            return false;
        uint64_t cur = f->home;
        int64_t site = 0;
        for (uint64_t a = 0; a < n_arcs && r->ok; a++) {
            uint64_t file, callee, calls;
            int64_t dl;
            if (!get_below(k, &file, k->n_files + 1, "a file") || !get_signed(k, &dl) ||
                !get_below(k, &callee, 2 * k->n_fns, "a function") || !get(k, &calls))
                return false;
            if (file && file - 1 != cur) {
                cur = file - 1;
                emit_name(r, cur == f->home ? "fe=" : "fi=", &k->files[cur], false);
            }
            if ((dl > 0 && site > INT64_MAX - dl) || (dl < 0 && site < -dl))
                return fail_at(k, k->pos, "a call site's line out of range");
            site += dl;
            const pfn *c = &k->fns[callee / 2];
            if (c->obj != f->obj) emit_name(r, "cob=", &k->objs[c->obj], false);
            if (c->home != cur) emit_name(r, "cfi=", &k->files[c->home], false);
            const pname *cn = fn_name(r, c);
            if (!cn->s) return fail_at(k, k->pos, "a function named by a fn= line the file lacks");
            emit_name(r, "cfn=", cn, callee & 1);
            r->line.len = 0;
            cg_buf_printf(&r->line, "# calls=%" PRIu64 " %" PRIu64, calls, c->line);
            emit(r);
            r->line.len = 0;
            cg_buf_printf(&r->line, "# %" PRId64, site);
            if (!costs(r)) return false;
            emit(r);
        }
    }
    return r->ok;
}

static bool paths(replay *r)
{
    cg_packed *k = r->k;
    uint64_t n;
    if (!get_below(k, &n, (k->stream.len - k->pos) / 4 + 1, "a number of call paths")) return false;
    if (!n) return true;
    if (!k->paths_line.s) return fail_at(k, k->pos, "call paths without a `# call paths:` line");
    r->line.len = 0;
    cg_buf_add(&r->line, k->paths_line.s, k->paths_line.len);
    emit(r);
    bool *named = xcalloc(k->n_fns + 1, sizeof *named);
    bool ok = true;
    for (uint64_t id = 1; id <= n && ok && r->ok; id++) {
        uint64_t up, fn, calls;
        ok = get_below(k, &up, id, "a call path's parent") &&
             get_below(k, &fn, k->n_fns, "a function") && get(k, &calls);
        if (!ok) break;
        const pfn *f = &k->fns[fn];
        if (!named[fn]) {
            const pname *name = fn_name(r, f);
            if (!name->s) {
                ok = fail_at(k, k->pos, "a function named by a fn= line the file lacks");
                break;
            }
            named[fn] = true;
            r->line.len = 0;
            cg_buf_printf(&r->line, "# cp-fl=%" PRIu64 " ", fn);
            cg_buf_add(&r->line, k->files[f->home].s, k->files[f->home].len);
            emit(r);
            r->line.len = 0;
            cg_buf_printf(&r->line, "# cp-fn=%" PRIu64 " ", fn);
            cg_buf_add(&r->line, name->s, name->len);
            emit(r);
        }
        r->line.len = 0;
        cg_buf_printf(&r->line, "# cp=%" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64, id,
                      up ? id - up : 0, fn, calls);
        ok = costs(r);
        emit(r);
    }
    free(named);
    return ok && r->ok;
}

bool cg_packed_replay(cg_packed *k)
{
    if (k->replayed) return true;
    k->replayed = true;
    replay r = {k, cg_graph_lines_new(k->s), {0}, true};
    bool ok = blocks(&r) && paths(&r) && cg_graph_lines_end(r.g);
    if (ok && k->pos != k->stream.len) ok = fail_at(k, k->pos, "data after its call paths");
    cg_buf_free(&r.line);
    cg_graph_lines_free(r.g);
    return ok;
}

static void free_names(pname *v, size_t n)
{
    for (size_t i = 0; i < n; i++) free(v[i].s);
    free(v);
}

void cg_packed_free(cg_packed *k)
{
    free_names(k->objs, k->n_objs);
    free_names(k->files, k->n_files);
    free_names(k->names, k->n_names);
    free_names(k->ref_names, k->n_refs);
    free(k->refs);
    free(k->paths_line.s);
    cg_buf_free(&k->stream);
    free(k->lines);
    free(k->fns);
    free(k->extra);
    free(k);
}
