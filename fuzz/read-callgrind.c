/* SPDX-License-Identifier: GPL-2.0-or-later */
/* read-callgrind.c: fuzz target for the Callgrind reader (read-callgrind.c,
   through the sink): the input is one file, read with cg_annotate's rules
   (leading `#F`/`#N` lines give the mod options, `#P N` or `#T NAME` the
   --part choice: profiles.h) and with cg_merge's.  Under cg_annotate's
   rules the entries and lines hold exactly the self costs read; under
   cg_merge's, a Callgrind file written back (write-callgrind.c, as cg_merge
   writes it) must read again with the same totals, and writing that again
   must give the same bytes.  Read twice as a --diff's two sides, each
   side's call graph is the graph of one read.  Kept apart from read-annotate and read-merge,
   which see Callgrind files too, so that its own seeds and dictionary
   steer it at this format. */
#include "common.h"
#include "fgraph.h"
#include "profiles.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The --part choice of the input's leading comment lines, if any. */
typedef struct part_choice {
    int64_t number;
    char *name;
} part_choice;

static void part_choice_get(part_choice *c, const char *s, size_t n)
{
    const char *end = s + n;
    memset(c, 0, sizeof *c);
    while (s < end && *s == '#') {
        const char *nl = memchr(s, '\n', (size_t)(end - s));
        const char *le = nl ? nl : end;
        if (le - s >= 3 && s[2] == ' ' && (s[1] == 'P' || s[1] == 'T')) {
            char *v = fuzz_cstr((const uint8_t *)s + 3, (size_t)(le - s - 3));
            if (s[1] == 'P') {
                c->number = strtoll(v, NULL, 10);
                free(v);
            } else {
                free(c->name);
                c->name = v;
            }
        }
        s = nl ? nl + 1 : end;
    }
}

/* Sums every entry's and every line's self costs of p into two arrays. */
static void entry_sums(const cg_profile *p, cg_count *pairs, cg_count *lines)
{
    memset(pairs, 0, p->n_events * sizeof *pairs);
    memset(lines, 0, p->n_events * sizeof *lines);
    for (uint32_t i = 0; i < p->n_pairs; i++) cg_cc_add(pairs, cg_pair_cc(p, i), p->n_events, 1);
    cg_count *buf = xmalloc((p->n_events + 1) * sizeof *buf);
    for (uint32_t i = 0; i < p->n_lines; i++)
        cg_cc_add(lines, cg_line_cc(p, i, buf), p->n_events, 1);
    free(buf);
}

/* The call graph of what was read, folded and not: its functions' self
   costs are the totals, folding the profile's entries keeps them, and a
   union of activations is bounded below by its lower end. */
static void call_graph(cg_profile *p, const cg_input *in, cg_count *pairs, cg_count *lines)
{
    size_t nev = p->n_events;
    cg_count *lo = xcalloc(nev + 1, sizeof *lo), *hi = xcalloc(nev + 1, sizeof *hi);
    for (int fold = 0; fold < 2; fold++) {
        cg_fgraph g;
        cg_fgraph_build(&g, p, fold, CG_SIDE_SUM);
        memset(lines, 0, nev * sizeof *lines);
        for (uint32_t F = 0; F < cg_fgraph_n(&g); F++) cg_cc_add(lines, cg_ffn_self(&g, F), nev, 1);
        FUZZ_CHECK(memcmp(lines, in->total, nev * sizeof *lines) == 0);
        for (uint32_t a = 0; a < g.n_arcs; a++) {
            FUZZ_CHECK(g.arcs[a].from != g.arcs[a].to);
            FUZZ_CHECK(a == 0 || g.arcs[a - 1].from < g.arcs[a].from ||
                       (g.arcs[a - 1].from == g.arcs[a].from && g.arcs[a - 1].to < g.arcs[a].to));
        }
        for (size_t c = 0; c < g.n_cycles; c++) FUZZ_CHECK(g.cycles[c].n_members >= 1);
        bool *all = xcalloc(cg_fgraph_n(&g) + 1, sizeof *all);
        for (size_t F = 0; F < cg_fgraph_n(&g); F++) all[F] = true;
        cg_fgraph_union(&g, all, lo, hi);
        free(all);
        if (fold) {
            size_t before = p->n_pairs;
            cg_fgraph_apply(&g, p);
            FUZZ_CHECK(p->n_pairs <= before);
            entry_sums(p, pairs, lines);
            FUZZ_CHECK(memcmp(pairs, in->total, nev * sizeof *pairs) == 0);
            for (uint32_t i = 0; i < p->n_pairs; i++)
                FUZZ_CHECK(cg_fgraph_find(&g, cg_name(&p->fns, p->pairs[i].fn)) != CG_NONE);
        }
        cg_fgraph_free(&g);
    }
    free(lo);
    free(hi);
}

/* Whether graphs a and b have the same functions (by name) with the same
   self and inclusive costs and exactness. */
static bool same_graph(const cg_fgraph *a, const cg_fgraph *b)
{
    size_t nev = a->nev;
    if (cg_fgraph_n(a) != cg_fgraph_n(b) || a->n_arcs != b->n_arcs) return false;
    for (uint32_t F = 0; F < cg_fgraph_n(a); F++) {
        uint32_t G = cg_fgraph_find(b, cg_name(&a->names, F));
        if (G == CG_NONE || a->fns[F].exact != b->fns[G].exact ||
            memcmp(cg_ffn_self(a, F), cg_ffn_self(b, G), nev * sizeof(cg_count)) ||
            memcmp(cg_ffn_incl(a, F), cg_ffn_incl(b, G), nev * sizeof(cg_count)))
            return false;
    }
    return true;
}

/* The input read twice into one profile, as the old and the new side of a
   --diff that keeps its sides (a function limit's): each side's call
   graph must be the graph of the input read once (`once`, p's), and their
   sum nothing at all. */
static void sides(const fuzz_profiles *f, const part_choice *c, const cg_profile *once)
{
    cg_profile d;
    cg_profile_init(&d, &cg_rules_annotate);
    d.mod_file = f->mod_file;
    d.mod_fn = f->mod_fn;
    d.keep_sides = true;
    cg_error e = {0};
    bool read = true;
    for (int sign = -1; sign <= 1 && read; sign += 2) {
        cg_read_opts o = {
            .sign = sign, .stop_on_mismatch = true, .part_number = c->number, .part_name = c->name};
        /* Counts that fit once may not fit twice (the overflow guard). */
        read = cg_read_mem(&d, "p0.callgrind", f->part[0], f->len[0], &o, &e) != NULL;
        FUZZ_CHECK(read || e.status == 1);
    }
    for (int fold = 0; fold < 2 && read; fold++) {
        cg_fgraph g, old, new_;
        cg_fgraph_build(&g, once, fold, CG_SIDE_SUM);
        cg_fgraph_build(&old, &d, fold, CG_SIDE_OLD);
        cg_fgraph_build(&new_, &d, fold, CG_SIDE_NEW);
        FUZZ_CHECK(same_graph(&g, &old) && same_graph(&g, &new_));
        cg_fgraph_free(&g);
        cg_fgraph_free(&old);
        cg_fgraph_free(&new_);
    }
    for (uint32_t i = 0; read && i < d.n_pairs; i++)
        for (size_t k = 0; k < d.n_events; k++) FUZZ_CHECK(cg_pair_cc(&d, i)[k] == 0);
    cg_error_free(&e);
    cg_profile_free(&d);
}

static void read_annotate(const fuzz_profiles *f, const part_choice *c)
{
    cg_profile p;
    cg_profile_init(&p, &cg_rules_annotate);
    p.mod_file = f->mod_file;
    p.mod_fn = f->mod_fn;
    cg_read_opts o = {
        .sign = 1, .stop_on_mismatch = true, .part_number = c->number, .part_name = c->name};
    cg_error e = {0};
    cg_input *in = cg_read_mem(&p, "p0.callgrind", f->part[0], f->len[0], &o, &e);
    if (!in) {
        FUZZ_CHECK(e.status == 1 && e.msg.len > 0);
    } else if (c->number <= 0 && !c->name && in->format == CG_FMT_CALLGRIND) {
        /* As cg_annotate ends its reading: the lines in order by file and
           number, each file's run of them its own. */
        cg_profile_read_done(&p);
        for (uint32_t file = 0; file < p.files.n; file++) {
            size_t n;
            uint32_t l0 = cg_file_lines(&p, file, &n);
            for (uint32_t i = l0; i < l0 + n; i++) {
                FUZZ_CHECK(p.lines[i].owner == file);
                FUZZ_CHECK(i == l0 || p.lines[i - 1].line < p.lines[i].line);
            }
        }
        /* Every part counts: the entries hold all self costs, and so do
           the lines (a Callgrind file has no orphan counts). */
        cg_count *pairs = xcalloc(p.n_events + 1, sizeof *pairs);
        cg_count *lines = xcalloc(p.n_events + 1, sizeof *lines);
        entry_sums(&p, pairs, lines);
        FUZZ_CHECK(memcmp(pairs, in->total, p.n_events * sizeof *pairs) == 0);
        FUZZ_CHECK(memcmp(lines, in->total, p.n_events * sizeof *lines) == 0);
        FUZZ_CHECK(memcmp(p.summary_total, in->total, p.n_events * sizeof *pairs) == 0);
        sides(f, c, &p);
        call_graph(&p, in, pairs, lines);
        free(pairs);
        free(lines);
    }
    cg_error_free(&e);
    cg_profile_free(&p);
}

/* A read that must succeed; its message first if it does not. */
static cg_input *must_read(cg_profile *q, const char *s, size_t len)
{
    cg_read_opts o = {.sign = 1};
    cg_error e = {0};
    cg_input *in = cg_read_mem(q, "written", s, len, &o, &e);
    if (!in) {
        fprintf(stderr, "fuzz: reading back what was written: %.*s\n", (int)e.msg.len, e.msg.p);
        fuzz_fail("read-callgrind.c: what cg_merge writes does not read back");
    }
    cg_error_free(&e);
    return in;
}

static void read_merge(const fuzz_profiles *f)
{
    cg_profile p;
    cg_profile_init(&p, &cg_rules_merge);
    static const int sign[1] = {1};
    fuzz_profiles one = *f;
    one.n = 1;
    cg_error e = {0};
    if (fuzz_read_all(&p, &one, sign, false, &e) && p.inputs[0].format == CG_FMT_CALLGRIND) {
        char *out, *again;
        size_t len, len2;
        fuzz_write(&p, false, &out, &len);
        cg_profile q;
        cg_profile_init(&q, &cg_rules_merge);
        cg_input *in = must_read(&q, out, len);
        FUZZ_CHECK(in->format == CG_FMT_CALLGRIND && q.n_events == p.n_events);
        size_t bytes = p.n_events * sizeof(cg_count);
        FUZZ_CHECK(memcmp(in->total, p.inputs[0].total, bytes) == 0);
        FUZZ_CHECK(memcmp(q.summary_total, p.summary_total, bytes) == 0);
        fuzz_write(&q, false, &again, &len2);
        if (len != len2 || memcmp(out, again, len) != 0) {
            /* Names may hold NUL bytes: fwrite, not %s. */
            fputs("fuzz: first written:\n", stderr);
            fwrite(out, 1, len, stderr);
            fputs("\nfuzz: written again:\n", stderr);
            fwrite(again, 1, len2, stderr);
            fputc('\n', stderr);
            fuzz_fail("read-callgrind.c: writing what was read back gives other bytes");
        }
        free(out);
        free(again);
        cg_profile_free(&q);
    }
    cg_error_free(&e);
    cg_profile_free(&p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_init();
    fuzz_profiles f;
    fuzz_profiles_get(&f, data, size, 1);
    part_choice c;
    part_choice_get(&c, f.part[0], f.len[0]);
    read_annotate(&f, &c);
    read_merge(&f);
    free(c.name);
    fuzz_profiles_free(&f);
    return 0;
}
