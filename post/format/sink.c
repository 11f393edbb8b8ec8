/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sink.c: how what the readers read becomes the profile (sink.h), under the
   program's reading rules: entries, line cost centres, parts, calls, and the
   overflow guards that make every later sum safe; the events of each input
   against the first's, and the message when they differ. */
#include "sink.h"
#include "tokens.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

bool cg_sink_fail_at(cg_sink *s, uint64_t line, const char *msg, const char *extra,
                     size_t extra_len)
{
    cg_error_set(s->err, 1, "%s:%" PRIu64 ": %s", s->in->path, line, msg);
    if (extra) cg_buf_add(&s->err->msg, extra, extra_len);
    return false;
}

bool cg_sink_check_counts(cg_sink *s, int status)
{
    if (status == TOK_BAD) return cg_sink_fail(s, "malformed or too many event counts");
    if (status == TOK_BIG) return cg_sink_fail(s, "number does not fit in 64 bits");
    return true;
}

/* The permutation that takes `events` to the profile's order, when both
   name the same events once each, else NULL. */
static size_t *same_set(const cg_profile *p, const cg_text *events, size_t n)
{
    if (n != p->n_events) return NULL;
    size_t *perm = xmalloc(n * sizeof *perm);
    bool *used = xcalloc(n, sizeof *used);
    for (size_t i = 0; i < n && perm; i++) {
        size_t k = 0;
        while (k < n && (used[k] || !cg_text_eq(&p->events[k], &events[i]))) k++;
        if (k == n) {
            free(perm);
            perm = NULL;
        } else {
            used[k] = true;
            perm[i] = k;
        }
    }
    free(used);
    return perm;
}

void cg_sink_reorder(const cg_sink *s, cg_count *v)
{
    if (!s->perm) return;
    for (size_t i = 0; i < s->nev; i++) s->pvals[s->perm[i]] = v[i];
    memcpy(v, s->pvals, s->nev * sizeof *v);
}

/* A line's counts in the profile's order. */
static inline const cg_count *profile_order(cg_sink *s)
{
    if (!s->perm) return s->vals;
    for (size_t i = 0; i < s->nev; i++) s->pvals[s->perm[i]] = s->vals[i];
    return s->pvals;
}

static void events_of(cg_buf *b, const cg_text *events, size_t n)
{
    if (!n) cg_buf_adds(b, " no events");
    for (size_t i = 0; i < n; i++) {
        cg_buf_addc(b, ' ');
        cg_buf_add(b, events[i].s, events[i].len);
    }
}

void cg_events_mismatch(cg_buf *b, const cg_profile *p, const cg_input *in)
{
    cg_buf_printf(b, "events in data files don't match: %s has", p->inputs[0].path);
    events_of(b, p->inputs[0].events, p->inputs[0].n_events);
    cg_buf_printf(b, ", %s has", in->path);
    events_of(b, in->events, in->n_events);
}

bool cg_sink_events(cg_sink *s, cg_text *events, size_t n)
{
    cg_input *in = s->in;
    const cg_read_opts *o = s->o;
    in->events = events;
    in->n_events = n;
    if (o->on_events && !o->on_events(o->ctx, events, n, s->err)) return false;
    cg_profile *p = s->p;
    if (p->n_events == 0) {
        cg_profile_set_events(p, events, n);
    } else {
        bool same = p->n_events == n;
        for (size_t i = 0; same && i < n; i++) same = cg_text_eq(&p->events[i], &events[i]);
        /* Callgrind orders the cache events its own way: a profile of either
           format matches one of the other with the same events in any order
           (two Cachegrind files must agree exactly, as upstream has it). */
        if (!same && (in->format == CG_FMT_CALLGRIND || p->inputs[0].format == CG_FMT_CALLGRIND) &&
            (s->perm = same_set(p, events, n))) {
            same = true;
            s->pvals = xcalloc(n, sizeof(cg_count));
        }
        if (!same) {
            if (o->stop_on_mismatch) {
                cg_buf b = {0};
                cg_events_mismatch(&b, p, in);
                cg_error_bytes(s->err, 1, b.p, b.len);
                free(b.p);
                return false;
            }
            in->events_mismatch = s->mismatch = true;
        }
    }
    s->nev = n;
    s->accumulate = !s->mismatch;
    s->vals = xcalloc(n + 1, sizeof(cg_count));
    s->total = xcalloc(n + 1, sizeof(cg_count));
    return true;
}

/* Whether --part picks this part: by number, or by its trigger, whole or
   after `Client Request: ` (a dump a program asked for, named by it). */
static bool picked(const cg_read_opts *o, int64_t number, const cg_text *trigger)
{
    static const char req[] = "Client Request: ";
    size_t k = sizeof req - 1;
    if (o->part_name)
        return cg_text_is(trigger, o->part_name) ||
               (trigger->len >= k && memcmp(trigger->s, req, k) == 0 &&
                trigger->len - k == strlen(o->part_name) &&
                memcmp(trigger->s + k, o->part_name, trigger->len - k) == 0);
    return o->part_number <= 0 || o->part_number == number;
}

void cg_sink_part(cg_sink *s, int64_t number, int64_t thread, const cg_text *trigger)
{
    cg_profile *p = s->p;
    xgrow((void **)&p->parts, &p->cap_parts, p->n_parts + 1, sizeof *p->parts);
    uint32_t i = (uint32_t)p->n_parts++;
    cg_part *pt = &p->parts[i];
    *pt = (cg_part){.input = (uint32_t)(s->in - p->inputs),
                    .number = number,
                    .thread = thread,
                    .trigger = cg_text_copy(trigger->s, trigger->len),
                    .total = xcalloc(s->nev + 1, sizeof(cg_count)),
                    .picked = picked(s->o, number, trigger)};
    if (s->in->n_parts == 0) s->in->first_part = i;
    s->in->n_parts++;
    s->part = i;
    s->part_total = pt->total;
    s->accumulate = !s->mismatch && pt->picked;
    s->pair = CG_NONE;
}

/* The id of a name rewritten by --mod-filename/--mod-funcname, or CG_NONE
   with the error set. */
static uint32_t mapped(cg_sink *s, uint32_t id, const char *opt, const char *err)
{
    if (id != CG_NONE) return id;
    cg_buf b = {0};
    cg_buf_printf(&b, "%s: %s", opt, err);
    cg_sink_fail(s, b.p);
    cg_buf_free(&b);
    return CG_NONE;
}

uint32_t cg_sink_file_name(cg_sink *s, const char *name, size_t len)
{
    cg_profile *p = s->p;
    const char *err = "";
    uint32_t raw;
    uint32_t id = cg_map_file(p, name, len, &raw, &err);
    id = mapped(s, id, "--mod-filename", err);
    if (id != CG_NONE && raw != CG_NONE && p->rules->lines == CG_LINES_BY_FILE) {
        /* Remember which original names feed each modified name: the
           annotated listing reads the originals. */
        cg_profile_touch_file(p, id);
        cg_fileinfo *f = cg_finfo(p, id);
        xgrow((void **)&f->orig, &f->cap_orig, f->n_orig + 1, sizeof *f->orig);
        f->orig[f->n_orig++] = raw;
    }
    return id;
}

uint32_t cg_sink_fn_name(cg_sink *s, const char *name, size_t len)
{
    const char *err = "";
    uint32_t id = cg_map_fn(s->p, name, len, &err);
    return mapped(s, id, "--mod-funcname", err);
}

uint32_t cg_sink_obj_name(cg_sink *s, const char *name, size_t len)
{
    return cg_intern(&s->p->objs, name, len);
}

/* Whether the file owns line cost centres (cg_profile.keep_lines), asked
   once per file. */
static inline bool keeps_lines(cg_profile *p, uint32_t file)
{
    if (!p->keep_lines) return true;
    cg_fileinfo *f = &p->finfo[file];
    if (!f->lines) f->lines = p->keep_lines(p->keep_lines_ctx, cg_name(&p->files, file)) ? 1 : 2;
    return f->lines == 1;
}

/* The side of a --diff this file is read on: the old one is subtracted. */
static inline enum cg_side side_of(const cg_sink *s)
{
    return s->o->sign < 0 ? CG_SIDE_OLD : CG_SIDE_NEW;
}

bool cg_sink_cost(cg_sink *s, int64_t line)
{
    cg_profile *p = s->p;
    size_t nev = s->nev;
    const cg_count *v = s->vals;
    for (size_t e = 0; e < nev; e++)
        if (__builtin_add_overflow(s->total[e], v[e], &s->total[e]))
            return cg_sink_fail(s, "counts too large for 64 bits");
    if (s->part_total)
        for (size_t e = 0; e < nev; e++)
            if (__builtin_add_overflow(s->part_total[e], v[e], &s->part_total[e]))
                return cg_sink_fail(s, "counts too large for 64 bits");
    if (!s->accumulate) return true;
    v = profile_order(s);
    if (!cg_mag_add(p->count_mag, v, nev)) return cg_sink_fail(s, "counts too large for 64 bits");

    int sign = s->o->sign;
    const cg_rules *r = p->rules;
    if (s->pair == CG_NONE && s->at.file != CG_NONE) s->pair = cg_pair_get(p, &s->at);
    if (s->pair != CG_NONE) {
        p->pairs[s->pair].counted = true;
        cg_cc_add(cg_pair_cc(p, s->pair), v, nev, sign);
        if (p->keep_sides) {
            p->pairs[s->pair].sides |= 1u << side_of(s);
            if (sign < 0) cg_cc_add(p->pair_old_cc + (size_t)s->pair * nev, v, nev, 1);
        }
    }
    if (r->lines == CG_LINES_BY_FILE) {
        if (s->pair != CG_NONE && !s->at.orphan && keeps_lines(p, s->at.file)) {
            cg_line_add(p, cg_line_get(p, s->at.file, line), v, sign);
            cg_pair *pr = &p->pairs[s->pair];
            if (line > 0 && line < pr->min_line) pr->min_line = line;
            if (line > pr->max_line) pr->max_line = line;
        }
    } else if (r->lines == CG_LINES_BY_ENTRY && s->pair != CG_NONE) {
        cg_line_add(p, cg_line_get(p, s->pair, line), v, sign);
    }
    return true;
}

bool cg_sink_inline(cg_sink *s, uint32_t obj, uint64_t addr, uint32_t file, uint32_t fn,
                    int64_t line, uint32_t inner)
{
    cg_profile *p = s->p;
    if (!s->inl_total) s->inl_total = xcalloc(s->nev + 1, sizeof(cg_count));
    for (size_t e = 0; e < s->nev; e++)
        if (__builtin_add_overflow(s->inl_total[e], s->vals[e], &s->inl_total[e]))
            return cg_sink_fail(s, "counts too large for 64 bits");
    if (!s->accumulate) return true;
    const cg_count *v = profile_order(s);
    cg_inls_add(&p->inls,
                cg_inls_get(&p->inls, obj, addr, file, fn, line, (uint8_t)side_of(s), inner), v, 1);
    return true;
}

bool cg_sink_inline_call(cg_sink *s, const cg_inl_call *key, cg_count count)
{
    cg_profile *p = s->p;
    if (!s->accumulate) return true;
    const cg_count *v = profile_order(s);
    cg_count c = count;
    /* As cg_sink_call guards a call's count and costs. */
    if (!cg_mag_add(&p->calls_mag, &c, 1) || !cg_mag_add(p->count_mag, v, s->nev))
        return cg_sink_fail(s, "counts too large for 64 bits");
    cg_inl_call k = *key;
    k.side = (uint8_t)side_of(s);
    cg_inls_call_add(&p->inls, cg_inls_call_get(&p->inls, &k), count, v, 1);
    return true;
}

bool cg_sink_inline_check(cg_sink *s, uint64_t line)
{
    for (size_t e = 0; s->inl_total && e < s->nev; e++)
        if (s->inl_total[e] > s->total[e])
            return cg_sink_fail_at(s, line,
                                   "the `#i` lines of inlined code cost more than the file's "
                                   "self costs",
                                   0, 0);
    return true;
}

bool cg_sink_call(cg_sink *s, int64_t site, uint32_t obj, uint32_t file, uint32_t fn,
                  int64_t target, cg_count count)
{
    cg_profile *p = s->p;
    if (!s->accumulate || s->at.file == CG_NONE) return true;
    /* Call counts in a guard of their own; their inclusive costs in the
       self costs' (count_mag): a function nobody calls costs its self cost
       and its calls, so every sum of both must fit. */
    cg_count c = count;
    const cg_count *v = profile_order(s);
    if (!cg_mag_add(&p->calls_mag, &c, 1) || !cg_mag_add(p->count_mag, v, s->nev))
        return cg_sink_fail(s, "counts too large for 64 bits");
    if (s->pair == CG_NONE) s->pair = cg_pair_get(p, &s->at);
    if (obj == CG_NONE) obj = p->obj_empty; /* as cg_sink_at */
    /* A call's lines matter only where it is written back with them: a
       report needs who calls whom, so its calls from one entry to one
       function are one, whatever their lines (a third of a Callgrind
       profile's calls, and of their memory). */
    if (p->rules->lines != CG_LINES_BY_ENTRY) site = target = 0;
    if (p->skip_arcs) return true;
    uint32_t a = cg_arc_get(p, s->pair, site, obj, file, fn);
    cg_arc *arc = &p->arcs[a];
    if (arc->count == 0 && arc->target == 0) arc->target = target;
    arc->count += s->o->sign * count;
    cg_arc_add(p, a, v, s->o->sign);
    if (p->keep_sides) {
        /* The caller is on this side even when the file gave it calls but
           no cost of its own. */
        p->pairs[s->pair].sides |= 1u << side_of(s);
        arc->sides |= 1u << side_of(s);
        if (s->o->sign < 0) {
            cg_count *old = p->arc_old + (size_t)a * (s->nev + 1);
            cg_cc_add(old, v, s->nev, 1);
            old[s->nev] += count;
        }
    }
    return true;
}

uint32_t cg_sink_path(cg_sink *s, uint32_t parent, uint32_t file, uint32_t fn, cg_count calls,
                      bool *ok)
{
    cg_profile *p = s->p;
    *ok = true;
    if (!s->accumulate) return CG_NONE;
    const cg_count *v = profile_order(s);
    /* A path costs no more than its parent has left (the reader checks),
       so one guard over the roots bounds every sum of paths the reports
       form. */
    if (parent == CG_NONE && !cg_mag_add(p->path_mag, v, s->nev)) {
        *ok = cg_sink_fail(s, "counts too large for 64 bits");
        return CG_NONE;
    }
    /* Merged with the paths of the same steps already read. */
    bool old = s->o->sign < 0;
    uint32_t i = cg_path_get(p, parent, file, fn, old);
    if (old) {
        cg_count *o = cg_path_old(p, i);
        cg_cc_add(o, v, s->nev, 1);
        o[s->nev] += calls;
    } else {
        cg_cc_add(cg_path_cc(p, i), v, s->nev, 1);
        p->paths[i].calls += calls;
    }
    return i;
}

bool cg_sink_summary(cg_sink *s, uint64_t line)
{
    cg_profile *p = s->p;
    const cg_count *v = profile_order(s);
    if (!cg_mag_add(p->summary_mag, v, s->nev))
        return cg_sink_fail_at(s, line, "counts too large for 64 bits", 0, 0);
    cg_cc_add(p->summary_total, v, s->nev, s->o->sign);
    return true;
}
