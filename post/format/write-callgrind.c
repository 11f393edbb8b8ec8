/* SPDX-License-Identifier: GPL-2.0-or-later */
/* write-callgrind.c: the Callgrind format as cg_merge and cg_diff write it
   (docs/format.md, "What cg_merge and cg_diff write for Callgrind input"): one part, positions
   by line, names compressed, each entry's self costs then its calls with
   their inclusive costs, and totals that equal the sum of the self costs.
   Entries come in the order they first appeared in the inputs. */
#include "format.h"
#include "profile.h"
#include "tokens.h"
#include "util.h"

#include <assert.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* What has been written: the number each name written so far got, and
   the position that the next lines are relative to.  Names are numbered
   in the order they are first written, not by their ids in the profile
   (which follow the order the inputs interned them, unwritten names
   included), so that what is written, read back and written again is the
   same bytes. */
typedef struct wr {
    FILE *out;
    const cg_profile *p;
    uint32_t *num[3]; /* per kind (file, function, object): id -> number, 0: not yet */
    uint32_t next[3]; /* per kind: the last number given */
    uint32_t obj, home, fn, file;
    cg_count *buf; /* a line's counts */
    /* Each line's beginning: "" in a Callgrind file, "# " in the call graph
       of a Cachegrind file, which has no self costs. */
    const char *pre;
    bool self;
} wr;

enum { W_FILE, W_FN, W_OBJ };

/* `key=(N)` or, the first time, `key=(N) name`.  A name that is empty or
   begins with a separator is written as itself, every time: readers skip
   the separators after `(N)`, so it would come back shorter (or as a use
   of N).  Such a name cannot begin with `(`, the one thing that keeps a
   name from being written as itself. */
static void name(wr *w, const char *key, int kind, uint32_t id)
{
    const cg_strtab *t = kind == W_FILE ? &w->p->files : kind == W_FN ? &w->p->fns : &w->p->objs;
    const cg_str *plain = cg_name(t, id);
    if (plain->len == 0 || cg_sep_len(plain->s, plain->s + plain->len)) {
        fprintf(w->out, "%s%s=", w->pre, key);
        fwrite(plain->s, 1, plain->len, w->out);
        fputc('\n', w->out);
        return;
    }
    uint32_t *n = &w->num[kind][id];
    bool define = !*n;
    if (define) *n = ++w->next[kind];
    fprintf(w->out, "%s%s=(%" PRIu32 ")", w->pre, key, *n);
    if (define) {
        fputc(' ', w->out);
        fwrite(plain->s, 1, plain->len, w->out);
    }
    fputc('\n', w->out);
}

/* A cost line: the line, then the counts without trailing zeros (at least
   one, so that the line is a cost line to every reader). */
static void costs(wr *w, int64_t line, const cg_count *cc)
{
    size_t n = w->p->n_events;
    while (n > 1 && cc[n - 1] == 0) n--;
    fprintf(w->out, "%s%" PRId64, w->pre, line);
    for (size_t e = 0; e < n; e++) fprintf(w->out, " %" PRId64, cc[e]);
    fputc('\n', w->out);
}

static void entry(wr *w, uint32_t pi)
{
    const cg_profile *p = w->p;
    const cg_pair *pr = &p->pairs[pi];
    uint32_t home = pr->home != CG_NONE ? pr->home : pr->file;
    /* A Cachegrind file's call graph needs an entry only where it says
       something: its calls, or the place of a function in an object. */
    if (!w->self && pr->first_arc == CG_NONE && (pr->obj == CG_NONE || pr->obj == p->obj_empty))
        return;
    if (pr->obj != CG_NONE && pr->obj != w->obj) name(w, "ob", W_OBJ, w->obj = pr->obj);
    /* fl= also after an inlined file: a reader that keeps the last file at
       fn= (callgrind_annotate) would credit the function to it. */
    if (home != w->home || w->file != w->home) name(w, "fl", W_FILE, w->home = home);
    name(w, "fn", W_FN, pr->fn);
    w->file = home;
    if (pr->file != home) name(w, "fi", W_FILE, w->file = pr->file);
    if (!w->self)
        ;
    else if (p->rules->lines == CG_LINES_BY_ENTRY)
        for (uint32_t li = pr->first_line; li != CG_NONE; li = cg_line_next(p, li))
            costs(w, p->lines[li].line, cg_line_cc(p, li, w->buf));
    else
        costs(w, 0, cg_pair_cc(p, pi));
    for (uint32_t ai = pr->first_arc; ai != CG_NONE; ai = p->arcs[ai].next) {
        const cg_arc *a = &p->arcs[ai];
        if (a->obj != CG_NONE && a->obj != w->obj) name(w, "cob", W_OBJ, a->obj);
        if (a->file != w->file) name(w, "cfi", W_FILE, a->file);
        name(w, "cfn", W_FN, a->fn);
        fprintf(w->out, "%scalls=%" PRId64 " %" PRId64 "\n", w->pre, a->count, a->target);
        costs(w, a->site, cg_arc_cc(p, ai, w->buf));
    }
}

/* The inputs' call paths, merged path by path as they were read (by the
   (file, function) of each step), in the tool's `# cp` lines (docs/format.md,
   "What the tool writes with --call-graph=callgrind"), so that a merged profile keeps
   its exact flame graph. */
static void paths(FILE *out, const cg_profile *p, const char *before)
{
    /* A function's K stands for a (file, function) pair, as in the tool's
       files (one name may have two entry files): per name, a list of the
       files seen with it and their Ks. */
    typedef struct fk {
        uint32_t file, k, next;
    } fk;
    uint32_t *head = xmalloc((p->fns.n + 1) * sizeof *head);
    uint32_t *k = xmalloc((p->n_paths + 1) * sizeof *k);
    for (size_t j = 0; j <= p->fns.n; j++) head[j] = CG_NONE;
    fk *pairs = NULL;
    size_t n_pairs = 0, cap = 0;
    cg_count runs = 0, folded = 0, truncated = 0, below = 0;
    for (size_t i = 0; i < p->n_inputs; i++) {
        runs = cg_sat_add(runs, p->inputs[i].paths_runs);
        folded = cg_sat_add(folded, p->inputs[i].paths_folded);
        truncated = cg_sat_add(truncated, p->inputs[i].paths_truncated);
        below = cg_sat_add(below, p->inputs[i].paths_below);
    }
    fprintf(out,
            "%s# call paths: %zu nodes, merged from %" PRId64 " profiles; %" PRId64
            " calls folded into an open path of their function, %" PRId64
            " into their caller's; %" PRId64 " below --call-path-threshold left out\n",
            before, p->n_paths, runs, folded, truncated, below);
    for (size_t i = 0; i < p->n_paths; i++) {
        const cg_path *f = &p->paths[i];
        uint32_t x = head[f->fn];
        while (x != CG_NONE && pairs[x].file != f->file) x = pairs[x].next;
        if (x == CG_NONE) {
            xgrow((void **)&pairs, &cap, n_pairs + 1, sizeof *pairs);
            x = (uint32_t)n_pairs++;
            pairs[x] = (fk){f->file, x + 1, head[f->fn]};
            head[f->fn] = x;
            const cg_str *file = cg_name(&p->files, f->file), *fn = cg_name(&p->fns, f->fn);
            fprintf(out, "# cp-fl=%" PRIu32 " ", x + 1);
            fwrite(file->s, 1, file->len, out);
            fprintf(out, "\n# cp-fn=%" PRIu32 " ", x + 1);
            fwrite(fn->s, 1, fn->len, out);
            fputc('\n', out);
        }
        k[i] = pairs[x].k;
    }
    /* Paths are made parents first, so ids numbered in their order give
       each a parent written before it; a root's parent is 0. */
    for (size_t i = 0; i < p->n_paths; i++) {
        const cg_path *f = &p->paths[i];
        assert(f->parent == CG_NONE || f->parent < i);
        fprintf(out, "# cp=%zu %" PRIu32 " %" PRIu32 " %" PRId64, i + 1,
                f->parent == CG_NONE ? 0 : f->parent + 1, k[i], f->calls);
        const cg_count *cc = cg_path_cc(p, i);
        for (size_t e = 0; e < p->n_events; e++) fprintf(out, " %" PRId64, cc[e]);
        fputc('\n', out);
    }
    free(pairs);
    free(k);
    free(head);
}

/* Every entry, with its self costs or without, each line after `pre`. */
static void write_entries(FILE *out, const cg_profile *p, const char *pre, bool self)
{
    /* A part starts without an object: entries of none need no ob= line. */
    wr w = {.out = out,
            .p = p,
            .obj = p->obj_empty,
            .home = CG_NONE,
            .fn = CG_NONE,
            .file = CG_NONE,
            .pre = pre,
            .self = self};
    w.num[W_FILE] = xcalloc(p->files.n + 1, sizeof(uint32_t));
    w.num[W_FN] = xcalloc(p->fns.n + 1, sizeof(uint32_t));
    w.num[W_OBJ] = xcalloc(p->objs.n + 1, sizeof(uint32_t));
    w.buf = xmalloc((p->n_events + 1) * sizeof *w.buf);
    for (uint32_t i = 0; i < p->n_pairs; i++) entry(&w, i);
    free(w.buf);
    for (int k = 0; k < 3; k++) free(w.num[k]);
}

void cg_write_graph_lines(FILE *out, const cg_profile *p, bool sum_paths)
{
    fputs("# call graph: Cachegrind, rebuilt; the lines up to the first fl= are its calls "
          "(docs/format.md)\n",
          out);
    write_entries(out, p, "# ", false);
    if (sum_paths && cg_profile_has_paths(p)) paths(out, p, "");
}

void cg_write_callgrind(FILE *out, const cg_profile *p, const char *creator, const cg_text *desc,
                        size_t n_desc, const cg_text *cmd, bool sum_paths)
{
    fprintf(out, "# callgrind format\nversion: 1\ncreator: %s\n", creator);
    fputs("cmd: ", out);
    fwrite(cmd->s, 1, cmd->len, out);
    fputs("\npart: 1\n", out);
    for (size_t i = 0; i < n_desc; i++) {
        fputs("desc: ", out);
        fwrite(desc[i].s, 1, desc[i].len, out);
        fputc('\n', out);
    }
    fputs("positions: line\n", out);
    /* Long names before events:, where Callgrind writes them and where
       callgrind_annotate looks for them. */
    const cg_text *ln = p->n_inputs ? p->inputs[0].long_names : NULL;
    for (size_t e = 0; ln && e < p->n_events; e++) {
        if (!ln[e].s) continue;
        fputs("event: ", out);
        fwrite(p->events[e].s, 1, p->events[e].len, out);
        fputs(" : ", out);
        fwrite(ln[e].s, 1, ln[e].len, out);
        fputc('\n', out);
    }
    fputs("events:", out);
    cg_write_events(out, p->events, p->n_events);
    fputc('\n', out);
    /* The totals are those of what is written, whatever the inputs' own
       summary lines said. */
    cg_count *total = xcalloc(p->n_events + 1, sizeof(cg_count));
    for (uint32_t i = 0; i < p->n_pairs; i++) cg_cc_add(total, cg_pair_cc(p, i), p->n_events, 1);
    cg_write_summary(out, total, p->n_events);
    fputc('\n', out);

    write_entries(out, p, "", true);
    if (sum_paths && cg_profile_has_paths(p)) paths(out, p, "\n");
    fputs("\ntotals:", out);
    cg_write_counts(out, total, p->n_events);
    fputc('\n', out);
    free(total);
}
