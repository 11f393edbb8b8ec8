/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_annotate.c: the cg_annotate program: reads, merges or diffs Cachegrind
   or Callgrind output files (options: annotate-opts.c) and hands them to one
   of the reports (text, JSON or HTML: report.h). */
#include "annotate-opts.h"
#include "program.h"
#include "report.h"
#include "profile.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Every input must have a part that --part picks: else say which it has. */
static void check_parts(const cg_annotate_opts *opt, const cg_profile *p)
{
    if (!opt->part_number && !opt->part_name) return;
    for (size_t i = 0; i < p->n_inputs; i++) {
        const cg_input *in = &p->inputs[i];
        bool any = false;
        for (size_t k = in->first_part; k < in->first_part + in->n_parts; k++)
            any |= p->parts[k].picked;
        if (any) continue;
        cg_buf b = {0};
        cg_buf_printf(&b, "%s has no part ", in->path);
        if (opt->part_name)
            cg_buf_repr(&b, opt->part_name, strlen(opt->part_name));
        else
            cg_buf_printf(&b, "%lld", opt->part_number);
        cg_buf_adds(&b, "; its parts:");
        for (size_t k = in->first_part; k < in->first_part + in->n_parts; k++) {
            const cg_part *pt = &p->parts[k];
            cg_buf_printf(&b, "%s %lld", k > in->first_part ? "," : "", (long long)pt->number);
            if (pt->trigger.len) {
                cg_buf_adds(&b, " ");
                cg_buf_repr(&b, pt->trigger.s, pt->trigger.len);
            }
        }
        cg_die_bytes(b.p, b.len);
    }
}

/* ------------------------------------------------------ function limits */

/* `--limit PATTERN:EVENT=SPEC` (docs/json.md, "Regression limits") measures
   OLD and NEW apart: each input of --diff is read on its own (no lines) and
   gets its call graph, in which the functions matching PATTERN are one set
   whose union of activations is the value (cg_fgraph_union). */
typedef struct fn_side {
    cg_profile p;
    cg_fgraph g;
} fn_side;

static bool no_lines(void *ctx, const cg_str *name)
{
    (void)ctx, (void)name;
    return false;
}

/* Dies with status 2: `--limit 'PATTERN:EVENT=SPEC': ` and the rest. */
static _Noreturn void fn_limit_die(const cg_limit *l, cg_buf *b)
{
    cg_buf m = {0};
    cg_buf_adds(&m, "--limit ");
    cg_buf t = {0};
    cg_buf_printf(&t, "%s:%s=%s", l->fn, l->event, l->spec);
    cg_buf_repr(&m, t.p, t.len);
    cg_buf_adds(&m, ": ");
    cg_buf_add(&m, b->p, b->len);
    cg_die_status(2, m.p, m.len);
}

static void read_side(const cg_annotate_opts *opt, const char *path, fn_side *s)
{
    cg_error e = {0};
    cg_profile_init(&s->p, &cg_rules_annotate);
    s->p.keep_lines = no_lines;
    s->p.mod_file = opt->mod_file;
    s->p.mod_fn = opt->mod_fn;
    cg_read_opts ro = {.sign = 1,
                       .stop_on_mismatch = true,
                       .part_number = opt->part_number,
                       .part_name = opt->part_name,
                       .quiet = true};
    if (!cg_read_file(&s->p, path, &ro, &e)) cg_fail(&e);
    cg_fgraph_build(&s->g, &s->p, opt->fold);
}

/* The inclusive cost, within lo..hi, of the functions of s matching l's
   pattern in l's event; false when none matches. */
static bool side_cost(const cg_limit *l, const fn_side *s, cg_count *lo, cg_count *hi)
{
    const cg_fgraph *g = &s->g;
    size_t nf = cg_fgraph_n(g), ev = 0;
    while (ev < s->p.n_events && !cg_text_is(&s->p.events[ev], l->event)) ev++;
    bool *match = xcalloc(nf + 1, sizeof *match), any = false;
    for (uint32_t f = 0; f < nf; f++) {
        const cg_str *name = cg_name(&g->names, f);
        any |= match[f] = cg_limit_match(l->fn, name->s, name->len);
    }
    cg_count *clo = xcalloc(g->nev + 1, sizeof *clo), *chi = xcalloc(g->nev + 1, sizeof *chi);
    cg_fgraph_union(g, match, clo, chi);
    /* The event is one of every input's (cg_annotate_select checked). */
    *lo = ev < g->nev ? clo[ev] : 0;
    *hi = ev < g->nev ? chi[ev] : 0;
    free(match);
    free(clo);
    free(chi);
    return any;
}

static void decide_fn_limit(const cg_annotate_opts *opt, cg_limit *l, const fn_side *side)
{
    cg_count lo[2], hi[2];
    bool any = side_cost(l, &side[0], &lo[0], &hi[0]);
    any |= side_cost(l, &side[1], &lo[1], &hi[1]);
    cg_buf b = {0};
    if (!any) {
        cg_buf_printf(&b, "no function of %s or %s matches ", opt->files[0], opt->files[1]);
        cg_buf_repr(&b, l->fn, strlen(l->fn));
        fn_limit_die(l, &b);
    }
    if (lo[0] == hi[0] && lo[1] == hi[1]) {
        cg_limit_decide(l, lo[0], lo[1]);
        return;
    }
    if (cg_limit_decide_range(l, lo[0], hi[0], lo[1], hi[1]) >= 0) return;
    cg_buf_adds(&b, "cannot be decided: the files give the inclusive ");
    cg_buf_adds(&b, l->event);
    cg_buf_adds(&b, " of the functions matching ");
    cg_buf_repr(&b, l->fn, strlen(l->fn));
    cg_buf_adds(&b, " only within bounds (they do not tell which calls ran inside another of those "
                    "functions), ");
    cg_limit_describe_bounds(l, &b);
    cg_buf_adds(&b, ", and the limit is broken for some values there and kept for others");
    fn_limit_die(l, &b);
}

/* Decides the function limits (status 2 when one cannot be). */
static void decide_fn_limits(const cg_annotate_opts *opt, const cg_profile *p)
{
    const cg_limit *first = NULL;
    for (size_t i = 0; i < opt->n_limits && !first; i++)
        if (opt->limits[i].fn) first = &opt->limits[i];
    if (!first) return;
    cg_buf b = {0};
    for (size_t i = 0; i < p->n_inputs; i++) {
        if (p->inputs[i].format != CG_FMT_CACHEGRIND) continue;
        cg_buf_printf(&b,
                      "a function limit needs a call graph (Callgrind's files have one), "
                      "and %s is a Cachegrind profile",
                      p->inputs[i].path);
        fn_limit_die(first, &b);
    }
    for (size_t i = 0; i < opt->n_files; i++) {
        struct stat st;
        if (stat(opt->files[i], &st) == 0 && S_ISREG(st.st_mode)) continue;
        cg_buf_printf(&b,
                      "a function limit reads OLD and NEW once more, each on its own, "
                      "and %s is not a regular file",
                      opt->files[i]);
        fn_limit_die(first, &b);
    }
    fn_side side[2];
    read_side(opt, opt->files[0], &side[0]);
    read_side(opt, opt->files[1], &side[1]);
    for (size_t i = 0; i < opt->n_limits; i++)
        if (opt->limits[i].fn) decide_fn_limit(opt, &opt->limits[i], side);
    for (int k = 0; k < 2; k++) {
        cg_fgraph_free(&side[k].g);
        cg_profile_free(&side[k].p);
    }
}

/* Decides every --limit, on the two inputs' totals or (with a pattern) on
   functions; true if one is broken. */
static bool decide_limits(const cg_annotate_opts *opt, const cg_profile *p)
{
    bool broken = false;
    decide_fn_limits(opt, p);
    for (size_t i = 0; i < opt->n_limits; i++) {
        cg_limit *l = &opt->limits[i];
        if (!l->fn) cg_limit_decide(l, p->inputs[0].total[l->index], p->inputs[1].total[l->index]);
        broken |= l->broken;
    }
    return broken;
}

/* Reads every input into p; `quiet` leaves out the notes (a second read). */
static void read_all(const cg_annotate_opts *opt, cg_profile *p, bool quiet)
{
    cg_error e = {0};
    p->mod_file = opt->mod_file;
    p->mod_fn = opt->mod_fn;
    for (size_t i = 0; i < opt->n_files; i++) {
        if (!opt->diff && cg_read_skips_empty(opt->files[i], opt->n_files, quiet)) continue;
        cg_read_opts ro = {.sign = opt->diff && i == 0 ? -1 : 1,
                           .on_events = cg_annotate_check_events,
                           .ctx = (void *)opt,
                           .stop_on_mismatch = true,
                           .part_number = opt->part_number,
                           .part_name = opt->part_name,
                           .quiet = quiet};
        if (!cg_read_file(p, opt->files[i], &ro, &e)) cg_fail(&e);
    }
    if (p->n_inputs == 0) cg_die("every profile named is empty");
    check_parts(opt, p);
}

/* The report of profile p under the options (columns made from events). */
static cg_report report_of(cg_annotate_opts *opt, const cg_profile *p, const cg_fgraph *g, int argc,
                           char **argv)
{
    cg_error e = {0};
    cg_col *show, *sort;
    size_t n_show, n_sort;
    if (!cg_annotate_select(opt, p->events, p->n_events, g != NULL, &show, &n_show, &sort, &n_sort,
                            &e))
        cg_fail(&e);
    cg_report r = {.prof = p,
                   .argc = argc,
                   .argv = argv,
                   .diff = opt->diff,
                   .annotate = opt->annotate,
                   .show_percs = opt->show_percs,
                   .show = show,
                   .sort = sort,
                   .n_show = n_show,
                   .n_sort = n_sort,
                   .graph = g,
                   .fn_node = g ? cg_fgraph_nodes_of(g, p) : NULL,
                   .tree =
                       g ? (opt->tree < 0 ? CG_TREE_BOTH : (enum cg_tree)opt->tree) : CG_TREE_NONE,
                   .threshold_given = opt->threshold_given,
                   .threshold = opt->threshold,
                   .context = opt->context,
                   .collapse = opt->collapse,
                   .flame_pct = opt->flame_threshold,
                   .find = &opt->find,
                   .limits = opt->limits,
                   .n_limits = opt->n_limits};
    return r;
}

static void report_free(cg_report *r)
{
    free((void *)r->show);
    free((void *)r->sort);
    free((void *)r->fn_node);
}

/* Whether the inputs can be read twice (regular files, not pipes). */
static bool rereadable(const cg_annotate_opts *opt)
{
    for (size_t i = 0; i < opt->n_files; i++) {
        struct stat st;
        if (stat(opt->files[i], &st) != 0 || !S_ISREG(st.st_mode)) return false;
    }
    return true;
}

/* First of two reads: the names of the files the text and HTML reports
   will annotate, decided from the entries alone (docs/post-processors.md,
   "Performance"): only their lines need cost centres, which are most of a
   profile's memory. */
static bool keeps_lines(void *ctx, const cg_str *name)
{
    return cg_strtab_find(ctx, name->s, name->len) != UINT32_MAX;
}
static bool keeps_none(void *ctx, const cg_str *name)
{
    (void)ctx, (void)name;
    return false;
}

static void annotated_names(cg_annotate_opts *opt, cg_strtab *names)
{
    cg_profile first;
    cg_profile_init(&first, &cg_rules_annotate);
    first.keep_lines = keeps_none;
    read_all(opt, &first, false);
    cg_fgraph *g = cg_fgraph_of_profile(&first, opt->fold);
    cg_report r = report_of(opt, &first, g, 0, NULL);
    cg_summary by_file;
    cg_summary_by_file(&r, &by_file);
    cg_annotation a;
    cg_annotation_files(&first, &by_file, &a);
    for (size_t i = 0; i < a.n; i++) {
        const cg_str *n = cg_name(&first.files, a.files[i]);
        cg_intern(names, n->s, n->len);
    }
    cg_annotation_free(&a);
    cg_summary_free(&by_file);
    report_free(&r);
    cg_fgraph_destroy(g);
    cg_profile_free(&first);
}

int main(int argc, char **argv)
{
    cg_annotate_opts opt;
    cg_profile prof;
    cg_error e = {0};
    cg_init("cg_annotate");
    if (!cg_annotate_parse(&opt, argc, argv, &e)) cg_fail(&e);

    cg_profile_init(&prof, &cg_rules_annotate);
    cg_strtab names;
    bool two_reads = opt.annotate &&
                     (opt.format == CG_FORMAT_TEXT || opt.format == CG_FORMAT_HTML) &&
                     rereadable(&opt);
    if (two_reads) {
        cg_strtab_init(&names);
        annotated_names(&opt, &names);
        prof.keep_lines = keeps_lines;
        prof.keep_lines_ctx = &names;
    }
    if (opt.format == CG_FORMAT_FOLDED) prof.keep_lines = keeps_none; /* stacks only */
    read_all(&opt, &prof, two_reads);
    cg_fgraph *graph = cg_fgraph_of_profile(&prof, opt.fold);
    cg_report r = report_of(&opt, &prof, graph, argc, argv);

    bool broken = decide_limits(&opt, &prof);
    cg_fp_check fp;
    cg_fp_check_inputs(&prof, &fp);
    cg_fp_warn(&fp);
    r.fp = &fp;

    FILE *out = stdout;
    static char buf[1 << 16];
    setvbuf(out, buf, _IOFBF, sizeof buf);
    if (opt.format == CG_FORMAT_JSON)
        cg_report_json(out, &r);
    else if (opt.format == CG_FORMAT_HTML)
        cg_report_html(out, &r);
    else if (opt.format == CG_FORMAT_FOLDED) {
        if (!cg_report_folded(out, &r, &e)) cg_fail(&e);
    } else
        cg_report_text(out, &r);
    cg_write_finish(out, "<stdout>");
    if (!broken) return 0;
    cg_buf b = {0};
    for (size_t i = 0; i < opt.n_limits; i++) {
        if (!opt.limits[i].broken) continue;
        b.len = 0;
        cg_limit_describe(&opt.limits[i], &b);
        fputs("cg_annotate: limit broken: ", stderr);
        cg_put_safe(stderr, b.p, b.len);
        fputc('\n', stderr);
    }
    return 3;
}
