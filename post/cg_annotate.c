/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_annotate.c: the cg_annotate program: reads, merges or diffs Cachegrind
   output files (options: annotate-opts.c) and hands them to one of the
   reports (text, JSON or HTML: report.h). */
#include "annotate-opts.h"
#include "program.h"
#include "report.h"
#include "profile.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* The run: options, and the profile they made. */
static struct run {
    cg_annotate_opts opt;
    cg_profile prof;
} R;

/* Every input must have a part that --part picks: else say which it has. */
static void check_parts(void)
{
    const cg_profile *p = &R.prof;
    if (!R.opt.part_number && !R.opt.part_name) return;
    for (size_t i = 0; i < p->n_inputs; i++) {
        const cg_input *in = &p->inputs[i];
        bool any = false;
        for (size_t k = in->first_part; k < in->first_part + in->n_parts; k++)
            any |= p->parts[k].picked;
        if (any) continue;
        cg_buf b = {0};
        cg_buf_printf(&b, "%s has no part ", in->path);
        if (R.opt.part_name)
            cg_buf_repr(&b, R.opt.part_name, strlen(R.opt.part_name));
        else
            cg_buf_printf(&b, "%lld", R.opt.part_number);
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

/* Decides every --limit on the two inputs' totals; true if one is broken. */
static bool decide_limits(void)
{
    bool broken = false;
    for (size_t i = 0; i < R.opt.n_limits; i++) {
        cg_limit *l = &R.opt.limits[i];
        cg_limit_decide(l, R.prof.inputs[0].total[l->index], R.prof.inputs[1].total[l->index]);
        broken |= l->broken;
    }
    return broken;
}

int main(int argc, char **argv)
{
    cg_annotate_opts *opt = &R.opt;
    cg_profile *prof = &R.prof;
    cg_error e = {0};
    cg_init("cg_annotate");
    if (!cg_annotate_parse(opt, argc, argv, &e)) cg_fail(&e);

    cg_profile_init(prof, &cg_rules_annotate);
    prof->mod_file = opt->mod_file;
    prof->mod_fn = opt->mod_fn;
    for (size_t i = 0; i < opt->n_files; i++) {
        if (!opt->diff && cg_read_skips_empty(opt->files[i], opt->n_files)) continue;
        cg_read_opts ro = {.sign = opt->diff && i == 0 ? -1 : 1,
                           .on_events = cg_annotate_check_events,
                           .ctx = opt,
                           .stop_on_mismatch = true,
                           .part_number = opt->part_number,
                           .part_name = opt->part_name};
        if (!cg_read_file(prof, opt->files[i], &ro, &e)) cg_fail(&e);
    }
    if (prof->n_inputs == 0) cg_die("every profile named is empty");
    check_parts();
    size_t *show, n_show, *sort_ev, n_sort;
    if (!cg_annotate_select(opt, prof->events, prof->n_events, &show, &n_show, &sort_ev, &n_sort,
                            &e))
        cg_fail(&e);

    bool broken = decide_limits();
    cg_fp_check fp;
    cg_fp_check_inputs(prof, &fp);
    cg_fp_warn(&fp);

    FILE *out = stdout;
    static char buf[1 << 16];
    setvbuf(out, buf, _IOFBF, sizeof buf);
    /* The report's columns and sort keys: each event's own counts. */
    cg_col *show_cols = cg_cols_self(show, n_show), *sort_cols = cg_cols_self(sort_ev, n_sort);
    cg_report r = {.prof = prof,
                   .argc = argc,
                   .argv = argv,
                   .diff = opt->diff,
                   .annotate = opt->annotate,
                   .show_percs = opt->show_percs,
                   .show = show_cols,
                   .sort = sort_cols,
                   .n_show = n_show,
                   .n_sort = n_sort,
                   .threshold_given = opt->threshold_given,
                   .threshold = opt->threshold,
                   .context = opt->context,
                   .limits = opt->limits,
                   .n_limits = opt->n_limits,
                   .fp = &fp};
    if (opt->format == CG_FORMAT_JSON)
        cg_report_json(out, &r);
    else if (opt->format == CG_FORMAT_HTML)
        cg_report_html(out, &r);
    else
        cg_report_text(out, &r);
    cg_write_finish(out, "<stdout>");
    if (!broken) return 0;
    cg_buf b = {0};
    for (size_t i = 0; i < opt->n_limits; i++) {
        if (!opt->limits[i].broken) continue;
        b.len = 0;
        cg_limit_describe(&opt->limits[i], &b);
        fputs("cg_annotate: limit broken: ", stderr);
        cg_put_safe(stderr, b.p, b.len);
        fputc('\n', stderr);
    }
    return 3;
}
