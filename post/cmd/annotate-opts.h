/* SPDX-License-Identifier: GPL-2.0-or-later */
/* annotate-opts.h: cg_annotate's command line in one struct: parsing, the
   checks of the options against each other and against the profiles'
   events.  A library part (not cg_annotate.c's) so that a fuzz target can
   run all of it in-process. */
#ifndef CG_ANNOTATE_OPTS_H
#define CG_ANNOTATE_OPTS_H

#include "limit.h"
#include "profile.h"
#include "regex-subst.h"
#include "report.h"

/* The report --format asks for. */
typedef enum cg_format {
    CG_FORMAT_TEXT,
    CG_FORMAT_JSON,
    CG_FORMAT_HTML,
    CG_FORMAT_FOLDED
} cg_format;

/* --inclusive, or its absence. */
enum cg_inclusive {
    CG_INCL_DEFAULT, /* one inclusive column after the first, when the input has calls */
    CG_INCL_ALL,     /* yes: every column inclusive */
    CG_INCL_NONE     /* no */
};

/* Event names as --show and --sort list them (v NULL: not given). */
typedef struct cg_names {
    char **v;
    size_t n;
} cg_names;

/* The fields the options set; their defaults are in the option table. */
typedef struct cg_annotate_opts {
    bool diff, show_percs, annotate;
    int format; /* enum cg_format */
    cg_subst *mod_file, *mod_fn;
    cg_names show, sort;
    double threshold;
    bool threshold_given; /* else the JSON report lists every pair */
    long long context;
    cg_limit *limits;
    size_t n_limits, cap_limits;
    int inclusive;          /* enum cg_inclusive */
    int tree;               /* enum cg_tree */
    bool fold;              /* --fold: recursion levels and caller contexts folded */
    bool inline_frames;     /* --inline-frames: inlined functions as functions */
    bool collapse;          /* --collapse-recursion */
    cg_srcfind find;        /* -I, --source-map */
    double flame_threshold; /* --flame-threshold, percent */
    long long part_number;  /* --part N (0: not given) */
    const char *part_name;  /* --part NAME (NULL: not given) */
    char **files;           /* the profiles named */
    size_t n_files;
} cg_annotate_opts;

/* Parses argv into *o (defaults first) and checks the combinations (--diff
   with two files, --limit with --diff).  False with *e set: a usage error
   (status 2, or 1 for --diff's file count as upstream), or status 0 after
   --help/--version.  *o must be freed either way. */
bool cg_annotate_parse(cg_annotate_opts *o, int argc, char **argv, cg_error *e);
/* The reader's on_events callback (ctx: the options): --show and --sort
   must name events of every input (status 1). */
bool cg_annotate_check_events(void *ctx, const cg_text *events, size_t n, cg_error *e);
/* The columns shown and the sort keys (arrays to free): the events named
   (all, in order, when the option is absent), each its own counts or, as
   `EVENT:incl` or under --inclusive=yes, its inclusive ones; with calls
   (the input has a call graph) and neither --show nor --inclusive given,
   the first column's inclusive one follows it.  Also each --limit's event
   (limit->index).  False with *e set: a --limit event not in the list
   (usage error), or inclusive columns without calls (status 1). */
bool cg_annotate_select(cg_annotate_opts *o, const cg_text *events, size_t n, bool calls,
                        cg_col **show, size_t *n_show, cg_col **sort, size_t *n_sort, cg_error *e);
void cg_annotate_opts_free(cg_annotate_opts *o);

#endif
