/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_annotate.c: the cg_annotate program: reads, merges or diffs Cachegrind
   or Callgrind output files (options: annotate-opts.c) and hands them to one
   of the reports (text, JSON or HTML: report.h). */
#include "annotate-opts.h"
#include "inline-resolve.h"
#include "format.h"
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

/* Whether a function limit is asked for: then the profile keeps the two
   sides of the --diff apart, for each side's call graph. */
static bool has_fn_limit(const cg_annotate_opts *opt)
{
    for (size_t i = 0; i < opt->n_limits; i++)
        if (opt->limits[i].fn) return true;
    return false;
}

/* Decides the function limits (`--limit PATTERN:EVENT=SPEC`, docs/json.md,
   "Regression limits") on the call graphs of OLD and NEW, each made from
   its side of profile p (read with keep_sides, not yet renamed); status 2
   when one cannot be decided. */
static void decide_fn_limits(const cg_annotate_opts *opt, const cg_profile *p)
{
    if (!has_fn_limit(opt)) return;
    cg_error e = {0};
    const cg_limit *first = opt->limits;
    while (!first->fn) first++;
    for (size_t i = 0; i < p->n_inputs; i++)
        if (!p->inputs[i].has_graph && !cg_limit_fn_missing_graph(first, p->inputs[i].path, &e))
            cg_fail(&e);
    cg_fgraph side[2];
    cg_fgraph_build(&side[0], p, opt->fold, CG_SIDE_OLD);
    cg_fgraph_build(&side[1], p, opt->fold, CG_SIDE_NEW);
    const cg_fgraph *sides[2] = {&side[0], &side[1]};
    const char *const paths[2] = {opt->files[0], opt->files[1]};
    for (size_t i = 0; i < opt->n_limits; i++)
        if (opt->limits[i].fn && !cg_limit_decide_fn(&opt->limits[i], sides, paths, &e))
            cg_fail(&e);
    cg_fgraph_free(&side[0]);
    cg_fgraph_free(&side[1]);
}

/* Decides every --limit, on the two inputs' totals or (with a pattern) on
   functions; true if one is broken. */
static bool decide_limits(const cg_annotate_opts *opt, const cg_profile *p)
{
    bool broken = false;
    for (size_t i = 0; i < opt->n_limits; i++) {
        cg_limit *l = &opt->limits[i];
        if (!l->fn) cg_limit_decide(l, p->inputs[0].total[l->index], p->inputs[1].total[l->index]);
        broken |= l->broken;
    }
    return broken;
}

/* Reads every input into p; `quiet` leaves out the notes (a second read). */
/* --inline-frames: the profile rewritten with the objects' inline chains
   (what it did in *st), or a note that says why there are none. */
static void inline_frames(cg_profile *p, bool quiet, cg_inline_stats *st)
{
    bool any = false;
    for (size_t i = 0; i < p->n_inputs; i++) {
        const cg_input *in = &p->inputs[i];
        any |= in->inline_state == CG_INLINE_READ;
        if (quiet || in->inline_state == CG_INLINE_READ) continue;
        fputs("cg_annotate: note: ", stderr);
        cg_put_safe(stderr, in->path, strlen(in->path));
        fputs(in->inline_state == CG_INLINE_ABSENT
                  ? " has no costs by instruction: run the tool with --inline-frames=yes\n"
                  : ": no code with debug info ran, so it has no costs by instruction\n",
              stderr);
    }
    if (any) cg_inline_frames(p, st, quiet);
}

static void read_all(const cg_annotate_opts *opt, cg_profile *p, bool quiet, cg_inline_stats *st)
{
    cg_error e = {0};
    p->mod_file = opt->mod_file;
    p->mod_fn = opt->mod_fn;
    for (size_t i = 0; i < opt->n_files; i++) {
        if (!opt->diff && cg_read_skips(opt->files, opt->n_files, i, quiet)) continue;
        cg_read_opts ro = {.sign = opt->diff && i == 0 ? -1 : 1,
                           .on_events = cg_annotate_check_events,
                           .ctx = (void *)opt,
                           .stop_on_mismatch = true,
                           .part_number = opt->part_number,
                           .part_name = opt->part_name,
                           .quiet = quiet};
        if (!cg_read_file(p, opt->files[i], &ro, &e)) cg_fail(&e);
    }
    /* Only thread files that stand for one another (links) can leave none. */
    if (p->n_inputs == 0) cg_die("every profile named is empty");
    check_parts(opt, p);
    if (opt->inline_frames) inline_frames(p, quiet, st);
    cg_profile_read_done(p);
}

/* The report of profile p under the options (columns made from events). */
static cg_report report_of(cg_annotate_opts *opt, const cg_profile *p, const cg_fgraph *g,
                           bool calls, int argc, char **argv)
{
    cg_error e = {0};
    cg_col *show, *sort;
    size_t n_show, n_sort;
    if (!cg_annotate_select(opt, p->events, p->n_events, calls, &show, &n_show, &sort, &n_sort, &e))
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
                   .tree = calls ? (enum cg_tree)opt->tree : CG_TREE_NONE,
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

/* The names of the files the text and HTML reports will annotate, from the
   first of two reads (docs/post-processors.md, "Performance"): decided
   from the entries alone, renamed to g's functions (folding merges
   entries), so only those files' lines need cost centres in the second
   read, which are most of a profile's memory. */
static void annotated_names(cg_annotate_opts *opt, cg_profile *first, cg_fgraph *g,
                            cg_strtab *names)
{
    cg_fgraph_apply(g, first);
    cg_report r = report_of(opt, first, g, g != NULL, 0, NULL);
    cg_summary by_file;
    cg_summary_by_file(&r, &by_file);
    cg_annotation a;
    cg_annotation_files(first, &by_file, &a);
    for (size_t i = 0; i < a.n; i++) {
        const cg_str *n = cg_name(&first->files, a.files[i]);
        cg_intern(names, n->s, n->len);
    }
    cg_annotation_free(&a);
    cg_summary_free(&by_file);
    report_free(&r);
}

int main(int argc, char **argv)
{
    cg_annotate_opts opt;
    cg_profile prof, first;
    cg_error e = {0};
    cg_init("cg_annotate");
    if (!cg_annotate_parse(&opt, argc, argv, &e)) cg_fail(&e);

    /* Every input is parsed once into the profile the report is made of,
       and its call graphs are made once from that read; except that the
       text and HTML reports of regular files read them twice, the first
       time without line cost centres, to keep the lines of the annotated
       files alone (see annotated_names). */
    bool two_reads = opt.annotate &&
                     (opt.format == CG_FORMAT_TEXT || opt.format == CG_FORMAT_HTML) &&
                     rereadable(&opt);
    cg_profile_init(&prof, &cg_rules_annotate);
    cg_profile *scan = &prof;
    if (two_reads) {
        cg_profile_init(&first, &cg_rules_annotate);
        first.keep_lines = keeps_none;
        scan = &first;
    }
    if (opt.format == CG_FORMAT_FOLDED) prof.keep_lines = keeps_none; /* stacks only */
    scan->keep_sides = opt.diff && has_fn_limit(&opt);
    cg_inline_stats inl = {0};
    read_all(&opt, scan, false, &inl);
    bool calls = cg_profile_has_graph(scan, true);
    cg_report r = report_of(&opt, scan, NULL, calls, argc, argv);
    decide_fn_limits(&opt, scan);
    cg_fgraph *graph = cg_fgraph_of_calls(scan, opt.fold);

    cg_strtab names;
    if (two_reads) {
        cg_strtab_init(&names);
        annotated_names(&opt, &first, graph, &names);
        cg_profile_free(&first);
        prof.keep_lines = keeps_lines;
        prof.keep_lines_ctx = &names;
        prof.skip_arcs = true; /* the graph is made */
        read_all(&opt, &prof, true, &inl);
    }
    cg_fgraph_apply(graph, &prof);
    r.graph = graph;
    r.prof = &prof;
    if (opt.inline_frames) r.inl = &inl;

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
