/* SPDX-License-Identifier: GPL-2.0-or-later */
/* writer.c: output in the Cachegrind format, as cg_merge and cg_diff write
   it: plain decimal counts, every count written, no legacy forms. */
#include "format.h"
#include "profile.h"
#include "util.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static const char digit_pairs[] =
    "00010203040506070809101112131415161718192021222324252627282930313233"
    "34353637383940414243444546474849505152535455565758596061626364656667"
    "6869707172737475767778798081828384858687888990919293949596979899";

/* Decimal digits of v ending at `end`; returns the start.  Two digits per
   division: cg_merge writes a number for every event of every line. */
static char *put_i64(char *end, int64_t v)
{
    uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
    while (u >= 100) {
        unsigned r = (unsigned)(u % 100);
        u /= 100;
        end -= 2;
        memcpy(end, digit_pairs + 2 * r, 2);
    }
    if (u >= 10) {
        end -= 2;
        memcpy(end, digit_pairs + 2 * u, 2);
    } else {
        *--end = (char)('0' + u);
    }
    if (v < 0) *--end = '-';
    return end;
}

static void write_str(FILE *out, const char *prefix, const char *s, size_t n)
{
    fputs(prefix, out);
    fwrite(s, 1, n, out);
    fputc('\n', out);
}

void cg_write_events(FILE *out, const cg_text *events, size_t n_events)
{
    for (size_t i = 0; i < n_events; i++) {
        fputc(' ', out);
        fwrite(events[i].s, 1, events[i].len, out);
    }
}

void cg_write_header(FILE *out, const cg_text *desc, size_t n_desc, const cg_text *cmd,
                     const cg_text *events, size_t n_events)
{
    for (size_t i = 0; i < n_desc; i++) write_str(out, "desc: ", desc[i].s, desc[i].len);
    write_str(out, "cmd: ", cmd->s, cmd->len);
    fputs("events:", out);
    cg_write_events(out, events, n_events);
    fputc('\n', out);
}

/* A count line `LINE C1 ... CN`; written through one buffer per line. */
static void write_line(FILE *out, int64_t line, const cg_count *cc, size_t n)
{
    char stack[512];
    size_t need = 21 * (n + 1) + 2;
    char *buf = need <= sizeof stack ? stack : xmalloc(need);
    char *w = buf;
    char num[24], *s;
    s = put_i64(num + sizeof num, line);
    memcpy(w, s, (size_t)(num + sizeof num - s));
    w += num + sizeof num - s;
    for (size_t i = 0; i < n; i++) {
        *w++ = ' ';
        s = put_i64(num + sizeof num, cc[i]);
        memcpy(w, s, (size_t)(num + sizeof num - s));
        w += num + sizeof num - s;
    }
    *w++ = '\n';
    fwrite(buf, 1, (size_t)(w - buf), out);
    if (buf != stack) free(buf);
}

void cg_write_counts(FILE *out, const cg_count *cc, size_t n)
{
    char num[24];
    for (size_t i = 0; i < n; i++) {
        char *s = put_i64(num + sizeof num, cc[i]);
        fputc(' ', out);
        fwrite(s, 1, (size_t)(num + sizeof num - s), out);
    }
}

void cg_write_summary(FILE *out, const cg_count *cc, size_t n)
{
    fputs("summary:", out);
    cg_write_counts(out, cc, n);
    fputc('\n', out);
}

void cg_write_lines(FILE *out, const cg_profile *p)
{
    cg_count *buf = xmalloc((p->n_events + 1) * sizeof *buf);
    for (uint32_t f = p->first_file; f != CG_NONE; f = p->finfo[f].next_file) {
        const cg_str *fs = cg_name(&p->files, f);
        bool named = false;
        for (uint32_t pi = p->finfo[f].first_pair; pi != CG_NONE; pi = p->pairs[pi].next_in_file) {
            /* An entry that only a call graph made (a caller) has no line. */
            if (!p->pairs[pi].counted || p->pairs[pi].first_line == CG_NONE) continue;
            if (!named) write_str(out, "fl=", fs->s, fs->len);
            named = true;
            const cg_str *fn = cg_name(&p->fns, p->pairs[pi].fn);
            write_str(out, "fn=", fn->s, fn->len);
            for (uint32_t li = p->pairs[pi].first_line; li != CG_NONE; li = cg_line_next(p, li))
                write_line(out, p->lines[li].line, cg_line_cc(p, li, buf), p->n_events);
        }
    }
    free(buf);
}

/* By file name, then function name: qsort_r hands the profile in, so that
   no sort state outlives the call. */
static int pair_order(const void *a, const void *b, void *prof)
{
    const cg_profile *p = prof;
    const cg_pair *x = &p->pairs[*(const uint32_t *)a];
    const cg_pair *y = &p->pairs[*(const uint32_t *)b];
    int c = cg_strcmp(cg_name(&p->files, x->file), cg_name(&p->files, y->file));
    if (c) return c;
    return cg_strcmp(cg_name(&p->fns, x->fn), cg_name(&p->fns, y->fn));
}

void cg_write_pairs(FILE *out, const cg_profile *p)
{
    uint32_t *order = xmalloc((p->n_pairs + 1) * sizeof *order);
    size_t n = 0;
    /* Only what had a count line: not the callers a call graph named. */
    for (uint32_t i = 0; i < p->n_pairs; i++)
        if (p->pairs[i].counted) order[n++] = i;
    qsort_r(order, n, sizeof *order, pair_order, (void *)p);
    for (size_t i = 0; i < n; i++) {
        const cg_pair *pr = &p->pairs[order[i]];
        const cg_str *fs = cg_name(&p->files, pr->file), *fn = cg_name(&p->fns, pr->fn);
        write_str(out, "fl=", fs->s, fs->len);
        write_str(out, "fn=", fn->s, fn->len);
        write_line(out, 0, cg_pair_cc(p, order[i]), p->n_events);
    }
    free(order);
}

void cg_write_finish(FILE *out, const char *what)
{
    if (fflush(out) != 0 || ferror(out)) {
        int err = errno ? errno : EIO;
        cg_die_errno(err, what);
    }
}

/* Instructions in the order the tool writes them: by object name, then
   address, then the flat line they are part of. */
static int inl_order(const void *a, const void *b, void *prof)
{
    const cg_profile *p = prof;
    const cg_inl *x = &p->inls.v[*(const uint32_t *)a], *y = &p->inls.v[*(const uint32_t *)b];
    if (x->obj != y->obj && (x->obj == CG_NONE || y->obj == CG_NONE))
        return x->obj == CG_NONE ? 1 : -1;
    if (x->obj != y->obj) {
        const cg_str *m = cg_name(&p->objs, x->obj), *n = cg_name(&p->objs, y->obj);
        int c = memcmp(m->s, n->s, m->len < n->len ? m->len : n->len);
        if (c || m->len != n->len) return c ? c : m->len < n->len ? -1 : 1;
    }
    if (x->addr != y->addr) return x->addr < y->addr ? -1 : 1;
    if (x->file != y->file) return x->file < y->file ? -1 : 1;
    if (x->fn != y->fn) return x->fn < y->fn ? -1 : 1;
    return x->line < y->line ? -1 : x->line > y->line;
}

static int call_order(const void *a, const void *b, void *prof)
{
    const cg_profile *p = prof;
    const cg_inl_call *x = &p->inls.calls[*(const uint32_t *)a];
    const cg_inl_call *y = &p->inls.calls[*(const uint32_t *)b];
    if (x->obj != y->obj) {
        const cg_str *m = cg_name(&p->objs, x->obj), *n = cg_name(&p->objs, y->obj);
        int c = memcmp(m->s, n->s, m->len < n->len ? m->len : n->len);
        if (c || m->len != n->len) return c ? c : m->len < n->len ? -1 : 1;
    }
    if (x->addr != y->addr) return x->addr < y->addr ? -1 : 1;
    const uint32_t kx[] = {x->file, x->fn, x->cobj, x->cfile, x->cfn};
    const uint32_t ky[] = {y->file, y->fn, y->cobj, y->cfile, y->cfn};
    for (size_t i = 0; i < 5; i++)
        if (kx[i] != ky[i]) return kx[i] < ky[i] ? -1 : 1;
    return 0;
}

static void write_context(FILE *out, const char *key, const cg_strtab *t, uint32_t id,
                          uint32_t *last)
{
    if (*last == id) return;
    const cg_str *s = cg_name(t, id);
    write_str(out, key, s->s, s->len);
    *last = id;
}

void cg_write_inline(FILE *out, const cg_profile *p)
{
    const cg_inls *s = &p->inls;
    uint32_t *order = xmalloc((s->n ? s->n : 1) * sizeof *order);
    for (size_t i = 0; i < s->n; i++) order[i] = (uint32_t)i;
    qsort_r(order, s->n, sizeof *order, inl_order, (void *)p);
    fputs("# inline frames: Cachegrind, rebuilt; the `#i` lines up to the first fl= are the "
          "costs by instruction (docs/format.md)\n",
          out);
    uint32_t obj = CG_NONE, file = CG_NONE, fn = CG_NONE;
    size_t nev = p->n_events, written = 0;
    cg_count *buf = xmalloc((nev + 1) * sizeof *buf);
    for (size_t k = 0; k < s->n; k++) {
        const cg_inl *e = &s->v[order[k]];
        /* A Callgrind file's cfni= lines are not instructions. */
        if (e->inner != CG_NONE) continue;
        const cg_count *cc = cg_inls_cc(s, order[k], buf);
        bool any = false;
        for (size_t i = 0; i < nev; i++) any |= cc[i] != 0;
        if (!any) continue;
        write_context(out, "#iob=", &p->objs, e->obj, &obj);
        write_context(out, "#ifl=", &p->files, e->file, &file);
        write_context(out, "#ifn=", &p->fns, e->fn, &fn);
        fprintf(out, "#i 0x%" PRIx64 " ", e->addr);
        write_line(out, e->line, cc, nev);
        written++;
    }
    /* The calls from inlined code, by object and address too. */
    uint32_t *calls = xmalloc((s->n_calls ? s->n_calls : 1) * sizeof *calls);
    for (size_t i = 0; i < s->n_calls; i++) calls[i] = (uint32_t)i;
    qsort_r(calls, s->n_calls, sizeof *calls, call_order, (void *)p);
    uint32_t cobj = CG_NONE, cfile = CG_NONE, cfn = CG_NONE;
    for (size_t k = 0; k < s->n_calls; k++) {
        const cg_inl_call *e = &s->calls[calls[k]];
        const cg_count *cc = cg_inls_call_cc(s, calls[k], buf);
        if (e->count == 0 && cg_cc_zero(cc, nev)) continue;
        write_context(out, "#iob=", &p->objs, e->obj, &obj);
        write_context(out, "#ifl=", &p->files, e->file, &file);
        write_context(out, "#ifn=", &p->fns, e->fn, &fn);
        write_context(out, "#icob=", &p->objs, e->cobj, &cobj);
        write_context(out, "#icfl=", &p->files, e->cfile, &cfile);
        write_context(out, "#icfn=", &p->fns, e->cfn, &cfn);
        fprintf(out, "#ic 0x%" PRIx64 " ", e->addr);
        write_line(out, e->count, cc, nev);
    }
    free(calls);
    if (written == 0)
        fputs("# inline frames: none found (no input has code with debug info that ran)\n", out);
    free(buf);
    free(order);
}
