/* SPDX-License-Identifier: GPL-2.0-or-later */
/* limit.c: regression limits (limit.h). */
#include "limit.h"
#include "numfmt.h"

#include <stdlib.h>
#include <string.h>

/* More digits than this after the point would not change any decision on
   64-bit totals, and keep num * |old| within 128 bits. */
#define MAX_FRACTION 9
#define MAX_NUM      1000000000000000000ULL

const char *cg_limit_parse(const char *arg, cg_limit *l)
{
    memset(l, 0, sizeof *l);
    const char *eq = strrchr(arg, '='), *colon = NULL;
    for (const char *c = arg; eq && c < eq; c++)
        if (*c == ':') colon = c;
    const char *ev = colon ? colon + 1 : arg;
    if (!eq || eq == ev)
        return colon ? "expected an event between the `:` and the `=`"
                     : "expected EVENT=+P%, EVENT=+N, EVENT=-P% or EVENT=-N";
    l->event = xmemdup0(ev, (size_t)(eq - ev));
    if (colon) l->fn = xmemdup0(arg, (size_t)(colon - arg));
    if (colon == arg) return "expected a function pattern before the `:`";
    if (strchr(l->event, '=')) return "an event name has no `=`";
    const char *p = eq + 1;
    l->spec = xmemdup0(p, strlen(p));
    if (*p != '+' && *p != '-') return "the limit must start with + (at most) or - (at least)";
    l->sign = *p++ == '+' ? 1 : -1;
    if (*p < '0' || *p > '9') return "expected a number after the sign";
    l->den = 1;
    int fraction = -1;
    for (; (*p >= '0' && *p <= '9') || (*p == '.' && fraction < 0); p++) {
        if (*p == '.') {
            fraction = 0;
            if (p[1] < '0' || p[1] > '9') return "expected digits after the decimal point";
            continue;
        }
        if (fraction >= 0 && ++fraction > MAX_FRACTION)
            return "at most 9 digits after the decimal point";
        l->num = l->num * 10 + (uint64_t)(*p - '0');
        if (fraction >= 0) l->den *= 10;
        if (l->num >= MAX_NUM) return "the number is too large";
    }
    if (*p == '%') {
        l->percent = true;
        p++;
    } else if (fraction >= 0) {
        return "a count must be a whole number (or give a percentage with %)";
    }
    if (*p) return "unexpected text after the number";
    return NULL;
}

void cg_limit_free(cg_limit *l)
{
    free(l->fn);
    free(l->event);
    free(l->spec);
    l->fn = l->event = l->spec = NULL;
}

bool cg_limit_match(const char *pat, const char *name, size_t len)
{
    /* Greedy, going back to the last `*` on a mismatch: that `*` then takes
       one byte more.  An earlier `*` never needs to take more, since the
       last one can take whatever it would have. */
    const char *star = NULL;
    size_t i = 0, resume = 0;
    while (i < len) {
        if (*pat == '*') {
            star = pat++;
            resume = i;
        } else if (*pat && (*pat == '?' || *pat == name[i])) {
            pat++;
            i++;
        } else if (star) {
            pat = star + 1;
            i = ++resume;
        } else {
            return false;
        }
    }
    while (*pat == '*') pat++;
    return *pat == 0;
}

/* How far the change NEW - OLD is beyond the limit, in the units of the
   exact decision: broken when above 0.  At most about 2^124 in magnitude:
   |change| * den * 100 < 2^65 * 2^30 * 2^7, num * base < 2^60 * 2^64. */
static __int128 excess(const cg_limit *l, cg_count old, cg_count new_)
{
    __int128 change = (__int128)new_ - old;
    __int128 base = old < 0 ? -(__int128)old : old;
    /* change > sign * num / den * (percent ? base / 100 : 1), multiplied out */
    __int128 lhs = change * (__int128)l->den * (l->percent ? 100 : 1);
    __int128 rhs = (__int128)l->sign * (__int128)l->num * (l->percent ? base : 1);
    return lhs - rhs;
}

void cg_limit_decide(cg_limit *l, cg_count old, cg_count new_)
{
    l->old = old;
    l->new_ = new_;
    l->change = (cg_count)((__int128)new_ - old);
    l->broken = excess(l, old, new_) > 0;
}

int cg_limit_decide_range(cg_limit *l, cg_count old_lo, cg_count old_hi, cg_count new_lo,
                          cg_count new_hi)
{
    /* excess grows with NEW; in OLD it is linear on either side of 0 (the
       percentage is of |OLD|), so its least and greatest values over the
       bounds are at their corners, or where OLD is 0. */
    cg_count olds[3] = {old_lo, old_hi, 0}, news[2] = {new_lo, new_hi};
    int n_olds = old_lo < 0 && old_hi > 0 ? 3 : 2;
    int lo_o = 0, lo_n = 0, hi_o = 0, hi_n = 0;
    l->bounded = true;
    l->old_lo = old_lo, l->old_hi = old_hi, l->new_lo = new_lo, l->new_hi = new_hi;
    __int128 least = excess(l, old_lo, new_lo), most = least;
    for (int o = 0; o < n_olds; o++)
        for (int n = 0; n < 2; n++) {
            __int128 x = excess(l, olds[o], news[n]);
            if (x < least) least = x, lo_o = o, lo_n = n;
            if (x > most) most = x, hi_o = o, hi_n = n;
        }
    if (least > 0) {
        cg_limit_decide(l, olds[lo_o], news[lo_n]);
        return 1;
    }
    if (most <= 0) {
        cg_limit_decide(l, olds[hi_o], news[hi_n]);
        return 0;
    }
    cg_limit_decide(l, old_lo, new_lo);
    l->broken = false;
    return -1;
}

void cg_limit_describe(const cg_limit *l, cg_buf *b)
{
    char n[32];
    size_t len = cg_fmt_commas(n, l->change);
    if (l->fn) {
        cg_buf_adds(b, l->fn);
        cg_buf_addc(b, ':');
    }
    cg_buf_adds(b, l->event);
    cg_buf_adds(b, l->fn ? " (inclusive) changed by " : " changed by ");
    if (l->change >= 0) cg_buf_addc(b, '+');
    cg_buf_add(b, n, len);
    if (l->old != 0) {
        /* For reading only: the decision was made above, exactly. */
        double pct = (double)l->change * 100.0 / (l->old < 0 ? -(double)l->old : (double)l->old);
        cg_buf_printf(b, " (%+.2f%%)", pct);
    } else {
        cg_buf_adds(b, " (from 0)");
    }
    cg_buf_adds(b, ", limit ");
    cg_buf_adds(b, l->spec);
    if (!l->bounded) return;
    cg_buf_adds(b, l->broken ? "; broken" : "; kept");
    cg_buf_adds(b, " for every value within the bounds the files give, ");
    cg_limit_describe_bounds(l, b);
}

static void add_range(cg_buf *b, cg_count lo, cg_count hi)
{
    char n[32];
    cg_buf_add(b, n, cg_fmt_commas(n, lo));
    if (lo == hi) return;
    cg_buf_adds(b, " to ");
    cg_buf_add(b, n, cg_fmt_commas(n, hi));
}

void cg_limit_describe_bounds(const cg_limit *l, cg_buf *b)
{
    cg_buf_adds(b, "old ");
    add_range(b, l->old_lo, l->old_hi);
    cg_buf_adds(b, " and new ");
    add_range(b, l->new_lo, l->new_hi);
}

/* ------------------------------------------------------ function limits */

/* The inclusive cost, within lo..hi, of the functions of g matching l's
   pattern in l's event; false when none matches. */
static bool fn_cost(const cg_limit *l, const cg_fgraph *g, cg_count *lo, cg_count *hi)
{
    size_t nf = cg_fgraph_n(g);
    bool *match = xcalloc(nf + 1, sizeof *match), any = false;
    /* A function in several places (`(below main) [libc.so.6]`) matches
       by its name alone as well. */
    for (uint32_t f = 0; f < nf; f++) {
        const cg_str *name = cg_name(&g->names, f);
        any |= match[f] =
            cg_limit_match(l->fn, name->s, name->len) ||
            (g->fns[f].name_len < name->len && cg_limit_match(l->fn, name->s, g->fns[f].name_len));
    }
    cg_count *clo = xcalloc(g->nev + 1, sizeof *clo), *chi = xcalloc(g->nev + 1, sizeof *chi);
    cg_fgraph_union(g, match, clo, chi);
    *lo = clo[l->index];
    *hi = chi[l->index];
    free(match);
    free(clo);
    free(chi);
    return any;
}

/* `--limit 'PATTERN:EVENT=SPEC': ` and the rest, as a usage-free status 2. */
static bool fn_error(const cg_limit *l, cg_buf *b, cg_error *e)
{
    cg_buf m = {0}, t = {0};
    cg_buf_adds(&m, "--limit ");
    cg_buf_printf(&t, "%s:%s=%s", l->fn, l->event, l->spec);
    cg_buf_repr(&m, t.p, t.len);
    cg_buf_adds(&m, ": ");
    cg_buf_add(&m, b->p, b->len);
    cg_error_bytes(e, 2, m.p, m.len);
    cg_buf_free(&m);
    cg_buf_free(&t);
    cg_buf_free(b);
    return false;
}

bool cg_limit_fn_missing_graph(const cg_limit *l, const char *path, cg_error *e)
{
    cg_buf b = {0};
    cg_buf_printf(&b,
                  "a function limit needs a call graph (Callgrind's files have one), "
                  "and %s is a Cachegrind profile",
                  path);
    return fn_error(l, &b, e);
}

bool cg_limit_decide_fn(cg_limit *l, const cg_fgraph *side[2], const char *const path[2],
                        cg_error *e)
{
    cg_count lo[2], hi[2];
    bool any = fn_cost(l, side[0], &lo[0], &hi[0]);
    any |= fn_cost(l, side[1], &lo[1], &hi[1]);
    cg_buf b = {0};
    if (!any) {
        cg_buf_printf(&b, "no function of %s or %s matches ", path[0], path[1]);
        cg_buf_repr(&b, l->fn, strlen(l->fn));
        return fn_error(l, &b, e);
    }
    if (lo[0] == hi[0] && lo[1] == hi[1]) {
        cg_limit_decide(l, lo[0], lo[1]);
        return true;
    }
    if (cg_limit_decide_range(l, lo[0], hi[0], lo[1], hi[1]) >= 0) return true;
    cg_buf_adds(&b, "cannot be decided: the files give the inclusive ");
    cg_buf_adds(&b, l->event);
    cg_buf_adds(&b, " of the functions matching ");
    cg_buf_repr(&b, l->fn, strlen(l->fn));
    cg_buf_adds(&b, " only within bounds (they do not tell which calls ran inside another of those "
                    "functions), ");
    cg_limit_describe_bounds(l, &b);
    cg_buf_adds(&b, ", and the limit is broken for some values there and kept for others");
    return fn_error(l, &b, e);
}
