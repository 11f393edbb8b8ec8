/* SPDX-License-Identifier: GPL-2.0-or-later */
/* limit.h: `--limit [PATTERN:]EVENT=SPEC`, the regression gates of
   `cg_annotate --diff` (docs/json.md, "Regression limits"): parsing, the
   exact decision, and the message.  Without PATTERN a limit is on EVENT's
   total; with it, on the inclusive cost of the functions whose names match
   the glob PATTERN (cg_limit_match), taken as one (the union of their
   activations: fgraph.h) in each side's own call graph. */
#ifndef CG_LIMIT_H
#define CG_LIMIT_H

#include "fgraph.h"
#include "profile.h"
#include "util.h"

typedef struct cg_limit {
    char *fn;           /* the function pattern as given (`parse_*`), or NULL */
    char *event, *spec; /* as given: `Ir`, `+1%` */
    bool percent;
    int sign;          /* +1: at most this much more; -1: at least this much less */
    uint64_t num, den; /* the value num / den (den 1, or 10^digits after the point) */
    size_t index;      /* the event's, in the profiles' list (cg_annotate_select) */
    /* Set by cg_limit_decide: the totals, or the functions' inclusive costs. */
    cg_count old, new_, change;
    bool broken;
    /* Set by cg_limit_decide_range: the bounds it was given. */
    bool bounded;
    cg_count old_lo, old_hi, new_lo, new_hi;
} cg_limit;

/* Parses `EVENT=SPEC` or `PATTERN:EVENT=SPEC`: SPEC follows the last `=`
   (function names may hold `=`: `operator==`), PATTERN is what comes before
   the last `:` ahead of it (C++ names hold `::`).  Returns NULL, or what is
   wrong (for a usage error).  Either way *l must be freed with
   cg_limit_free. */
const char *cg_limit_parse(const char *arg, cg_limit *l);
void cg_limit_free(cg_limit *l);
/* Whether the name (len bytes) matches the glob `pat`: `*` any run of
   bytes, `?` any one byte, every other byte itself; the wildcards of
   Valgrind's --toggle-collect, without its `\` escape, and no `[` classes
   (C++ names hold `[]`). */
bool cg_limit_match(const char *pat, const char *name, size_t len);
/* Decides the limit for the values of OLD and NEW, in exact arithmetic. */
void cg_limit_decide(cg_limit *l, cg_count old, cg_count new_);
/* The same for values known only within bounds (inclusive), OLD in
   old_lo..old_hi and NEW in new_lo..new_hi.  Returns 1 (broken) or 0 (kept)
   when every pair of values gives that verdict, with old, new_ and change
   then the pair nearest to the other verdict (the closest call); -1 when
   the pairs disagree (broken then false, the rest the lower bounds'). */
int cg_limit_decide_range(cg_limit *l, cg_count old_lo, cg_count old_hi, cg_count new_lo,
                          cg_count new_hi);
/* `Ir changed by +4,620 (+2.31%), limit +1%`; for a function limit
   `parse_*:Ir (inclusive) changed by ...`, and the bounds when decided on
   them. */
void cg_limit_describe(const cg_limit *l, cg_buf *b);
/* Decides a function limit on the call graphs of the old and new sides
   (side[0] OLD, side[1] NEW, read from path[0] and path[1]: the files the
   messages name).  False, with *e set (status 2), when no function of
   either matches or the bounds the files give do not decide it. */
bool cg_limit_decide_fn(cg_limit *l, const cg_fgraph *side[2], const char *const path[2],
                        cg_error *e);
/* The error for a function limit on inputs of which `path` has no calls
   (a Cachegrind profile); always false. */
bool cg_limit_fn_missing_graph(const cg_limit *l, const char *path, cg_error *e);
/* The bounds given to cg_limit_decide_range: `old 100 to 120 and new 130`
   (one number where they meet). */
void cg_limit_describe_bounds(const cg_limit *l, cg_buf *b);

#endif
