/* SPDX-License-Identifier: GPL-2.0-or-later */
/* json.h: a buffered JSON writer for reports that can run to hundreds of
   megabytes: raw text, strings made from profile bytes (docs/json.md, "The
   document": invalid UTF-8 bytes become U+DC80..U+DCFF) and exact 64-bit
   integers.  Callers write the punctuation. */
#ifndef CG_JSON_H
#define CG_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef struct cg_jout {
    FILE *f;
    bool script; /* inside an HTML <script>: `<` is written \u003c */
    size_t len;
    char buf[1 << 16];
} cg_jout;

void cg_j_flush(cg_jout *j);

static inline void cg_j_raw(cg_jout *j, const char *s, size_t n)
{
    if (j->len + n > sizeof j->buf) {
        cg_j_flush(j);
        if (n > sizeof j->buf) {
            fwrite(s, 1, n, j->f);
            return;
        }
    }
    memcpy(j->buf + j->len, s, n);
    j->len += n;
}

static inline void cg_j_lit(cg_jout *j, const char *s)
{
    cg_j_raw(j, s, strlen(s));
}

void cg_j_str(cg_jout *j, const char *s, size_t n);
void cg_j_int(cg_jout *j, int64_t v);

/* The most bytes one integer takes. */
#define CG_J_INT_MAX 20

/* Room for n more bytes, for a run of cg_j_put_* into j->buf + j->len. */
static inline char *cg_j_reserve(cg_jout *j, size_t n)
{
    if (j->len + n > sizeof j->buf) cg_j_flush(j);
    return j->buf + j->len;
}

/* Writes v's decimal digits at p (reports are mostly integers, so they go
   straight into the buffer, two at a time); returns the end. */
static inline char *cg_j_put_int(char *p, int64_t v)
{
    static const char pairs[] =
        "00010203040506070809101112131415161718192021222324252627282930313233"
        "34353637383940414243444546474849505152535455565758596061626364656667"
        "6869707172737475767778798081828384858687888990919293949596979899";
    /* Digits: log2 estimates log10 (1233 / 4096 ~ log10 2), one compare
       corrects it. */
    static const uint64_t pow10[20] = {1ULL,
                                       10ULL,
                                       100ULL,
                                       1000ULL,
                                       10000ULL,
                                       100000ULL,
                                       1000000ULL,
                                       10000000ULL,
                                       100000000ULL,
                                       1000000000ULL,
                                       10000000000ULL,
                                       100000000000ULL,
                                       1000000000000ULL,
                                       10000000000000ULL,
                                       100000000000000ULL,
                                       1000000000000000ULL,
                                       10000000000000000ULL,
                                       100000000000000000ULL,
                                       1000000000000000000ULL,
                                       10000000000000000000ULL};
    uint64_t u = (uint64_t)v;
    if (v < 0) {
        *p++ = '-';
        u = 0 - u;
    }
    int t = ((64 - __builtin_clzll(u | 1)) * 1233) >> 12;
    int n = t + (u >= pow10[t]);
    if (n == 0) n = 1;
    char *q = p + n;
    while (u >= 100) {
        unsigned d = (unsigned)(u % 100) * 2;
        u /= 100;
        *--q = pairs[d + 1];
        *--q = pairs[d];
    }
    if (u >= 10) {
        *--q = pairs[u * 2 + 1];
        *--q = pairs[u * 2];
    } else {
        *--q = (char)('0' + u);
    }
    return p + n;
}

#endif
