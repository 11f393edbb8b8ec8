/* SPDX-License-Identifier: GPL-2.0-or-later */
/* report.h: what cg_annotate's reports (text: report-text.c, JSON:
   report-json.c, HTML: report-html.c, folded stacks: report-folded.c) are
   made of: the options that shape them, and the report model they share
   (report-model.c): the columns and their names, the function summaries
   and the flat list of pairs with their threshold and order, the marks
   after a function's name and the notes on them, the order of files, the
   source files to annotate and their listing, and where the counts went.
   Each rule of docs/post-processors.md, "The cg_annotate report", and of
   docs/json.md is decided there once; the reports only lay the results
   out. */
#ifndef CG_REPORT_H
#define CG_REPORT_H

#include "fgraph.h"
#include "flame.h"
#include "fingerprint.h"
#include "inline-frames.h"
#include "limit.h"
#include "profile.h"

#include <stdio.h>

/* A column of the reports' tables, and a sort key: an event, and which of
   a row's counts of it: its own (SELF, `Ir`) or, for a row that is a
   function of a profile with calls, its inclusive cost (INCL, `Ir:incl`). */
typedef struct cg_col {
    size_t event;
    enum cg_col_kind { CG_COL_SELF, CG_COL_INCL } kind;
} cg_col;

/* A row's value in column c: every shown or sorted value is read through
   here.  cc is the row's own counts, incl its inclusive ones (NULL: the
   row is no function, and has none), both indexed by event. */
static inline cg_count cg_col_value(const cg_col *c, const cg_count *cc, const cg_count *incl)
{
    if (c->kind == CG_COL_SELF) return cc[c->event];
    return incl ? incl[c->event] : 0;
}

/* The spelling of an inclusive column after its event's name (`Ir:incl`):
   what --show and --sort read and every report writes. */
extern const char cg_incl_suffix[];

/* What follows column c's event name wherever a report names the column:
   cg_incl_suffix for an inclusive column, else nothing. */
const char *cg_col_suffix(const cg_col *c);

/* The columns of events[0 .. n) of the given kinds, in that order
   (allocated; free() it). */
cg_col *cg_cols_make(const size_t *events, const enum cg_col_kind *kinds, size_t n);

/* The own-count columns among show[0 .. n_show), or, when all are
   inclusive, their events' own counts: what per-line counts can fill (the
   listings, JSON's arrays). */
cg_col *cg_cols_own(const cg_col *show, size_t n_show, size_t *n);

/* Where the annotated listings look for source files (-I, --source-map;
   docs/post-processors.md, "Finding source files"). */
typedef struct cg_srcfind {
    char **dirs; /* -I: a relative name not found is looked for under each */
    size_t n_dirs;
    char **from, **to; /* --source-map FROM=TO: a name starting with FROM */
    size_t n_maps;
} cg_srcfind;

/* --tree: which arcs the call-graph section shows around each function. */
enum cg_tree { CG_TREE_NONE, CG_TREE_CALLER, CG_TREE_CALLING, CG_TREE_BOTH };

typedef struct cg_report {
    const cg_profile *prof;
    int argc; /* cg_annotate's command line, for the metadata (0: none) */
    char **argv;
    bool diff, annotate, show_percs;
    const cg_col *show, *sort; /* the columns shown, and the sort keys */
    size_t n_show, n_sort;
    /* The call graph (NULL: the input has no calls), applied to prof
       (cg_fgraph_apply: its func_of gives each entry's function). */
    const cg_fgraph *graph;
    enum cg_tree tree;
    bool threshold_given; /* JSON: else every file:function pair is listed */
    double threshold;
    long long context;
    /* Flame graphs and folded stacks: direct recursion collapsed (the
       page's first view), and the page's frames below this percent of the
       total left out. */
    bool collapse;
    double flame_pct;
    const cg_srcfind *find; /* NULL: names are opened as they are */
    const cg_limit *limits;
    size_t n_limits;
    const cg_fp_check *fp;
    /* --inline-frames: what the rewrite did (NULL: not asked for). */
    const cg_inline_stats *inl;
} cg_report;

/* Whether some column the report shows is inclusive. */
bool cg_report_incl_shown(const cg_report *r);

/* The upstream text report (docs/post-processors.md, "The cg_annotate
   report"). */
void cg_report_text(FILE *out, const cg_report *r);
/* The whole report as one JSON document (docs/json.md). */
void cg_report_json(FILE *out, const cg_report *r);
/* One self-contained HTML page (docs/post-processors.md, "The HTML
   report"). */
void cg_report_html(FILE *out, const cg_report *r);

/* The call paths as folded stacks, one line per path with a cost of the
   first column's event: `main;parse;lex 12345` (under --diff `... OLD
   NEW`); docs/post-processors.md, "Folded stacks".  Returns false, with
   cg_stacks_make's error in e, when the input has no call paths to make
   them from. */
bool cg_report_folded(FILE *out, const cg_report *r, cg_error *e);

/* ------------------------------------------------ Callgrind's metadata */

/* A metadata line that only Callgrind input has (docs/post-processors.md,
   "Callgrind input"): its parts counted, summary: lines above its totals,
   the warning when a file Callgrind wrote meets a Cachegrind profile.
   `text` holds profile bytes, which each report escapes its own way. */
typedef struct cg_meta_note {
    char label[48]; /* `Summary line N` with N up to 20 digits */
    cg_buf text;
} cg_meta_note;

/* The notes of the report, in order (NULL, 0 when there are none). */
cg_meta_note *cg_meta_notes(const cg_report *r, size_t *n);
void cg_meta_notes_free(cg_meta_note *notes, size_t n);

/* ---------------------------------------------------- function summaries */

/* Which rows a list keeps: the text report and the page apply the threshold
   always (0.1% by default), the JSON document only when --threshold was
   given (docs/json.md, "The document"). */
enum cg_keep {
    CG_KEEP_THRESHOLD, /* the rows at or above the threshold */
    CG_KEEP_GIVEN,     /* likewise with --threshold, else every row */
};

/* The call-graph function of profile function fn (CG_NONE: none, or no
   call graph), and its inclusive cost (NULL likewise). */
uint32_t cg_report_node(const cg_report *r, uint32_t fn);
const cg_count *cg_report_incl(const cg_report *r, uint32_t fn);

/* One member of a group: a function of the file, or a file of the
   function. */
typedef struct cg_inner {
    const cg_str *name;
    const cg_count *cc;
    const cg_count *incl;      /* a function's inclusive cost, else NULL */
    const cg_count *sort_incl; /* a file's: its function's (for keeping and order) */
    uint32_t pair;             /* the (file, function) pair whose lines these are, or CG_NONE */
} cg_inner;

/* A group: a file with its functions, or a function with its files. */
typedef struct cg_outer {
    const cg_str *name;
    uint32_t id; /* file or function id */
    cg_count *cc;
    /* A function's inclusive cost; for a file, NULL, and sort_incl the
       largest of its functions' (what an inclusive sort key orders files
       by; NULL for a function). */
    const cg_count *incl;
    cg_count *sort_incl;
    cg_inner *in;
    size_t n_in;
} cg_outer;

/* The File:function or Function:file summary: o[0 .. n) are the groups with
   a member at or above the threshold, members and groups in report order;
   o[n .. n_all) were left out. */
typedef struct cg_summary {
    cg_outer *o;
    size_t n, n_all;
    size_t n_members, n_members_all; /* members kept, and in all */
    cg_count **extra;                /* sums made for merged orphan entries */
    size_t n_extra;
} cg_summary;

void cg_summary_by_file(const cg_report *r, cg_summary *s);
void cg_summary_by_fn(const cg_report *r, cg_summary *s);
void cg_summary_free(cg_summary *s);

/* Whether the group is shown as one row (`< FILE:FUNCTION`): one member
   kept, whose counts equal the group's in every event. */
bool cg_summary_one_row(const cg_report *r, const cg_outer *o);

/* One (file, function) pair of a flat list. */
typedef struct cg_pair_row {
    const cg_str *file, *fn;
    const cg_count *cc;
    const cg_count *incl; /* its function's inclusive cost, or NULL */
    uint32_t pair;
} cg_pair_row;

/* Every (file, function) pair as a row of its own (the JSON document's
   "functions"), those `keep` leaves out dropped, ordered as the summaries
   order their rows by counts, then by file name and function name,
   ascending (docs/json.md). */
typedef struct cg_pair_rows {
    cg_pair_row *v;
    size_t n;
} cg_pair_rows;

void cg_pair_rows_make(const cg_report *r, enum cg_keep keep, cg_pair_rows *l);
void cg_pair_rows_free(cg_pair_rows *l);

/* ------------------------------------------------------------ call graph */

/* The mark after a function's name (docs/post-processors.md, "The call
   graph"): why its inclusive cost is only a lower bound, or why an exact
   one is below its self cost. */
enum cg_mark {
    CG_MARK_NONE,        /* its inclusive cost is exact, and no smaller than its self cost */
    CG_MARK_CYCLE,       /* `<cycle N>`: in a cycle, whose cost as a whole is exact */
    CG_MARK_SHARED_NAME, /* `<shared name>`: a name several functions have */
    CG_MARK_INEXACT,     /* `<inexact>`: caller contexts that may nest */
    /* `<shared code>`: exact, but below its self cost in some event: part of
       its code ran inside another function's activation, reached by a jump
       (glibc's memmove runs memcpy's code).  Never under --diff, where
       either cost is a change. */
    CG_MARK_SHARED_CODE,
};

/* The mark of function v of the call graph (every mention of it in the
   call-graph section). */
enum cg_mark cg_graph_mark(const cg_report *r, uint32_t v);
/* The mark a function table puts after profile function fn: its call-graph
   function's, when the tables show an inclusive column (the mark is about
   that column), else none. */
enum cg_mark cg_table_mark(const cg_report *r, uint32_t fn);
/* How many functions of the call graph have each mark. */
#define CG_N_MARKS (CG_MARK_SHARED_CODE + 1)
void cg_mark_counts(const cg_report *r, size_t n[CG_N_MARKS]);
/* Whether mark m says that the inclusive cost is a lower bound. */
bool cg_mark_bound(enum cg_mark m);
/* Mark m as a legend names it (`<cycle N>`; "" for none), and the words of
   function v's mark m (`<cycle 2>`), appended to b: plain text each report
   escapes its own way. */
const char *cg_mark_key(enum cg_mark m);
void cg_mark_words(const cg_report *r, uint32_t v, enum cg_mark m, cg_buf *b);

/* What the metadata says of a call graph (docs/post-processors.md, "The
   call graph"), as plain text each report escapes its own way: whether
   names were folded, and which inclusive costs are exact (and which are
   below their self costs). */
const char *cg_graph_fold_note(const cg_fgraph *g);
void cg_graph_exact_note(const cg_report *r, cg_buf *b);
/* Whether the metadata says those two: when the report shows inclusive
   costs, in a column or in the call-graph section. */
bool cg_graph_noted(const cg_report *r);

/* One entry of the call-graph section: a function (cycle CG_NONE) or a
   cycle as a whole (fn CG_NONE), at or above the threshold by inclusive
   cost, with its callers' and callees' arcs (cg_fgraph.arcs) at or above it
   too; the others are only counted. */
typedef struct cg_tree_entry {
    uint32_t fn, cycle;
    uint32_t *callers, *callees;
    size_t n_callers, n_callees, hidden_callers, hidden_callees;
} cg_tree_entry;

typedef struct cg_tree_list {
    cg_tree_entry *e;
    size_t n;
    uint32_t *index;       /* function -> its entry + 1 (0: none) */
    uint32_t *cycle_index; /* cycle -> its entry + 1 (0: none) */
} cg_tree_list;

/* The entries in report order: by the sort events' inclusive costs
   (absolute values), largest first, then by name; `keep` as for the
   other lists (the JSON document lists every function by default). */
void cg_tree_make(const cg_report *r, enum cg_keep keep, cg_tree_list *t);
void cg_tree_free(cg_tree_list *t);
/* The calls of a function or of an arc as the call-graph section writes
   them (docs/post-processors.md, "In the reports"): `N`, `N+R` with
   recursive calls, then, for an arc (total not NULL), `/T`, the callee's N
   in all.  Under --diff each figure is a change, written as the costs are
   (thousands separated) and with its sign: `+30,012/+30,012`, `+2-1/0`.
   With --inline-frames, an arc of no calls is an inlined call: `inlined`.
   Writes a string into b (CG_CALLS_MAX bytes) and returns its length. */
#define CG_CALLS_MAX 96
size_t cg_calls_words(const cg_report *r, char *b, cg_count n, cg_count rec, const cg_count *total);
/* Whether a call of `n` calls and `rec` recursive ones is an inlined call:
   with --inline-frames, only the rewrite makes calls without a count
   (inline-frames.h). */
static inline bool cg_calls_inlined(const cg_report *r, cg_count n, cg_count rec)
{
    return r->inl && !r->diff && n == 0 && rec == 0;
}

/* The inclusive cost of entry e, and its self cost. */
const cg_count *cg_tree_incl(const cg_report *r, const cg_tree_entry *e);
const cg_count *cg_tree_self(const cg_report *r, const cg_tree_entry *e);

/* ---------------------------------------------------------- folded stacks */

/* What --format=folded writes (docs/post-processors.md, "Folded stacks"):
   the calling-context tree, recursion collapsed or not, the event whose
   self costs the lines give, and what a reader of them must be told on
   standard error. */
typedef struct cg_stacks {
    cg_flame tree, collapsed;
    const cg_flame *fl; /* the tree to write: &collapsed or &tree */
    size_t event;
    cg_buf note; /* the note (empty: none) */
} cg_stacks;

/* Makes the stacks of r; when its input has no call paths to make them
   from, sets e (status 1) and returns false, with nothing to free. */
bool cg_stacks_make(const cg_report *r, cg_stacks *s, cg_error *e);
void cg_stacks_free(cg_stacks *s);

/* ------------------------------------------------- annotated source files */

enum cg_readability { CG_READABLE, CG_UNREADABLE, CG_NONIDENTICAL };

/* A file to annotate: whether its original files can be read, and from
   where (docs/post-processors.md, "Annotated source files"). */
typedef struct cg_source {
    enum cg_readability r;
    const cg_str **orig; /* the original names mapped to it, sorted */
    size_t n_orig;
    char *found;    /* where the first original was found, when not at its name */
    int fd;         /* the first original, open, when readable; else -1 */
    size_t *older;  /* the inputs last modified before the sources */
    size_t n_older; /* (each deserves a warning) */
} cg_source;

void cg_source_open(const cg_profile *p, const cg_srcfind *find, uint32_t file, cg_source *s);
void cg_source_close(cg_source *s);

/* Sorts file ids by name, bytewise (the order in which the text report
   annotates and the JSON document lists files). */
void cg_files_by_name(const cg_profile *p, uint32_t *files, size_t n);

/* What the listing of one readable file consists of, in order; the report
   lays each part out. */
typedef struct cg_listing_ops {
    void *ctx;
    /* The counts recorded for line 0, before the listing (if any). */
    void (*line0)(void *ctx, const cg_count *cc);
    /* A line read between ranges and left out of the listing (NULL: not
       wanted). */
    void (*skipped)(void *ctx, int64_t n, const char *text, size_t len);
    /* A range's first or last line (the `-- line N` markers); n is beyond
       64 bits only for absurd contexts. */
    void (*marker)(void *ctx, __int128 n);
    /* A line of a range, cc NULL when it has no counts; returning false
       ends the listing there. */
    bool (*line)(void *ctx, int64_t n, const char *text, size_t len, const cg_count *cc);
    /* A counted line beyond the end of the file. */
    void (*bogus)(void *ctx, int64_t n, const cg_count *cc);
} cg_listing_ops;

/* Lists file f from its open source (s->fd) with `context` lines around the
   counted ones, its n lines from `first` (cg_file_lines).  Returns false when
   ops->line ended it early (no bogus lines are reported then). */
bool cg_listing(const cg_profile *p, uint32_t first, size_t n, int fd, long long context,
                const cg_listing_ops *ops);

/* Where the counts went (the annotation summary's rows). */
enum {
    CG_ACC_KNOWN,
    CG_ACC_UNKNOWN_LINE,
    CG_ACC_NONIDENT,
    CG_ACC_UNREADABLE,
    CG_ACC_BELOW,
    CG_ACC_UNKNOWN_FILE,
    CG_N_ACC
};
extern const char *const cg_acc_labels[CG_N_ACC];

/* The files annotated (the File:function summary's but ???), with their
   readability; everything else is below the threshold or unknown. */
typedef struct cg_annotation {
    uint32_t *files;
    enum cg_readability *r;
    size_t n;
    cg_count *acc[CG_N_ACC];
} cg_annotation;

/* The files of the kept groups of a by-file summary, in its order. */
void cg_annotation_files(const cg_profile *p, const cg_summary *by_file, cg_annotation *a);
/* Fills acc from a->r (set by the caller, file by file). */
void cg_annotation_account(const cg_profile *p, cg_annotation *a);
/* Dies with upstream's message when the rows do not add up to the program
   totals (docs/format.md, "The summary line"). */
void cg_annotation_check(const cg_profile *p, const cg_annotation *a);
void cg_annotation_free(cg_annotation *a);

/* Where the unreadable files' counts are (docs/post-processors.md,
   "Finding source files"): their names grouped by prefix (an absolute
   name's first three directories, a relative name's first), largest first
   in event e, the prefixes holding at least 1% of its total, at most max;
   each with the option that would find them (text the caller owns). */
typedef struct cg_prefix {
    char *prefix;
    cg_count cost;
    char *hint;
} cg_prefix;
/* The unreadable files' share of event e's total in *cost; the prefixes
   in out (free with cg_prefixes_free). */
size_t cg_unreadable_prefixes(const cg_profile *p, const cg_annotation *a, size_t e, cg_count *cost,
                              cg_prefix *out, size_t max);
void cg_prefixes_free(cg_prefix *v, size_t n);

/* What of event e lies in code without debug information: in functions
   whose file is `???` (built without -g) and in code without a function
   name (`???`: stripped). */
void cg_debuginfo_shares(const cg_profile *p, size_t e, cg_count *no_file, cg_count *no_name);

#endif
