/* SPDX-License-Identifier: GPL-2.0-or-later */
/* report-model.c: the report model of report.h, shared by the text, JSON,
   HTML and folded reports so that each rule is decided in one place: the
   columns' names, the threshold, the order of rows and files, the marks
   after a function's name and the notes that explain them, the metadata
   notes of Callgrind input, what the folded stacks hold and say, which
   files are annotated and how, the context ranges and the annotation
   summary (docs/post-processors.md, "The cg_annotate report"; docs/json.md).
   The reports only lay out what is decided here. */
#include "report.h"
#include "lineread.h"
#include "numfmt.h"
#include "util.h"

#include <fcntl.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* --------------------------------------------------------------- columns */

const char cg_incl_suffix[] = ":incl";

const char *cg_col_suffix(const cg_col *c)
{
    return c->kind == CG_COL_INCL ? cg_incl_suffix : "";
}

bool cg_report_incl_shown(const cg_report *r)
{
    for (size_t i = 0; i < r->n_show; i++)
        if (r->show[i].kind == CG_COL_INCL) return true;
    return false;
}

cg_col *cg_cols_make(const size_t *events, const enum cg_col_kind *kinds, size_t n)
{
    cg_col *c = xmalloc((n + 1) * sizeof *c);
    for (size_t i = 0; i < n; i++) c[i] = (cg_col){events[i], kinds[i]};
    return c;
}

cg_col *cg_cols_own(const cg_col *show, size_t n_show, size_t *n)
{
    cg_col *own = xmalloc((n_show + 1) * sizeof *own);
    *n = 0;
    for (size_t i = 0; i < n_show; i++)
        if (show[i].kind == CG_COL_SELF) own[(*n)++] = show[i];
    if (!*n)
        for (size_t i = 0; i < n_show; i++) own[(*n)++] = (cg_col){show[i].event, CG_COL_SELF};
    return own;
}

uint32_t cg_report_node(const cg_report *r, uint32_t fn)
{
    return r->graph && fn < r->graph->n_names ? r->graph->func_of[fn] : CG_NONE;
}

const cg_count *cg_report_incl(const cg_report *r, uint32_t fn)
{
    uint32_t v = cg_report_node(r, fn);
    return v == CG_NONE ? NULL : cg_ffn_incl(r->graph, v);
}

/* ------------------------------------------------ Callgrind's metadata */

static cg_meta_note *note(cg_meta_note **v, size_t *n, size_t *cap)
{
    xgrow((void **)v, cap, *n + 1, sizeof **v);
    cg_meta_note *m = &(*v)[(*n)++];
    memset(m, 0, sizeof *m);
    return m;
}

/* Whether input `in` was written by Callgrind itself, which names itself
   `creator: callgrind-VERSION`: our tool's --call-graph=callgrind files (`creator:
   Cachegrind, rebuilt VERSION`), cg_merge's and cg_diff's have the same
   format but not Callgrind's way of giving costs to functions. */
static bool by_callgrind(const cg_input *in)
{
    static const char tag[] = "callgrind-";
    return in->format == CG_FMT_CALLGRIND && in->creator.len >= sizeof tag - 1 &&
           memcmp(in->creator.s, tag, sizeof tag - 1) == 0;
}

cg_meta_note *cg_meta_notes(const cg_report *r, size_t *n)
{
    const cg_profile *p = r->prof;
    cg_meta_note *v = NULL;
    size_t cap = 0;
    *n = 0;
    for (size_t i = 0; i < p->n_inputs; i++) {
        const cg_input *in = &p->inputs[i];
        if (in->format != CG_FMT_CALLGRIND) continue;
        size_t counted = 0, last = 0;
        for (size_t k = in->first_part; k < in->first_part + in->n_parts; k++)
            if (p->parts[k].picked) counted++, last = k;
        if (in->n_parts > 1 || counted < in->n_parts) {
            cg_meta_note *m = note(&v, n, &cap);
            snprintf(m->label, sizeof m->label, "Parts %zu", i + 1);
            cg_buf_printf(&m->text, "%zu of %zu counted", counted, in->n_parts);
            if (counted == 1 && p->parts[last].trigger.len) {
                cg_buf_adds(&m->text, " (");
                cg_buf_add(&m->text, p->parts[last].trigger.s, p->parts[last].trigger.len);
                cg_buf_addc(&m->text, ')');
            }
        }
        if (in->claimed) {
            cg_meta_note *m = note(&v, n, &cap);
            snprintf(m->label, sizeof m->label, "Summary line %zu", i + 1);
            for (size_t c = 0; c < r->n_show; c++) {
                char num[32];
                num[cg_fmt_commas(num, in->claimed[r->show[c].event])] = 0;
                cg_buf_printf(&m->text, "%s%s", c ? " " : "", num);
            }
            cg_buf_adds(&m->text,
                        " (Callgrind's summary: exceeds its costs; percentages are of the costs)");
        }
    }
    if (r->inl) {
        cg_meta_note *m = note(&v, n, &cap);
        snprintf(m->label, sizeof m->label, "Inlined frames");
        const cg_inline_stats *s = r->inl;
        cg_buf_printf(&m->text, "%zu inlined function%s, in %zu of the %zu instructions read",
                      s->frames, s->frames == 1 ? "" : "s", s->moved, s->instrs);
        if (s->unknown)
            cg_buf_printf(&m->text, " (%zu in objects whose debug info could not be read)",
                          s->unknown);
    }
    /* What the note says is of Callgrind's files: only when one of them
       meets a profile in Cachegrind's format. */
    bool callgrind = false;
    for (size_t i = 0; i < p->n_inputs; i++) callgrind |= by_callgrind(&p->inputs[i]);
    if (callgrind && cg_profile_has_format(p, CG_FMT_CACHEGRIND)) {
        cg_meta_note *m = note(&v, n, &cap);
        snprintf(m->label, sizeof m->label, "Formats");
        cg_buf_adds(&m->text, "Cachegrind and Callgrind: rows are not comparable line for line "
                              "(Callgrind gives a whole block to the function of its first "
                              "instruction, folds PLT stubs into their caller and names unknown "
                              "code 0x...)");
    }
    return v;
}

void cg_meta_notes_free(cg_meta_note *notes, size_t n)
{
    for (size_t i = 0; i < n; i++) cg_buf_free(&notes[i].text);
    free(notes);
}

/* ---------------------------------------------------- function summaries */

/* The count a row must reach to be kept: the threshold's share of the
   first sort event's total, or 0, which every count reaches, when `keep`
   keeps every row (docs/post-processors.md, "File:function and
   Function:file summaries"; docs/json.md, "The document"). */
static double keep_count(const cg_report *r, enum cg_keep keep)
{
    if (keep == CG_KEEP_GIVEN && !r->threshold_given) return 0;
    /* The whole program is its own inclusive cost. */
    const cg_count *total = r->prof->summary_total;
    return cg_threshold_count(r->threshold, cg_col_value(&r->sort[0], total, total));
}

/* Whether a row with counts cc (inclusive ones: incl) reaches t
   (keep_count's). */
static bool row_kept(const cg_report *r, const cg_count *cc, const cg_count *incl, double t)
{
    return cg_reaches(cg_col_value(&r->sort[0], cc, incl), t);
}

static uint64_t mag(cg_count c)
{
    return c < 0 ? 0 - (uint64_t)c : (uint64_t)c;
}

/* The rows' order by counts: descending by the absolute value in each sort
   column in turn (names break the ties, each list in its own way). */
static int cmp_counts(const cg_report *r, const cg_count *a, const cg_count *ai, const cg_count *b,
                      const cg_count *bi)
{
    for (size_t i = 0; i < r->n_sort; i++) {
        uint64_t x = mag(cg_col_value(&r->sort[i], a, ai));
        uint64_t y = mag(cg_col_value(&r->sort[i], b, bi));
        if (x != y) return x < y ? 1 : -1;
    }
    return 0;
}

/* The summaries: by counts, then by name, descending (upstream sorts
   (counts, name) in reverse). */
static int cmp_outer(const void *a, const void *b, void *r)
{
    const cg_outer *x = a, *y = b;
    int c = cmp_counts(r, x->cc, x->incl ? x->incl : x->sort_incl, y->cc,
                       y->incl ? y->incl : y->sort_incl);
    return c ? c : -cg_strcmp(x->name, y->name);
}

static int cmp_inner(const void *a, const void *b, void *r)
{
    const cg_inner *x = a, *y = b;
    int c = cmp_counts(r, x->cc, x->incl ? x->incl : x->sort_incl, y->cc,
                       y->incl ? y->incl : y->sort_incl);
    return c ? c : -cg_strcmp(x->name, y->name);
}

/* Keeps the members at or above the threshold, the groups with a member
   kept (moved to the front), and sorts both (docs/post-processors.md,
   "File:function and Function:file summaries"). */
static void keep_and_sort(const cg_report *r, cg_summary *s)
{
    double t = keep_count(r, CG_KEEP_THRESHOLD);
    cg_outer *o = s->o;
    size_t kept = 0;
    s->n_members = s->n_members_all = 0;
    for (size_t i = 0; i < s->n_all; i++) {
        size_t m = 0;
        s->n_members_all += o[i].n_in;
        for (size_t j = 0; j < o[i].n_in; j++)
            if (row_kept(r, o[i].in[j].cc, o[i].in[j].incl ? o[i].in[j].incl : o[i].in[j].sort_incl,
                         t))
                o[i].in[m++] = o[i].in[j];
        o[i].n_in = m;
        s->n_members += m;
        if (m) {
            cg_outer tmp = o[kept];
            o[kept++] = o[i];
            o[i] = tmp;
        }
    }
    qsort_r(o, kept, sizeof *o, cmp_outer, (void *)r);
    for (size_t i = 0; i < kept; i++)
        qsort_r(o[i].in, o[i].n_in, sizeof *o[i].in, cmp_inner, (void *)r);
    s->n = kept;
}

void cg_summary_by_file(const cg_report *r, cg_summary *s)
{
    const cg_profile *p = r->prof;
    size_t nev = p->n_events, n = 0;
    memset(s, 0, sizeof *s);
    for (uint32_t f = p->first_file; f != CG_NONE; f = p->finfo[f].next_file) n++;
    cg_outer *o = xcalloc(n + 1, sizeof *o);
    size_t i = 0;
    for (uint32_t f = p->first_file; f != CG_NONE; f = p->finfo[f].next_file, i++) {
        o[i].name = cg_name(&p->files, f);
        o[i].id = f;
        o[i].cc = xcalloc(nev, sizeof(cg_count));
        for (uint32_t pi = p->finfo[f].first_pair; pi != CG_NONE; pi = p->pairs[pi].next_in_file)
            o[i].n_in++;
        o[i].in = xmalloc((o[i].n_in + 1) * sizeof *o[i].in);
        size_t j = 0;
        for (uint32_t pi = p->finfo[f].first_pair; pi != CG_NONE;
             pi = p->pairs[pi].next_in_file, j++) {
            uint32_t fn = p->pairs[pi].fn;
            const cg_count *incl = cg_report_incl(r, fn);
            o[i].in[j] = (cg_inner){cg_name(&p->fns, fn), cg_pair_cc(p, pi), incl, NULL, pi};
            cg_cc_add(o[i].cc, o[i].in[j].cc, nev, 1);
            if (!incl) continue;
            if (!o[i].sort_incl) o[i].sort_incl = xcalloc(nev, sizeof(cg_count));
            for (size_t e = 0; e < nev; e++)
                if (incl[e] > o[i].sort_incl[e]) o[i].sort_incl[e] = incl[e];
        }
    }
    s->o = o;
    s->n_all = n;
    keep_and_sort(r, s);
}

void cg_summary_by_fn(const cg_report *r, cg_summary *s)
{
    const cg_profile *p = r->prof;
    size_t nev = p->n_events;
    memset(s, 0, sizeof *s);
    /* Group the pairs by function. */
    size_t nfn = p->fns.n;
    size_t *start = xcalloc(nfn + 1, sizeof *start);
    for (size_t i = 0; i < p->n_pairs; i++) start[p->pairs[i].fn + 1]++;
    for (size_t f = 0; f < nfn; f++) start[f + 1] += start[f];
    size_t *fill = xmalloc((nfn + 1) * sizeof *fill);
    memcpy(fill, start, (nfn + 1) * sizeof *fill);
    uint32_t *by_fn = xmalloc((p->n_pairs + 1) * sizeof *by_fn);
    for (uint32_t i = 0; i < p->n_pairs; i++) by_fn[fill[p->pairs[i].fn]++] = i;

    size_t n = 0;
    for (size_t f = 0; f < nfn; f++) n += start[f + 1] > start[f];
    cg_outer *o = xcalloc(n + 1, sizeof *o);
    size_t cap_extra = 0, k = 0;
    for (size_t f = 0; f < nfn; f++) {
        if (start[f + 1] == start[f]) continue;
        cg_outer *e = &o[k++];
        e->name = cg_name(&p->fns, (uint32_t)f);
        e->id = (uint32_t)f;
        e->incl = cg_report_incl(r, (uint32_t)f);
        e->cc = xcalloc(nev, sizeof(cg_count));
        e->in = xmalloc((start[f + 1] - start[f]) * sizeof *e->in);
        for (size_t j = start[f]; j < start[f + 1]; j++) {
            uint32_t pi = by_fn[j];
            const cg_pair *pr = &p->pairs[pi];
            const cg_count *cc = cg_pair_cc(p, pi);
            cg_cc_add(e->cc, cc, nev, 1);
            if (pr->orphan) {
                /* Counts before any fl= line belong to the file named "";
                   merge them with a real `fl=` (empty name) entry if any. */
                cg_pair_key key = cg_key(pr->file, pr->fn, false);
                uint32_t real = cg_pair_find(p, &key);
                pi = CG_NONE;
                if (real != CG_NONE) {
                    cg_count *sum = xmalloc(nev * sizeof(cg_count));
                    memcpy(sum, cc, nev * sizeof(cg_count));
                    cg_cc_add(sum, cg_pair_cc(p, real), nev, 1);
                    xgrow((void **)&s->extra, &cap_extra, s->n_extra + 1, sizeof *s->extra);
                    s->extra[s->n_extra++] = sum;
                    cc = sum;
                    pi = real;
                }
            } else if (cg_pair_find(p, &(cg_pair_key){pr->file, pr->fn, true, CG_NONE, CG_NONE}) !=
                       CG_NONE) {
                continue; /* represented by the merged orphan entry */
            }
            /* A file of the function has no inclusive cost; an inclusive
               key keeps and orders it by its function's. */
            e->in[e->n_in++] = (cg_inner){cg_name(&p->files, pr->file), cc, NULL, e->incl, pi};
        }
    }
    free(start);
    free(fill);
    free(by_fn);
    s->o = o;
    s->n_all = n;
    keep_and_sort(r, s);
}

void cg_summary_free(cg_summary *s)
{
    for (size_t i = 0; i < s->n_all; i++) {
        free(s->o[i].cc);
        free(s->o[i].sort_incl);
        free(s->o[i].in);
    }
    for (size_t i = 0; i < s->n_extra; i++) free(s->extra[i]);
    free(s->extra);
    free(s->o);
    memset(s, 0, sizeof *s);
}

/* The flat list: by counts, then by file name and function name,
   ascending. */
static int cmp_pair_row(const void *a, const void *b, void *r)
{
    const cg_pair_row *x = a, *y = b;
    int c = cmp_counts(r, x->cc, x->incl, y->cc, y->incl);
    if (!c) c = cg_strcmp(x->file, y->file);
    return c ? c : cg_strcmp(x->fn, y->fn);
}

void cg_pair_rows_make(const cg_report *r, enum cg_keep keep, cg_pair_rows *l)
{
    const cg_profile *p = r->prof;
    double t = keep_count(r, keep);
    l->v = xmalloc((p->n_pairs + 1) * sizeof *l->v);
    l->n = 0;
    for (uint32_t f = p->first_file; f != CG_NONE; f = p->finfo[f].next_file)
        for (uint32_t pi = p->finfo[f].first_pair; pi != CG_NONE; pi = p->pairs[pi].next_in_file) {
            const cg_count *cc = cg_pair_cc(p, pi), *incl = cg_report_incl(r, p->pairs[pi].fn);
            if (!row_kept(r, cc, incl, t)) continue;
            l->v[l->n++] = (cg_pair_row){cg_name(&p->files, f), cg_name(&p->fns, p->pairs[pi].fn),
                                         cc, incl, pi};
        }
    qsort_r(l->v, l->n, sizeof *l->v, cmp_pair_row, (void *)r);
}

void cg_pair_rows_free(cg_pair_rows *l)
{
    free(l->v);
    memset(l, 0, sizeof *l);
}

bool cg_summary_one_row(const cg_report *r, const cg_outer *o)
{
    return o->n_in == 1 && memcmp(o->in[0].cc, o->cc, r->prof->n_events * sizeof(cg_count)) == 0;
}

/* ------------------------------------------------- annotated source files */

static int cmp_name_ptr(const void *a, const void *b)
{
    return cg_strcmp(*(const cg_str *const *)a, *(const cg_str *const *)b);
}

/* Compare two original files: unreadable beats non-identical. */
static enum cg_readability compare_files(const char *a, const char *b)
{
    struct stat sa, sb;
    if (stat(a, &sa) != 0 || stat(b, &sb) != 0) return CG_UNREADABLE;
    if (!S_ISREG(sa.st_mode) || !S_ISREG(sb.st_mode) || sa.st_size != sb.st_size)
        return CG_NONIDENTICAL;
    int fa = open(a, O_RDONLY), fb = open(b, O_RDONLY);
    enum cg_readability r = CG_READABLE;
    if (fa < 0 || fb < 0) {
        r = CG_UNREADABLE;
    } else {
        /* The buffers are the call's own (not static): nothing of one
           comparison is left for the next. */
        enum { CHUNK = 65536 };
        char *ba = xmalloc(2 * CHUNK), *bb = ba + CHUNK;
        for (;;) {
            ssize_t na = read(fa, ba, CHUNK);
            ssize_t nb = na > 0 ? read(fb, bb, (size_t)na) : 0;
            if (na < 0 || nb < 0) {
                r = CG_UNREADABLE;
                break;
            }
            if (na == 0) break;
            if (nb != na || memcmp(ba, bb, (size_t)na) != 0) {
                r = CG_NONIDENTICAL;
                break;
            }
        }
        free(ba);
    }
    if (fa >= 0) close(fa);
    if (fb >= 0) close(fb);
    return r;
}

static bool older(const struct timespec *a, const struct timespec *b)
{
    return a->tv_sec < b->tv_sec || (a->tv_sec == b->tv_sec && a->tv_nsec < b->tv_nsec);
}

static bool exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

/* Where source file `name` is (docs/post-processors.md, "Finding source
   files"): under the first --source-map whose FROM starts the name and
   that gives a file that exists; else the name itself if it exists; else,
   for a relative name, under the first -I directory that has it; else the
   name (unreadable, as it is).  The result is the name or b's text. */
static const char *locate(const cg_srcfind *find, const char *name, cg_buf *b)
{
    if (!find) return name;
    size_t len = strlen(name);
    for (size_t i = 0; i < find->n_maps; i++) {
        size_t k = strlen(find->from[i]);
        if (k > len || memcmp(name, find->from[i], k) != 0) continue;
        b->len = 0;
        cg_buf_adds(b, find->to[i]);
        cg_buf_adds(b, name + k);
        if (exists(b->p)) return b->p;
    }
    if (exists(name) || name[0] == '/') return name;
    for (size_t i = 0; i < find->n_dirs; i++) {
        b->len = 0;
        cg_buf_printf(b, "%s/%s", find->dirs[i], name);
        if (exists(b->p)) return b->p;
    }
    return name;
}

void cg_source_open(const cg_profile *p, const cg_srcfind *find, uint32_t f, cg_source *s)
{
    const cg_fileinfo *fi = &p->finfo[f];
    size_t no = fi->n_orig;
    memset(s, 0, sizeof *s);
    s->fd = -1;
    s->orig = xmalloc((no + 1) * sizeof *s->orig);
    for (size_t i = 0; i < no; i++) s->orig[i] = cg_name(&p->files, fi->orig[i]);
    qsort(s->orig, no, sizeof *s->orig, cmp_name_ptr);
    s->n_orig = no;

    const cg_str **o = s->orig;
    enum cg_readability r = CG_READABLE;
    /* A name holding a NUL byte is no path (open() would see a prefix of it). */
    for (size_t i = 0; i < no && r == CG_READABLE; i++)
        if (memchr(o[i]->s, 0, o[i]->len)) r = CG_UNREADABLE;
    /* Each original where it is found. */
    char **at = xcalloc(no + 1, sizeof *at);
    cg_buf b = {0};
    for (size_t i = 0; i < no && r == CG_READABLE; i++) at[i] = xstrdup(locate(find, o[i]->s, &b));
    cg_buf_free(&b);
    for (size_t i = 0; i + 1 < no && r == CG_READABLE; i++) r = compare_files(at[i], at[i + 1]);
    struct stat st;
    if (r == CG_READABLE) {
        /* Only a regular file has lines to annotate: a directory, and a
           device or FIFO (which could feed us forever, e.g. /dev/zero), are
           unreadable.  Non-blocking so that opening a FIFO cannot hang us. */
        s->fd = no ? open(at[0], O_RDONLY | O_NONBLOCK) : -1;
        if (s->fd < 0 || fstat(s->fd, &st) != 0 || !S_ISREG(st.st_mode)) r = CG_UNREADABLE;
    }
    s->r = r;
    if (r == CG_READABLE && strcmp(at[0], o[0]->s) != 0) s->found = xstrdup(at[0]);
    struct timespec oldest = st.st_mtim;
    for (size_t i = 1; i < no && r == CG_READABLE; i++) {
        struct stat s2;
        if (stat(at[i], &s2) == 0 && older(&s2.st_mtim, &oldest)) oldest = s2.st_mtim;
    }
    for (size_t i = 0; i < no; i++) free(at[i]);
    free(at);
    if (r != CG_READABLE) {
        if (s->fd >= 0) close(s->fd);
        s->fd = -1;
        return;
    }
    s->older = xmalloc((p->n_inputs + 1) * sizeof *s->older);
    for (size_t i = 0; i < p->n_inputs; i++) {
        struct stat sc;
        if (stat(p->inputs[i].path, &sc) == 0 && older(&sc.st_mtim, &oldest))
            s->older[s->n_older++] = i;
    }
}

void cg_source_close(cg_source *s)
{
    if (s->fd >= 0) close(s->fd);
    free(s->found);
    free(s->orig);
    free(s->older);
    memset(s, 0, sizeof *s);
    s->fd = -1;
}

static int cmp_file_name(const void *a, const void *b, void *p)
{
    const cg_strtab *files = &((const cg_profile *)p)->files;
    return cg_strcmp(cg_name(files, *(const uint32_t *)a), cg_name(files, *(const uint32_t *)b));
}

void cg_files_by_name(const cg_profile *p, uint32_t *files, size_t n)
{
    qsort_r(files, n, sizeof *files, cmp_file_name, (void *)p);
}

/* The ranges of docs/post-processors.md, "Annotated source files": a range
   starts C lines before its first counted line and takes in every counted
   line at most 2C after the last one taken. */
bool cg_listing(const cg_profile *p, uint32_t first, size_t nl, int fd, long long context,
                const cg_listing_ops *ops)
{
    size_t i0 = 0;
    cg_count *buf = xmalloc((p->n_events + 1) * sizeof *buf);
    if (nl && p->lines[first].line == 0) {
        ops->line0(ops->ctx, cg_line_cc(p, first, buf));
        i0 = 1;
    }
    const cg_line *L = p->lines + first + i0;
    uint32_t L0 = first + (uint32_t)i0;
    size_t nL = nl - i0;

    cg_lineread src;
    cg_lineread_init(&src, fd);
    const char *text;
    size_t tlen;
    bool term, stopped = false;
    size_t next = 0; /* smallest data line not yet listed */
    __int128 cursor = 0, C = context;
    bool eof = false;
    for (size_t i = 0; i < nL && !eof && !stopped;) {
        __int128 x0 = L[i].line, cur = x0;
        __int128 lo = x0 - C < 1 ? 1 : x0 - C;
        size_t j = i + 1;
        while (j < nL && L[j].line <= cur + 2 * C) cur = L[j++].line;
        __int128 hi = cur + C;
        i = j;
        while (cursor < lo - 1) {
            if (!cg_lineread_next(&src, &text, &tlen, &term)) {
                eof = true;
                break;
            }
            cursor++;
            if (ops->skipped) ops->skipped(ops->ctx, (int64_t)cursor, text, tlen);
        }
        if (eof) break;
        if (lo != 1) ops->marker(ops->ctx, lo);
        for (__int128 n = lo; n <= hi; n++) {
            if (!cg_lineread_next(&src, &text, &tlen, &term)) {
                eof = true;
                break;
            }
            cursor++;
            const cg_count *cc = NULL;
            if (next < nL && L[next].line == n) cc = cg_line_cc(p, L0 + (uint32_t)next++, buf);
            if (!ops->line(ops->ctx, (int64_t)n, text, tlen, cc)) {
                stopped = true;
                break;
            }
        }
        if (eof || stopped) break;
        ops->marker(ops->ctx, hi);
    }
    cg_lineread_free(&src);
    if (!stopped)
        for (; next < nL; next++)
            ops->bogus(ops->ctx, L[next].line, cg_line_cc(p, L0 + (uint32_t)next, buf));
    free(buf);
    return !stopped;
}

const char *const cg_acc_labels[CG_N_ACC] = {
    "  annotated: files known & above threshold & readable, line numbers known",
    "  annotated: files known & above threshold & readable, line numbers unknown",
    "unannotated: files known & above threshold & two or more non-identical",
    "unannotated: files known & above threshold & unreadable ",
    "unannotated: files known & below threshold",
    "unannotated: files unknown",
};

void cg_annotation_files(const cg_profile *p, const cg_summary *by_file, cg_annotation *a)
{
    memset(a, 0, sizeof *a);
    uint32_t unknown = cg_strtab_find(&p->files, "???", 3);
    a->files = xmalloc((by_file->n + 1) * sizeof *a->files);
    a->r = xcalloc(by_file->n + 1, sizeof *a->r);
    for (size_t i = 0; i < by_file->n; i++)
        if (by_file->o[i].id != unknown) a->files[a->n++] = by_file->o[i].id;
    for (int i = 0; i < CG_N_ACC; i++) a->acc[i] = xcalloc(p->n_events, sizeof(cg_count));
}

/* The sum of a file's line cost centres: every count line after an fl=
   line adds to both its line and its (file, function) pair, so summing the
   few pairs gives the same result as summing the many lines. */
static void add_file_lines(const cg_profile *p, uint32_t f, cg_count *dst, int sign)
{
    if (f >= p->cap_finfo) return;
    for (uint32_t pi = p->finfo[f].first_pair; pi != CG_NONE; pi = p->pairs[pi].next_in_file)
        cg_cc_add(dst, cg_pair_cc(p, pi), p->n_events, sign);
}

/* An annotated file's lines are all listed (in a range or as bogus lines),
   but line 0, which has its own row: so each readable file adds its line 0
   to one row and everything else to the other. */
void cg_annotation_account(const cg_profile *p, cg_annotation *a)
{
    size_t nev = p->n_events;
    cg_count *buf = xmalloc((nev + 1) * sizeof *buf);
    bool *annotated = xcalloc(p->files.n + 1, sizeof *annotated);
    for (size_t i = 0; i < a->n; i++) {
        uint32_t f = a->files[i];
        annotated[f] = true;
        if (a->r[i] != CG_READABLE) {
            int row = a->r[i] == CG_UNREADABLE ? CG_ACC_UNREADABLE : CG_ACC_NONIDENT;
            add_file_lines(p, f, a->acc[row], 1);
            continue;
        }
        add_file_lines(p, f, a->acc[CG_ACC_KNOWN], 1);
        size_t nl;
        uint32_t l0 = cg_file_lines(p, f, &nl);
        for (uint32_t li = l0; li < l0 + nl; li++) {
            if (p->lines[li].line != 0) continue;
            const cg_count *cc = cg_line_cc(p, li, buf);
            cg_cc_add(a->acc[CG_ACC_KNOWN], cc, nev, -1);
            cg_cc_add(a->acc[CG_ACC_UNKNOWN_LINE], cc, nev, 1);
        }
    }
    uint32_t unknown = cg_strtab_find(&p->files, "???", 3);
    for (uint32_t f = 0; f < p->files.n; f++)
        if (!annotated[f])
            add_file_lines(p, f, a->acc[f == unknown ? CG_ACC_UNKNOWN_FILE : CG_ACC_BELOW], 1);
    free(annotated);
    free(buf);
}

void cg_annotation_check(const cg_profile *p, const cg_annotation *a)
{
    size_t nev = p->n_events;
    const cg_count *total = p->summary_total;
    cg_count *sum = xcalloc(nev, sizeof(cg_count));
    for (int i = 0; i < CG_N_ACC; i++) cg_cc_add(sum, a->acc[i], nev, 1);
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
}

void cg_annotation_free(cg_annotation *a)
{
    free(a->files);
    free(a->r);
    for (int i = 0; i < CG_N_ACC; i++) free(a->acc[i]);
    memset(a, 0, sizeof *a);
}

/* ------------------------------------------------------------ call graph */

const char *cg_graph_fold_note(const cg_fgraph *g)
{
    return g->folded ? "recursion levels and caller contexts folded (--fold=yes)"
                     : "functions as the file names them (--fold=no)";
}

bool cg_graph_noted(const cg_report *r)
{
    return r->graph && (cg_report_incl_shown(r) || r->tree != CG_TREE_NONE);
}

/* A function in a cycle is never exact (fgraph.c): its mark says why.  An
   exact inclusive cost holds everything that ran while the function was
   active, its own code included, unless that code also ran while another
   function was active: so one below the self cost (in any event, shown or
   not: the cause is the same) is marked for that. */
enum cg_mark cg_graph_mark(const cg_report *r, uint32_t v)
{
    const cg_fgraph *g = r->graph;
    const cg_ffn *f = &g->fns[v];
    if (!f->exact) {
        if (f->cycle != CG_NONE) return CG_MARK_CYCLE;
        return f->shared ? CG_MARK_SHARED_NAME : CG_MARK_INEXACT;
    }
    if (r->diff) return CG_MARK_NONE;
    const cg_count *self = cg_ffn_self(g, v), *incl = cg_ffn_incl(g, v);
    for (size_t e = 0; e < g->nev; e++)
        if (self[e] > incl[e]) return CG_MARK_SHARED_CODE;
    return CG_MARK_NONE;
}

enum cg_mark cg_table_mark(const cg_report *r, uint32_t fn)
{
    uint32_t v = cg_report_node(r, fn);
    return v != CG_NONE && cg_report_incl_shown(r) ? cg_graph_mark(r, v) : CG_MARK_NONE;
}

void cg_mark_counts(const cg_report *r, size_t n[CG_N_MARKS])
{
    memset(n, 0, CG_N_MARKS * sizeof *n);
    for (size_t f = 0; f < cg_fgraph_n(r->graph); f++) n[cg_graph_mark(r, (uint32_t)f)]++;
}

bool cg_mark_bound(enum cg_mark m)
{
    return m == CG_MARK_CYCLE || m == CG_MARK_SHARED_NAME || m == CG_MARK_INEXACT;
}

const char *cg_mark_key(enum cg_mark m)
{
    static const char *const keys[CG_N_MARKS] = {
        [CG_MARK_CYCLE] = "<cycle N>",
        [CG_MARK_SHARED_NAME] = "<shared name>",
        [CG_MARK_INEXACT] = "<inexact>",
        [CG_MARK_SHARED_CODE] = "<shared code>",
    };
    return keys[m] ? keys[m] : "";
}

void cg_mark_words(const cg_report *r, uint32_t v, enum cg_mark m, cg_buf *b)
{
    if (m == CG_MARK_CYCLE)
        cg_buf_printf(b, "<cycle %u>", r->graph->fns[v].cycle + 1);
    else
        cg_buf_adds(b, cg_mark_key(m));
}

void cg_graph_exact_note(const cg_report *r, cg_buf *b)
{
    size_t n[CG_N_MARKS];
    cg_mark_counts(r, n);
    cg_buf_adds(b, "exact");
    const char *sep = ", but lower bounds for ";
    if (n[CG_MARK_CYCLE]) {
        cg_buf_printf(b, "%s%zu function%s in cycles (marked %s; each cycle's own cost is exact)",
                      sep, n[CG_MARK_CYCLE], n[CG_MARK_CYCLE] == 1 ? "" : "s",
                      cg_mark_key(CG_MARK_CYCLE));
        sep = ", ";
    }
    if (n[CG_MARK_SHARED_NAME]) {
        cg_buf_printf(b, "%s%zu function%s whose name other functions share (marked %s)", sep,
                      n[CG_MARK_SHARED_NAME], n[CG_MARK_SHARED_NAME] == 1 ? "" : "s",
                      cg_mark_key(CG_MARK_SHARED_NAME));
        sep = ", ";
    }
    if (n[CG_MARK_INEXACT])
        cg_buf_printf(b, "%s%zu function%s whose caller contexts may nest (marked %s)", sep,
                      n[CG_MARK_INEXACT], n[CG_MARK_INEXACT] == 1 ? "" : "s",
                      cg_mark_key(CG_MARK_INEXACT));
    size_t k = n[CG_MARK_SHARED_CODE];
    if (k)
        cg_buf_printf(b,
                      "; %zu function%s a self cost above %s inclusive cost (marked %s): part of "
                      "%s code also ran inside %s activation, reached by a jump rather than a call",
                      k, k == 1 ? " has" : "s have", k == 1 ? "its" : "their",
                      cg_mark_key(CG_MARK_SHARED_CODE), k == 1 ? "its" : "their",
                      k == 1 ? "another function's" : "other functions'");
}

/* A change: `+1,234`, `-1,234` or `0`. */
static size_t signed_count(char *b, cg_count v)
{
    size_t k = 0;
    if (v > 0) b[k++] = '+';
    return k + cg_fmt_commas(b + k, v);
}

size_t cg_calls_words(const cg_report *r, char *b, cg_count n, cg_count rec, const cg_count *total)
{
    if (total && cg_calls_inlined(r, n, rec)) return (size_t)snprintf(b, CG_CALLS_MAX, "inlined");
    if (!r->diff) {
        int m = snprintf(b, CG_CALLS_MAX, "%" PRId64, n);
        if (rec) m += snprintf(b + m, CG_CALLS_MAX - (size_t)m, "+%" PRId64, rec);
        if (total) m += snprintf(b + m, CG_CALLS_MAX - (size_t)m, "/%" PRId64, *total);
        return (size_t)m;
    }
    /* Recursive calls keep their place after N, their own sign between. */
    size_t k = signed_count(b, n);
    if (rec) k += signed_count(b + k, rec);
    if (total) {
        b[k++] = '/';
        k += signed_count(b + k, *total);
    }
    b[k] = 0;
    return k;
}

const cg_count *cg_tree_incl(const cg_report *r, const cg_tree_entry *e)
{
    const cg_fgraph *g = r->graph;
    return e->fn != CG_NONE ? cg_ffn_incl(g, e->fn) : g->cycle_incl + (size_t)e->cycle * g->nev;
}

const cg_count *cg_tree_self(const cg_report *r, const cg_tree_entry *e)
{
    const cg_fgraph *g = r->graph;
    return e->fn != CG_NONE ? cg_ffn_self(g, e->fn) : g->cycle_self + (size_t)e->cycle * g->nev;
}

/* The call graph sorts and keeps by inclusive costs whatever the sort
   columns' kinds. */
static int cmp_incl(const cg_report *r, const cg_count *a, const cg_count *b)
{
    for (size_t i = 0; i < r->n_sort; i++) {
        uint64_t x = mag(a[r->sort[i].event]), y = mag(b[r->sort[i].event]);
        if (x != y) return x < y ? 1 : -1;
    }
    return 0;
}

static const cg_str *entry_name(const cg_report *r, const cg_tree_entry *e)
{
    static const cg_str cycle = {"<cycle>", 7, 0};
    return e->fn != CG_NONE ? cg_name(&r->graph->names, e->fn) : &cycle;
}

static int cmp_entry(const void *a, const void *b, void *ctx)
{
    const cg_report *r = ctx;
    const cg_tree_entry *x = a, *y = b;
    int c = cmp_incl(r, cg_tree_incl(r, x), cg_tree_incl(r, y));
    if (!c) c = cg_strcmp(entry_name(r, x), entry_name(r, y));
    if (!c) c = x->cycle < y->cycle ? -1 : x->cycle > y->cycle;
    return c;
}

struct arc_order {
    const cg_report *r;
    bool by_callee;    /* sort callers (false) or callees (true) by name last */
    cg_count *bx, *by; /* room for two arcs' costs */
};

static int cmp_arc_cost(const void *a, const void *b, void *ctx)
{
    const struct arc_order *o = ctx;
    const cg_fgraph *g = o->r->graph;
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    int c = cmp_incl(o->r, cg_farc_cc(g, x, o->bx), cg_farc_cc(g, y, o->by));
    if (c) return c;
    uint32_t nx = o->by_callee ? g->arcs[x].to : g->arcs[x].from;
    uint32_t ny = o->by_callee ? g->arcs[y].to : g->arcs[y].from;
    return cg_strcmp(cg_name(&g->names, nx), cg_name(&g->names, ny));
}

/* The arcs list[0 .. n) that reach t, sorted; the others counted. */
static uint32_t *keep_arcs(const cg_report *r, const uint32_t *list, size_t n, double t,
                           bool by_callee, size_t *kept, size_t *hidden)
{
    uint32_t *v = xmalloc((n + 1) * sizeof *v);
    size_t k = 0, nev = r->graph->nev;
    struct arc_order o = {r, by_callee, xmalloc((nev + 1) * sizeof(cg_count)),
                          xmalloc((nev + 1) * sizeof(cg_count))};
    /* A call made only while its callee was running costs nothing of its
       own, yet says who recurses through whom: always kept. */
    for (size_t i = 0; i < n; i++)
        if (cg_reaches(cg_farc_cc(r->graph, list[i], o.bx)[r->sort[0].event], t) ||
            (r->graph->arcs[list[i]].count == 0 && r->graph->arcs[list[i]].rcount != 0))
            v[k++] = list[i];
    qsort_r(v, k, sizeof *v, cmp_arc_cost, &o);
    free(o.bx);
    free(o.by);
    *kept = k;
    *hidden = n - k;
    return v;
}

void cg_tree_make(const cg_report *r, enum cg_keep keep, cg_tree_list *t)
{
    const cg_fgraph *g = r->graph;
    size_t nf = cg_fgraph_n(g), ev = r->sort[0].event;
    double th = keep_count(r, keep);
    memset(t, 0, sizeof *t);
    t->e = xcalloc(nf + g->n_cycles + 1, sizeof *t->e);
    for (uint32_t f = 0; f < nf; f++)
        if (cg_reaches(cg_ffn_incl(g, f)[ev], th))
            t->e[t->n++] = (cg_tree_entry){.fn = f, .cycle = CG_NONE};
    for (uint32_t c = 0; c < g->n_cycles; c++)
        if (cg_reaches(g->cycle_incl[(size_t)c * g->nev + ev], th))
            t->e[t->n++] = (cg_tree_entry){.fn = CG_NONE, .cycle = c};
    qsort_r(t->e, t->n, sizeof *t->e, cmp_entry, (void *)r);
    t->index = xcalloc(nf + 1, sizeof *t->index);
    t->cycle_index = xcalloc(g->n_cycles + 1, sizeof *t->cycle_index);
    for (size_t i = 0; i < t->n; i++) {
        cg_tree_entry *e = &t->e[i];
        if (e->fn == CG_NONE) {
            t->cycle_index[e->cycle] = (uint32_t)i + 1;
            continue;
        }
        t->index[e->fn] = (uint32_t)i + 1;
        uint32_t f = e->fn, n_out = g->first_out[f + 1] - g->first_out[f];
        uint32_t *out = xmalloc((n_out + 1) * sizeof *out);
        for (uint32_t k = 0; k < n_out; k++) out[k] = g->first_out[f] + k;
        e->callers = keep_arcs(r, g->in_arcs + g->first_in[f], g->first_in[f + 1] - g->first_in[f],
                               th, false, &e->n_callers, &e->hidden_callers);
        e->callees = keep_arcs(r, out, n_out, th, true, &e->n_callees, &e->hidden_callees);
        free(out);
    }
}

void cg_tree_free(cg_tree_list *t)
{
    for (size_t i = 0; i < t->n; i++) {
        free(t->e[i].callers);
        free(t->e[i].callees);
    }
    free(t->e);
    free(t->index);
    free(t->cycle_index);
    memset(t, 0, sizeof *t);
}

/* ---------------------------------------------------------- folded stacks */

bool cg_stacks_make(const cg_report *r, cg_stacks *s, cg_error *e)
{
    memset(s, 0, sizeof *s);
    const char *why = cg_flame_absent(r->prof, r->graph, r->diff);
    if (why) return cg_error_set(e, 1, "--format=folded needs call paths: %s", why);
    cg_flame_make(&s->tree, r->prof, r->graph, r->diff, r->flame_pct, true);
    s->fl = &s->tree;
    if (r->collapse) {
        cg_flame_collapse(&s->tree, &s->collapsed);
        s->fl = &s->collapsed;
    }
    s->event = r->show[0].event;
    if (s->fl->estimate)
        cg_buf_printf(&s->note,
                      "the input has calls but no call paths (our tool writes them "
                      "unless --call-graph=no): the stacks are an estimate, exact down to a "
                      "function with several "
                      "callers; the frames below it, a proportional split of its callees' costs, "
                      "end in ` [est]`; %zu frames below %g%% of the total are left out",
                      s->fl->est_pruned, r->flame_pct);
    return true;
}

void cg_stacks_free(cg_stacks *s)
{
    if (s->fl == &s->collapsed) cg_flame_free(&s->collapsed);
    if (s->fl) cg_flame_free(&s->tree);
    cg_buf_free(&s->note);
    memset(s, 0, sizeof *s);
}

/* ------------------------------------- hints: unreadable files, no debug info */

/* A name's prefix: up to and with the third `/` after the root of an
   absolute name (`/rustc/HASH/library/`) or its directory if shallower,
   the first directory of a relative one (`src/`), nothing for a bare
   name. */
static size_t prefix_len(const char *s, size_t n)
{
    size_t want = s[0] == '/' ? 4 : 1, seen = 0, last = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] != '/') continue;
        if (++seen == want) return i + 1;
        last = i + 1;
    }
    return s[0] == '/' ? last : 0; /* a shallower absolute name: its directory */
}

size_t cg_unreadable_prefixes(const cg_profile *p, const cg_annotation *a, size_t e, cg_count *cost,
                              cg_prefix *out, size_t max)
{
    size_t n = 0, cap = 0;
    cg_prefix *v = NULL;
    *cost = 0;
    for (size_t i = 0; i < a->n; i++) {
        if (a->r[i] != CG_UNREADABLE) continue;
        uint32_t f = a->files[i];
        cg_count c = 0;
        for (uint32_t pi = p->finfo[f].first_pair; pi != CG_NONE; pi = p->pairs[pi].next_in_file)
            c += cg_pair_cc(p, pi)[e];
        *cost += c;
        const cg_str *name = cg_name(&p->files, f);
        size_t k = prefix_len(name->s, name->len);
        if (!k || memchr(name->s, 0, name->len)) continue;
        size_t j = 0;
        while (j < n && !(strlen(v[j].prefix) == k && memcmp(v[j].prefix, name->s, k) == 0)) j++;
        if (j == n) {
            xgrow((void **)&v, &cap, n + 1, sizeof *v);
            v[n].prefix = xmalloc(k + 1);
            memcpy(v[n].prefix, name->s, k);
            v[n].prefix[k] = 0;
            v[n++].cost = 0;
        }
        v[j].cost += c;
    }
    /* Largest first (a few dozen prefixes at most: insertion sort). */
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0 && v[j].cost > v[j - 1].cost; j--) {
            cg_prefix t = v[j];
            v[j] = v[j - 1];
            v[j - 1] = t;
        }
    cg_count total = p->summary_total[e];
    size_t kept = 0;
    for (size_t i = 0; i < n; i++) {
        if (kept < max && total > 0 && v[i].cost * 100 >= total) {
            cg_prefix *x = &out[kept++];
            *x = v[i];
            cg_buf h = {0};
            if (x->prefix[0] != '/')
                cg_buf_printf(&h, "-I DIR (the directory that holds %s)", x->prefix);
            else if (strncmp(x->prefix, "/rustc/", 7) == 0)
                /* Rust's standard library: rustc writes /rustc/COMMIT/library/...,
                   which the rust-src component installs under the sysroot. */
                cg_buf_printf(&h,
                              "--source-map %.*s=$(rustc --print sysroot)/lib/rustlib/src/rust/ "
                              "(with the rust-src component)",
                              (int)(strchr(x->prefix + 7, '/') - x->prefix + 1), x->prefix);
            else
                cg_buf_printf(&h, "--source-map %s=DIR", x->prefix);
            x->hint = h.p;
        } else {
            free(v[i].prefix);
        }
    }
    free(v);
    return kept;
}

void cg_prefixes_free(cg_prefix *v, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        free(v[i].prefix);
        free(v[i].hint);
    }
}

void cg_debuginfo_shares(const cg_profile *p, size_t e, cg_count *no_file, cg_count *no_name)
{
    uint32_t unknown_file = cg_strtab_find(&p->files, "???", 3);
    uint32_t unknown_fn = cg_strtab_find(&p->fns, "???", 3);
    *no_file = *no_name = 0;
    for (size_t i = 0; i < p->n_pairs; i++) {
        const cg_pair *x = &p->pairs[i];
        if (x->fn == unknown_fn && unknown_fn != CG_NONE)
            *no_name += cg_pair_cc(p, (uint32_t)i)[e];
        else if (x->file == unknown_file && unknown_file != CG_NONE)
            *no_file += cg_pair_cc(p, (uint32_t)i)[e];
    }
}
