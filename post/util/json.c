/* SPDX-License-Identifier: GPL-2.0-or-later */
/* json.c: JSON strings and integers (json.h). */
#include "json.h"

#include <string.h>

/* Length of the valid UTF-8 sequence at p (RFC 3629: no overlong forms, no
   surrogates, nothing above U+10FFFF), or 0 if the byte at p starts none. */
static size_t utf8_seq(const unsigned char *p, const unsigned char *end)
{
    unsigned char c = p[0];
    size_t n = c >= 0xC2 && c <= 0xDF   ? 2
               : c >= 0xE0 && c <= 0xEF ? 3
               : c >= 0xF0 && c <= 0xF4 ? 4
                                        : 0;
    if (n == 0 || (size_t)(end - p) < n) return 0;
    unsigned char lo = 0x80, hi = 0xBF; /* the second byte's range */
    if (c == 0xE0) lo = 0xA0;
    if (c == 0xED) hi = 0x9F;
    if (c == 0xF0) lo = 0x90;
    if (c == 0xF4) hi = 0x8F;
    if (p[1] < lo || p[1] > hi) return 0;
    for (size_t i = 2; i < n; i++)
        if ((p[i] & 0xC0) != 0x80) return 0;
    return n;
}

void cg_j_flush(cg_jout *j)
{
    fwrite(j->buf, 1, j->len, j->f);
    j->len = 0;
}

void cg_j_str(cg_jout *j, const char *s, size_t n)
{
    static const char hex[] = "0123456789abcdef";
    /* An empty text may have no storage at all (s NULL). */
    if (!n) return cg_j_raw(j, "\"\"", 2);
    const unsigned char *p = (const unsigned char *)s, *end = p + n;
    char esc[8];
    /* Inside a <script>, `<` is escaped too (0: nothing more, since control
       characters never take the plain path). */
    const unsigned char lt = j->script ? '<' : 0;
    cg_j_raw(j, "\"", 1);
    while (p < end) {
        unsigned char c = *p;
        if (c >= 0x20 && c < 0x80 && c != '"' && c != '\\' && c != lt) {
            /* A run of plain ASCII in one copy. */
            const unsigned char *q = p + 1;
            while (q < end && *q >= 0x20 && *q < 0x80 && *q != '"' && *q != '\\' && *q != lt) q++;
            cg_j_raw(j, (const char *)p, (size_t)(q - p));
            p = q;
            continue;
        }
        size_t k = c >= 0x80 ? utf8_seq(p, end) : 0;
        if (k) {
            cg_j_raw(j, (const char *)p, k);
            p += k;
            continue;
        }
        if (c == '<') {
            cg_j_raw(j, "\\u003c", 6);
        } else if (c == '"' || c == '\\') {
            esc[0] = '\\', esc[1] = (char)c;
            cg_j_raw(j, esc, 2);
        } else {
            /* A control character, or a byte of no valid UTF-8 sequence. */
            memcpy(esc, c < 0x20 ? "\\u00" : "\\udc", 4);
            esc[4] = hex[c >> 4], esc[5] = hex[c & 15];
            cg_j_raw(j, esc, 6);
        }
        p++;
    }
    cg_j_raw(j, "\"", 1);
}

void cg_j_int(cg_jout *j, int64_t v)
{
    if (j->len + CG_J_INT_MAX > sizeof j->buf) cg_j_flush(j);
    j->len = (size_t)(cg_j_put_int(j->buf + j->len, v) - j->buf);
}
