/* SPDX-License-Identifier: GPL-2.0-or-later */
/* profile.h: the in-memory profile shared by the three programs: interned
   names, (file, function) pairs and line cost centres of 64-bit counts. */
#ifndef CG_PROFILE_H
#define CG_PROFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "ccstore.h"
#include "hashtab.h"
#include "inlined.h"
#include "regex-subst.h"
#include "strtab.h"

#define CG_NONE UINT32_MAX

/* The reading rules of a program (docs/format.md, "Strictness, program by
   program"): the reader consults these instead of asking who its caller is.
   Each program names its set (cg_rules_annotate, _merge, _diff). */
typedef struct cg_rules {
    /* What creates an entry (a file:function pair) in the Cachegrind format:
       its fl=/fn= lines (cg_annotate: functions without counts still listed,
       counts after fl= alone go to `<unspecified>`), or the first count line
       under them (counts after fl= alone go to `???`).  A Callgrind file's
       entries are always made by their counts. */
    enum { CG_ENTRIES_BY_NAME, CG_ENTRIES_BY_COUNT } entries;
    /* Who owns a line cost centre: its source file (the annotated listing),
       its entry (the merged file keeps each function's lines), or nobody
       (cg_diff works per function and never parses line numbers). */
    enum { CG_LINES_BY_FILE, CG_LINES_BY_ENTRY, CG_LINES_NONE } lines;
    /* When a Cachegrind file's `summary:` line is checked against its count
       lines: where it stands, at the end against the last one, or never (its
       counts are summed as they are). */
    enum { CG_SUMMARY_AT_LINE, CG_SUMMARY_LAST_AT_END, CG_SUMMARY_SUMMED } summary;
} cg_rules;

extern const cg_rules cg_rules_annotate, cg_rules_merge, cg_rules_diff;

/* The two formats a profile can be in (docs/format.md). */
typedef enum cg_file_format { CG_FMT_CACHEGRIND, CG_FMT_CALLGRIND } cg_file_format;

/* Text of a header line (desc, command, event name): a NUL-terminated copy
   that may itself hold NUL bytes, so `len` is what counts. */
typedef struct cg_text {
    char *s;
    size_t len;
} cg_text;

static inline bool cg_text_eq(const cg_text *a, const cg_text *b)
{
    return a->len == b->len && memcmp(a->s, b->s, a->len) == 0;
}

/* Whether the text equals the C string s (a command-line name, say). */
static inline bool cg_text_is(const cg_text *a, const char *s)
{
    return a->len == strlen(s) && memcmp(a->s, s, a->len) == 0;
}

/* Metadata of one input file. */
typedef struct cg_input {
    const char *path;
    cg_text *desc;
    size_t n_desc;
    cg_text cmd;
    cg_text *events; /* this file's own event list */
    size_t n_events;
    cg_count *total;      /* the sum of this file's count lines, per event */
    bool events_mismatch; /* events differ from the first file's */
    cg_file_format format;
    cg_text creator; /* Callgrind's `creator:` line (empty otherwise) */
    /* Callgrind: the `summary:` lines of the parts read, summed, when they
       exceed the totals in some event (NULL otherwise): Callgrind counts a
       few instructions more there (docs/format.md, "The Callgrind format"). */
    cg_count *claimed;
    cg_text *long_names;        /* Callgrind's `event:` long names, per event (NULL: none) */
    size_t first_part, n_parts; /* its parts in the profile's list */
    /* Our tool's call paths (`# call paths:`, read in a counted part),
       merged into the profile's, and what their headers say: the runs they
       hold (`merged from K profiles`, else 1) and the calls the tool folded
       into an open path of their function and into their caller's (the
       latter when it ran out of paths), summed so that a merged file keeps
       them. */
    bool has_paths;
    cg_count paths_runs, paths_folded, paths_truncated, paths_below;
    /* It has calls: a Callgrind file, or a Cachegrind file with our tool's
       call graph (docs/format.md, "The call graph in a Cachegrind file"). */
    bool has_graph;
    /* Our tool's costs by instruction (`#i` lines): absent, read, or a
       section that says the run had none (so that a report can say why it
       shows no inlined frames). */
    enum { CG_INLINE_ABSENT, CG_INLINE_READ, CG_INLINE_NONE_FOUND } inline_state;
} cg_input;

/* One part of a Callgrind file (a dump, or a thread's file); a Cachegrind
   file is one part.  Parts not picked by --part are read but not counted. */
typedef struct cg_part {
    uint32_t input;
    int64_t number;    /* `part:` (1 if absent) */
    int64_t thread;    /* `thread:` (0 if absent) */
    cg_text trigger;   /* `desc: Trigger:` value, empty if absent */
    cg_count *total;   /* its self costs */
    cg_count *summary; /* its summary: line, NULL when absent */
    bool picked;
} cg_part;

typedef struct cg_pair {
    uint32_t file, fn;
    uint32_t orphan;              /* counts read before any fl= line (cg_annotate) */
    uint32_t obj, home;           /* ob= and fl= (CG_NONE: an orphan, or rekeyed) */
    uint32_t first_arc, last_arc; /* calls made from here, in order */
    uint32_t next_in_file;        /* first-appearance order within the file */
    uint32_t first_line, last_line;
    /* cg_annotate: the smallest and largest line number other than 0 the
       pair has counts for (INT64_MAX and 0 when none), so that a report can
       point from a function to its lines. */
    int64_t min_line, max_line;
    uint8_t sides; /* with cg_profile.keep_sides: the sides it was read on */
    /* A count line named it (the callers a call graph names have none, and
       cg_merge and cg_diff write only what had one). */
    bool counted;
} cg_pair;

typedef struct cg_line {
    int64_t line;
    uint32_t owner; /* file id or pair index (cg_rules.lines) */
    uint32_t cc;    /* its counts' handle in cg_profile.line_ccs */
} cg_line;

typedef struct cg_fileinfo {
    uint32_t first_pair, last_pair, next_file;
    size_t n_orig, cap_orig;
    uint32_t *orig; /* original (unmodified) names that map here */
    bool listed;
    uint8_t lines; /* keep_lines's answer: 0 not asked yet, 1 kept, 2 not */
} cg_fileinfo;

/* A call arc: calls from an entry at one line (the call site) to a function
   (object, file of its first line, name), with the number of calls and their
   inclusive cost per event (cg_arc_cc, in a store of their own).  Not self cost of anything. */
typedef struct cg_arc {
    uint32_t caller; /* pair index */
    uint32_t obj, file, fn;
    int64_t site;   /* line of the call in the caller's current file */
    int64_t target; /* line of the callee where the call lands (first seen) */
    cg_count count;
    uint32_t next; /* the caller's next arc, in first-appearance order */
    /* With cg_profile.keep_sides: the sides it was read on (the old
       side's count and costs are cg_profile.arc_old). */
    uint8_t sides;
} cg_arc;

/* A call path of our tool's files (docs/format.md, "What the tool writes
   with --call-graph=callgrind"): a node of the calling-context tree, merged over the
   inputs as they are read, step by step by the (file, function) of each
   (a path is its parent and the function it enters), with the activations
   of that path and their inclusive cost on each side: the new side's
   (calls, cg_path_cc: every input read with a + sign) and the old side's
   (cg_path_old, under --diff); paths never subtract. */
typedef struct cg_path {
    uint32_t parent;   /* index in the profile's paths; CG_NONE: a root */
    uint32_t file, fn; /* the function's entry file and name, after --mod-* */
    cg_count calls;
} cg_path;

/* The sides of a --diff: what a function limit compares is each side's own
   call graph (docs/json.md, "Regression limits"), so the profile can keep
   them apart while it reads both files once.  CG_SIDE_SUM is the profile
   as it sums its inputs (the new side less the old under --diff). */
enum cg_side { CG_SIDE_SUM = -1, CG_SIDE_NEW = 0, CG_SIDE_OLD = 1 };

/* Whether an entry or call whose `sides` bits are these belongs to side. */
static inline bool cg_on_side(uint8_t sides, enum cg_side side)
{
    return side == CG_SIDE_SUM || (sides >> side & 1);
}

typedef struct cg_profile {
    const cg_rules *rules;
    /* Keep each side of a --diff apart as well as summed: which side read
       each entry and call, and the old side's counts (the new side's are
       the sum plus those).  Only what the call graphs need: entries' and
       calls' costs, not lines. */
    bool keep_sides;
    /* Store no calls (a second read, whose call graph the first made): the
       entries they come from are still made. */
    bool skip_arcs;
    size_t n_events; /* 0 until the first events: line */
    cg_text *events;
    cg_input *inputs;
    size_t n_inputs, cap_inputs;

    cg_strtab files, fns, objs;
    uint32_t file_empty, fn_empty, fn_unspecified, fn_unknown, file_unknown;
    uint32_t obj_empty; /* the object of entries without one */

    cg_part *parts;
    size_t n_parts, cap_parts;

    cg_arc *arcs;
    size_t n_arcs, cap_arcs;
    cg_ccs arc_ccs;
    uint32_t *arc_cc; /* each call's handle in arc_ccs */
    size_t cap_arc_cc;
    /* keep_sides: per call, the old side's inclusive costs and then its
       count (n_events + 1 values). */
    cg_count *arc_old;
    size_t cap_arc_old;
    cg_itab arc_tab;
    uint64_t calls_mag; /* overflow guard of call counts (their costs: count_mag) */

    cg_path *paths; /* every input's, merged, parents first */
    size_t n_paths, cap_paths;
    cg_count *path_cc;
    size_t cap_path_cc;
    /* Once an old side is read: per path, its inclusive costs and then its
       calls (n_events + 1 values), else NULL. */
    cg_count *path_old;
    size_t cap_path_old;
    cg_itab path_tab;   /* by (parent, file, fn) */
    uint64_t *path_mag; /* overflow guard of the roots' costs summed */

    cg_pair *pairs;
    size_t n_pairs, cap_pairs;
    cg_count *pair_cc;
    size_t cap_pair_cc;
    cg_count *pair_old_cc; /* keep_sides: the old side's self costs */
    size_t cap_pair_old_cc;
    cg_itab pair_tab;

    cg_line *lines;
    size_t n_lines, cap_lines;
    cg_ccs line_ccs; /* their counts, compactly (the bulk of a profile) */
    /* CG_LINES_BY_ENTRY: each line's successor in its entry's
       first-appearance order (cg_pair.first_line); else NULL. */
    uint32_t *line_next;
    size_t cap_line_next;
    /* After cg_profile_read_done under CG_LINES_BY_FILE: file f's lines are
       lines[file_lines[f] .. file_lines[f + 1]) (n_file_lines files). */
    size_t *file_lines, n_file_lines;
    cg_itab line_tab;

    cg_fileinfo *finfo;
    size_t cap_finfo;
    uint32_t first_file, last_file;

    /* Our tool's costs by instruction, every input's; and
       whether the rewrite of inline-frames.h was made, which moves calls
       and may leave a call with no count and no cost behind. */
    cg_inls inls;
    bool inline_rewritten;

    cg_count *summary_total;
    /* Overflow guards (cg_mag_add): of the self costs and the calls'
       inclusive costs together (a function nobody calls costs both), and of
       summary: lines. */
    uint64_t *count_mag, *summary_mag;

    /* Which files own line cost centres under CG_LINES_BY_FILE (NULL:
       all): cg_annotate reads twice and keeps only the lines of the files it
       will annotate, the bulk of a profile's memory otherwise. */
    bool (*keep_lines)(void *ctx, const cg_str *file);
    void *keep_lines_ctx;

    cg_subst *mod_file, *mod_fn; /* the caller's; not freed with the profile */
    uint32_t *file_map, *fn_map; /* raw id -> modified id + 1 (0: not yet mapped) */
    size_t cap_file_map, cap_fn_map;
    cg_buf mapped; /* a name being rewritten */
} cg_profile;

void cg_profile_init(cg_profile *p, const cg_rules *rules);
/* Frees everything the profile holds, also after a failed read. */
void cg_profile_free(cg_profile *p);
void cg_profile_set_events(cg_profile *p, cg_text *events, size_t n);

static inline cg_count *cg_pair_cc(const cg_profile *p, uint32_t i)
{
    return p->pair_cc + (size_t)i * p->n_events;
}
/* Line cost centre i's counts (in buf, n_events of them, or a pointer to
   the store's). */
static inline const cg_count *cg_line_cc(const cg_profile *p, uint32_t i, cg_count *buf)
{
    return cg_ccs_get(&p->line_ccs, p->lines[i].cc, buf);
}
/* Adds sign times v to line i's counts. */
void cg_line_add(cg_profile *p, uint32_t i, const cg_count *v, int sign);
/* The line after i in its entry (CG_LINES_BY_ENTRY), or CG_NONE. */
static inline uint32_t cg_line_next(const cg_profile *p, uint32_t i)
{
    return p->line_next[i];
}
static inline cg_fileinfo *cg_finfo(cg_profile *p, uint32_t file)
{
    return &p->finfo[file];
}

static inline cg_count *cg_path_cc(const cg_profile *p, size_t i)
{
    return p->path_cc + i * p->n_events;
}

/* The path (parent, file, fn), made on first use with no calls or cost; on
   the old side, the old side's costs and calls are made for every path. */
uint32_t cg_path_get(cg_profile *p, uint32_t parent, uint32_t file, uint32_t fn, bool old);
/* Path i's inclusive costs and calls on the old side (NULL: none read). */
static inline cg_count *cg_path_old(const cg_profile *p, size_t i)
{
    return p->path_old ? p->path_old + i * (p->n_events + 1) : NULL;
}

static inline const cg_count *cg_arc_cc(const cg_profile *p, uint32_t i, cg_count *buf)
{
    return cg_ccs_get(&p->arc_ccs, p->arc_cc[i], buf);
}
/* Adds sign times v to call i's inclusive costs. */
void cg_arc_add(cg_profile *p, uint32_t i, const cg_count *v, int sign);

/* Entry i's self costs and call i's count and inclusive costs on one side
   (into buf when they must be worked out; the pointer returned otherwise). */
const cg_count *cg_pair_side_cc(const cg_profile *p, uint32_t i, enum cg_side side, cg_count *buf);
const cg_count *cg_arc_side_cc(const cg_profile *p, uint32_t i, enum cg_side side, cg_count *buf);
cg_count cg_arc_side_count(const cg_profile *p, uint32_t i, enum cg_side side);

/* The entry of (file, fn) (orphan: counts before any fl=), keyed also by
   object and home file when the rules keep them (pass CG_NONE otherwise). */
typedef struct cg_pair_key {
    uint32_t file, fn, orphan, obj, home;
} cg_pair_key;
uint32_t cg_pair_get(cg_profile *p, const cg_pair_key *k);
uint32_t cg_pair_find(const cg_profile *p, const cg_pair_key *k);
static inline cg_pair_key cg_key(uint32_t file, uint32_t fn, bool orphan)
{
    return (cg_pair_key){file, fn, orphan, CG_NONE, CG_NONE};
}
/* The arc of calls from `caller` at `site` to (obj, file, fn), made on first
   use with a zero count and cost. */
uint32_t cg_arc_get(cg_profile *p, uint32_t caller, int64_t site, uint32_t obj, uint32_t file,
                    uint32_t fn);
uint32_t cg_line_get(cg_profile *p, uint32_t owner, int64_t line);
/* Make sure finfo covers file id `file`. */
void cg_profile_touch_file(cg_profile *p, uint32_t file);

/* Keys every entry by its file and function alone (entry i's function
   becoming pair_fn[i], unchanged with NULL), merging the entries that then
   have the same key, and renames call path i's function to path_fn[i]
   (with non-NULL); files and entries keep their first-appearance order.
   Entries are read keyed by their object and home file as well (a report
   tells functions apart by them: callgraph.h, cg_fn_key); a report shows
   them by file and name (fgraph.h).  The calls must be dropped; nothing
   may be read into p afterwards. */
void cg_profile_rekey(cg_profile *p, const uint32_t *pair_fn, const uint32_t *path_fn);

/* Whether every input has call paths (and there is one). */
bool cg_profile_has_paths(const cg_profile *p);
/* Whether every input (all) or some input (!all) has a call graph. */
bool cg_profile_has_graph(const cg_profile *p, bool all);

/* Every input is read: the tables that find a line or a call by its key
   go (a large part of a profile's memory; none may be added afterwards), and
   under CG_LINES_BY_FILE the lines are put in order, by file and number
   (cg_file_lines), in place: line indices change. */
void cg_profile_read_done(cg_profile *p);

/* Frees the profile's calls (a report that has made its call graph needs
   them no more: they are a large part of a Callgrind profile's memory);
   the profile then has none. */
void cg_profile_drop_arcs(cg_profile *p);

/* Whether every count of cc[0..n) is 0. */
static inline bool cg_cc_zero(const cg_count *cc, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (cc[i]) return false;
    return true;
}

/* Add `v` times `sign` to dst[0..n) (the caller has checked magnitudes). */
static inline void cg_cc_add(cg_count *dst, const cg_count *v, size_t n, int sign)
{
    if (sign > 0)
        for (size_t i = 0; i < n; i++) dst[i] += v[i];
    else
        for (size_t i = 0; i < n; i++) dst[i] -= v[i];
}

/* The count that `pct` percent of `total` is, as --threshold compares with
   it (the same double arithmetic as upstream's Python). */
static inline double cg_threshold_count(double pct, cg_count total)
{
    return pct * (total < 0 ? -(double)total : (double)total) / 100;
}

/* |c| >= t, exactly, for a threshold t >= 0 (Python compares int and float
   exactly; a double conversion of c could round). */
bool cg_reaches(cg_count c, double t);

/* File f's lines (CG_LINES_BY_FILE, after cg_profile_read_done): n of
   them from the one returned, ascending by line number (line 0 first). */
static inline uint32_t cg_file_lines(const cg_profile *p, uint32_t f, size_t *n)
{
    if (f >= p->n_file_lines) {
        *n = 0;
        return 0;
    }
    *n = p->file_lines[f + 1] - p->file_lines[f];
    return (uint32_t)p->file_lines[f];
}

/* Account |v| per event in `mag`; false if some running sum of magnitudes
   leaves the int64 range.  Every sum the programs ever form (per entry,
   cumulative, merged, differenced) is bounded by that magnitude sum, so one
   check at read time rules out overflow everywhere later. */
bool cg_mag_add(uint64_t *mag, const cg_count *v, size_t n);

/* Map a raw fl=/fn= name through --mod-filename/--mod-funcname, with a cache
   per raw name.  On a regex error returns CG_NONE and sets *err.  *new_raw is
   the raw name's id the first time it is seen, else CG_NONE. */
uint32_t cg_map_file(cg_profile *p, const char *s, size_t len, uint32_t *new_raw, const char **err);
uint32_t cg_map_fn(cg_profile *p, const char *s, size_t len, const char **err);

/* Whether some input of the profile is in format f. */
bool cg_profile_has_format(const cg_profile *p, cg_file_format f);

#endif
