/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_annotate.c: the cg_annotate program: its options; reads, merges or
   diffs Cachegrind output files and hands them to one of the reports (text,
   JSON or HTML: report.h). */
#include "program.h"
#include "report.h"
#include "profile.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- options */

enum {
    OPT_DIFF,
    OPT_MOD_FILENAME,
    OPT_MOD_FUNCNAME,
    OPT_SHOW,
    OPT_SORT,
    OPT_THRESHOLD,
    OPT_SHOW_PERCS,
    OPT_SHOW_PERCS_YES,
    OPT_SHOW_PERCS_NO,
    OPT_ANNOTATE,
    OPT_AUTO_YES,
    OPT_AUTO_NO,
    OPT_CONTEXT,
    OPT_FORMAT,
    OPT_LIMIT,
};

/* Order matters: it is the order of the candidates in ambiguity messages. */
static const cg_opt opts[] = {
    {{"--diff", NULL}, false, OPT_DIFF},
    {{"--mod-filename", NULL}, true, OPT_MOD_FILENAME},
    {{"--mod-funcname", NULL}, true, OPT_MOD_FUNCNAME},
    {{"--show", NULL}, true, OPT_SHOW},
    {{"--sort", NULL}, true, OPT_SORT},
    {{"--threshold", NULL}, true, OPT_THRESHOLD},
    {{"--show-percs", "--no-show-percs", NULL}, false, OPT_SHOW_PERCS},
    {{"--show-percs=yes", NULL}, false, OPT_SHOW_PERCS_YES},
    {{"--show-percs=no", NULL}, false, OPT_SHOW_PERCS_NO},
    {{"--annotate", "--no-annotate", NULL}, false, OPT_ANNOTATE},
    {{"--auto=yes", NULL}, false, OPT_AUTO_YES},
    {{"--auto=no", NULL}, false, OPT_AUTO_NO},
    {{"--context", NULL}, true, OPT_CONTEXT},
    {{"--format", NULL}, true, OPT_FORMAT},
    {{"--limit", NULL}, true, OPT_LIMIT},
};

static bool opt_diff, show_percs = true, annotate = true;
static cg_subst *mod_file, *mod_fn;
static char **show_names, **sort_names;
static size_t n_show_names, n_sort_names;
static double threshold = 0.1;
static bool threshold_given;
static enum { FORMAT_TEXT, FORMAT_JSON, FORMAT_HTML } format;
static cg_limit *limits;
static size_t n_limits, cap_limits;
static long long context = 8;

/* Event lists are split on commas only; empty items are names too. */
static char **split_commas(const char *s, size_t *n)
{
    size_t count = 1;
    for (const char *p = s; *p; p++) count += *p == ',';
    char **v = xmalloc(count * sizeof *v);
    size_t i = 0;
    for (const char *p = s;; p++) {
        const char *c = strchr(p, ',');
        size_t len = c ? (size_t)(c - p) : strlen(p);
        v[i++] = xmemdup0(p, len);
        if (!c) break;
        p = c;
    }
    *n = count;
    return v;
}

static const char *handle(void *ctx, int id, const char *string, const char *value)
{
    (void)ctx;
    switch (id) {
    case OPT_DIFF:
        opt_diff = true;
        break;
    case OPT_MOD_FILENAME:
        if (!(mod_file = cg_subst_parse(value))) return cg_bad_value("search_and_replace", value);
        break;
    case OPT_MOD_FUNCNAME:
        if (!(mod_fn = cg_subst_parse(value))) return cg_bad_value("search_and_replace", value);
        break;
    case OPT_SHOW:
        show_names = split_commas(value, &n_show_names);
        break;
    case OPT_SORT:
        sort_names = split_commas(value, &n_sort_names);
        break;
    case OPT_THRESHOLD: {
        double v;
        if (!cg_parse_py_float(value, &v) || !(v >= 0 && v <= 20))
            return cg_bad_value("threshold", value);
        threshold = v;
        threshold_given = true;
        break;
    }
    case OPT_SHOW_PERCS:
        show_percs = strcmp(string, "--show-percs") == 0;
        break;
    case OPT_SHOW_PERCS_YES:
        show_percs = true;
        break;
    case OPT_SHOW_PERCS_NO:
        show_percs = false;
        break;
    case OPT_ANNOTATE:
        annotate = strcmp(string, "--annotate") == 0;
        break;
    case OPT_AUTO_YES:
        annotate = true;
        break;
    case OPT_AUTO_NO:
        annotate = false;
        break;
    case OPT_CONTEXT:
        if (!cg_parse_py_int(value, &context)) return cg_bad_value("int", value);
        break;
    case OPT_FORMAT:
        if (strcmp(value, "text") == 0)
            format = FORMAT_TEXT;
        else if (strcmp(value, "json") == 0)
            format = FORMAT_JSON;
        else if (strcmp(value, "html") == 0)
            format = FORMAT_HTML;
        else
            return "invalid choice: use text, json or html";
        break;
    case OPT_LIMIT: {
        xgrow((void **)&limits, &cap_limits, n_limits + 1, sizeof *limits);
        const char *err = cg_limit_parse(value, &limits[n_limits]);
        if (err) {
            static cg_buf b;
            b.len = 0;
            cg_buf_printf(&b, ": %s", err);
            return cg_value_error(value, "", b.p);
        }
        n_limits++;
        break;
    }
    }
    return NULL;
}

static const char *const pos_names[] = {"cachegrind-out-file"};

static const cg_program program = {
    .name = "cg_annotate",
    .usage = "[--diff] [--mod-filename REGEX] [--mod-funcname REGEX]\n"
             "       [--show A,B,C] [--sort A,B,C] [--threshold N:[0,20]]\n"
             "       [--show-percs | --no-show-percs] [--annotate | --no-annotate]\n"
             "       [--context N] [--format text|json|html] [--limit EVENT=SPEC]\n"
             "       cachegrind-out-file [cachegrind-out-file ...]",
    .about = "Reports the counts of one or more Cachegrind output files (added up, or with\n"
             "--diff subtracted) per file and function, and annotates source files.\n",
    .arguments = "  cachegrind-out-file   a file written by Cachegrind\n",
    .options =
        "  --diff                report the second file minus the first\n" CG_MOD_OPTIONS_HELP
        "  --show A,B,C          the events to show, in this order (default: all)\n"
        "  --sort A,B,C          the events to sort by, in priority order (default: the\n"
        "                        order of the events line)\n"
        "  --threshold N:[0,20]  leave out file:function and function:file pairs below\n"
        "                        N% of the first sort event's total (default: 0.1)\n"
        "  --show-percs, --no-show-percs\n"
        "                        show, or not, a percentage next to each non-zero count\n"
        "  --show-percs=yes      old spelling of --show-percs\n"
        "  --show-percs=no       old spelling of --no-show-percs\n"
        "  --annotate, --no-annotate\n"
        "                        annotate, or not, the source files of the files shown\n"
        "                        in the file:function summary\n"
        "  --auto=yes            old spelling of --annotate\n"
        "  --auto=no             old spelling of --no-annotate\n"
        "  --context N           lines of context around annotated lines (default: 8)\n"
        "  --format text|json|html\n"
        "                        the report as text (default), as one JSON document or\n"
        "                        as one self-contained HTML page\n"
        "  --limit EVENT=SPEC    with --diff: exit with status 3 if EVENT's total grew\n"
        "                        by more than SPEC (+P% or +N), or fell by less than\n"
        "                        -P% or -N; repeatable\n",
    .handle = handle,
    CG_OPTIONS(opts),
    CG_POSITIONALS(pos_names, true),
};

/* Called for every input's events: line, before the lists are compared. */
static void check_event_names(void *ctx, const cg_text *events, size_t n)
{
    (void)ctx;
    static const char *const what[] = {"--show", "--sort"};
    char **lists[] = {show_names, sort_names};
    size_t counts[] = {n_show_names, n_sort_names};
    for (int l = 0; l < 2; l++) {
        for (size_t i = 0; i < counts[l]; i++) {
            size_t e = 0;
            while (e < n && !cg_text_is(&events[e], lists[l][i])) e++;
            if (e == n)
                cg_die("%s event `%s` did not appear in `events:` line", what[l], lists[l][i]);
        }
    }
}

static size_t *event_indices(const cg_profile *p, char **names, size_t n)
{
    size_t *idx = xmalloc(n * sizeof *idx);
    for (size_t i = 0; i < n; i++) {
        size_t e = 0;
        while (!cg_text_is(&p->events[e], names[i])) e++;
        idx[i] = e;
    }
    return idx;
}

/* ------------------------------------------------------------ report state */

static cg_profile prof;
static size_t nev;

/* ----------------------------------------------------------------- main */

/* Decides every --limit on the two inputs' totals; true if one is broken.
   An event the profiles lack is a usage error. */
static bool decide_limits(void)
{
    bool broken = false;
    for (size_t i = 0; i < n_limits; i++) {
        cg_limit *l = &limits[i];
        size_t e = 0;
        while (e < nev && !cg_text_is(&prof.events[e], l->event)) e++;
        if (e == nev)
            cg_usage_fail("argument --limit: the profiles have no event %s", cg_repr_str(l->event));
        cg_limit_decide(l, prof.inputs[0].total[e], prof.inputs[1].total[e]);
        broken |= l->broken;
    }
    return broken;
}

int main(int argc, char **argv)
{
    size_t n;
    char **files = cg_start(&program, argc, argv, NULL, &n);
    if (opt_diff && n != 2) {
        cg_print_usage(stderr);
        cg_die("argument --diff: requires exactly two Cachegrind output files");
    }
    if (n_limits && !opt_diff) cg_usage_fail("argument --limit: needs --diff OLD NEW");

    cg_profile_init(&prof, CG_ANNOTATE);
    prof.mod_file = mod_file;
    prof.mod_fn = mod_fn;
    for (size_t i = 0; i < n; i++) {
        cg_read_opts ro = {.sign = opt_diff && i == 0 ? -1 : 1,
                           .on_events = check_event_names,
                           .die_on_mismatch = true};
        cg_read_file(&prof, files[i], &ro);
    }
    nev = prof.n_events;
    size_t *show, n_show, *sort_ev, n_sort;
    if (show_names) {
        show = event_indices(&prof, show_names, n_show_names);
        n_show = n_show_names;
    } else {
        show = xmalloc(nev * sizeof *show);
        for (size_t e = 0; e < nev; e++) show[e] = e;
        n_show = nev;
    }
    if (sort_names) {
        sort_ev = event_indices(&prof, sort_names, n_sort_names);
        n_sort = n_sort_names;
    } else {
        sort_ev = xmalloc(nev * sizeof *sort_ev);
        for (size_t e = 0; e < nev; e++) sort_ev[e] = e;
        n_sort = nev;
    }

    bool broken = decide_limits();
    cg_fp_check fp;
    cg_fp_check_inputs(&prof, &fp);

    FILE *out = stdout;
    static char buf[1 << 16];
    setvbuf(out, buf, _IOFBF, sizeof buf);
    cg_report r = {.prof = &prof,
                   .argc = argc,
                   .argv = argv,
                   .diff = opt_diff,
                   .annotate = annotate,
                   .show_percs = show_percs,
                   .show = show,
                   .sort = sort_ev,
                   .n_show = n_show,
                   .n_sort = n_sort,
                   .threshold_given = threshold_given,
                   .threshold = threshold,
                   .context = context,
                   .limits = limits,
                   .n_limits = n_limits,
                   .fp = &fp};
    if (format == FORMAT_JSON)
        cg_report_json(out, &r);
    else if (format == FORMAT_HTML)
        cg_report_html(out, &r);
    else
        cg_report_text(out, &r);
    cg_write_finish(out, "<stdout>");
    if (!broken) return 0;
    cg_buf b = {0};
    for (size_t i = 0; i < n_limits; i++) {
        if (!limits[i].broken) continue;
        b.len = 0;
        cg_limit_describe(&limits[i], &b);
        fputs("cg_annotate: limit broken: ", stderr);
        cg_put_safe(stderr, b.p, b.len);
        fputc('\n', stderr);
    }
    return 3;
}
