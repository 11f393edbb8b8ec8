/* SPDX-License-Identifier: GPL-2.0-or-later */
/* annotate-opts.c: cg_annotate's options (annotate-opts.h): the option
   table, where each option is declared once with its help, default and
   action (cmdline.h), the actions of its own options, the checks of their
   combinations, and those that need the profiles' events. */
#include "annotate-opts.h"
#include "program.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* The length of the event name in a column name (without its suffix,
   cg_incl_suffix). */
static size_t event_len(const char *name, bool *incl)
{
    size_t n = strlen(name), k = strlen(cg_incl_suffix);
    *incl = n > k && strcmp(name + n - k, cg_incl_suffix) == 0;
    return *incl ? n - k : n;
}

static bool is_event(const cg_text *e, const char *name, size_t len)
{
    return e->len == len && memcmp(e->s, name, len) == 0;
}

static void free_names(cg_names *l)
{
    for (size_t i = 0; i < l->n; i++) free(l->v[i]);
    free(l->v);
    *l = (cg_names){0};
}

/* --show, --sort: split on commas only; empty items are names too. */
static cg_opt_result set_names(void *field, const cg_option *opt, const char *string,
                               const char *value, cg_buf *why)
{
    (void)opt, (void)string, (void)why;
    cg_names *l = field;
    free_names(l);
    size_t count = 1;
    for (const char *p = value; *p; p++) count += *p == ',';
    l->v = xmalloc(count * sizeof *l->v);
    for (const char *p = value;; p++) {
        const char *c = strchr(p, ',');
        size_t len = c ? (size_t)(c - p) : strlen(p);
        l->v[l->n++] = xmemdup0(p, len);
        if (!c) break;
        p = c;
    }
    return CG_OPT_OK;
}

/* --threshold; its default does not count as given. */
static cg_opt_result set_threshold(void *field, const cg_option *opt, const char *string,
                                   const char *value, cg_buf *why)
{
    (void)opt;
    cg_annotate_opts *o = field;
    double v;
    if (!cg_parse_py_float(value, &v) || !(v >= 0 && v <= 20))
        return cg_opt_bad_value(why, "threshold", value);
    o->threshold = v;
    o->threshold_given = string != NULL;
    return CG_OPT_OK;
}

static cg_opt_result set_flame_threshold(void *field, const cg_option *opt, const char *string,
                                         const char *value, cg_buf *why)
{
    (void)opt, (void)string;
    double t;
    if (!cg_parse_py_float(value, &t) || !(t >= 0 && t <= 100))
        return cg_opt_bad_value(why, "float in [0, 100]", value);
    *(double *)field = t;
    return CG_OPT_OK;
}

static cg_opt_result add_limit(void *field, const cg_option *opt, const char *string,
                               const char *value, cg_buf *why)
{
    (void)opt, (void)string;
    cg_annotate_opts *o = field;
    xgrow((void **)&o->limits, &o->cap_limits, o->n_limits + 1, sizeof *o->limits);
    cg_limit *l = &o->limits[o->n_limits];
    const char *err = cg_limit_parse(value, l);
    if (err) {
        cg_limit_free(l);
        cg_buf_repr(why, value, strlen(value));
        return cg_opt_error(why, ": %s", err);
    }
    o->n_limits++;
    return CG_OPT_OK;
}

/* --part: a number picks the parts of that `part:`, anything else the
   parts of that `desc: Trigger:`. */
static cg_opt_result set_part(void *field, const cg_option *opt, const char *string,
                              const char *value, cg_buf *why)
{
    (void)opt, (void)string;
    cg_annotate_opts *o = field;
    long long n;
    o->part_number = 0;
    o->part_name = NULL;
    if (cg_parse_py_int(value, &n) && strspn(value, "0123456789") == strlen(value)) {
        if (n < 1) return cg_opt_bad_value(why, "part", value);
        o->part_number = n;
    } else {
        o->part_name = value;
    }
    return CG_OPT_OK;
}

static cg_opt_result add_dir(void *field, const cg_option *opt, const char *string,
                             const char *value, cg_buf *why)
{
    (void)opt, (void)string;
    cg_srcfind *f = field;
    if (!*value) return cg_opt_error(why, "an empty directory name");
    f->dirs = xrealloc(f->dirs, (f->n_dirs + 1) * sizeof *f->dirs);
    f->dirs[f->n_dirs++] = xstrdup(value);
    return CG_OPT_OK;
}

static cg_opt_result add_map(void *field, const cg_option *opt, const char *string,
                             const char *value, cg_buf *why)
{
    (void)opt, (void)string;
    cg_srcfind *f = field;
    const char *eq = strchr(value, '=');
    if (!eq || eq == value) {
        cg_buf_repr(why, value, strlen(value));
        return cg_opt_error(why, ": use OLD=NEW, OLD not empty");
    }
    size_t n = f->n_maps + 1;
    f->from = xrealloc(f->from, n * sizeof *f->from);
    f->to = xrealloc(f->to, n * sizeof *f->to);
    f->from[n - 1] = xstrdup(value);
    f->from[n - 1][eq - value] = 0;
    f->to[n - 1] = xstrdup(eq + 1);
    f->n_maps = n;
    return CG_OPT_OK;
}

static const cg_choice formats[] = {{"text", CG_FORMAT_TEXT},
                                    {"json", CG_FORMAT_JSON},
                                    {"html", CG_FORMAT_HTML},
                                    {"folded", CG_FORMAT_FOLDED},
                                    {NULL, 0}};
static const cg_choice inclusive[] = {{"yes", CG_INCL_ALL}, {"no", CG_INCL_NONE}, {NULL, 0}};
static const cg_choice trees[] = {{"caller", CG_TREE_CALLER},
                                  {"calling", CG_TREE_CALLING},
                                  {"both", CG_TREE_BOTH},
                                  {"none", CG_TREE_NONE},
                                  {NULL, 0}};

#define FIELD(f) offsetof(cg_annotate_opts, f)
#define WHOLE    0 /* the action sets several fields */

/* The parser, the usage line and the --help text are all made from this
   table; its order is theirs.  The usage's line breaks are chosen by hand
   (CG_OPT_USAGE_BREAK). */
static const cg_option options[] = {
    {.names = {"--diff"},
     .help = "report the second file minus the first",
     .apply = cg_opt_true,
     .offset = FIELD(diff)},
    CG_MOD_OPTIONS(cg_annotate_opts, mod_file, mod_fn),
    {.names = {"--show"},
     .metavar = "A,B,C",
     .help = "the events to show, in this order (default: all); A:incl\n"
             "is A's inclusive cost (input with calls)",
     .flags = CG_OPT_USAGE_BREAK,
     .apply = set_names,
     .offset = FIELD(show)},
    {.names = {"--sort"},
     .metavar = "A,B,C",
     .help = "the events to sort by, in priority order (default: the\n"
             "order of the events line); A:incl as for --show",
     .apply = set_names,
     .offset = FIELD(sort)},
    {.names = {"--threshold"},
     .metavar = "N:[0,20]",
     .def = "0.1",
     .help = "leave out file:function and function:file pairs below\n"
             "N% of the first sort event's total (default: 0.1)",
     .apply = set_threshold,
     .offset = WHOLE},
    {.names = {"--show-percs", "--no-show-percs"},
     .def = "--show-percs",
     .help = "show, or not, a percentage next to each non-zero count",
     .flags = CG_OPT_NEGATABLE | CG_OPT_USAGE_BREAK,
     .apply = cg_opt_true,
     .offset = FIELD(show_percs)},
    {.names = {"--show-percs=yes"},
     .help = "old spelling of --show-percs",
     .flags = CG_OPT_NO_USAGE,
     .apply = cg_opt_true,
     .offset = FIELD(show_percs)},
    {.names = {"--show-percs=no"},
     .help = "old spelling of --no-show-percs",
     .flags = CG_OPT_NO_USAGE,
     .apply = cg_opt_false,
     .offset = FIELD(show_percs)},
    {.names = {"--annotate", "--no-annotate"},
     .def = "--annotate",
     .help = "annotate, or not, the source files of the files shown\n"
             "in the file:function summary",
     .flags = CG_OPT_NEGATABLE,
     .apply = cg_opt_true,
     .offset = FIELD(annotate)},
    {.names = {"--auto=yes"},
     .help = "old spelling of --annotate",
     .flags = CG_OPT_NO_USAGE,
     .apply = cg_opt_true,
     .offset = FIELD(annotate)},
    {.names = {"--auto=no"},
     .help = "old spelling of --no-annotate",
     .flags = CG_OPT_NO_USAGE,
     .apply = cg_opt_false,
     .offset = FIELD(annotate)},
    {.names = {"--context"},
     .metavar = "N",
     .def = "8",
     .help = "lines of context around annotated lines (default: 8)",
     .flags = CG_OPT_USAGE_BREAK,
     .apply = cg_opt_int,
     .offset = FIELD(context)},
    {.names = {"--format"},
     .choices = formats,
     .def = "text",
     .help = "the report as text (default), as one JSON document, as\n"
             "one self-contained HTML page (with a flame graph for\n"
             "input with calls), or as folded stacks of the call\n"
             "paths, one line each (`main;f;g 123`, one event: the\n"
             "first, or --show EVENT), for flamegraph.pl and the like",
     .apply = cg_opt_choice,
     .offset = FIELD(format)},
    {.names = {"--limit"},
     .metavar = "[PATTERN:]EVENT=SPEC",
     .help = "with --diff: exit with status 3 if EVENT's total grew\n"
             "by more than SPEC (+P% or +N), or fell by less than\n"
             "-P% or -N; with PATTERN (a glob of * and ?), the\n"
             "inclusive cost of the functions it matches instead\n"
             "(input with calls); repeatable",
     .flags = CG_OPT_USAGE_BREAK,
     .apply = add_limit,
     .offset = WHOLE},
    {.names = {"--part"},
     .metavar = "N|NAME",
     .help = "of Callgrind files with several parts (dumps), count\n"
             "only part N, or the parts whose trigger is NAME\n"
             "(default: all parts, added up)",
     .apply = set_part,
     .offset = WHOLE},
    {.names = {"--inclusive"},
     .choices = inclusive,
     .help = "of input with calls: every column inclusive (yes), or\n"
             "none (no); default: an inclusive column after the first",
     .apply = cg_opt_choice,
     .offset = FIELD(inclusive)},
    {.names = {"--tree"},
     .choices = trees,
     .def = "both",
     .help = "the call-graph section: each function with its callers,\n"
             "its callees, both (default, for input with calls) or none",
     .flags = CG_OPT_USAGE_BREAK,
     .apply = cg_opt_choice,
     .offset = FIELD(tree)},
    {.names = {"--fold"},
     .choices = cg_yes_no,
     .def = "yes",
     .help = "fold recursion levels and caller contexts into their\n"
             "function (fib'2 into fib; default: yes)",
     .apply = cg_opt_yes_no,
     .offset = FIELD(fold)},
    {.names = {"--collapse-recursion"},
     .choices = cg_yes_no,
     .def = "yes",
     .help = "flame graphs and folded stacks: a function called by\n"
             "itself is one frame (f;f;f as f; default: yes)",
     .flags = CG_OPT_USAGE_BREAK,
     .apply = cg_opt_yes_no,
     .offset = FIELD(collapse)},
    {.names = {"--flame-threshold"},
     .metavar = "PCT",
     .def = "0.01",
     .help = "the HTML flame graph leaves out frames below PCT% of\n"
             "the total in every event (default: 0.01)",
     .apply = set_flame_threshold,
     .offset = FIELD(flame_threshold)},
    {.names = {"--inline-frames"},
     .choices = cg_yes_no,
     .def = "no",
     .help = "input with costs by instruction (the tool's\n"
             "--inline-frames=yes): inlined functions as functions of\n"
             "their own, read from the objects' debug info (default: no)",
     .flags = CG_OPT_USAGE_BREAK,
     .apply = cg_opt_yes_no,
     .offset = FIELD(inline_frames)},
    {.names = {"-I", "--include"},
     .metavar = "DIR",
     .help = "a relative source file name not found is looked for\n"
             "under DIR (repeatable, in order)",
     .apply = add_dir,
     .offset = FIELD(find)},
    {.names = {"--source-map"},
     .metavar = "OLD=NEW",
     .help = "a source file name starting with OLD is looked for as\n"
             "NEW and the rest first (repeatable; e.g. Rust's\n"
             "/rustc/HASH/=SYSROOT/lib/rustlib/src/rust/); unlike\n"
             "--mod-filename, names in the report stay as they are",
     .apply = add_map,
     .offset = FIELD(find)},
};

static const cg_arg args[] = {
    {"cachegrind-out-file", "a file written by Cachegrind or Callgrind (the format\n"
                            "is told from the content; a --separate-threads run's\n"
                            "plain file name stands for its thread files)"},
};

static const cg_program program = {
    .name = "cg_annotate",
    .about = "Reports the counts of one or more Cachegrind or Callgrind output files (added\n"
             "up, or with --diff subtracted) per file and function, and annotates source\n"
             "files.\n",
    CG_OPTIONS(options),
    CG_POSITIONALS(args, true),
    .args_usage = "cachegrind-out-file [cachegrind-out-file ...]",
    .args_usage_break = true,
};

bool cg_annotate_parse(cg_annotate_opts *o, int argc, char **argv, cg_error *e)
{
    *o = (cg_annotate_opts){0};
    o->files = cg_program_parse(&program, argc, argv, o, &o->n_files, e);
    if (!o->files) return false;
    if (o->diff && o->n_files != 2) {
        /* Upstream prints the usage, then an error of its own (status 1). */
        cg_error_set(e, 1, "argument --diff: requires exactly two Cachegrind output files");
        e->usage = true;
        return false;
    }
    if (o->n_limits && !o->diff) {
        cg_error_set(e, 2, "argument --limit: needs --diff OLD NEW");
        e->usage = e->argparse = true;
        return false;
    }
    if (o->format == CG_FORMAT_FOLDED &&
        (o->show.n > 1 || (o->show.n == 1 && strchr(o->show.v[0], ':')))) {
        /* A stack's count is one number: the self cost of one event. */
        cg_error_set(e, 2,
                     "argument --show: --format=folded writes one event's own counts: "
                     "give --show EVENT");
        e->usage = e->argparse = true;
        return false;
    }
    return true;
}

bool cg_annotate_check_events(void *ctx, const cg_text *events, size_t n, cg_error *e)
{
    const cg_annotate_opts *o = ctx;
    static const char *const what[] = {"--show", "--sort"};
    const cg_names *lists[] = {&o->show, &o->sort};
    for (int l = 0; l < 2; l++) {
        for (size_t i = 0; i < lists[l]->n; i++) {
            const char *name = lists[l]->v[i];
            size_t k = 0;
            bool incl;
            size_t len = event_len(name, &incl);
            while (k < n && !is_event(&events[k], name, len)) k++;
            if (k == n)
                return cg_error_set(e, 1, "%s event `%s` did not appear in `events:` line", what[l],
                                    name);
        }
    }
    return true;
}

/* The columns of the named events (which the reader has checked), or of
   all; *incl says whether one is inclusive.  `every` makes them all so. */
static cg_col *columns(const cg_text *events, size_t n, const cg_names *names, bool every,
                       size_t *count, bool *incl)
{
    size_t m = names->v ? names->n : n;
    cg_col *c = xmalloc((m + 2) * sizeof *c);
    *incl = false;
    for (size_t i = 0; i < m; i++) {
        size_t k = i;
        bool in = false;
        if (names->v) {
            size_t len = event_len(names->v[i], &in);
            for (k = 0; k < n && !is_event(&events[k], names->v[i], len); k++) continue;
        }
        c[i] = (cg_col){k, in || every ? CG_COL_INCL : CG_COL_SELF};
        *incl |= c[i].kind == CG_COL_INCL;
    }
    *count = m;
    return c;
}

bool cg_annotate_select(cg_annotate_opts *o, const cg_text *events, size_t n, bool calls,
                        cg_col **show, size_t *n_show, cg_col **sort, size_t *n_sort, cg_error *e)
{
    bool every = o->inclusive == CG_INCL_ALL, si, ti;
    *show = columns(events, n, &o->show, every, n_show, &si);
    *sort = columns(events, n, &o->sort, every, n_sort, &ti);
    if ((si || ti) && !calls) {
        /* Name what asked for them: the option, or the first such column. */
        const cg_col *c = si ? *show : *sort;
        while (c->kind != CG_COL_INCL) c++;
        const cg_text *ev = &events[c->event];
        cg_error_set(e, 1,
                     "inclusive costs (%s%.*s%s) need calls, and the profiles have none: "
                     "Callgrind's files have them",
                     every ? "--inclusive=yes" : "", every ? 0 : (int)ev->len, ev->s,
                     every ? "" : cg_col_suffix(c));
        free(*show), free(*sort);
        *show = *sort = NULL;
        return false;
    }
    if (calls && o->inclusive == CG_INCL_DEFAULT && !o->show.v && *n_show) {
        /* The default columns: the first one's inclusive cost after it. */
        memmove(*show + 2, *show + 1, (*n_show - 1) * sizeof **show);
        (*show)[1] = (cg_col){(*show)[0].event, CG_COL_INCL};
        ++*n_show;
    }
    for (size_t i = 0; i < o->n_limits; i++) {
        cg_limit *l = &o->limits[i];
        for (l->index = 0; l->index < n && !cg_text_is(&events[l->index], l->event); l->index++)
            continue;
        if (l->index == n) {
            char *r = cg_repr_str(l->event);
            cg_error_set(e, 2, "argument --limit: the profiles have no event %s", r);
            free(r);
            e->usage = e->argparse = true;
            return false;
        }
    }
    return true;
}

void cg_annotate_opts_free(cg_annotate_opts *o)
{
    cg_subst_free(o->mod_file);
    cg_subst_free(o->mod_fn);
    free_names(&o->show);
    free_names(&o->sort);
    for (size_t i = 0; i < o->n_limits; i++) cg_limit_free(&o->limits[i]);
    free(o->limits);
    for (size_t i = 0; i < o->find.n_dirs; i++) free(o->find.dirs[i]);
    for (size_t i = 0; i < o->find.n_maps; i++) {
        free(o->find.from[i]);
        free(o->find.to[i]);
    }
    free(o->find.dirs);
    free(o->find.from);
    free(o->find.to);
    free(o->files);
    memset(o, 0, sizeof *o);
}
