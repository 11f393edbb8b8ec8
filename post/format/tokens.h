/* SPDX-License-Identifier: GPL-2.0-or-later */
/* tokens.h: the one tokeniser of both profile formats (docs/format.md):
   separators, keywords, numbers and count lists.  Inline, because the
   readers call these once per token of files that reach gigabytes.  The
   Cachegrind format takes numbers as Python's int() does (upstream's reader
   is Python); the Callgrind format takes them as Callgrind's readers do
   (decimal or 0x hex, no sign but our own `-` for differences). */
#ifndef CG_TOKENS_H
#define CG_TOKENS_H

#include "profile.h"
#include "util.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

enum { TOK_OK, TOK_BAD, TOK_BIG };

/* Length of the separator at p (Python whitespace), 0 if none. */
static inline size_t cg_sep_len(const char *p, const char *end)
{
    unsigned char c = (unsigned char)*p;
    if (c == ' ' || (c >= 0x09 && c <= 0x0d) || (c >= 0x1c && c <= 0x1f)) return 1;
    if (c < 0x80) return 0;
    return cg_space_len(p, end);
}

static inline const char *cg_skip_sep(const char *s, const char *end)
{
    size_t n;
    while (s < end && (n = cg_sep_len(s, end))) s += n;
    return s;
}

static inline bool cg_is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* One token with the syntax of Python's int() (sign, digits, single
   underscores between digits); `dot` also admits the legacy `.` for 0. */
static inline int cg_tok_pyint(const char **pp, const char *end, cg_count *out, bool dot)
{
    const char *p = *pp;
    /* Fast path: up to 18 plain digits, then a separator or the end. */
    uint64_t acc = 0;
    int n = 0;
    while (p < end && cg_is_digit(*p) && n < 18) acc = acc * 10 + (uint64_t)(*p++ - '0'), n++;
    if (n > 0 && (p == end || *p == ' ')) {
        *out = (cg_count)acc;
        *pp = p;
        return TOK_OK;
    }
    p = *pp;
    if (p == end) return TOK_BAD;
    bool neg = false;
    if (*p == '+' || *p == '-') {
        neg = *p == '-';
        if (++p == end) return TOK_BAD;
    }
    if (!cg_is_digit(*p)) {
        if (dot && *p == '.' && p == *pp && (p + 1 == end || cg_sep_len(p + 1, end))) {
            *out = 0;
            *pp = p + 1;
            return TOK_OK;
        }
        return TOK_BAD;
    }
    acc = 0;
    bool big = false;
    for (;;) {
        unsigned d = (unsigned)(*p - '0');
        if (acc > (UINT64_MAX - d) / 10)
            big = true;
        else
            acc = acc * 10 + d;
        if (++p == end) break;
        if (*p == '_') {
            if (++p == end || !cg_is_digit(*p)) return TOK_BAD;
        } else if (!cg_is_digit(*p)) {
            break;
        }
    }
    if (p != end && !cg_sep_len(p, end)) return TOK_BAD;
    *pp = p;
    if (big || acc > (uint64_t)INT64_MAX + neg) return TOK_BIG;
    *out = neg ? (cg_count)(0 - acc) : (cg_count)acc;
    return TOK_OK;
}

/* Counts from s to end into vals[0..nev), missing ones as 0 (Cachegrind). */
static inline int cg_tok_pycounts(const char *s, const char *end, size_t nev, cg_count *vals)
{
    size_t e = 0;
    int status = TOK_OK;
    for (;;) {
        s = cg_skip_sep(s, end);
        if (s == end) break;
        if (e == nev) return TOK_BAD;
        int t = cg_tok_pyint(&s, end, &vals[e], true);
        if (t == TOK_BAD) return TOK_BAD;
        if (t == TOK_BIG) {
            status = TOK_BIG;
            while (s < end && !cg_sep_len(s, end)) s++;
        }
        e++;
    }
    for (; e < nev; e++) vals[e] = 0;
    return status;
}

/* An unsigned number of the Callgrind format: decimal, or hex after 0x;
   `neg` admits a leading `-` (our cg_diff writes differences).  The number
   must end at a separator or the end. */
static inline int cg_tok_clnum(const char **pp, const char *end, cg_count *out, bool neg_ok)
{
    const char *p = *pp;
    bool neg = false;
    if (neg_ok && p < end && *p == '-') neg = true, p++;
    if (p == end) return TOK_BAD;
    uint64_t acc = 0;
    bool big = false;
    if (end - p > 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
        p += 2;
        const char *d0 = p;
        for (; p < end; p++) {
            char c = *p;
            unsigned d;
            if (cg_is_digit(c))
                d = (unsigned)(c - '0');
            else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f')
                d = (unsigned)((c | 0x20) - 'a' + 10);
            else
                break;
            if (acc >> 60) big = true;
            acc = acc << 4 | d;
        }
        if (p == d0) return TOK_BAD;
    } else {
        const char *d0 = p;
        for (; p < end && cg_is_digit(*p); p++) {
            unsigned d = (unsigned)(*p - '0');
            if (acc > (UINT64_MAX - d) / 10) big = true;
            acc = acc * 10 + d;
        }
        if (p == d0) return TOK_BAD;
    }
    if (p != end && !cg_sep_len(p, end)) return TOK_BAD;
    *pp = p;
    if (big || acc > (uint64_t)INT64_MAX) return TOK_BIG;
    *out = neg ? -(cg_count)acc : (cg_count)acc;
    return TOK_OK;
}

/* Callgrind counts from s to end into vals[0..nev), missing ones as 0. */
static inline int cg_tok_clcounts(const char *s, const char *end, size_t nev, cg_count *vals)
{
    size_t e = 0;
    for (;;) {
        s = cg_skip_sep(s, end);
        if (s == end) break;
        if (e == nev) return TOK_BAD;
        int t = cg_tok_clnum(&s, end, &vals[e++], true);
        if (t != TOK_OK) return t;
    }
    for (; e < nev; e++) vals[e] = 0;
    return TOK_OK;
}

/* `KEYWORD` followed by at least one whitespace character, where the line
   terminator counts as whitespace; *rest = text after the whitespace run. */
static inline bool cg_keyword(const char *line, size_t len, bool term, const char *kw,
                              const char **rest, size_t *rest_len)
{
    size_t k = strlen(kw);
    if (len < k || memcmp(line, kw, k) != 0) return false;
    const char *p = line + k, *end = line + len;
    if (p == end) {
        if (!term) return false;
    } else if (!cg_sep_len(p, end)) {
        return false;
    }
    p = cg_skip_sep(p, end);
    *rest = p;
    *rest_len = (size_t)(end - p);
    return true;
}

/* A copy of the text, and the whitespace-separated words of a text. */
cg_text cg_text_copy(const char *s, size_t len);
cg_text *cg_split_words(const char *s, size_t len, size_t *count);

#endif
