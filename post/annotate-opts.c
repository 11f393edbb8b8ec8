/* SPDX-License-Identifier: GPL-2.0-or-later */
/* annotate-opts.c: cg_annotate's options (annotate-opts.h): the option
   table and help text, the handler that fills cg_annotate_opts, and the
   checks that need the profiles' events. */
#include "annotate-opts.h"
#include "program.h"

#include <stdlib.h>
#include <string.h>

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
    OPT_PART,
    OPT_INCLUSIVE,
    OPT_TREE,
    OPT_FOLD,
    OPT_COLLAPSE,
    OPT_FLAME_THRESHOLD,
    OPT_INCLUDE,
    OPT_SOURCE_MAP,
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
    {{"--part", NULL}, true, OPT_PART},
    {{"--inclusive", NULL}, true, OPT_INCLUSIVE},
    {{"--tree", NULL}, true, OPT_TREE},
    {{"--fold", NULL}, true, OPT_FOLD},
    {{"--collapse-recursion", NULL}, true, OPT_COLLAPSE},
    {{"--flame-threshold", NULL}, true, OPT_FLAME_THRESHOLD},
    {{"-I", "--include", NULL}, true, OPT_INCLUDE},
    {{"--source-map", NULL}, true, OPT_SOURCE_MAP},
};

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

static const char *yes_no(const char *value, bool *to)
{
    if (strcmp(value, "yes") == 0)
        *to = true;
    else if (strcmp(value, "no") == 0)
        *to = false;
    else
        return "invalid choice: use yes or no";
    return NULL;
}

static void free_names(char **v, size_t n)
{
    for (size_t i = 0; i < n; i++) free(v[i]);
    free(v);
}

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

/* --mod-filename/--mod-funcname: the last one given counts. */
static const char *set_subst(cg_subst **to, const char *value)
{
    cg_subst_free(*to);
    if (!(*to = cg_subst_parse(value))) return cg_bad_value("search_and_replace", value);
    return NULL;
}

static const char *handle(void *ctx, int id, const char *string, const char *value)
{
    cg_annotate_opts *o = ctx;
    switch (id) {
    case OPT_DIFF:
        o->diff = true;
        break;
    case OPT_MOD_FILENAME:
        return set_subst(&o->mod_file, value);
    case OPT_MOD_FUNCNAME:
        return set_subst(&o->mod_fn, value);
    case OPT_SHOW:
        free_names(o->show_names, o->n_show_names);
        o->show_names = split_commas(value, &o->n_show_names);
        break;
    case OPT_SORT:
        free_names(o->sort_names, o->n_sort_names);
        o->sort_names = split_commas(value, &o->n_sort_names);
        break;
    case OPT_THRESHOLD: {
        double v;
        if (!cg_parse_py_float(value, &v) || !(v >= 0 && v <= 20))
            return cg_bad_value("threshold", value);
        o->threshold = v;
        o->threshold_given = true;
        break;
    }
    case OPT_SHOW_PERCS:
        o->show_percs = strcmp(string, "--show-percs") == 0;
        break;
    case OPT_SHOW_PERCS_YES:
        o->show_percs = true;
        break;
    case OPT_SHOW_PERCS_NO:
        o->show_percs = false;
        break;
    case OPT_ANNOTATE:
        o->annotate = strcmp(string, "--annotate") == 0;
        break;
    case OPT_AUTO_YES:
        o->annotate = true;
        break;
    case OPT_AUTO_NO:
        o->annotate = false;
        break;
    case OPT_CONTEXT:
        if (!cg_parse_py_int(value, &o->context)) return cg_bad_value("int", value);
        break;
    case OPT_FORMAT:
        if (strcmp(value, "text") == 0)
            o->format = CG_FORMAT_TEXT;
        else if (strcmp(value, "json") == 0)
            o->format = CG_FORMAT_JSON;
        else if (strcmp(value, "html") == 0)
            o->format = CG_FORMAT_HTML;
        else if (strcmp(value, "folded") == 0)
            o->format = CG_FORMAT_FOLDED;
        else
            return "invalid choice: use text, json, html or folded";
        break;
    case OPT_PART: {
        /* A number picks the parts of that `part:`, anything else the parts
           of that `desc: Trigger:`. */
        long long n;
        o->part_number = 0;
        o->part_name = NULL;
        if (cg_parse_py_int(value, &n) && strspn(value, "0123456789") == strlen(value)) {
            if (n < 1) return cg_bad_value("part", value);
            o->part_number = n;
        } else {
            o->part_name = value;
        }
        break;
    }
    case OPT_INCLUSIVE: {
        bool yes;
        const char *err = yes_no(value, &yes);
        if (err) return err;
        o->inclusive = yes;
        break;
    }
    case OPT_TREE: {
        static const char *const trees[] = {"none", "caller", "calling", "both"};
        o->tree = -1;
        for (int t = 0; t < 4; t++)
            if (strcmp(value, trees[t]) == 0) o->tree = t;
        if (o->tree < 0) return "invalid choice: use caller, calling, both or none";
        break;
    }
    case OPT_FOLD:
        return yes_no(value, &o->fold);
    case OPT_COLLAPSE:
        return yes_no(value, &o->collapse);
    case OPT_INCLUDE:
        if (!*value) return "an empty directory name";
        o->find.dirs = xrealloc(o->find.dirs, (o->find.n_dirs + 1) * sizeof *o->find.dirs);
        o->find.dirs[o->find.n_dirs++] = xstrdup(value);
        break;
    case OPT_SOURCE_MAP: {
        const char *eq = strchr(value, '=');
        if (!eq || eq == value) return cg_value_error(value, "", ": use OLD=NEW, OLD not empty");
        size_t n = o->find.n_maps + 1;
        o->find.from = xrealloc(o->find.from, n * sizeof *o->find.from);
        o->find.to = xrealloc(o->find.to, n * sizeof *o->find.to);
        o->find.from[n - 1] = xstrdup(value);
        o->find.from[n - 1][eq - value] = 0;
        o->find.to[n - 1] = xstrdup(eq + 1);
        o->find.n_maps = n;
        break;
    }
    case OPT_FLAME_THRESHOLD: {
        double t;
        if (!cg_parse_py_float(value, &t) || !(t >= 0 && t <= 100))
            return cg_bad_value("float in [0, 100]", value);
        o->flame_threshold = t;
        break;
    }
    case OPT_LIMIT: {
        xgrow((void **)&o->limits, &o->cap_limits, o->n_limits + 1, sizeof *o->limits);
        cg_limit *l = &o->limits[o->n_limits];
        const char *err = cg_limit_parse(value, l);
        if (err) {
            cg_limit_free(l);
            static cg_buf b;
            b.len = 0;
            cg_buf_printf(&b, ": %s", err);
            return cg_value_error(value, "", b.p);
        }
        o->n_limits++;
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
             "       [--context N] [--format text|json|html|folded]\n"
             "       [--limit [PATTERN:]EVENT=SPEC] [--part N|NAME] [--inclusive yes|no]\n"
             "       [--tree caller|calling|both|none] [--fold yes|no]\n"
             "       [--collapse-recursion yes|no] [--flame-threshold PCT]\n"
             "       [-I DIR] [--source-map OLD=NEW]\n"
             "       cachegrind-out-file [cachegrind-out-file ...]",
    .about = "Reports the counts of one or more Cachegrind or Callgrind output files (added\n"
             "up, or with --diff subtracted) per file and function, and annotates source\n"
             "files.\n",
    .arguments = "  cachegrind-out-file   a file written by Cachegrind or Callgrind (the format\n"
                 "                        is told from the content; a --separate-threads run's\n"
                 "                        plain file name stands for its thread files)\n",
    .options =
        "  --diff                report the second file minus the first\n" CG_MOD_OPTIONS_HELP
        "  --show A,B,C          the events to show, in this order (default: all); A:incl\n"
        "                        is A's inclusive cost (input with calls)\n"
        "  --sort A,B,C          the events to sort by, in priority order (default: the\n"
        "                        order of the events line); A:incl as for --show\n"
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
        "  --format text|json|html|folded\n"
        "                        the report as text (default), as one JSON document, as\n"
        "                        one self-contained HTML page (with a flame graph for\n"
        "                        input with calls), or as folded stacks of the call\n"
        "                        paths, one line each (`main;f;g 123`, one event: the\n"
        "                        first, or --show EVENT), for flamegraph.pl and the like\n"
        "  --limit [PATTERN:]EVENT=SPEC\n"
        "                        with --diff: exit with status 3 if EVENT's total grew\n"
        "                        by more than SPEC (+P% or +N), or fell by less than\n"
        "                        -P% or -N; with PATTERN (a glob of * and ?), the\n"
        "                        inclusive cost of the functions it matches instead\n"
        "                        (input with calls); repeatable\n"
        "  --part N|NAME         of Callgrind files with several parts (dumps), count\n"
        "                        only part N, or the parts whose trigger is NAME\n"
        "                        (default: all parts, added up)\n"
        "  --inclusive yes|no    of input with calls: every column inclusive (yes), or\n"
        "                        none (no); default: an inclusive column after the first\n"
        "  --tree caller|calling|both|none\n"
        "                        the call-graph section: each function with its callers,\n"
        "                        its callees, both (default, for input with calls) or none\n"
        "  --fold yes|no         fold recursion levels and caller contexts into their\n"
        "                        function (fib'2 into fib; default: yes)\n"
        "  --collapse-recursion yes|no\n"
        "                        flame graphs and folded stacks: a function called by\n"
        "                        itself is one frame (f;f;f as f; default: yes)\n"
        "  --flame-threshold PCT the HTML flame graph leaves out frames below PCT% of\n"
        "                        the total in every event (default: 0.01)\n"
        "  -I DIR, --include DIR a relative source file name not found is looked for\n"
        "                        under DIR (repeatable, in order)\n"
        "  --source-map OLD=NEW  a source file name starting with OLD is looked for as\n"
        "                        NEW and the rest first (repeatable; e.g. Rust's\n"
        "                        /rustc/HASH/=SYSROOT/lib/rustlib/src/rust/); unlike\n"
        "                        --mod-filename, names in the report stay as they are\n",
    .handle = handle,
    CG_OPTIONS(opts),
    CG_POSITIONALS(pos_names, true),
};

bool cg_annotate_parse(cg_annotate_opts *o, int argc, char **argv, cg_error *e)
{
    *o = (cg_annotate_opts){.show_percs = true,
                            .annotate = true,
                            .threshold = 0.1,
                            .context = 8,
                            .inclusive = -1,
                            .tree = -1,
                            .fold = true,
                            .collapse = true,
                            .flame_threshold = 0.01};
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
        (o->n_show_names > 1 || (o->n_show_names == 1 && strchr(o->show_names[0], ':')))) {
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
    char **lists[] = {o->show_names, o->sort_names};
    size_t counts[] = {o->n_show_names, o->n_sort_names};
    for (int l = 0; l < 2; l++) {
        for (size_t i = 0; i < counts[l]; i++) {
            size_t k = 0;
            bool incl;
            size_t len = event_len(lists[l][i], &incl);
            while (k < n && !is_event(&events[k], lists[l][i], len)) k++;
            if (k == n)
                return cg_error_set(e, 1, "%s event `%s` did not appear in `events:` line", what[l],
                                    lists[l][i]);
        }
    }
    return true;
}

/* The columns of the named events (which the reader has checked), or of
   all; *incl says whether one is inclusive.  `every` makes them all so. */
static cg_col *columns(const cg_text *events, size_t n, char **names, size_t n_names, bool every,
                       size_t *count, bool *incl)
{
    size_t m = names ? n_names : n;
    cg_col *c = xmalloc((m + 2) * sizeof *c);
    *incl = false;
    for (size_t i = 0; i < m; i++) {
        size_t k = i;
        bool in = false;
        if (names) {
            size_t len = event_len(names[i], &in);
            for (k = 0; k < n && !is_event(&events[k], names[i], len); k++) continue;
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
    bool every = o->inclusive == 1, si, ti;
    *show = columns(events, n, o->show_names, o->n_show_names, every, n_show, &si);
    *sort = columns(events, n, o->sort_names, o->n_sort_names, every, n_sort, &ti);
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
    if (calls && o->inclusive < 0 && !o->show_names && *n_show) {
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
    free_names(o->show_names, o->n_show_names);
    free_names(o->sort_names, o->n_sort_names);
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
