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
    const char *eq = strchr(arg, '=');
    if (!eq || eq == arg) return "expected EVENT=+P%, EVENT=+N, EVENT=-P% or EVENT=-N";
    l->event = xmemdup0(arg, (size_t)(eq - arg));
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
    free(l->event);
    free(l->spec);
    l->event = l->spec = NULL;
}

void cg_limit_decide(cg_limit *l, cg_count old, cg_count new_)
{
    __int128 change = (__int128)new_ - old;
    __int128 base = old < 0 ? -(__int128)old : old;
    l->old = old;
    l->new_ = new_;
    l->change = (cg_count)change;
    /* change > sign * num / den * (percent ? base / 100 : 1), multiplied out */
    __int128 lhs = change * (__int128)l->den * (l->percent ? 100 : 1);
    __int128 rhs = (__int128)l->sign * (__int128)l->num * (l->percent ? base : 1);
    l->broken = lhs > rhs;
}

void cg_limit_describe(const cg_limit *l, cg_buf *b)
{
    char n[32];
    size_t len = cg_fmt_commas(n, l->change);
    cg_buf_adds(b, l->event);
    cg_buf_adds(b, " changed by ");
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
}
