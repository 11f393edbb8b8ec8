/* SPDX-License-Identifier: GPL-2.0-or-later */
/* profile.c: storage of the in-memory profile: the entry, call, path and line tables,
   their cost-centre arrays, the per-file bookkeeping and name mapping. */
#include "profile.h"
#include "hashtab.h"
#include "util.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

const cg_rules cg_rules_annotate = {CG_ENTRIES_BY_NAME, CG_LINES_BY_FILE, CG_SUMMARY_AT_LINE};
const cg_rules cg_rules_merge = {CG_ENTRIES_BY_COUNT, CG_LINES_BY_ENTRY, CG_SUMMARY_SUMMED};
const cg_rules cg_rules_diff = {CG_ENTRIES_BY_COUNT, CG_LINES_NONE, CG_SUMMARY_LAST_AT_END};

void cg_profile_init(cg_profile *p, const cg_rules *rules)
{
    memset(p, 0, sizeof *p);
    p->rules = rules;
    cg_strtab_init(&p->files);
    cg_strtab_init(&p->fns);
    cg_strtab_init(&p->objs);
    cg_itab_init(&p->pair_tab);
    cg_itab_init_full(&p->line_tab);
    cg_itab_init_full(&p->arc_tab);
    cg_itab_init(&p->path_tab);
    p->first_file = p->last_file = CG_NONE;
    p->file_empty = cg_intern(&p->files, "", 0);
    p->fn_empty = cg_intern(&p->fns, "", 0);
    p->fn_unspecified = cg_intern(&p->fns, "<unspecified>", 13);
    p->fn_unknown = cg_intern(&p->fns, "???", 3);
    p->file_unknown = cg_intern(&p->files, "???", 3);
    p->obj_empty = cg_intern(&p->objs, "", 0);
}

bool cg_profile_has_format(const cg_profile *p, cg_file_format f)
{
    for (size_t i = 0; i < p->n_inputs; i++)
        if (p->inputs[i].format == f) return true;
    return false;
}

bool cg_profile_has_graph(const cg_profile *p, bool all)
{
    for (size_t i = 0; i < p->n_inputs; i++)
        if (p->inputs[i].has_graph != all) return !all;
    return all && p->n_inputs > 0;
}

static void free_texts(cg_text *t, size_t n)
{
    for (size_t i = 0; i < n; i++) free(t[i].s);
    free(t);
}

void cg_profile_free(cg_profile *p)
{
    /* p->events is one of the inputs' lists. */
    for (size_t i = 0; i < p->n_inputs; i++) {
        cg_input *in = &p->inputs[i];
        free_texts(in->desc, in->n_desc);
        free(in->cmd.s);
        free_texts(in->events, in->n_events);
        free(in->total);
        free(in->creator.s);
        free(in->claimed);
        if (in->long_names) free_texts(in->long_names, in->n_events);
    }
    free(p->inputs);
    for (size_t i = 0; i < p->n_parts; i++) {
        free(p->parts[i].trigger.s);
        free(p->parts[i].total);
        free(p->parts[i].summary);
    }
    free(p->parts);
    free(p->arcs);
    cg_ccs_free(&p->arc_ccs);
    free(p->arc_cc);
    free(p->arc_old);
    cg_itab_free(&p->arc_tab);
    free(p->paths);
    free(p->path_cc);
    free(p->path_old);
    cg_itab_free(&p->path_tab);
    free(p->path_mag);
    cg_strtab_free(&p->files);
    cg_strtab_free(&p->fns);
    cg_strtab_free(&p->objs);
    free(p->pairs);
    free(p->pair_cc);
    free(p->pair_old_cc);
    cg_itab_free(&p->pair_tab);
    big_free(p->lines, p->cap_lines, sizeof *p->lines);
    cg_ccs_free(&p->line_ccs);
    free(p->line_next);
    free(p->file_lines);
    cg_itab_free(&p->line_tab);
    for (size_t i = 0; i < p->cap_finfo; i++) free(p->finfo[i].orig);
    free(p->finfo);
    cg_inls_free(&p->inls);
    free(p->summary_total);
    free(p->count_mag);
    free(p->summary_mag);
    free(p->file_map);
    free(p->fn_map);
    cg_buf_free(&p->mapped);
    memset(p, 0, sizeof *p);
}

void cg_profile_set_events(cg_profile *p, cg_text *events, size_t n)
{
    p->events = events;
    p->n_events = n;
    p->summary_total = xcalloc(n, sizeof(cg_count));
    p->count_mag = xcalloc(n, sizeof(uint64_t));
    p->summary_mag = xcalloc(n, sizeof(uint64_t));
    p->path_mag = xcalloc(n, sizeof(uint64_t));
    cg_ccs_init(&p->line_ccs, n);
    cg_ccs_init(&p->arc_ccs, n);
    cg_inls_init(&p->inls, n);
}

/* A side's costs from the sum and the old side's (the sum is new - old). */
static const cg_count *side_cc(const cg_count *sum, const cg_count *old, enum cg_side side,
                               size_t nev, cg_count *buf)
{
    if (side == CG_SIDE_OLD) return old;
    for (size_t e = 0; e < nev; e++) buf[e] = sum[e] + old[e];
    return buf;
}

const cg_count *cg_pair_side_cc(const cg_profile *p, uint32_t i, enum cg_side side, cg_count *buf)
{
    if (side == CG_SIDE_SUM) return cg_pair_cc(p, i);
    assert(p->pair_old_cc);
    size_t nev = p->n_events;
    return side_cc(cg_pair_cc(p, i), p->pair_old_cc + (size_t)i * nev, side, nev, buf);
}

const cg_count *cg_arc_side_cc(const cg_profile *p, uint32_t i, enum cg_side side, cg_count *buf)
{
    const cg_count *sum = cg_arc_cc(p, i, buf);
    if (side == CG_SIDE_SUM) return sum;
    assert(p->arc_old);
    size_t nev = p->n_events;
    return side_cc(sum, p->arc_old + (size_t)i * (nev + 1), side, nev, buf);
}

cg_count cg_arc_side_count(const cg_profile *p, uint32_t i, enum cg_side side)
{
    if (side == CG_SIDE_SUM) return p->arcs[i].count;
    assert(p->arc_old);
    cg_count old = p->arc_old[(size_t)i * (p->n_events + 1) + p->n_events];
    return side == CG_SIDE_OLD ? old : p->arcs[i].count + old;
}

bool cg_profile_has_paths(const cg_profile *p)
{
    for (size_t i = 0; i < p->n_inputs; i++)
        if (!p->inputs[i].has_paths) return false;
    return p->n_inputs > 0;
}

bool cg_mag_add(uint64_t *mag, const cg_count *v, size_t n)
{
    bool ok = true;
    for (size_t i = 0; i < n; i++) {
        /* Both terms are below 2^63 + 1, so the uint64 sum cannot wrap. */
        uint64_t a = v[i] < 0 ? 0 - (uint64_t)v[i] : (uint64_t)v[i];
        mag[i] += a;
        ok &= mag[i] <= (uint64_t)INT64_MAX;
    }
    return ok;
}

void cg_profile_touch_file(cg_profile *p, uint32_t file)
{
    size_t old = p->cap_finfo;
    if (file < old) return;
    xgrow((void **)&p->finfo, &p->cap_finfo, (size_t)file + 1, sizeof *p->finfo);
    memset(p->finfo + old, 0, (p->cap_finfo - old) * sizeof *p->finfo);
    for (size_t i = old; i < p->cap_finfo; i++)
        p->finfo[i].first_pair = p->finfo[i].last_pair = p->finfo[i].next_file = CG_NONE;
}

static inline uint64_t mix64(uint64_t h)
{
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ull;
    return h ^ (h >> 33);
}

static inline uint64_t pair_hash(const cg_pair_key *k)
{
    uint64_t h = mix64(((uint64_t)k->file << 32 | k->fn) ^ ((uint64_t)k->orphan << 63));
    if (k->obj != CG_NONE || k->home != CG_NONE) h = mix64(h ^ ((uint64_t)k->obj << 32 | k->home));
    return h;
}

static inline bool pair_is(const cg_pair *e, const cg_pair_key *k)
{
    return e->file == k->file && e->fn == k->fn && e->orphan == k->orphan && e->obj == k->obj &&
           e->home == k->home;
}

static uint64_t pair_hash_of(const void *ctx, uint32_t i)
{
    const cg_profile *p = ctx;
    const cg_pair *e = &p->pairs[i];
    cg_pair_key k = {e->file, e->fn, e->orphan, e->obj, e->home};
    return pair_hash(&k);
}

/* The entry of key k, or CG_NONE with *slot the empty slot its probe
   ended on (where a new entry of k goes). */
static uint32_t pair_probe(const cg_profile *p, const cg_pair_key *k, size_t *slot)
{
    for (size_t j = cg_itab_start(&p->pair_tab, pair_hash(k));; j = cg_itab_next(&p->pair_tab, j)) {
        uint32_t v = p->pair_tab.slots[j];
        if (!v) {
            *slot = j;
            return CG_NONE;
        }
        if (pair_is(&p->pairs[v - 1], k)) return v - 1;
    }
}

uint32_t cg_pair_find(const cg_profile *p, const cg_pair_key *k)
{
    size_t slot;
    return pair_probe(p, k, &slot);
}

/* A new entry of key k: no counts, calls, lines or file order yet. */
static cg_pair fresh_pair(const cg_pair_key *k)
{
    return (cg_pair){.file = k->file,
                     .fn = k->fn,
                     .orphan = k->orphan,
                     .obj = k->obj,
                     .home = k->home,
                     .first_arc = CG_NONE,
                     .last_arc = CG_NONE,
                     .next_in_file = CG_NONE,
                     .first_line = CG_NONE,
                     .last_line = CG_NONE,
                     .min_line = INT64_MAX,
                     .max_line = 0};
}

/* Keeps the first-appearance order of files and of pairs within a file:
   pair i, the newest, goes last in its file's list. */
static void link_pair(cg_profile *p, uint32_t i)
{
    const cg_pair *e = &p->pairs[i];
    if (e->orphan) return;
    cg_profile_touch_file(p, e->file);
    cg_fileinfo *f = &p->finfo[e->file];
    if (f->first_pair == CG_NONE) {
        f->first_pair = i;
        if (p->last_file == CG_NONE)
            p->first_file = e->file;
        else
            p->finfo[p->last_file].next_file = e->file;
        p->last_file = e->file;
    } else {
        p->pairs[f->last_pair].next_in_file = i;
    }
    f->last_pair = i;
}

uint32_t cg_pair_get(cg_profile *p, const cg_pair_key *k)
{
    size_t j;
    uint32_t found = pair_probe(p, k, &j);
    if (found != CG_NONE) return found;
    if (p->n_pairs >= CG_NONE - 1) cg_die("too many (file, function) pairs");
    uint32_t i = (uint32_t)p->n_pairs;
    xgrow((void **)&p->pairs, &p->cap_pairs, p->n_pairs + 1, sizeof *p->pairs);
    xgrow((void **)&p->pair_cc, &p->cap_pair_cc, (p->n_pairs + 1) * p->n_events, sizeof(cg_count));
    memset(cg_pair_cc(p, i), 0, p->n_events * sizeof(cg_count));
    if (p->keep_sides) {
        xgrow((void **)&p->pair_old_cc, &p->cap_pair_old_cc, (p->n_pairs + 1) * p->n_events,
              sizeof(cg_count));
        memset(p->pair_old_cc + (size_t)i * p->n_events, 0, p->n_events * sizeof(cg_count));
    }
    p->pairs[i] = fresh_pair(k);
    p->pair_tab.slots[j] = i + 1;
    p->n_pairs++;
    cg_itab_added(&p->pair_tab, p->n_pairs, pair_hash_of, p);
    link_pair(p, i);
    return i;
}

static inline uint64_t arc_hash(uint32_t caller, int64_t site, uint32_t obj, uint32_t file,
                                uint32_t fn)
{
    uint64_t h = mix64((uint64_t)caller << 32 | fn);
    h = mix64(h ^ ((uint64_t)obj << 32 | file));
    return mix64(h ^ (uint64_t)site);
}

static uint64_t arc_hash_of(const void *ctx, uint32_t i)
{
    const cg_profile *p = ctx;
    const cg_arc *a = &p->arcs[i];
    return arc_hash(a->caller, a->site, a->obj, a->file, a->fn);
}

uint32_t cg_arc_get(cg_profile *p, uint32_t caller, int64_t site, uint32_t obj, uint32_t file,
                    uint32_t fn)
{
    size_t j = cg_itab_start(&p->arc_tab, arc_hash(caller, site, obj, file, fn));
    for (;; j = cg_itab_next(&p->arc_tab, j)) {
        uint32_t v = p->arc_tab.slots[j];
        if (!v) break;
        const cg_arc *a = &p->arcs[v - 1];
        if (a->caller == caller && a->site == site && a->fn == fn && a->file == file &&
            a->obj == obj)
            return v - 1;
    }
    if (p->n_arcs >= CG_NONE - 1) cg_die("too many call arcs");
    uint32_t i = (uint32_t)p->n_arcs;
    xgrow((void **)&p->arcs, &p->cap_arcs, p->n_arcs + 1, sizeof *p->arcs);
    xgrow((void **)&p->arc_cc, &p->cap_arc_cc, p->n_arcs + 1, sizeof *p->arc_cc);
    p->arc_cc[i] = 0;
    if (p->keep_sides) {
        size_t w = p->n_events + 1;
        xgrow((void **)&p->arc_old, &p->cap_arc_old, (p->n_arcs + 1) * w, sizeof(cg_count));
        memset(p->arc_old + (size_t)i * w, 0, w * sizeof(cg_count));
    }
    p->arcs[i] = (cg_arc){caller, obj, file, fn, site, 0, 0, CG_NONE, 0};
    p->arc_tab.slots[j] = i + 1;
    p->n_arcs++;
    cg_itab_added(&p->arc_tab, p->n_arcs, arc_hash_of, p);
    cg_pair *c = &p->pairs[caller];
    if (c->first_arc == CG_NONE)
        c->first_arc = i;
    else
        p->arcs[c->last_arc].next = i;
    c->last_arc = i;
    return i;
}

static inline uint64_t path_hash(uint32_t parent, uint32_t file, uint32_t fn)
{
    return mix64(mix64((uint64_t)parent << 32 | fn) ^ file);
}

static uint64_t path_hash_of(const void *ctx, uint32_t i)
{
    const cg_profile *p = ctx;
    const cg_path *x = &p->paths[i];
    return path_hash(x->parent, x->file, x->fn);
}

/* Makes room for the old side's costs and calls of paths 0 .. n. */
static void grow_path_old(cg_profile *p, size_t n)
{
    size_t w = p->n_events + 1, old = p->cap_path_old;
    xgrow((void **)&p->path_old, &p->cap_path_old, n * w, sizeof(cg_count));
    memset(p->path_old + old, 0, (p->cap_path_old - old) * sizeof(cg_count));
}

uint32_t cg_path_get(cg_profile *p, uint32_t parent, uint32_t file, uint32_t fn, bool old)
{
    if (old && !p->path_old) grow_path_old(p, p->n_paths + 1);
    size_t j = cg_itab_start(&p->path_tab, path_hash(parent, file, fn));
    for (;; j = cg_itab_next(&p->path_tab, j)) {
        uint32_t v = p->path_tab.slots[j];
        if (!v) break;
        const cg_path *x = &p->paths[v - 1];
        if (x->parent == parent && x->file == file && x->fn == fn) return v - 1;
    }
    if (p->n_paths >= CG_NONE - 1) cg_die("too many call paths");
    uint32_t i = (uint32_t)p->n_paths;
    xgrow((void **)&p->paths, &p->cap_paths, p->n_paths + 1, sizeof *p->paths);
    xgrow((void **)&p->path_cc, &p->cap_path_cc, (p->n_paths + 1) * p->n_events, sizeof(cg_count));
    memset(cg_path_cc(p, i), 0, p->n_events * sizeof(cg_count));
    if (p->path_old) grow_path_old(p, p->n_paths + 1);
    p->paths[i] = (cg_path){parent, file, fn, 0};
    p->path_tab.slots[j] = i + 1;
    p->n_paths++;
    cg_itab_added(&p->path_tab, p->n_paths, path_hash_of, p);
    return i;
}

/* Lines of one owner arrive in runs of nearby numbers: blocks of 8 lines
   share a random base and occupy neighbouring slots, which keeps the probes
   of a run within a cache line or two. */
static inline uint64_t line_hash(uint32_t owner, int64_t line)
{
    return mix64(((uint64_t)line >> 3) * 0x9e3779b97f4a7c15ull ^ owner) + ((uint64_t)line & 7);
}

static uint64_t line_hash_of(const void *ctx, uint32_t i)
{
    const cg_profile *p = ctx;
    return line_hash(p->lines[i].owner, p->lines[i].line);
}

void cg_line_add(cg_profile *p, uint32_t i, const cg_count *v, int sign)
{
    cg_ccs_add(&p->line_ccs, &p->lines[i].cc, v, sign);
    if (cg_ccs_wants_compact(&p->line_ccs))
        cg_ccs_compact(&p->line_ccs, &p->lines[0].cc, p->n_lines, sizeof *p->lines);
}

void cg_arc_add(cg_profile *p, uint32_t i, const cg_count *v, int sign)
{
    cg_ccs_add(&p->arc_ccs, &p->arc_cc[i], v, sign);
    if (cg_ccs_wants_compact(&p->arc_ccs))
        cg_ccs_compact(&p->arc_ccs, p->arc_cc, p->n_arcs, sizeof *p->arc_cc);
}

uint32_t cg_line_get(cg_profile *p, uint32_t owner, int64_t line)
{
    assert(p->line_tab.slots); /* not after cg_profile_read_done */
    size_t j = cg_itab_start(&p->line_tab, line_hash(owner, line));
    for (;; j = cg_itab_next(&p->line_tab, j)) {
        uint32_t v = p->line_tab.slots[j];
        if (!v) break;
        const cg_line *e = &p->lines[v - 1];
        if (e->line == line && e->owner == owner) return v - 1;
    }
    if (p->n_lines >= CG_NONE - 1) cg_die("too many distinct lines");
    uint32_t i = (uint32_t)p->n_lines;
    big_grow((void **)&p->lines, &p->cap_lines, p->n_lines + 1, sizeof *p->lines);
    p->lines[i] = (cg_line){line, owner, 0};
    p->line_tab.slots[j] = i + 1;
    p->n_lines++;
    cg_itab_added(&p->line_tab, p->n_lines, line_hash_of, p);
    if (p->rules->lines == CG_LINES_BY_ENTRY) {
        cg_pair *pr = &p->pairs[owner];
        xgrow((void **)&p->line_next, &p->cap_line_next, p->n_lines, sizeof *p->line_next);
        p->line_next[i] = CG_NONE;
        if (pr->first_line == CG_NONE)
            pr->first_line = i;
        else
            p->line_next[pr->last_line] = i;
        pr->last_line = i;
    }
    return i;
}

static uint32_t map_name(cg_strtab *t, cg_subst *sub, uint32_t **map, size_t *cap, cg_buf *out,
                         const char *s, size_t len, uint32_t *new_raw, const char **err)
{
    uint32_t raw = cg_intern(t, s, len);
    if (raw >= *cap) {
        size_t old = *cap;
        xgrow((void **)map, cap, (size_t)raw + 1, sizeof **map);
        memset(*map + old, 0, (*cap - old) * sizeof **map);
    }
    if ((*map)[raw]) {
        if (new_raw) *new_raw = CG_NONE;
        return (*map)[raw] - 1;
    }
    uint32_t id = raw;
    if (sub) {
        *err = cg_subst_apply(sub, s, len, out);
        if (*err) return CG_NONE;
        /* A line break would end the name's line in a profile written
           (cg_merge, cg_diff) and in a report's table. */
        if (out->len && (memchr(out->p, '\n', out->len) || memchr(out->p, '\r', out->len))) {
            *err = "the name it makes holds a line break";
            return CG_NONE;
        }
        id = cg_intern(t, out->p ? out->p : "", out->len);
    }
    (*map)[raw] = id + 1;
    if (new_raw) *new_raw = raw;
    return id;
}

uint32_t cg_map_file(cg_profile *p, const char *s, size_t len, uint32_t *new_raw, const char **err)
{
    return map_name(&p->files, p->mod_file, &p->file_map, &p->cap_file_map, &p->mapped, s, len,
                    new_raw, err);
}

uint32_t cg_map_fn(cg_profile *p, const char *s, size_t len, const char **err)
{
    if (!p->mod_fn) return cg_intern(&p->fns, s, len);
    return map_name(&p->fns, p->mod_fn, &p->fn_map, &p->cap_fn_map, &p->mapped, s, len, NULL, err);
}

bool cg_reaches(cg_count c, double t)
{
    uint64_t a = c < 0 ? 0 - (uint64_t)c : (uint64_t)c;
    if (!(t > 0)) return true;
    double ct = ceil(t);
    if (ct >= 18446744073709551616.0) return false;
    return a >= (uint64_t)ct;
}

/* Heapsort of n lines by number: in place (the lines are most of a
   profile's memory, so no copy of them), and never slower than n log n,
   whatever the input. */
static void sift(cg_line *l, size_t i, size_t n)
{
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= n) return;
        if (c + 1 < n && l[c + 1].line > l[c].line) c++;
        if (l[c].line <= l[i].line) return;
        cg_line t = l[i];
        l[i] = l[c];
        l[c] = t;
        i = c;
    }
}

static void sort_by_number(cg_line *l, size_t n)
{
    size_t i = 1;
    while (i < n && l[i - 1].line <= l[i].line) i++;
    if (i >= n) return; /* already in order, as lines often arrive */
    for (i = n / 2; i-- > 0;) sift(l, i, n);
    for (size_t end = n; end-- > 1;) {
        cg_line t = l[0];
        l[0] = l[end];
        l[end] = t;
        sift(l, 0, end);
    }
}

/* Groups the lines by file, each file's ascending (cg_profile.file_lines):
   a distribution by owner in place (each line swapped straight into its
   file's next free place), then each file's sorted. */
static void group_lines(cg_profile *p)
{
    size_t nf = p->files.n;
    size_t *st = xcalloc(nf + 2, sizeof *st), *fill = xmalloc((nf + 1) * sizeof *fill);
    for (size_t i = 0; i < p->n_lines; i++) st[p->lines[i].owner + 1]++;
    for (size_t f = 0; f < nf; f++) st[f + 1] += st[f];
    memcpy(fill, st, (nf + 1) * sizeof *fill);
    for (size_t f = 0; f < nf; f++) {
        while (fill[f] < st[f + 1]) {
            cg_line *l = &p->lines[fill[f]];
            if (l->owner == f) {
                fill[f]++;
                continue;
            }
            cg_line t = *l;
            *l = p->lines[fill[t.owner]];
            p->lines[fill[t.owner]++] = t;
        }
    }
    free(fill);
    for (size_t f = 0; f < nf; f++)
        if (st[f + 1] > st[f]) sort_by_number(p->lines + st[f], st[f + 1] - st[f]);
    p->file_lines = st;
    p->n_file_lines = nf;
}

void cg_profile_rekey(cg_profile *p, const uint32_t *pair_fn, const uint32_t *path_fn)
{
    /* Entries own no lines under these rules, so merging them moves only
       counts and calls. */
    if (p->rules->lines == CG_LINES_BY_ENTRY) cg_die("internal error: renaming entries with lines");
    assert(p->n_arcs == 0); /* the graph holds them */
    size_t n = p->n_pairs, nev = p->n_events, m = 0;
    cg_itab_free(&p->pair_tab);
    cg_itab_init(&p->pair_tab);
    for (size_t f = 0; f < p->cap_finfo; f++)
        p->finfo[f].first_pair = p->finfo[f].last_pair = p->finfo[f].next_file = CG_NONE;
    p->first_file = p->last_file = CG_NONE;
    /* In place, in creation order, so that files and each file's entries
       keep their first-appearance order: entry i becomes entry j <= i, and
       entries 0 .. m - 1 are the renamed ones so far, so neither i's
       counts nor anything after them are overwritten before they are read
       (no second copy of the entries, at the peak of a report's memory). */
    for (size_t i = 0; i < n; i++) {
        cg_pair e = p->pairs[i];
        cg_pair_key k = cg_key(e.file, pair_fn ? pair_fn[i] : e.fn, e.orphan);
        size_t s;
        uint32_t j = pair_probe(p, &k, &s);
        if (j == CG_NONE) {
            j = (uint32_t)m++;
            p->pairs[j] = fresh_pair(&k);
            if (j != i) {
                memcpy(cg_pair_cc(p, j), cg_pair_cc(p, (uint32_t)i), nev * sizeof(cg_count));
                if (p->pair_old_cc)
                    memcpy(p->pair_old_cc + (size_t)j * nev, p->pair_old_cc + i * nev,
                           nev * sizeof(cg_count));
            }
            p->pair_tab.slots[s] = j + 1;
            cg_itab_added(&p->pair_tab, m, pair_hash_of, p);
            link_pair(p, j);
        } else {
            cg_cc_add(cg_pair_cc(p, j), cg_pair_cc(p, (uint32_t)i), nev, 1);
            if (p->pair_old_cc)
                cg_cc_add(p->pair_old_cc + (size_t)j * nev, p->pair_old_cc + i * nev, nev, 1);
        }
        cg_pair *d = &p->pairs[j];
        d->sides |= e.sides;
        d->counted |= e.counted;
        if (e.min_line < d->min_line) d->min_line = e.min_line;
        if (e.max_line > d->max_line) d->max_line = e.max_line;
        if (e.first_arc == CG_NONE) continue;
        for (uint32_t a = e.first_arc; a != CG_NONE; a = p->arcs[a].next) p->arcs[a].caller = j;
        if (d->first_arc == CG_NONE)
            d->first_arc = e.first_arc;
        else
            p->arcs[d->last_arc].next = e.first_arc;
        d->last_arc = e.last_arc;
    }
    p->n_pairs = m;
    if (path_fn)
        for (size_t i = 0; i < p->n_paths; i++) p->paths[i].fn = path_fn[i];
}

void cg_profile_read_done(cg_profile *p)
{
    cg_itab_free(&p->line_tab);
    cg_itab_free(&p->arc_tab);
    if (p->rules->lines == CG_LINES_BY_FILE) group_lines(p);
}

void cg_profile_drop_arcs(cg_profile *p)
{
    free(p->arcs);
    cg_ccs_free(&p->arc_ccs);
    cg_ccs_init(&p->arc_ccs, p->n_events);
    free(p->arc_cc);
    free(p->arc_old);
    p->arcs = NULL, p->arc_cc = NULL, p->arc_old = NULL;
    p->n_arcs = p->cap_arcs = p->cap_arc_cc = p->cap_arc_old = 0;
    cg_itab_free(&p->arc_tab);
    cg_itab_init_full(&p->arc_tab);
    for (size_t i = 0; i < p->n_pairs; i++) p->pairs[i].first_arc = p->pairs[i].last_arc = CG_NONE;
}
