/* SPDX-License-Identifier: GPL-2.0-or-later */
/* limit.h: `--limit EVENT=SPEC`, the regression gates of `cg_annotate
   --diff` (docs/json.md, "Regression limits"): parsing, the exact
   decision, and the message. */
#ifndef CG_LIMIT_H
#define CG_LIMIT_H

#include "profile.h"
#include "util.h"

typedef struct cg_limit {
    char *event, *spec; /* as given: `Ir`, `+1%` */
    bool percent;
    int sign;          /* +1: at most this much more; -1: at least this much less */
    uint64_t num, den; /* the value num / den (den 1, or 10^digits after the point) */
    size_t index;      /* the event's, in the profiles' list (cg_annotate_select) */
    /* Set by cg_limit_decide. */
    cg_count old, new_, change;
    bool broken;
} cg_limit;

/* Parses `EVENT=SPEC`; returns NULL, or what is wrong (for a usage error).
   Either way *l must be freed with cg_limit_free. */
const char *cg_limit_parse(const char *arg, cg_limit *l);
void cg_limit_free(cg_limit *l);
/* Decides the limit for the totals of OLD and NEW, in exact arithmetic. */
void cg_limit_decide(cg_limit *l, cg_count old, cg_count new_);
/* `Ir changed by +4,620 (+2.31%), more than +1%` */
void cg_limit_describe(const cg_limit *l, cg_buf *b);

#endif
